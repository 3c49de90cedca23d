#pragma once
// Merging batch vocabularies into one sorted dictionary. Each batch's vocabulary is a sorted run
// (in memory or spilled to a file); a k-way merge assigns every distinct term the next ledger id
// in byte order and records, per batch, local id → ledger id.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/import/string_interner.h"

namespace cairn::index {

class VocabularyRun {
 public:
  virtual ~VocabularyRun() = default;
  // Advances to the next term; false at the end.
  virtual core::Result<bool> next() = 0;
  virtual std::string_view term() const = 0;
  virtual uint32_t localId() const = 0;  // interner id (0-based)
};

// Sorts the interner's ids; the interner must outlive the run.
std::unique_ptr<VocabularyRun> memoryVocabularyRun(const StringInterner& interner);
// Writes the interner's terms in sorted order to `path` for fileVocabularyRun.
core::Status writeVocabularyRun(const StringInterner& interner, const std::filesystem::path& path);
core::Result<std::unique_ptr<VocabularyRun>> fileVocabularyRun(const std::filesystem::path& path);

// Merges `runs`. For every distinct term, in byte order, calls emit(term, id) with ids 1, 2, ...
// and sets mappings[k][localId] = id for each run k holding the term. mappings[k] must be sized
// to run k's vocabulary. Returns the number of distinct terms.
core::Result<uint64_t> mergeVocabularies(
    std::vector<std::unique_ptr<VocabularyRun>>& runs, std::vector<std::vector<uint64_t>>& mappings,
    const std::function<core::Status(std::string_view term, uint64_t id)>& emit);

}  // namespace cairn::index
