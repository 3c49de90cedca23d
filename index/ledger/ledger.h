#pragma once
// Ledger: read access to one ledger's index at one root — its dictionaries, the permutation
// readers of each graph, its statistics, and the translation between terms and encoded ids.
// Encoding only looks terms up, never assigns ids: a term the ledger has never seen encodes to
// nullopt, which lets a caller answer "no match" without scanning.
//
// Thread-safety: immutable after open() (but for a statistics cache behind a mutex); every
// method may be called concurrently.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/object_type.h"
#include "core/status.h"
#include "core/term.h"
#include "index/dictionary/dictionary.h"
#include "index/dictionary/dictionary_cursor.h"
#include "index/dictionary/term_code_table.h"
#include "index/ledger/index_root.h"
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

  const std::string& name() const { return name_; }
  const IndexRoot& root() const { return root_; }
  const storage::ContentId& rootId() const { return rootId_; }

  core::Result<std::optional<core::NodeId>> encodeNode(const core::Term& term) const;
  core::Result<std::optional<core::EncodedObject>> encodeObject(const core::Term& term) const;
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

  // The reader of one permutation of one graph; nullopt when the graph does not exist.
  std::optional<PermutationReader> reader(core::NodeId graph, Permutation perm) const;
  // The statistics of one graph, loaded once per Ledger and shared: planners call this for
  // every query, and decoding the HyperLogLog sketches costs far more than a point lookup.
  core::Result<std::shared_ptr<const LedgerStats>> statistics(core::NodeId graph) const;
  // A copy of statistics(graph).
  core::Result<LedgerStats> stats(core::NodeId graph) const;

 private:
  Ledger() = default;

  const storage::BlobStore* blobs_ = nullptr;
  std::shared_ptr<IndexCache> cache_;
  IndexConfig config_;
  std::string name_;
  storage::ContentId rootId_;
  IndexRoot root_;
  std::shared_ptr<Dictionary> iris_;
  std::shared_ptr<Dictionary> strings_;
  TermCodeTable languages_ = TermCodeTable::languages();
  TermCodeTable datatypes_ = TermCodeTable::datatypes();

  mutable std::mutex statsMutex_;  // guards statsCache_
  mutable std::map<core::NodeId, std::shared_ptr<const LedgerStats>> statsCache_;
};

}  // namespace cairn::index
