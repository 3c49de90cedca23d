// Set functions (SPARQL §18.5.1) with the W3C aggregates suite's data (agg-numeric.ttl:
// ints 1 2 3, decimals 1.0 2.2 3.5, doubles 1.0E2 2.0E3 3.0E4; agg-err-01.ttl).

#include "query/expr/aggregator.h"

#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace {

using Function = AggregateCall::Function;

std::string aggregate(Function f, std::vector<std::string_view> values, bool distinct = false,
                      std::string separator = " ") {
  AggregateCall call;
  call.function = f;
  call.distinct = distinct;
  call.arg = v("a");
  call.separator = std::move(separator);
  auto aggregator = makeAggregator(call);
  for (std::string_view s : values) {
    aggregator->add(s == "unbound" ? std::nullopt : std::optional(term(s)));
  }
  return show(aggregator->result());
}

TEST(Count, CountsBoundValues) {
  EXPECT_EQ(aggregate(Function::kCount, {"1", "2", "unbound", "1"}), "\"3\"^^xsd:integer");
  EXPECT_EQ(aggregate(Function::kCount, {}), "\"0\"^^xsd:integer");
  EXPECT_EQ(aggregate(Function::kCount, {"1", "2", "1", "\"1\""}, true), "\"3\"^^xsd:integer");
  // DISTINCT compares terms: 1 and 1.0 are two values, "a" and "a"^^xsd:string one.
  EXPECT_EQ(aggregate(Function::kCount, {"1", "1.0", "\"a\"", "\"a\"^^xsd:string"}, true),
            "\"3\"^^xsd:integer");
}

TEST(Sum, PromotesAcrossTypes) {
  EXPECT_EQ(aggregate(Function::kSum, {"1", "2", "3"}), "\"6\"^^xsd:integer");
  EXPECT_EQ(aggregate(Function::kSum, {"1.0", "2.2", "3.5"}), "\"6.7\"^^xsd:decimal");
  EXPECT_EQ(aggregate(Function::kSum, {"1", "2.2"}), "\"3.2\"^^xsd:decimal");
  EXPECT_EQ(aggregate(Function::kSum, {"2E-1", "2.2"}), "\"2.4000000000000004E0\"^^xsd:double");
  EXPECT_EQ(aggregate(Function::kSum, {}), "\"0\"^^xsd:integer");
  EXPECT_EQ(aggregate(Function::kSum, {"1", "unbound", "2"}), "\"3\"^^xsd:integer");
  EXPECT_EQ(aggregate(Function::kSum, {"1", "2", "1", "2"}, true), "\"3\"^^xsd:integer");
}

TEST(Sum, NonNumericIsAnError) {
  EXPECT_EQ(aggregate(Function::kSum, {"1", "\"2\""}), "error");
  EXPECT_EQ(aggregate(Function::kSum, {"1", "_:b", "3"}), "error");
}

TEST(Avg, W3cCases) {
  // agg-avg-01: the decimals of agg-numeric.ttl, mixed1 and mixed2 included.
  EXPECT_EQ(aggregate(Function::kAvg, {"1.0", "2.2", "3.5", "2.2", "2.2"}),
            "\"2.22\"^^xsd:decimal");
  // agg-avg-02
  EXPECT_EQ(aggregate(Function::kAvg, {"1", "2", "3"}), "\"2.0\"^^xsd:decimal");
  EXPECT_EQ(aggregate(Function::kAvg, {"1", "2.2"}), "\"1.6\"^^xsd:decimal");
  // agg-err-01: :x 1 2 3 4 → 2.5; :z 1.0 2.0 3.0 4 → 2.5; :y with a blank node → error.
  EXPECT_EQ(aggregate(Function::kAvg, {"1", "2", "3", "4"}), "\"2.5\"^^xsd:decimal");
  EXPECT_EQ(aggregate(Function::kAvg, {"1.0", "2.0", "3.0", "4"}), "\"2.5\"^^xsd:decimal");
  EXPECT_EQ(aggregate(Function::kAvg, {"1", "_:b2", "3", "4"}), "error");
  EXPECT_EQ(aggregate(Function::kAvg, {}), "\"0\"^^xsd:integer");
  EXPECT_EQ(aggregate(Function::kAvg, {"1", "1", "2"}, true), "\"1.5\"^^xsd:decimal");
  EXPECT_EQ(aggregate(Function::kAvg, {"1e0", "2e0"}), "\"1.5E0\"^^xsd:double");
}

