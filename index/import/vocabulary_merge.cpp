#include "index/import/vocabulary_merge.h"

#include <queue>
#include <string>

#include "index/import/spill_file.h"

namespace cairn::index {
namespace {

class MemoryRun final : public VocabularyRun {
 public:
  explicit MemoryRun(const StringInterner& interner)
      : interner_(interner), order_(interner.sortedIds()) {}
  core::Result<bool> next() override {
    if (pos_ >= order_.size()) return false;
    current_ = order_[pos_++];
    return true;
  }
  std::string_view term() const override { return interner_.get(current_); }
  uint32_t localId() const override { return current_; }

 private:
  const StringInterner& interner_;
  std::vector<uint32_t> order_;
  size_t pos_ = 0;
  uint32_t current_ = 0;
};

// Record: u32 local id, u32 length, bytes.
class FileRun final : public VocabularyRun {
 public:
  explicit FileRun(std::unique_ptr<SpillReader> reader) : reader_(std::move(reader)) {}
  core::Result<bool> next() override {
    uint32_t header[2];
    CAIRN_ASSIGN_OR_RETURN(bool more, reader_->read(header, sizeof header));
    if (!more) return false;
    localId_ = header[0];
    term_.resize(header[1]);
    CAIRN_ASSIGN_OR_RETURN(bool complete, reader_->read(term_.data(), term_.size()));
    if (!complete && !term_.empty()) return core::Status::corruption("truncated vocabulary run");
    return true;
  }
  std::string_view term() const override { return term_; }
  uint32_t localId() const override { return localId_; }

 private:
  std::unique_ptr<SpillReader> reader_;
  std::string term_;
  uint32_t localId_ = 0;
};

}  // namespace

std::unique_ptr<VocabularyRun> memoryVocabularyRun(const StringInterner& interner) {
  return std::make_unique<MemoryRun>(interner);
}

core::Status writeVocabularyRun(const StringInterner& interner, const std::filesystem::path& path) {
  CAIRN_ASSIGN_OR_RETURN(auto writer, SpillWriter::open(path));
  for (uint32_t id : interner.sortedIds()) {
    std::string_view term = interner.get(id);
    uint32_t header[2] = {id, static_cast<uint32_t>(term.size())};
    CAIRN_RETURN_IF_ERROR(writer->write(header, sizeof header));
    CAIRN_RETURN_IF_ERROR(writer->write(term.data(), term.size()));
  }
  return writer->close();
}

core::Result<std::unique_ptr<VocabularyRun>> fileVocabularyRun(const std::filesystem::path& path) {
  CAIRN_ASSIGN_OR_RETURN(auto reader, SpillReader::open(path));
  return std::unique_ptr<VocabularyRun>(std::make_unique<FileRun>(std::move(reader)));
}

core::Result<uint64_t> mergeVocabularies(
    std::vector<std::unique_ptr<VocabularyRun>>& runs, std::vector<std::vector<uint64_t>>& mappings,
    const std::function<core::Status(std::string_view term, uint64_t id)>& emit) {
  auto greater = [&runs](size_t a, size_t b) {
    int c = runs[a]->term().compare(runs[b]->term());
    return c != 0 ? c > 0 : a > b;
  };
  std::priority_queue<size_t, std::vector<size_t>, decltype(greater)> heap(greater);
  for (size_t k = 0; k < runs.size(); ++k) {
    CAIRN_ASSIGN_OR_RETURN(bool has, runs[k]->next());
    if (has) heap.push(k);
  }
  uint64_t nextId = 0;
  std::string current;
  while (!heap.empty()) {
    size_t k = heap.top();
    heap.pop();
    if (nextId == 0 || runs[k]->term() != current) {
      current.assign(runs[k]->term());
      ++nextId;
      CAIRN_RETURN_IF_ERROR(emit(current, nextId));
    }
    uint32_t local = runs[k]->localId();
    CAIRN_CHECK(local < mappings[k].size(), "vocabulary run local id out of range");
    mappings[k][local] = nextId;
    CAIRN_ASSIGN_OR_RETURN(bool has, runs[k]->next());
    if (has) heap.push(k);
  }
  return nextId;
}

}  // namespace cairn::index
