#pragma once
// Ledger: read access to one snapshot of a ledger — its index root plus the novelty overlay of
// the commits since (index/novelty): dictionaries and the terms commits added, the readers of
// each graph's permutations (the tree merged with novelty), statistics, and the translation
// between terms and encoded ids. Encoding only looks terms up, never assigns ids: a term the
// ledger has never seen encodes to nullopt, which lets a caller answer "no match" without
// scanning. A commit makes the next snapshot with withCommit(); the old one stays valid.
//
// Thread-safety: immutable after open() (but for caches behind mutexes: statistics, graph
// presence, memos); every method may be called concurrently.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/object_type.h"
#include "core/status.h"
#include "core/term.h"
#include "index/dictionary/dictionary.h"
#include "index/dictionary/dictionary_cursor.h"
#include "index/dictionary/term_code_table.h"
#include "index/ledger/index_root.h"
#include "index/novelty/novelty.h"
#include "index/novelty/snapshot_reader.h"
#include "index/novelty/term_overlay.h"
#include "index/stats/ledger_stats.h"
#include "index/tree/permutation_reader.h"
#include "storage/blob_store.h"

namespace cairn::index {

class Ledger {
 public:
  // Opens `name` at its current head. NotFound (naming the ledger) when there is no such ledger.
  static core::Result<std::shared_ptr<const Ledger>> open(const storage::BlobStore& blobs,
                                                          const storage::HeadStore& heads,
                                                          std::string_view name,
                                                          std::shared_ptr<IndexCache> cache,
                                                          const IndexConfig& config);
  // Opens `name` at the index root `rootId`, whether or not its head names it yet (the indexer
  // rebases onto a root before publishing it).
  static core::Result<std::shared_ptr<const Ledger>> openRoot(const storage::BlobStore& blobs,
                                                              std::string_view name,
                                                              const storage::ContentId& rootId,
                                                              std::shared_ptr<IndexCache> cache,
                                                              const IndexConfig& config);

  const std::string& name() const { return name_; }
  // The index root. Its language and datatype tables and blank-node count include what commits
  // since added (the root blob itself is unchanged).
  const IndexRoot& root() const { return root_; }
  const storage::ContentId& rootId() const { return rootId_; }
  // Shared by every snapshot of this root (withCommit passes it on), so it stays alive exactly
  // as long as one of them does: how LiveLedger::rootsInUse knows which roots readers still
  // hold, which garbage collection must keep.
  std::weak_ptr<const storage::ContentId> rootInUse() const { return rootInUse_; }
  // The latest commit this snapshot holds (the root's t when no commit came since).
  uint64_t t() const { return novelty_->t(); }
  const Novelty& novelty() const { return *novelty_; }
  // Graphs with triples in this snapshot at asOf, ascending (kNoNode, the default graph, first
  // when it has triples). A graph exists while it has triples: one whose triples were all
  // deleted is gone, and one whose triples came later is not there yet.
  std::vector<core::NodeId> graphIds(uint64_t asOf = UINT64_MAX) const;
  bool hasGraph(core::NodeId graph, uint64_t asOf = UINT64_MAX) const;
  // Ids the next new IRI / string would get.
  uint64_t nextIriId() const { return iris_->size() + visibleIris_ + 1; }
  uint64_t nextStringId() const { return strings_->size() + visibleStrings_ + 1; }
  // String ids 1..sortedStrings() were numbered in byte order (the bulk import's dense
  // segment, docs/formats/dictionary.md); later ids follow arrival order. So the POST rows of a
  // predicate's plain strings with these ids come in SPARQL's order of the strings.
  uint64_t sortedStrings() const;
  const TermCodeTable& languageCodes() const { return languages_; }
  const TermCodeTable& datatypeCodes() const { return datatypes_; }

  // What a commit adds besides its flakes. The new IRIs and strings must already be appended
  // to the ledger's TermOverlay (in id order) — commits are appended only once durable.
  struct CommitTerms {
    uint64_t newIris = 0;
    uint64_t newStrings = 0;
    std::vector<std::string> languages;  // appended to the language codes, in code order
    std::vector<std::string> datatypes;  // appended to the datatype codes, in code order
    uint64_t blankNodes = 0;             // the blank-node counter after the commit
  };
  // The snapshot after commit t (t > this->t(); every flake's row.t == t).
  core::Result<std::shared_ptr<const Ledger>> withCommit(uint64_t t, std::span<const Flake> flakes,
                                                         const CommitTerms& terms) const;
  // The overlay new terms are appended to (shared by every snapshot of this ledger).
  TermOverlay& termOverlay() const { return *overlay_; }
  // The IRIs / strings this snapshot's commits added, in id order (ids from the dictionary's
  // size + 1): what the indexer appends to the dictionaries.
  std::vector<std::string> newTerms(DictionaryKind kind) const;

  // What was retracted before the root's t (index/history); null when nothing was.
  const HistoryView* history() const { return history_.get(); }
  const storage::BlobStore& blobs() const { return *blobs_; }
  const std::shared_ptr<IndexCache>& cache() const { return cache_; }
  const IndexConfig& config() const { return config_; }

