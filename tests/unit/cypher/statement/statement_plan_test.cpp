// EXPLAIN and PROFILE of Cypher statements (cypher/statement/statement_plan.h and runStatement's
// modes) over an in-memory ledger: shapeOf tells reads from writes before anything
// runs, EXPLAIN runs nothing (not even an update), PROFILE runs with actual rows, and an update's
// plan is an Update node above the plan of its reading clauses.

#include "cypher/statement/statement_plan.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "cypher/statement/statement_runner.h"
#include "index/write/live_ledger.h"
#include "query/exec/plan_info.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace statement_plan_test {

class CountRows final : public query::ValueSink {
 public:
  void begin(const std::vector<std::string>& c, const query::value::GraphAccess&) override {
    columns = c;
  }
  void row(std::span<const query::value::Value>) override { ++rows; }
  void end() override {}
  std::vector<std::string> columns;
  uint64_t rows = 0;
};

const query::PlanInfo* find(const query::PlanInfo& plan, std::string_view op) {
  if (plan.op == op) return &plan;
  for (const auto& child : plan.children) {
    if (const query::PlanInfo* found = find(child, op)) return found;
  }
  return nullptr;
}

std::string detail(const query::PlanInfo& plan, std::string_view name) {
  for (const auto& [key, value] : plan.details) {
    if (key == name) return value;
  }
  return "(none)";
}

