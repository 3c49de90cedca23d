#include "query/exec/sort_keys.h"

#include "core/xsd_value.h"
#include "query/expr/expression_program.h"

namespace cairn::query {

SortKeys::SortKeys(ExecContext& ctx, const std::vector<OrderCondition>& order,
                   const std::vector<std::string>& variables, const GraphScope& scope)
    : ctx_(ctx), order_(order), scope_(scope), row_(ctx, variables, scope_) {
  for (const auto& c : order_) {
    int column = -1;
    if (c.expr.kind == ExprKind::kVariable) {
      for (size_t i = 0; i < variables.size(); ++i) {
        if (variables[i] == c.expr.variable) column = static_cast<int>(i);
      }
    }
    columns_.push_back(column);
    if (column < 0 && c.expr.kind != ExprKind::kVariable) {
      programs_.emplace_back(compileFor(c.expr, variables));
    } else {
      programs_.emplace_back(std::nullopt);
    }
  }
}

ValueRow SortKeys::keysOf(const Batch& batch, size_t r) {
  ValueRow keys(order_.size());
  for (size_t k = 0; k < order_.size(); ++k) {
    if (columns_[k] >= 0) {
      keys[k] = batch.columns[columns_[k]][r];
    } else if (programs_[k]) {
      row_.bind(batch, r);
      auto v = programs_[k]->evaluate(row_, ctx_.functions());
      if (v) keys[k] = ctx_.terms().encode(*v);
    }
  }
  return keys;
}

int SortKeys::compareIds(ValueId a, ValueId b) const {
  if (a == b) return 0;
  if (!a.isBound() || !b.isBound()) return a.isBound() ? 1 : -1;
  if (a.type == b.type && core::isInline(a.type)) return a.key < b.key ? -1 : 1;
  std::optional<Resolved> scratchA;  // built only past kMaxResolved
  std::optional<Resolved> scratchB;
  const Resolved& ra = resolve(a, scratchA);
  const Resolved& rb = resolve(b, scratchB);
  if (const auto c = expr::compareLiteralsByValue(ra.classified, rb.classified)) return *c;
  return expr::compareForOrdering(&termOf(a, ra), &ra.classified, &termOf(b, rb), &rb.classified);
}

const SortKeys::Resolved& SortKeys::resolve(ValueId id, std::optional<Resolved>& scratch) const {
  if (auto it = resolved_.find(id); it != resolved_.end()) return it->second;
  Resolved r;
  if (core::isInline(id.type)) {
    r.classified = expr::classifyValue(core::valueOfInline(id.type, id.key));
  } else {
    r.term = &ctx_.terms().decode(id);
    r.classified = expr::classifyWithValue(*r.term);
  }
  if (resolved_.size() >= kMaxResolved) return scratch.emplace(std::move(r));
  return resolved_.emplace(id, std::move(r)).first->second;
}

const core::Term& SortKeys::termOf(ValueId id, const Resolved& resolved) const {
  if (resolved.term == nullptr) resolved.term = &ctx_.terms().decode(id);
  return *resolved.term;
}

bool SortKeys::less(const SortRow& a, const SortRow& b) const {
  for (size_t k = 0; k < order_.size(); ++k) {
    int c = compareIds(a.keys[k], b.keys[k]);
    if (c != 0) return order_[k].descending ? c > 0 : c < 0;
  }
  return a.sequence < b.sequence;
}

std::string SortKeys::describe() const {
  std::string out;
  for (const auto& c : order_) {
    if (!out.empty()) out += " ";
    out += (c.descending ? "DESC(" : "ASC(") + toString(c.expr) + ")";
  }
  return out;
}

}  // namespace cairn::query
