// CypherRuntime: ValueIds of Cypher values — scalars as their literals' ids (shared with stored
// facts), nodes as node ids, composites interned exactly — and groupingId's one id per
// equivalence class; plus ExecContext::enableCypher and the snapshot graph access it brings.

#include "query/exec/cypher_runtime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/error.h"
#include "query/exec/exec_context.h"
#include "query/graph/value_terms.h"
#include "query/value/temporal/temporal.h"
#include "query/value/value_compare.h"
#include "query/value/value_text.h"
#include "tests/unit/query/engine/engine_test_support.h"

// Named, not anonymous: unity batches put several test files in one translation unit.
namespace cairn::testing::cypher_runtime_test {

using query::CypherRuntime;
using query::ExecContext;
using query::ValueId;
using query::value::Value;
namespace value = query::value;

constexpr const char* kData = R"(
@prefix pg: <urn:cairn:pg:> .
@prefix sys: <urn:cairn:sys:> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:alice rdf:type sys:Node , pg:Person ; pg:name "Alice" ; pg:age 42 ;
  pg:code "042"^^xsd:integer ; pg:small "5"^^xsd:int .
)";

class CypherRuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ledger_ = exampleLedger(kData);
    ctx_ = std::make_unique<ExecContext>(*ledger_.ledger, options_, "");
    value::Parameters parameters;
    parameters.emplace("limit", Value::integer(3));
    ctx_->enableCypher(std::move(parameters));
    rt_ = ctx_->cypher();
  }

  core::NodeId node(const std::string& local) {
    auto id = core::valueOrThrow(ledger_->encodeIri(std::string(kEx) + local));
    EXPECT_TRUE(id.has_value());
    return id.value_or(core::kNoNode);
  }

  // Exactly the same value: kinds, float bits, zones.
  static bool same(const Value& a, const Value& b) {
    if (a.kind() != b.kind()) return false;
    if (a.kind() == value::ValueKind::kFloat && std::isnan(a.asFloat())) {
      return std::isnan(b.asFloat());
    }
    if (a.kind() == value::ValueKind::kFloat) {
      return std::signbit(a.asFloat()) == std::signbit(b.asFloat()) && a.asFloat() == b.asFloat();
    }
    return value::equivalent(a, b) && value::toText(a) == value::toText(b);
  }

  void expectRoundTrip(const Value& v) {
    SCOPED_TRACE(value::toText(v));
    const ValueId id = rt_->toId(v);
    EXPECT_TRUE(id.isBound());
    EXPECT_TRUE(same(rt_->toValue(id), v)) << value::toText(rt_->toValue(id));
    EXPECT_EQ(rt_->toId(v), id);  // stable
  }

  TestLedger ledger_;
  query::QueryOptions options_;
  std::unique_ptr<ExecContext> ctx_;
  CypherRuntime* rt_ = nullptr;
};

TEST(CypherRuntimeContext, OnlyACypherStatementHasARuntime) {
  TestLedger ledger = exampleLedger("ex:a ex:p 1 .");
  query::QueryOptions options;
  ExecContext ctx(*ledger.ledger, options, "");
  EXPECT_EQ(ctx.cypher(), nullptr);
  ctx.enableCypher({});
  ASSERT_NE(ctx.cypher(), nullptr);
  EXPECT_TRUE(ctx.cypher()->parameters().empty());
}

TEST_F(CypherRuntimeTest, NullIsUnboundAndNodesAreNodeIds) {
  EXPECT_FALSE(rt_->toId(Value()).isBound());
  EXPECT_TRUE(rt_->toValue(ValueId::unbound()).isNull());
  const core::NodeId alice = node("alice");
  EXPECT_EQ(rt_->toId(Value::node(alice)), ValueId::node(alice));
  EXPECT_EQ(rt_->toValue(ValueId::node(alice)).asNode(), alice);
  const core::NodeId blank = core::blankNodeId(5);
  EXPECT_EQ(rt_->toId(Value::node(blank)).type, core::otype::kBlank);
  EXPECT_EQ(rt_->toValue(rt_->toId(Value::node(blank))).asNode(), blank);
}

