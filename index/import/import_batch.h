#pragma once
// ImportBatch: what one import worker accumulates between spills. Statements are encoded as soon
// as they are parsed: inline literals become final keys, blank nodes final ids, and IRIs and
// strings get *batch-local* ids from the batch's own vocabularies. A later phase merges all batch
// vocabularies into the ledger dictionaries and remaps the local ids.
//
// Thread-compatible: each worker owns its batch.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/rdf/statement.h"
#include "core/status.h"
#include "index/import/quad_row.h"
#include "index/import/shared_term_tables.h"
#include "index/import/string_interner.h"

namespace cairn::index {

struct ImportTables {
  SharedCodeTable languages{core::otype::kMaxLanguageCode};
  SharedCodeTable datatypes{core::otype::kMaxDatatypeCode};
};

class ImportBatch {
 public:
  explicit ImportBatch(ImportTables& tables) : tables_(tables) {}

  // Encodes one statement. `scope` maps this file's blank-node labels; `graphOverride`, when set,
  // is the graph IRI for statements in the default graph.
  core::Status add(const core::rdf::StatementView& st, BlankNodeScope& scope,
                   std::optional<std::string_view> graphOverride);

  // Rows are kept in fixed-size chunks so growth never copies (or transiently doubles) them.
  static constexpr size_t kChunkRows = size_t{1} << 16;
  std::vector<std::vector<QuadRow>>& rowChunks() { return rowChunks_; }
  uint64_t rowCount() const { return rowCount_; }
  const StringInterner& iris() const { return iris_; }
  const StringInterner& strings() const { return strings_; }
  // Frees the vocabularies once they have been merged into the ledger dictionaries.
  void releaseVocabularies();
  uint64_t memoryBytes() const;

 private:
  uint64_t iriId(std::string_view iri);
  uint64_t stringId(std::string_view s);
  uint64_t predicateId(std::string_view iri);
  uint64_t nodeId(const core::TermView& term, BlankNodeScope& scope);
  core::Status encodeObject(const core::TermView& term, BlankNodeScope& scope, QuadRow& row);
  uint16_t cachedCode(std::unordered_map<std::string, uint16_t>& cache, SharedCodeTable& table,
                      std::string_view s);

  ImportTables& tables_;
  StringInterner iris_;
  StringInterner strings_;
  std::vector<std::vector<QuadRow>> rowChunks_;
  uint64_t rowCount_ = 0;
  // N-Triples files are usually grouped by subject: remembering the last subject skips most
  // subject lookups; predicates repeat constantly.
  std::string lastSubject_;
  uint64_t lastSubjectId_ = UINT64_MAX;
  // Predicates are few but alternate from line to line: a small direct-mapped cache of them
  // (by length and last bytes) skips hashing the whole IRI and probing the big table.
  struct CachedPredicate {
    std::string iri;
    uint64_t id = 0;
  };
  static constexpr size_t kPredicateCacheSize = 64;
  std::array<CachedPredicate, kPredicateCacheSize> predicateCache_;
  std::unordered_map<std::string, uint16_t> languageCache_;
  std::unordered_map<std::string, uint16_t> datatypeCache_;
};

}  // namespace cairn::index
