#pragma once
// HashGroup: GROUP BY with aggregates (§18.5 Group, Aggregation). Rows are hashed by their key
// ids (canonical, so equal terms group together without decoding); each group feeds one
// expr::Aggregator per aggregate call. With no keys, one group over all rows — even none, so
// COUNT(*) of nothing is 0. Groups and aggregator state are charged to the memory budget.

#include <memory>
#include <unordered_map>

#include "query/algebra/algebra.h"
#include "query/exec/operator.h"
#include "query/exec/row_values.h"
#include "query/expr/aggregator.h"

namespace cairn::query {

// A Group's output columns (HashGroup and CypherGroup alike): the named keys in order, then each
// aggregate's result variable.
std::vector<std::string> groupOutputVariables(const std::vector<GroupKey>& keys,
                                              const std::vector<AggregateCall>& aggregates);

class HashGroup final : public Operator {
 public:
  HashGroup(ExecContext& ctx, OperatorPtr input, const std::vector<GroupKey>& keys,
            const std::vector<AggregateCall>& aggregates, const GraphScope& scope);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  struct Group {
    ValueRow keys;
    std::vector<std::unique_ptr<expr::Aggregator>> aggregators;
    size_t charged = 0;
  };
  void consume();
  size_t groupOf(const ValueRow& keys);

  OperatorPtr input_;
  GraphScope scope_;
  std::vector<GroupKey> keys_;
  std::vector<AggregateCall> aggregates_;
  std::vector<int> keyColumns_;  // per key: input column for a plain variable, else -1
  std::vector<std::optional<expr::ExpressionProgram>> keyPrograms_;
  std::vector<std::optional<expr::ExpressionProgram>> argPrograms_;  // nullopt: COUNT(*)
  std::vector<int> keyOut_;  // per key: output column, or -1 for an unnamed key
  BatchRowValues row_;
  std::vector<Group> groups_;
  std::unordered_map<ValueRow, size_t, ValueRowHash> index_;
  bool consumed_ = false;
  size_t next_ = 0;
};

}  // namespace cairn::query