TEST_F(CypherRuntimeTest, ScalarsAreTheIdsOfTheirLiterals) {
  const std::vector<Value> scalars = {
      Value::boolean(true),
      Value::boolean(false),
      Value::integer(0),
      Value::integer(42),
      Value::integer(std::numeric_limits<int64_t>::min()),
      Value::integer(std::numeric_limits<int64_t>::max()),
      Value::floating(1.0),
      Value::floating(-0.0),
      Value::floating(std::nan("")),
      Value::floating(-std::numeric_limits<double>::infinity()),
      Value::string("Alice"),
      Value::string("never stored"),
      Value::date(value::Date{18262}),
      Value::localDateTime(value::LocalDateTime{18262, 36'000'000'000'000}),
      Value::localTime(value::LocalTime{1}),
      Value::time(value::Time{0, 3600}),
      Value::dateTime(value::DateTime{{18262, 0}, 3600, "Europe/Paris"}),
      Value::duration(value::Duration{1, -2, 3, 4}),
  };
  for (const Value& v : scalars) {
    SCOPED_TRACE(value::toText(v));
    // One id with the term table's: the fast paths for numbers and booleans included.
    EXPECT_EQ(rt_->toId(v), ctx_->terms().encode(*query::graph::valueToTerm(v)));
    expectRoundTrip(v);
  }
  // A computed value and a stored one are one id.
  auto stored = ctx_->terms().findStored(core::Term::literal("Alice"));
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(rt_->toId(Value::string("Alice")), *stored);
  EXPECT_NE(rt_->toId(Value::floating(0.0)), rt_->toId(Value::floating(-0.0)));
  EXPECT_NE(rt_->toId(Value::integer(1)), rt_->toId(Value::floating(1.0)));
}

TEST_F(CypherRuntimeTest, StoredLiteralsReadAsValues) {
  auto idOf = [&](const std::string& lexical, const std::string& datatype) {
    auto id = ctx_->terms().findStored(core::Term::literal(lexical, datatype));
    EXPECT_TRUE(id.has_value()) << lexical;
    return id.value_or(ValueId::unbound());
  };
  const std::string xsd = "http://www.w3.org/2001/XMLSchema#";
  EXPECT_TRUE(same(rt_->toValue(idOf("42", xsd + "integer")), Value::integer(42)));
  EXPECT_TRUE(same(rt_->toValue(idOf("042", xsd + "integer")), Value::integer(42)));
  EXPECT_TRUE(same(rt_->toValue(idOf("5", xsd + "int")), Value::integer(5)));
  // A computed IRI the store does not have is no node: its text.
  const ValueId iri = ctx_->terms().encode(core::Term::iri("http://elsewhere.org/x"));
  EXPECT_TRUE(same(rt_->toValue(iri), Value::string("http://elsewhere.org/x")));
}

TEST_F(CypherRuntimeTest, CompositesAreInternedExactly) {
  const core::NodeId alice = node("alice");
  const value::Relationship r{7, alice, core::blankNodeId(2), 99};
  const std::vector<Value> composites = {
      Value::list({}),
      Value::list({Value::integer(1), Value::string("a"), Value()}),
      Value::list({Value::floating(1.0)}),
      Value::list({Value::floating(-0.0)}),
      Value::list({Value::floating(0.0)}),
      Value::list({Value::list({Value::integer(1)}), Value::map({})}),
      Value::map({{"b", Value::integer(2)}, {"a", Value::list({Value::node(alice)})}}),
      Value::map({{"t", Value::dateTime(value::DateTime{{0, 0}, 0, "Europe/London"})}}),
      Value::map({{"t", Value::dateTime(value::DateTime{{0, 0}, 0, ""})}}),
      Value::relationship(r),
      Value::path(value::Path{{alice, core::blankNodeId(2)}, {r}}),
      Value::path(value::Path{{alice}, {}}),
  };
  std::vector<ValueId> ids;
  for (const Value& v : composites) {
    expectRoundTrip(v);
    ids.push_back(rt_->toId(v));
    EXPECT_EQ(ids.back().type, query::kLocalValueType);
  }
  // Distinct values, distinct ids: [1.0] is not [1], [-0.0] not [0.0], zones stay apart.
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(std::unique(ids.begin(), ids.end()), ids.end());
  EXPECT_NE(rt_->toId(Value::list({Value::integer(1)})),
            rt_->toId(Value::list({Value::floating(1.0)})));
  // An equal value built again gets the first one's id.
  EXPECT_EQ(rt_->toId(Value::list({Value::integer(1), Value::string("a"), Value()})),
            rt_->toId(composites[1]));
  EXPECT_EQ(rt_->toId(Value::relationship(value::Relationship{7, alice, core::blankNodeId(2), 99})),
            rt_->toId(composites[9]));
}

