#pragma once
// CypherGroup: openCypher's implicit grouping (the non-aggregate projections of a WITH or RETURN
// that aggregates) with its aggregate functions, evaluated by value::ValueAggregator (count,
// count(*), sum, avg, min, max, collect, percentileDisc, percentileCont, stDev, stDevP, each
// with DISTINCT).
//
// Rows are grouped by the grouping ids of their key values (CypherRuntime::groupingId: one id
// per equivalence class of value_compare.h, so 1 and 1.0, [1] and [1.0], and null with null
// group together). A group's key as output is the first value this operator saw for it (1.0 for
// [1.0, 1]), not a rewritten one.
//
// Groups come out in order of first appearance. With no keys there is exactly one group, even
// for empty input: count() is 0, sum() 0, collect() [], stDev() 0.0, the others null (the
// aggregators' values over nothing). An error in a key, an argument or an aggregate (sum of a
// string, a percentile outside [0, 1]) fails the statement (core::Error).
//
// Memory: each group is charged when created; aggregates that keep their values (collect, the
// percentiles, and every DISTINCT aggregate) are charged each non-null value they are given (an
// upper bound for DISTINCT, which drops repeats).

#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "query/algebra/algebra.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/operator.h"
#include "query/value/value_aggregate.h"

namespace cairn::query {

class CypherGroup final : public Operator {
 public:
  // `ctx` must have Cypher enabled (ExecContext::cypher()). `keys`: expressions over the input's
  // variables; a key with a `variable` is output under that name, an unnamed key (empty
  // variable) only groups. `aggregates`: each output under its `resultVariable`; `arg` nullopt is
  // count(*); `extraArg` is the percentile of percentileDisc/percentileCont (evaluated per row).
  // Output columns: the named keys in order, then the aggregates' result variables in order.
  CypherGroup(ExecContext& ctx, OperatorPtr input, const std::vector<GroupKey>& keys,
              const std::vector<AggregateCall>& aggregates);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  struct Group {
    ValueRow keys;  // the ids of the first key values seen, as output
    std::vector<std::unique_ptr<value::ValueAggregator>> aggregators;
  };
  void consume();
  size_t groupOf(const ValueRow& grouping, const ValueRow& keys);

  OperatorPtr input_;
  CypherRuntime& runtime_;
  std::vector<AggregateCall> aggregates_;
  std::vector<int> keyColumns_;  // per key: the input column of a plain variable, else -1
  std::vector<std::optional<value::ValueProgram>> keyPrograms_;  // nullopt: a column or null
  std::vector<int> keyOut_;  // per key: output column, or -1 for an unnamed key
  std::vector<std::optional<value::ValueProgram>> argPrograms_;    // nullopt: count(*)
  std::vector<std::optional<value::ValueProgram>> extraPrograms_;  // the percentiles'
  std::vector<bool> retainsValues_;  // per aggregate: keeps the values it is given
  std::vector<int> aggOut_;          // per aggregate: output column
  CypherRowView row_;
  std::vector<Group> groups_;
  std::unordered_map<ValueRow, size_t, ValueRowHash> index_;  // by grouping ids
  bool consumed_ = false;
  size_t next_ = 0;
};

}  // namespace cairn::query