class StatementPlanTest : public ::testing::Test {
 protected:
  StatementReport run(const std::string& text) {
    sink_ = CountRows();
    return runStatement(*live_, text, {}, query::QueryOptions{}, sink_);
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
  CountRows sink_;
};

TEST_F(StatementPlanTest, InspectTellsModeAndWrites) {
  StatementShape shape = shapeOf(parseCheckedStatement("MATCH (n) RETURN n"));
  EXPECT_EQ(shape.mode, ast::StatementMode::kNormal);
  EXPECT_FALSE(shape.writes());
  shape = shapeOf(parseCheckedStatement("explain CREATE (:A)"));
  EXPECT_EQ(shape.mode, ast::StatementMode::kExplain);
  EXPECT_TRUE(shape.updating);
  EXPECT_FALSE(shape.writes());
  shape = shapeOf(parseCheckedStatement("PROFILE MATCH (a) CREATE (a)-[:T]->(:B)"));
  EXPECT_EQ(shape.mode, ast::StatementMode::kProfile);
  EXPECT_TRUE(shape.writes());
  // Compile-time errors surface here, before any scope decision.
  EXPECT_THROW(parseCheckedStatement("MATCH (n RETURN n"), core::Error);
  EXPECT_THROW(parseCheckedStatement("RETURN m"), core::Error);
}

TEST_F(StatementPlanTest, ExplainRunsNothing) {
  run("CREATE (:P {n: 1}), (:P {n: 2})");
  const uint64_t t = live_->snapshot()->t();
  StatementReport report = run("EXPLAIN MATCH (p:P) RETURN p.n AS n");
  EXPECT_EQ(report.mode, ast::StatementMode::kExplain);
  EXPECT_EQ(sink_.columns, (std::vector<std::string>{"n"}));
  EXPECT_EQ(sink_.rows, 0u);
  EXPECT_FALSE(report.query.plan.op.empty());
  EXPECT_FALSE(report.query.plan.actual.has_value());

  report = run("EXPLAIN MATCH (p:P) CREATE (p)-[:T]->(:Q)");
  EXPECT_EQ(report.query.plan.op, "Update");
  EXPECT_EQ(detail(report.query.plan, "clauses"), "CREATE");
  ASSERT_EQ(report.query.plan.children.size(), 1u);
  EXPECT_FALSE(report.wrote);
  EXPECT_EQ(live_->snapshot()->t(), t);
  // CREATE and UNWIND alone run without the engine: no plan below the Update node.
  const StatementPlan createOnly =
      explainStatement(*live_->snapshot(), "UNWIND [1, 2] AS x CREATE (:Q {x: x})", {}, {});
  EXPECT_EQ(createOnly.plan.op, "Update");
  EXPECT_EQ(detail(createOnly.plan, "clauses"), "CREATE");
  EXPECT_TRUE(createOnly.plan.children.empty());
  EXPECT_TRUE(createOnly.columns.empty());
  EXPECT_EQ(live_->snapshot()->t(), t);
  // Clause by clause: one plan per run of reading clauses, below the Update node.
  const StatementPlan staged = explainStatement(
      *live_->snapshot(), "MATCH (p) SET p.x = 1 WITH p MATCH (p)-->(q) DELETE q RETURN p", {}, {});
  EXPECT_EQ(detail(staged.plan, "clauses"), "SET, DELETE");
  EXPECT_EQ(staged.plan.children.size(), 3u);
  EXPECT_EQ(staged.columns, std::vector<std::string>{"p"});
  EXPECT_EQ(live_->snapshot()->t(), t);
  // MERGE shows the plan of its match, run row by row.
  const StatementPlan merge =
      explainStatement(*live_->snapshot(), "MATCH (p) MERGE (p)-[:R]->(q:Q {x: p.x})", {}, {});
  EXPECT_EQ(detail(merge.plan, "clauses"), "MERGE");
  EXPECT_EQ(merge.plan.children.size(), 2u);
  EXPECT_EQ(live_->snapshot()->t(), t);
  // What cannot run cannot be explained either.
  EXPECT_THROW(
      explainStatement(*live_->snapshot(), "CALL db.nothing() YIELD label RETURN label", {}, {}),
      core::Error);
  // A call explains as the Unwind over its rows.
  const StatementPlan call =
      explainStatement(*live_->snapshot(), "CALL db.labels() YIELD label RETURN label", {}, {});
  EXPECT_EQ(call.columns, std::vector<std::string>{"label"});
  EXPECT_NE(query::renderPlanText(call.plan).find("Unwind"), std::string::npos)
      << query::renderPlanText(call.plan);
  EXPECT_EQ(live_->snapshot()->t(), t);
}

TEST_F(StatementPlanTest, ProfileRunsWithActuals) {
  run("CREATE (:P {n: 1}), (:P {n: 2}), (:R)");
  StatementReport report = run("PROFILE MATCH (p:P) RETURN p.n");
  EXPECT_EQ(report.mode, ast::StatementMode::kProfile);
  EXPECT_EQ(sink_.rows, 2u);
  ASSERT_TRUE(report.query.plan.actual.has_value());
  EXPECT_EQ(report.query.plan.actual->rows, 2u);

  const uint64_t t = live_->snapshot()->t();
  report = run("PROFILE MATCH (p:P) CREATE (p)-[:T]->(:Q)");
  EXPECT_TRUE(report.wrote);
  EXPECT_EQ(report.counters.nodesCreated, 2u);
  EXPECT_EQ(report.t, t + 1);
  EXPECT_EQ(report.query.plan.op, "Update");
  EXPECT_EQ(detail(report.query.plan, "nodesCreated"), "2");
  EXPECT_EQ(detail(report.query.plan, "relationshipsCreated"), "2");
  ASSERT_EQ(report.query.plan.children.size(), 1u);
  ASSERT_TRUE(report.query.plan.children[0].actual.has_value());
  EXPECT_EQ(report.query.plan.children[0].actual->rows, 2u);

  report = run("PROFILE CREATE (:Q)");
  EXPECT_EQ(report.query.plan.op, "Update");
  EXPECT_EQ(detail(report.query.plan, "nodesCreated"), "1");
  EXPECT_TRUE(report.query.plan.actual.has_value());
}

TEST_F(StatementPlanTest, FailedReadThenCreateLeavesTheLedgerUsable) {
  run("CREATE (:P {n: 1})");
  const uint64_t t = live_->snapshot()->t();
  // The error is raised inside the commit's step; it must come back as the statement's error.
  try {
    run("MATCH (p:P) CREATE (:Q {v: p.n / 0})");
    ADD_FAILURE() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kArithmeticError) << e.message();
  }
  EXPECT_EQ(live_->snapshot()->t(), t);
  run("MATCH (p:P) CREATE (:Q {v: p.n})");
  EXPECT_EQ(live_->snapshot()->t(), t + 1);
}

}  // namespace statement_plan_test
}  // namespace cairn::cypher