TEST_F(CypherRuntimeTest, GroupingIdsFollowEquivalence) {
  const ValueId one = rt_->toId(Value::integer(1));
  const ValueId oneFloat = rt_->toId(Value::floating(1.0));
  EXPECT_EQ(rt_->groupingId(one), one);  // the first of its class
  EXPECT_EQ(rt_->groupingId(oneFloat), one);
  const ValueId half = rt_->toId(Value::floating(0.5));
  EXPECT_EQ(rt_->groupingId(half), half);
  EXPECT_NE(rt_->groupingId(half), one);
  // Composites: [1.0] ≡ [1]; a stored non-canonical 042 ≡ 42.
  const ValueId listFloat = rt_->toId(Value::list({Value::floating(1.0)}));
  const ValueId listInt = rt_->toId(Value::list({Value::integer(1)}));
  EXPECT_EQ(rt_->groupingId(listFloat), listFloat);
  EXPECT_EQ(rt_->groupingId(listInt), listFloat);
  const ValueId fortyTwo = rt_->toId(Value::integer(42));
  auto code = ctx_->terms().findStored(
      core::Term::literal("042", "http://www.w3.org/2001/XMLSchema#integer"));
  ASSERT_TRUE(code.has_value());
  ASSERT_NE(*code, fortyTwo);
  EXPECT_EQ(rt_->groupingId(fortyTwo), fortyTwo);
  EXPECT_EQ(rt_->groupingId(*code), fortyTwo);
  // NaN ≡ NaN; null and nodes are their own class.
  const ValueId nan = rt_->toId(Value::floating(std::nan("")));
  EXPECT_EQ(rt_->groupingId(nan), nan);
  EXPECT_EQ(rt_->groupingId(ValueId::unbound()), ValueId::unbound());
  EXPECT_EQ(rt_->groupingId(ValueId::node(node("alice"))), ValueId::node(node("alice")));
  // Zoned datetimes at one instant but different zones are not equivalent.
  const ValueId london = rt_->toId(Value::dateTime(value::DateTime{{0, 0}, 0, "Europe/London"}));
  const ValueId utc = rt_->toId(Value::dateTime(value::DateTime{{0, 0}, 0, ""}));
  EXPECT_NE(rt_->groupingId(london), rt_->groupingId(utc));
}

TEST_F(CypherRuntimeTest, EvaluationSeesParametersAndTheSnapshotGraph) {
  ASSERT_NE(rt_->eval().parameters, nullptr);
  EXPECT_EQ(rt_->eval().parameters->at("limit").asInteger(), 3);
  ASSERT_EQ(rt_->eval().graph, &rt_->graph());
  const core::NodeId alice = node("alice");
  EXPECT_EQ(rt_->graph().labels(alice), (std::vector<std::string>{"Person"}));
  EXPECT_EQ(value::toText(rt_->graph().nodeProperty(alice, "name")), "'Alice'");
  EXPECT_EQ(value::toText(rt_->graph().nodeProperty(alice, "code")), "42");
}

TEST_F(CypherRuntimeTest, InternedValuesAreChargedToTheQuery) {
  const uint64_t before = ctx_->usedBytes();
  Value::List big;
  for (int i = 0; i < 1000; ++i) big.push_back(Value::string(std::string(100, 'x')));
  rt_->toId(Value::list(big));
  EXPECT_GT(ctx_->usedBytes(), before + 100'000);
}

}  // namespace cairn::testing::cypher_runtime_test
