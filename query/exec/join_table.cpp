#include "query/exec/join_table.h"

#include "core/error.h"

namespace cairn::query {

JoinTable::JoinTable(ExecContext& ctx, std::string owner, std::vector<int> keyColumns)
    : ctx_(ctx), owner_(std::move(owner)), keyColumns_(std::move(keyColumns)) {}

JoinTable::~JoinTable() {
  if (charged_ > 0) ctx_.charge(-charged_, owner_);
}

void JoinTable::build(Operator& input) {
  width_ = input.variables().size();
  Batch batch;
  // Cells, chain link and hash per row; a bucket per row (at most two) below.
  const int64_t rowBytes = static_cast<int64_t>(width_ * sizeof(ValueId) + 3 * sizeof(uint32_t));
  std::vector<uint8_t> complete;
  while (input.next(batch)) {
    ctx_.charge(rowBytes * static_cast<int64_t>(batch.rows), owner_);
    charged_ += rowBytes * static_cast<int64_t>(batch.rows);
    if (rows_ + batch.rows >= UINT32_MAX) {
      throw core::Error(core::ErrorCode::kResourceExhausted,
                        owner_ + ": more than 4 billion rows on a hash join's build side");
    }
    cells_.resize((rows_ + batch.rows) * width_);
    for (size_t c = 0; c < width_; ++c) {
      const auto& column = batch.columns[c];
      for (size_t r = 0; r < batch.rows; ++r) cells_[(rows_ + r) * width_ + c] = column[r];
    }
    for (size_t r = 0; r < batch.rows; ++r) {
      bool bound = true;
      for (int k : keyColumns_) bound = bound && batch.columns[k][r].isBound();
      complete.push_back(bound);
    }
    rows_ += batch.rows;
  }
  size_t buckets = 16;
  while (buckets < rows_ * 2) buckets <<= 1;
  mask_ = buckets - 1;
  heads_.assign(buckets, 0);
  next_.assign(rows_, 0);
  hashes_.assign(rows_, 0);
  const int64_t bucketBytes = static_cast<int64_t>(buckets * sizeof(uint32_t));
  ctx_.charge(bucketBytes, owner_);
  charged_ += bucketBytes;
  // Linked from the last row down, so every chain lists its rows in build order.
  for (size_t i = rows_; i-- > 0;) {
    if (!complete[i]) continue;
    const uint64_t h = hashOf(cells_.data() + i * width_);
    hashes_[i] = static_cast<uint32_t>(h >> 32);
    uint32_t& head = heads_[h & mask_];
    next_[i] = head;
    head = static_cast<uint32_t>(i + 1);
  }
  for (size_t i = 0; i < rows_; ++i) {
    if (!complete[i]) partial_.push_back(i);
  }
}

uint64_t JoinTable::hashOf(const ValueId* row) const {
  uint64_t h = 0x12345;
  for (int k : keyColumns_) h = mixValueBits(h ^ hashValue(row[k]));
  return h;
}

bool JoinTable::keyEquals(size_t i, const ValueRow& key) const {
  const ValueId* row = cells_.data() + i * width_;
  for (size_t k = 0; k < keyColumns_.size(); ++k) {
    if (row[keyColumns_[k]] != key[k]) return false;
  }
  return true;
}

void JoinTable::candidates(const ValueRow& key, std::vector<size_t>& out) const {
  out.clear();
  bool complete = true;
  for (const ValueId& v : key) complete = complete && v.isBound();
  if (!complete) {
    for (size_t i = 0; i < rows_; ++i) out.push_back(i);
    return;
  }
  if (rows_ > 0) {
    uint64_t h = 0x12345;
    for (const ValueId& v : key) h = mixValueBits(h ^ hashValue(v));
    const uint32_t tag = static_cast<uint32_t>(h >> 32);
    for (uint32_t i = heads_[h & mask_]; i != 0; i = next_[i - 1]) {
      if (hashes_[i - 1] == tag && keyEquals(i - 1, key)) out.push_back(i - 1);
    }
  }
  if (partial_.empty()) return;
  // Keep build order so results do not depend on the hash layout.
  std::vector<size_t> hits;
  hits.swap(out);
  size_t a = 0, b = 0;
  while (a < hits.size() || b < partial_.size()) {
    if (b >= partial_.size() || (a < hits.size() && hits[a] < partial_[b])) {
      out.push_back(hits[a++]);
    } else {
      out.push_back(partial_[b++]);
    }
  }
}

bool JoinTable::compatible(size_t i, const ValueRow& key) const {
  const ValueId* row = cells_.data() + i * width_;
  for (size_t k = 0; k < keyColumns_.size(); ++k) {
    const ValueId& a = row[keyColumns_[k]];
    if (a.isBound() && key[k].isBound() && a != key[k]) return false;
  }
  return true;
}

std::vector<int> columnsOf(const Operator& op, const std::vector<std::string>& variables) {
  std::vector<int> out;
  for (const auto& v : variables) out.push_back(op.column(v));
  return out;
}

std::vector<std::string> sharedVariables(const Operator& a, const Operator& b) {
  std::vector<std::string> out;
  for (const auto& v : a.variables()) {
    if (b.column(v) >= 0) out.push_back(v);
  }
  return out;
}

std::vector<std::string> joinedVariables(const Operator& a, const Operator& b) {
  std::vector<std::string> out = a.variables();
  for (const auto& v : b.variables()) {
    if (a.column(v) < 0) out.push_back(v);
  }
  return out;
}

}  // namespace cairn::query
