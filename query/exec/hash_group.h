#pragma once
// HashGroup: GROUP BY with aggregates (§18.5 Group, Aggregation). Rows are hashed by their key
// ids (canonical, so equal terms group together without decoding); each group feeds one
// expr::Aggregator per aggregate call. With no keys, one group over all rows — even none, so
// COUNT(*) of nothing is 0. Groups and aggregator state are charged to the memory budget.
//
// COUNT(*), COUNT(?v) and COUNT(DISTINCT ?v) of an input column count ids and never decode a
// value: ids are canonical, so id equality is term equality — except for language-tagged
// strings, whose tags DISTINCT compares without case; those (and per-query local terms, which
// may be such strings) still go through the aggregator's term set.

#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>

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
  // How an aggregate is computed: by an expr::Aggregator over decoded terms, or by counting ids.
  enum class Counting { kNone, kRows, kBound, kDistinct };
  // MIN, MAX, SUM and AVG of a variable whose values are inline integers (of one type, for
  // MIN and MAX): kept as ids (keys of one integer type sort in value order; integerOfKey gives
  // the value) instead of decoding a term per row. The first value of another kind hands what
  // was gathered to a term aggregator (the extreme as one value; the exact sum and count) and
  // goes on there.
  enum class IdAggregate { kNone, kMin, kMax, kSumOrAverage };
  struct IdAccumulator {
    bool terms = false;  // handed over to the group's term aggregator
    bool any = false;    // a value was seen
    ValueId best;        // MIN / MAX
    __int128 sum = 0;    // SUM / AVG
    uint64_t count = 0;  // SUM / AVG
  };
  struct Group {
    ValueRow keys;
    // Per aggregate; null where it counts ids.
    std::vector<std::unique_ptr<expr::Aggregator>> aggregators;
    std::vector<uint64_t> counts;    // per aggregate: kRows/kBound counts
    std::vector<IdAccumulator> ids;  // per aggregate: idAggregates_ != kNone
    // Per aggregate, kDistinct only: the ids seen, and the terms (distinctKey) of the values
    // that go by term.
    std::vector<std::unordered_set<ValueId, ValueIdHash>> distinctIds;
    std::vector<std::set<core::Term>> distinctTerms;
    size_t distinctBytes = 0;  // retained by distinctIds and distinctTerms
    size_t charged = 0;
  };
  void consume();
  // Feeds row r of `in` to aggregate a of `group`, which counts ids (counting_[a] != kNone).
  void countRow(Group& group, size_t a, const Batch& in, size_t r);
  // Feeds row r's value to aggregate a of `group` (idAggregates_[a] != kNone).
  void accumulateId(Group& group, size_t a, ValueId v);
  // Aggregate a's result (idAggregates_[a] != kNone).
  std::optional<core::Term> idResult(const Group& group, size_t a);
  // About what one entry of an unordered_set<ValueId> retains.
  static constexpr size_t kDistinctIdBytes = 40;
  size_t groupOf(const ValueRow& keys);

  OperatorPtr input_;
  GraphScope scope_;
  std::vector<GroupKey> keys_;
  std::vector<AggregateCall> aggregates_;
  std::vector<int> keyColumns_;  // per key: input column for a plain variable, else -1
  std::vector<std::optional<expr::ExpressionProgram>> keyPrograms_;
  std::vector<std::optional<expr::ExpressionProgram>> argPrograms_;  // nullopt: COUNT(*)
  std::vector<Counting> counting_;                                   // per aggregate
  std::vector<IdAggregate> idAggregates_;                            // per aggregate
  std::vector<int> argColumns_;  // per aggregate: the input column of kBound/kDistinct
  std::vector<int> keyOut_;      // per key: output column, or -1 for an unnamed key
  BatchRowValues row_;
  std::vector<Group> groups_;
  std::unordered_map<ValueRow, size_t, ValueRowHash> index_;
  bool consumed_ = false;
  size_t next_ = 0;
};

}  // namespace cairn::query
