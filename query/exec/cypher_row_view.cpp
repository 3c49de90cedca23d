#include "query/exec/cypher_row_view.h"

#include "query/exec/cypher_runtime.h"

namespace cairn::query {

void CypherRowView::bind(const Batch& batch, size_t row) {
  batch_ = &batch;
  row_ = row;
  ++stamp_;
  if (values_.size() < batch.columns.size()) {
    values_.resize(batch.columns.size());
    stamps_.resize(batch.columns.size(), 0);
  }
}

void CypherRowView::set(int slot, value::Value v) {
  if (slot < 0) return;
  const auto s = static_cast<size_t>(slot);
  if (values_.size() <= s) {
    values_.resize(s + 1);
    stamps_.resize(s + 1, 0);
  }
  values_[s] = std::move(v);
  stamps_[s] = stamp_;
}

value::Value CypherRowView::value(int slot) const {
  if (slot < 0) return value::Value();
  const auto s = static_cast<size_t>(slot);
  if (s < stamps_.size() && stamps_[s] == stamp_) return values_[s];
  if (batch_ == nullptr || s >= batch_->columns.size()) return value::Value();
  const ValueId id = batch_->columns[s][row_];
  if (!id.isBound()) return value::Value();
  value::Value v = runtime_.toValue(id);
  values_[s] = v;
  stamps_[s] = stamp_;
  return v;
}

value::ValueProgram compileCypher(const Expr& expr, const std::vector<std::string>& variables) {
  return value::ValueProgram::compile(expr, [&](std::string_view name) {
    for (size_t i = 0; i < variables.size(); ++i) {
      if (variables[i] == name) return static_cast<int>(i);
    }
    return -1;
  });
}

size_t valueBytes(const value::Value& v) {
  using value::ValueKind;
  size_t bytes = sizeof(value::Value);
  switch (v.kind()) {
    case ValueKind::kString:
      bytes += 32 + v.asString().size();
      break;
    case ValueKind::kList:
      bytes += 32;
      for (const auto& item : v.asList()) bytes += valueBytes(item);
      break;
    case ValueKind::kMap:
      bytes += 32;
      for (const auto& [key, item] : v.asMap()) bytes += 32 + key.size() + valueBytes(item);
      break;
    case ValueKind::kRelationship:
      bytes += 16 + sizeof(value::Relationship);
      break;
    case ValueKind::kPath:
      bytes += 64 + v.asPath().nodes.size() * sizeof(core::NodeId) +
               v.asPath().relationships.size() * sizeof(value::Relationship);
      break;
    case ValueKind::kDateTime:
      bytes += 16 + sizeof(value::DateTime) + v.asDateTime().zone.size();
      break;
    default:
      break;
  }
  return bytes;
}

}  // namespace cairn::query