  // The id of a term this snapshot knows (base dictionary or term overlay), nullopt otherwise.
  // A writer about to add the terms it misses passes Misses::kForget (Dictionary::find).
  core::Result<std::optional<core::NodeId>> encodeNode(
      const core::Term& term, Dictionary::Misses misses = Dictionary::Misses::kRemember) const;
  core::Result<std::optional<core::EncodedObject>> encodeObject(
      const core::Term& term, Dictionary::Misses misses = Dictionary::Misses::kRemember) const;
  // The id of an IRI, or of a literal's lexical form in the string dictionary (what
  // encodeNode / encodeObject look up, without building a Term).
  core::Result<std::optional<core::NodeId>> encodeIri(
      std::string_view iri, Dictionary::Misses misses = Dictionary::Misses::kRemember) const;
  core::Result<std::optional<uint64_t>> encodeString(
      std::string_view lexical, Dictionary::Misses misses = Dictionary::Misses::kRemember) const;
  core::Result<core::Term> decodeNode(core::NodeId id) const;
  core::Result<core::Term> decodeObject(core::EncodedObject object) const;

  // Decode state for a stream of ids (one result column): a cursor per dictionary, so sorted or
  // clustered ids continue the front-coded decode where the previous one stopped. Not
  // thread-safe, not movable (hold it by pointer); the ledger must outlive it.
  class DecodeCursor {
   public:
    explicit DecodeCursor(const Ledger& ledger)
        : iris_(*ledger.iris_), strings_(*ledger.strings_) {}

   private:
    friend class Ledger;
    DictionaryCursor iris_;
    DictionaryCursor strings_;
  };
  // decodeObject(object) into `out`, reusing the capacity of its strings: no allocation once
  // `out` has held terms as long. `cursor` must come from this ledger. On error `out` is
  // unspecified.
  core::Status decodeInto(core::EncodedObject object, DecodeCursor& cursor, core::Term& out) const;

  // The reader of one permutation of one graph; nullopt when the graph is in neither the root,
  // the novelty nor the history.
  std::optional<SnapshotReader> reader(core::NodeId graph, Permutation perm) const;
  // The statistics of one graph, loaded once per Ledger and shared: planners call this for
  // every query, and decoding the HyperLogLog sketches costs far more than a point lookup.
  core::Result<std::shared_ptr<const LedgerStats>> statistics(core::NodeId graph) const;
  // A copy of statistics(graph). Statistics describe the index root; planners add the
  // novelty's exact row deltas (novelty().predicateRows(graph)) to them.
  core::Result<LedgerStats> stats(core::NodeId graph) const;

  // Values the layers above derive from this snapshot alone (the query engine keeps a
  // predicate's few rows of other types in value order, say), kept for the snapshot's life so
  // each is worked out once, not per query. Keys are the caller's; a new snapshot (withCommit)
  // starts empty. memoize keeps the first value stored under a key and returns the kept one;
  // past kMaxMemos entries it keeps nothing and returns `value`.
  static constexpr size_t kMaxMemos = 64;
  std::shared_ptr<const void> memo(const std::string& key) const;
  std::shared_ptr<const void> memoize(const std::string& key,
                                      std::shared_ptr<const void> value) const;

 private:
  Ledger() = default;

  // The IRI / string with an id past the base dictionary: from the term overlay, as far as this
  // snapshot sees it; NotFound otherwise.
  core::Status lookupNewIri(uint64_t id, std::string& out) const;
  core::Status lookupNewString(uint64_t id, std::string& out) const;

  const storage::BlobStore* blobs_ = nullptr;
  std::shared_ptr<IndexCache> cache_;
  IndexConfig config_;
  std::string name_;
  storage::ContentId rootId_;
  std::shared_ptr<const storage::ContentId> rootInUse_;  // holds rootId_
  IndexRoot root_;
  std::shared_ptr<Dictionary> iris_;
  std::shared_ptr<Dictionary> strings_;
  TermCodeTable languages_ = TermCodeTable::languages();
  TermCodeTable datatypes_ = TermCodeTable::datatypes();

  std::shared_ptr<const Novelty> novelty_;
  std::shared_ptr<TermOverlay> overlay_;
  std::shared_ptr<const HistoryView> history_;  // null: nothing retracted before the root
  uint64_t visibleIris_ = 0;                    // overlay terms this snapshot sees
  uint64_t visibleStrings_ = 0;

  // Statistics of the root's graphs, loaded once and shared by every snapshot of this root.
  struct StatsCache {
    std::mutex mutex;
    std::map<core::NodeId, std::shared_ptr<const LedgerStats>> byGraph;
  };
  std::shared_ptr<StatsCache> statsCache_ = std::make_shared<StatsCache>();

  // Whether graphs the novelty touches still have triples, worked out once per snapshot.
  struct GraphPresence {
    std::mutex mutex;
    std::map<core::NodeId, bool> byGraph;
  };
  std::shared_ptr<GraphPresence> presence_ = std::make_shared<GraphPresence>();

  struct Memos {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<const void>, std::less<>> byKey;
  };
  std::shared_ptr<Memos> memos_ = std::make_shared<Memos>();
};

}  // namespace cairn::index
