#include "query/exec/cypher_group.h"

#include "query/exec/cypher_runtime.h"
#include "query/exec/hash_group.h"

namespace cairn::query {

// Named, not anonymous: in unity batches this file shares a translation unit with others.
namespace cypher_group_detail {

// A group's fixed cost: the group, its key row, its index entry and its aggregators.
constexpr int64_t kGroupBytes = 160;
constexpr int64_t kAggregatorBytes = 96;

}  // namespace cypher_group_detail

CypherGroup::CypherGroup(ExecContext& ctx, OperatorPtr input, const std::vector<GroupKey>& keys,
                         const std::vector<AggregateCall>& aggregates)
    : Operator(ctx, "CypherGroup", groupOutputVariables(keys, aggregates)),
      input_(std::move(input)),
      runtime_(*ctx.cypher()),
      aggregates_(aggregates),
      row_(runtime_) {
  const auto& inVars = input_->variables();
  std::string keyText, aggText;
  for (const auto& k : keys) {
    const bool plain = k.expr.kind == ExprKind::kVariable;
    keyColumns_.push_back(plain ? input_->column(k.expr.variable) : -1);
    if (plain) {
      keyPrograms_.emplace_back(std::nullopt);
    } else {
      keyPrograms_.emplace_back(compileCypher(k.expr, inVars));
    }
    keyOut_.push_back(k.variable.empty() ? -1 : column(k.variable));
    keyText += (keyText.empty() ? "" : ", ") + toString(k.expr) +
               (k.variable.empty() ? "" : " AS " + k.variable);
  }
  for (const auto& a : aggregates_) {
    argPrograms_.emplace_back(a.arg ? std::optional(compileCypher(*a.arg, inVars)) : std::nullopt);
    extraPrograms_.emplace_back(a.extraArg ? std::optional(compileCypher(*a.extraArg, inVars))
                                           : std::nullopt);
    using F = AggregateCall::Function;
    retainsValues_.push_back(a.distinct || a.function == F::kCollect ||
                             a.function == F::kPercentileDisc || a.function == F::kPercentileCont);
    aggOut_.push_back(column(a.resultVariable));
    // Checks the function now (SAMPLE and GROUP_CONCAT are kUnsupported), not at the first row.
    value::makeValueAggregator(a);
    aggText += (aggText.empty() ? "" : ", ") + std::string(aggregateName(a.function)) + "(" +
               (a.distinct ? "DISTINCT " : "") + (a.arg ? toString(*a.arg) : "*") +
               (a.extraArg ? ", " + toString(*a.extraArg) : "") + ") AS " + a.resultVariable;
  }
  if (!keyText.empty()) addDetail("keys", keyText);
  if (!aggText.empty()) addDetail("aggregates", aggText);
}

size_t CypherGroup::groupOf(const ValueRow& grouping, const ValueRow& keys) {
  auto it = index_.find(grouping);
  if (it != index_.end()) return it->second;
  Group g;
  g.keys = keys;
  for (const auto& a : aggregates_) g.aggregators.push_back(value::makeValueAggregator(a));
  charge(cypher_group_detail::kGroupBytes +
         static_cast<int64_t>(keys.size() * 2 * sizeof(ValueId)) +
         static_cast<int64_t>(aggregates_.size()) * cypher_group_detail::kAggregatorBytes);
  groups_.push_back(std::move(g));
  index_.emplace(grouping, groups_.size() - 1);
  return groups_.size() - 1;
}

void CypherGroup::consume() {
  Batch in;
  const size_t keyCount = keyColumns_.size();
  ValueRow keys(keyCount), grouping(keyCount);
  const value::Value countStarArgument = value::Value::boolean(true);
  while (input_->next(in)) {
    int64_t retained = 0;
    for (size_t r = 0; r < in.rows; ++r) {
      row_.bind(in, r);
      for (size_t k = 0; k < keyCount; ++k) {
        if (keyPrograms_[k]) {
          const value::Value v = keyPrograms_[k]->evaluate(row_, runtime_.eval());
          keys[k] = runtime_.toId(v);
          grouping[k] = runtime_.groupingId(keys[k]);
        } else {
          keys[k] = keyColumns_[k] >= 0 ? in.columns[keyColumns_[k]][r] : ValueId{};
          grouping[k] = runtime_.groupingId(keys[k]);
        }
      }
      Group& group = groups_[groupOf(grouping, keys)];
      for (size_t a = 0; a < aggregates_.size(); ++a) {
        const value::Value arg =
            argPrograms_[a] ? argPrograms_[a]->evaluate(row_, runtime_.eval()) : countStarArgument;
        const value::Value extra =
            extraPrograms_[a] ? extraPrograms_[a]->evaluate(row_, runtime_.eval()) : value::Value();
        group.aggregators[a]->add(arg, extra);
        if (retainsValues_[a] && !arg.isNull()) retained += static_cast<int64_t>(valueBytes(arg));
      }
    }
    if (retained > 0) charge(retained);
  }
  if (keyCount == 0 && groups_.empty()) groupOf(ValueRow{}, ValueRow{});
}

bool CypherGroup::produce(Batch& out) {
  if (!consumed_) {
    consume();
    consumed_ = true;
  }
  while (next_ < groups_.size() && out.rows < ctx_.batchRows()) {
    const Group& g = groups_[next_++];
    for (auto& c : out.columns) c.push_back(ValueId{});
    for (size_t k = 0; k < keyOut_.size(); ++k) {
      if (keyOut_[k] >= 0) out.columns[keyOut_[k]].back() = g.keys[k];
    }
    for (size_t a = 0; a < aggregates_.size(); ++a) {
      out.columns[aggOut_[a]].back() = runtime_.toId(g.aggregators[a]->result());
    }
    ++out.rows;
  }
  return next_ < groups_.size();
}

}  // namespace cairn::query
