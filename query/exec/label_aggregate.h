#pragma once
// LabelAggregate: `MATCH (n:L) [WHERE conditions on n's properties] RETURN [n.k,] aggregates`
// (count(*), count(n), any aggregate of n.p) answered as a merge of sorted index ranges instead
// of a label scan that reads each node's properties one by one. The label's nodes come in id
// order from POST (rdf:type, L); each property the query reads comes from PSOT (p) in the same
// subject order, and the streams advance together like a sorted merge join, so a node's
// property is the row the stream is at, not a seek. The value of a property is its stored id;
// conditions and group keys are evaluated once per distinct id (memoized), so a property with
// few distinct values (age, region, gender) costs a hash probe per node; aggregate arguments
// that are inline numbers decode in place, and count(n.p) only tests that the node has it.
//
// Answers exactly what CypherGroup over the label scan answers (the same rows in the same
// order: nodes in id order, groups in order of first appearance, keys as first seen, conditions
// applied in order with the same short-circuit, so an error surfaces at the same row). A
// property held as a list (several facts, a list position, the empty-list marker) is not one
// stored id: on meeting one the operator declines — before any row is out — and runs the plan
// it was built beside (`fallback`) instead.

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "index/tree/column_batch.h"
#include "index/tree/scan_range.h"
#include "query/algebra/algebra.h"
#include "query/exec/operator.h"
#include "query/value/value_aggregate.h"
#include "query/value/value_program.h"

namespace cairn::index {
class SnapshotReader;
}

namespace cairn::query {

class CypherRuntime;

// What the planner recognized (query/plan/label_aggregate_planner.cpp). Expressions that read a
// property read it through the variable kLabelAggregateValue.
struct LabelAggregateSpec {
  std::string label;                    // the label's IRI
  std::vector<std::string> properties;  // the predicate IRIs of the properties read
  struct Condition {
    Expr expr;
    int property = -1;  // index into `properties`; -1: reads none
  };
  std::vector<Condition> conditions;  // conjuncts, in order
  int keyProperty = -1;               // group key n.k (its index), or -1: no key
  std::string keyVariable;
  struct Aggregate {
    AggregateCall call;  // its arg, if any, reads kLabelAggregateValue
    int property = -1;   // -1: count(*) or count(n)
  };
  std::vector<Aggregate> aggregates;
  std::vector<std::string> outputVariables;  // as the fallback's
};

inline constexpr std::string_view kLabelAggregateValue = " property value";

class LabelAggregate final : public Operator {
 public:
  LabelAggregate(ExecContext& ctx, LabelAggregateSpec spec, OperatorPtr fallback);
  ~LabelAggregate() override;

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {fallback_.get()}; }

 private:
  // One index range (the label's POST range, a property's PSOT range) read front to back.
  struct Stream;
  // A memoized per-value result: the value, each condition's verdict on it, and its group.
  struct Memo {
    value::Value value;
    std::vector<int8_t> verdicts;  // -1 unknown, 0 false, 1 true
    size_t group = SIZE_MAX;       // as a group key: its group (SIZE_MAX: not yet)
  };
  // One aggregate of one group. count, sum, avg, min and max (without DISTINCT) accumulate
  // natively, exactly as value::ValueAggregator would in row order (integers exact until a float
  // joins, min/max keeping the first of equals); the others go through a ValueAggregator.
  enum class Native : uint8_t { kCount, kSum, kAvg, kMin, kMax, kNone };
  enum class Best : uint8_t { kNone, kInteger, kValue };
  struct Accumulator {
    uint64_t count = 0;
    int64_t integerSum = 0;
    double floatSum = 0;
    bool floating = false;
    Best best = Best::kNone;  // min / max so far: an integer, another value, or none yet
    int64_t bestInteger = 0;
    value::Value bestValue;
    std::unique_ptr<value::ValueAggregator> general;
  };
  struct Group {
    ValueId key;
    std::vector<Accumulator> accumulators;
  };

  // Whether every aggregate is count(*), count(n) or count(n.p) with no condition and no key:
  // nothing is read but which nodes have which properties.
  bool countsOnly() const;
  // The label's nodes (POST `labelRange`) with at least one literal fact of p (PSOT).
  uint64_t nodesWithProperty(const index::SnapshotReader* post, const index::ScanRange& labelRange,
                             const index::SnapshotReader* psot, ValueId p);
  // Runs the merge; false when it declined (the fallback then answers).
  bool aggregate();
  void releaseState();
  Memo& memo(int property, ValueId id);
  bool passes(size_t condition, int property, ValueId id);
  size_t groupOf(ValueId keyId);
  Group newGroup(ValueId key) const;
  // The value of a property's id (null for unbound).
  value::Value valueOf(int property, ValueId id);
  // The property's ids of `subjects` (ascending) into `out`, read on from `stream`; false on a
  // list value.
  bool readColumn(Stream& stream, const std::vector<core::NodeId>& subjects,
                  std::vector<ValueId>& out);
  // Adds the values of chunk rows `rows` (groups[j] the group of rows[j]) to one aggregate;
  // `column` null for count(*). False when only the general aggregator's error path could
  // answer (a sum of a non-number, an integer overflow): the operator declines.
  bool accumulateChunk(size_t aggregate, const std::vector<ValueId>* column,
                       const std::vector<uint32_t>& rows, const std::vector<uint32_t>& groups);
  value::Value result(size_t aggregate, const Accumulator& acc) const;
  void emitGroups(Batch& out);

  LabelAggregateSpec spec_;
  OperatorPtr fallback_;
  CypherRuntime& runtime_;
  std::vector<value::ValueProgram> conditionPrograms_;
  std::vector<Native> native_;  // per aggregate
  // Per property (and one more for conditions that read none): the memo of each id met.
  std::vector<std::unordered_map<ValueId, Memo, ValueIdHash>> memos_;
  // A direct-mapped cache in front of memos_ (the maps' nodes do not move).
  struct CacheSlot {
    int property = -1;
    ValueId id;
    Memo* memo = nullptr;
  };
  std::vector<CacheSlot> cache_;
  std::vector<Group> groups_;
  std::unordered_map<ValueId, size_t, ValueIdHash> groupIndex_;  // grouping id -> group
  std::optional<ValueId> emptyList_;  // the empty-list marker's id, when stored
  int64_t charged_ = 0;
  bool ran_ = false;
  bool declined_ = false;
  size_t next_ = 0;
};

}  // namespace cairn::query
