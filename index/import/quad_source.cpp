#include "index/import/quad_source.h"

#include <queue>

namespace cairn::index {
namespace {

class SpanSource final : public QuadSource {
 public:
  explicit SpanSource(std::span<const QuadRow> rows) : rows_(rows) {}
  core::Result<bool> next(QuadRow& row) override {
    if (pos_ >= rows_.size()) return false;
    row = rows_[pos_++];
    return true;
  }

 private:
  std::span<const QuadRow> rows_;
  size_t pos_ = 0;
};

class FileSource final : public QuadSource {
 public:
  explicit FileSource(std::unique_ptr<SpillReader> reader) : reader_(std::move(reader)) {}
  core::Result<bool> next(QuadRow& row) override { return reader_->read(&row, sizeof row); }

 private:
  std::unique_ptr<SpillReader> reader_;
};

class MergingSource final : public QuadSource {
 public:
  MergingSource(Permutation perm, std::vector<std::unique_ptr<QuadSource>> sources)
      : perm_(perm), sources_(std::move(sources)), heads_(sources_.size()) {}

  core::Result<bool> next(QuadRow& row) override {
    if (!started_) {
      started_ = true;
      for (size_t k = 0; k < sources_.size(); ++k) CAIRN_RETURN_IF_ERROR(advance(k));
    }
    while (!heap_.empty()) {
      size_t k = heap_.top().second;
      heap_.pop();
      QuadRow candidate = heads_[k];
      CAIRN_RETURN_IF_ERROR(advance(k));
      if (hasLast_ && candidate == last_) continue;
      last_ = candidate;
      hasLast_ = true;
      row = candidate;
      return true;
    }
    return false;
  }

 private:
  struct Greater {
    Permutation perm;
    bool operator()(const std::pair<QuadRow, size_t>& a, const std::pair<QuadRow, size_t>& b) const {
      if (quadLess(perm, b.first, a.first)) return true;
      if (quadLess(perm, a.first, b.first)) return false;
      return a.second > b.second;
    }
  };

  core::Status advance(size_t k) {
    auto has = sources_[k]->next(heads_[k]);
    if (!has.isOk()) return has.status();
    if (*has) heap_.emplace(heads_[k], k);
    return core::Status::ok();
  }

  Permutation perm_;
  std::vector<std::unique_ptr<QuadSource>> sources_;
  std::vector<QuadRow> heads_;
  std::priority_queue<std::pair<QuadRow, size_t>, std::vector<std::pair<QuadRow, size_t>>, Greater>
      heap_{Greater{perm_}};
  bool started_ = false;
  bool hasLast_ = false;
  QuadRow last_;
};

}  // namespace

std::unique_ptr<QuadSource> spanQuadSource(std::span<const QuadRow> rows) {
  return std::make_unique<SpanSource>(rows);
}

core::Result<std::unique_ptr<QuadSource>> fileQuadSource(const std::filesystem::path& path) {
  CAIRN_ASSIGN_OR_RETURN(auto reader, SpillReader::open(path));
  return std::unique_ptr<QuadSource>(std::make_unique<FileSource>(std::move(reader)));
}

std::unique_ptr<QuadSource> mergingQuadSource(Permutation perm,
                                              std::vector<std::unique_ptr<QuadSource>> sources) {
  return std::make_unique<MergingSource>(perm, std::move(sources));
}

core::Status writeQuadRun(std::span<const QuadRow> rows, const std::filesystem::path& path) {
  CAIRN_ASSIGN_OR_RETURN(auto writer, SpillWriter::open(path));
  CAIRN_RETURN_IF_ERROR(writer->write(rows.data(), rows.size_bytes()));
  return writer->close();
}

}  // namespace cairn::index
