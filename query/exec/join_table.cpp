#include "query/exec/join_table.h"

namespace cairn::query {

JoinTable::JoinTable(ExecContext& ctx, std::string owner, std::vector<int> keyColumns)
    : ctx_(ctx), owner_(std::move(owner)), keyColumns_(std::move(keyColumns)) {}

JoinTable::~JoinTable() {
  if (charged_ > 0) ctx_.charge(-charged_, owner_);
}

void JoinTable::build(Operator& input) {
  Batch batch;
  const int64_t rowBytes = static_cast<int64_t>(input.variables().size() * sizeof(ValueId) + 64 +
                                                keyColumns_.size() * sizeof(ValueId));
  ValueRow key(keyColumns_.size());
  while (input.next(batch)) {
    ctx_.charge(rowBytes * static_cast<int64_t>(batch.rows), owner_);
    charged_ += rowBytes * static_cast<int64_t>(batch.rows);
    for (size_t r = 0; r < batch.rows; ++r) {
      size_t index = rows_.size();
      rows_.push_back(batch.row(r));
      bool complete = true;
      for (size_t k = 0; k < keyColumns_.size(); ++k) {
        key[k] = batch.columns[keyColumns_[k]][r];
        complete = complete && key[k].isBound();
      }
      if (complete) {
        byKey_[key].push_back(index);
      } else {
        partial_.push_back(index);
      }
    }
  }
}

void JoinTable::candidates(const ValueRow& key, std::vector<size_t>& out) const {
  out.clear();
  bool complete = true;
  for (const ValueId& v : key) complete = complete && v.isBound();
  if (!complete) {
    for (size_t i = 0; i < rows_.size(); ++i) out.push_back(i);
    return;
  }
  auto it = byKey_.find(key);
  if (partial_.empty()) {
    if (it != byKey_.end()) out = it->second;
    return;
  }
  // Keep build order so results do not depend on the hash layout.
  size_t a = 0, b = 0;
  static const std::vector<size_t> kNone;
  const std::vector<size_t>& hits = it != byKey_.end() ? it->second : kNone;
  while (a < hits.size() || b < partial_.size()) {
    if (b >= partial_.size() || (a < hits.size() && hits[a] < partial_[b])) {
      out.push_back(hits[a++]);
    } else {
      out.push_back(partial_[b++]);
    }
  }
}

bool JoinTable::compatible(size_t i, const ValueRow& key) const {
  const ValueRow& row = rows_[i];
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
