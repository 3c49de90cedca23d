#pragma once
// openCypher's aggregate functions over a stream of Values (one aggregator per group): count,
// count(*), sum, avg, min, max, collect, percentileDisc, percentileCont, stDev, stDevP, each
// with or without DISTINCT (equivalence, query/value/value_compare.h). Nulls are ignored except
// by count(*). Results follow the TCK and Neo4j: count and sum of integers are integers (sum
// overflow is an ArithmeticError), sum is 0 and avg, min, max, percentiles null over no values,
// stDev/stDevP 0.0 over fewer than two values, min and max use ORDER BY's order across types.
// A percentile outside [0, 1] is kArgumentError "NumberOutOfRange"; a value that is not a
// number for sum, avg, percentiles and stDev is kTypeError "InvalidArgumentType". Sums and
// averages of durations are not supported yet (kUnsupported).
//
// Not thread-safe: one aggregator per group and thread.

#include <memory>

#include "query/algebra/expr.h"
#include "query/value/value.h"

namespace cairn::query::value {

class ValueAggregator {
 public:
  virtual ~ValueAggregator() = default;
  // One row's argument (count(*): any value, counted whatever it is) and, for the percentiles,
  // the row's percentile (AggregateCall::extraArg).
  virtual void add(const Value& v, const Value& extra) = 0;
  void add(const Value& v) { add(v, Value()); }
  virtual Value result() const = 0;
};

// `countStar`: count(*) (AggregateCall::arg is empty). SPARQL-only functions (SAMPLE,
// GROUP_CONCAT) are kUnsupported.
std::unique_ptr<ValueAggregator> makeValueAggregator(AggregateCall::Function function,
                                                     bool distinct, bool countStar = false);
// The same for an AggregateCall.
std::unique_ptr<ValueAggregator> makeValueAggregator(const AggregateCall& call);

}  // namespace cairn::query::value