TEST(MinMax, W3cCases) {
  EXPECT_EQ(aggregate(Function::kMin, {"1.0", "2.2", "3.5", "2.2", "2.2"}), "\"1.0\"^^xsd:decimal");
  EXPECT_EQ(aggregate(Function::kMax, {"1.0E2", "2.0E3", "3.0E4"}), "\"3.0E4\"^^xsd:double");
  // agg-min-02 / agg-max-02, group mixed2: 2E-1 (double) and 2.2 (decimal).
  EXPECT_EQ(aggregate(Function::kMin, {"2.0E-1", "2.2"}), "\"2.0E-1\"^^xsd:double");
  EXPECT_EQ(aggregate(Function::kMax, {"2E-1", "2.2"}), "\"2.2\"^^xsd:decimal");
  EXPECT_EQ(aggregate(Function::kMax, {}), "error");  // agg-empty-group-max: unbound
}

TEST(MinMax, MixedTypesUseTheOrderByOrder) {
  // agg-err-01 :y: MIN is the blank node, so (MIN + MAX) / 2 is an error later.
  EXPECT_EQ(aggregate(Function::kMin, {"1", "_:b2", "3", "4"}), "_:b2");
  EXPECT_EQ(aggregate(Function::kMax, {"1", "_:b2", "3", "4"}), "\"4\"^^xsd:integer");
  EXPECT_EQ(aggregate(Function::kMax, {"1", "\"a\"", "<http://x>"}), "\"a\"");
  EXPECT_EQ(aggregate(Function::kMin, {"\"b\"", "unbound", "\"a\""}), "\"a\"");
  EXPECT_EQ(aggregate(Function::kMax, {"3", "3", "1"}, true), "\"3\"^^xsd:integer");
}

TEST(Sample, SomeValueOfTheGroup) {
  EXPECT_EQ(aggregate(Function::kSample, {"unbound", "1.0", "2.2"}), "\"1.0\"^^xsd:decimal");
  EXPECT_EQ(aggregate(Function::kSample, {}), "error");
}

TEST(GroupConcat, SimpleLiteralResult) {
  EXPECT_EQ(aggregate(Function::kGroupConcat, {"\"1\"", "\"22\""}), "\"1 22\"");
  EXPECT_EQ(aggregate(Function::kGroupConcat, {"\"1\"", "\"22\""}, false, ":"), "\"1:22\"");
  // agg-groupconcat-4/5/6: tags are dropped, the result is a simple literal.
  EXPECT_EQ(aggregate(Function::kGroupConcat, {"\"1\"@en", "\"2\"@en"}), "\"1 2\"");
  EXPECT_EQ(aggregate(Function::kGroupConcat, {"\"1\"@en", "\"2\"@fr"}), "\"1 2\"");
  EXPECT_EQ(aggregate(Function::kGroupConcat, {"\"1\"@en"}), "\"1\"");
  EXPECT_EQ(aggregate(Function::kGroupConcat, {"\"1\"", "\"2\"", "\"1\""}, true), "\"1 2\"");
  EXPECT_EQ(aggregate(Function::kGroupConcat, {}), "\"\"");
  EXPECT_EQ(aggregate(Function::kGroupConcat, {"1", "<http://a>"}, false, ", "), "\"1, http://a\"");
  EXPECT_EQ(aggregate(Function::kGroupConcat, {"\"a\"", "_:b"}), "error");
}

TEST(Aggregator, RetainedBytesGrowWithDistinctValues) {
  AggregateCall call;
  call.function = Function::kCount;
  call.distinct = true;
  call.arg = v("a");
  auto aggregator = makeAggregator(call);
  const size_t empty = aggregator->retainedBytes();
  aggregator->add(term("\"a long enough string to be on the heap, surely\""));
  const size_t one = aggregator->retainedBytes();
  aggregator->add(term("\"a long enough string to be on the heap, surely\""));
  EXPECT_GT(one, empty);
  EXPECT_EQ(aggregator->retainedBytes(), one);
}

}  // namespace
}  // namespace cairn::query::expr::testing
