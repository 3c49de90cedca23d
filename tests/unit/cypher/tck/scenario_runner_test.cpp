// The TCK scenario runner (tests/support/tck/scenario_runner.h) against a scripted backend: a
// test double that answers each statement text with a prepared TckResult and records what the
// runner asked, so each rule of passing, failing and "not runnable" is checked on its own.

#include "tests/support/tck/scenario_runner.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

namespace cairn::tck {
namespace {

class ScriptedBackend : public TckBackend {
 public:
  std::map<std::string, TckResult> results;  // by statement text; absent: cannot execute
  std::map<std::string, std::optional<TckError>> compileResults;
  std::vector<std::string> executed;
  std::vector<TckParameters> parametersSeen;
  std::vector<std::string> procedures;
  int resets = 0;

  void resetToEmptyGraph() override { ++resets; }
  void defineProcedure(const ProcedureSpec& spec) override { procedures.push_back(spec.name); }
  TckResult execute(const std::string& query, const TckParameters& parameters) override {
    executed.push_back(query);
    parametersSeen.push_back(parameters);
    return results.at(query);
  }
  bool canExecute(const std::string& query) const override { return results.count(query) > 0; }
  std::string cannotExecuteReason(const std::string&) const override {
    return "execution not built";
  }
  std::optional<TckError> compile(const std::string& query) override {
    return compileResults.at(query);
  }
  bool compileDetects(const std::string& errorClass) const override {
    return errorClass == "SyntaxError";
  }
  std::string describe() const override { return "scripted"; }
};

TckResult rowsResult(std::vector<std::string> columns, std::vector<std::vector<std::string>> rows,
                     std::optional<TckSideEffects> effects = std::nullopt) {
  TckResult result;
  result.columns = std::move(columns);
  for (const auto& row : rows) {
    std::vector<TckValue> values;
    for (const auto& cell : row) values.push_back(parseTckValue(cell));
    result.rows.push_back(std::move(values));
  }
  result.sideEffects = effects;
  return result;
}

TckResult errorResult(std::string errorClass, std::string detail, bool compileTime) {
  TckResult result;
  result.error = TckError{std::move(errorClass), std::move(detail), compileTime, "boom"};
  return result;
}

Scenario scenarioOf(const std::string& steps) {
  const Feature feature = parseFeature("Feature: F\n  Scenario: [1] s\n" + steps, "F.feature");
  return feature.scenarios.at(0);
}

ScenarioOutcome run(const std::string& steps, ScriptedBackend& backend) {
  return runScenario(scenarioOf(steps), backend,
                     {std::string(CAIRN_CONFORMANCE_DIR) + "/opencypher-tck"});
}

const std::string kQueryWithRows = R"(
    Given an empty graph
    And having executed:
      """
      CREATE (:A {v: 1})
      """
    And parameters are:
      | p | 1 |
    When executing query:
      """
      MATCH (n) RETURN n
      """
    Then the result should be, in any order:
      | n             |
      | (:A {v: 1})   |
    And the side effects should be:
      | +nodes | 1 |
)";

TEST(ScenarioRunnerTest, PassesWhenResultsAndSideEffectsMatch) {
  ScriptedBackend backend;
  backend.results["CREATE (:A {v: 1})"] = rowsResult({}, {});
  backend.results["MATCH (n) RETURN n"] = rowsResult({"n"}, {{"(:A {v: 1})"}}, TckSideEffects{1});
  const ScenarioOutcome outcome = run(kQueryWithRows, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kPassed) << outcome.reason << "\n" << outcome.details;
  EXPECT_EQ(backend.resets, 1);
  ASSERT_EQ(backend.executed.size(), 2u);
  EXPECT_TRUE(backend.parametersSeen[0].empty());  // setup statements run without parameters
  EXPECT_EQ(backend.parametersSeen[1].at("p").asInteger(), 1);
}

TEST(ScenarioRunnerTest, FailsOnWrongRowsOrSideEffects) {
  ScriptedBackend backend;
  backend.results["CREATE (:A {v: 1})"] = rowsResult({}, {});
  backend.results["MATCH (n) RETURN n"] = rowsResult({"n"}, {{"(:A {v: 2})"}});
  ScenarioOutcome outcome = run(kQueryWithRows, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kFailed);
  EXPECT_EQ(outcome.reason, "result differs (line 15)");
  EXPECT_NE(outcome.details.find("+ | (:A {v: 2}) |"), std::string::npos) << outcome.details;

  backend.results["MATCH (n) RETURN n"] = rowsResult({"n"}, {{"(:A {v: 1})"}}, TckSideEffects{2});
  outcome = run(kQueryWithRows, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kFailed);
  EXPECT_EQ(outcome.reason, "side effects differ (line 18): expected +nodes 1, got +nodes 2");

  // Side effects are not checked when the backend does not count them.
  backend.results["MATCH (n) RETURN n"] = rowsResult({"n"}, {{"(:A {v: 1})"}});
  EXPECT_EQ(run(kQueryWithRows, backend).status, ScenarioStatus::kPassed);

  // A failing setup statement fails the scenario.
  backend.results["CREATE (:A {v: 1})"] = errorResult("SyntaxError", "UnexpectedSyntax", true);
  outcome = run(kQueryWithRows, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kFailed);
  EXPECT_EQ(outcome.reason.rfind("setup failed (line 5): SyntaxError (UnexpectedSyntax)", 0), 0u)
      << outcome.reason;
}

TEST(ScenarioRunnerTest, NotRunnableWhenAStatementCannotRun) {
  ScriptedBackend backend;
  backend.results["MATCH (n) RETURN n"] = rowsResult({"n"}, {{"(:A {v: 1})"}});
  const ScenarioOutcome outcome = run(kQueryWithRows, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kNotRunnable);
  EXPECT_EQ(outcome.reason, "setup statement: execution not built");
  EXPECT_TRUE(backend.executed.empty());  // decided before anything runs
  EXPECT_EQ(backend.resets, 0);
}

const std::string kExpectSyntaxError = R"(
    Given any graph
    When executing query:
      """
      MATCH (a)-[:T|:U*]-(b) RETURN a
      """
    Then a SyntaxError should be raised at compile time: InvalidRelationshipPattern
)";

TEST(ScenarioRunnerTest, ErrorsPassOnTheirClassAndRecordDetailAndPhase) {
  const std::string query = "MATCH (a)-[:T|:U*]-(b) RETURN a";
  ScriptedBackend backend;
  backend.results[query] = errorResult("SyntaxError", "InvalidRelationshipPattern", true);
  ScenarioOutcome outcome = run(kExpectSyntaxError, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kPassed);
  EXPECT_TRUE(outcome.expectedError && outcome.errorDetailMatched && outcome.errorPhaseMatched);

  backend.results[query] = errorResult("SyntaxError", "UnexpectedSyntax", false);
  outcome = run(kExpectSyntaxError, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kPassed);
  EXPECT_FALSE(outcome.errorDetailMatched);
  EXPECT_FALSE(outcome.errorPhaseMatched);

  backend.results[query] = errorResult("TypeError", "InvalidArgumentType", true);
  outcome = run(kExpectSyntaxError, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kFailed);
  EXPECT_EQ(
      outcome.reason.rfind("expected SyntaxError (InvalidRelationshipPattern), got TypeError", 0),
      0u)
      << outcome.reason;

  backend.results[query] = rowsResult({"a"}, {});
  outcome = run(kExpectSyntaxError, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kFailed);
  EXPECT_EQ(outcome.reason, "no error, expected SyntaxError (InvalidRelationshipPattern)");

  // "an Error" accepts any class; "*" any detail.
  backend.results[query] = errorResult("ArgumentError", "NumberOutOfRange", false);
  outcome = run(R"(
    Given any graph
    When executing query:
      """
      MATCH (a)-[:T|:U*]-(b) RETURN a
      """
    Then an Error should be raised at any time: *
)",
                backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kPassed);
  EXPECT_TRUE(outcome.errorDetailMatched && outcome.errorPhaseMatched);

  // A failed query must not have side effects.
  backend.results[query] = errorResult("SyntaxError", "InvalidRelationshipPattern", true);
  backend.results[query].sideEffects = TckSideEffects{0, 0, 1};
  outcome = run(kExpectSyntaxError, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kFailed);
  EXPECT_EQ(outcome.reason, "the failed query had side effects: +relationships 1");
}

TEST(ScenarioRunnerTest, CompilesOnlyWhenTheBackendVouchesForTheErrorClass) {
  const std::string query = "MATCH (a)-[:T|:U*]-(b) RETURN a";
  ScriptedBackend backend;  // cannot execute anything
  backend.compileResults[query] = TckError{"SyntaxError", "InvalidRelationshipPattern", true, ""};
  EXPECT_EQ(run(kExpectSyntaxError, backend).status, ScenarioStatus::kPassed);
  EXPECT_TRUE(backend.executed.empty());

  backend.compileResults[query] = std::nullopt;
  ScenarioOutcome outcome = run(kExpectSyntaxError, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kFailed);
  EXPECT_EQ(outcome.reason,
            "compiled without error, expected SyntaxError (InvalidRelationshipPattern)");

  // Not for classes the backend cannot detect, nor with a setup statement it cannot run.
  outcome = run(R"(
    Given any graph
    When executing query:
      """
      MATCH (a)-[:T|:U*]-(b) RETURN a
      """
    Then a SemanticError should be raised at compile time: X
)",
                backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kNotRunnable);
  EXPECT_EQ(outcome.reason, "query: execution not built");
  outcome = run(R"(
    Given an empty graph
    And having executed:
      """
      CREATE ()
      """
    When executing query:
      """
      MATCH (a)-[:T|:U*]-(b) RETURN a
      """
    Then a SyntaxError should be raised at compile time: InvalidRelationshipPattern
)",
                backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kNotRunnable);
  EXPECT_EQ(outcome.reason, "setup statement: execution not built");
}

TEST(ScenarioRunnerTest, ControlQueriesProceduresNamedGraphsAndTags) {
  ScriptedBackend backend;
  backend.results["CREATE ()"] = rowsResult({}, {}, TckSideEffects{1});
  backend.results["MATCH (n) RETURN count(n) AS c"] = rowsResult({"c"}, {{"1"}});
  const std::string steps = R"(
    Given the binary-tree-1 graph
    And there exists a procedure test.labels() :: (label :: STRING?):
      | label |
      | 'A'   |
    When executing query:
      """
      CREATE ()
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes | 1 |
    When executing control query:
      """
      MATCH (n) RETURN count(n) AS c
      """
    Then the result should be, in order:
      | c |
      | 1 |
)";
  // The named graph's script is a statement like any other: not runnable without it.
  ScenarioOutcome outcome = run(steps, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kNotRunnable);
  EXPECT_EQ(outcome.reason, "setup of graph binary-tree-1: execution not built");

  std::ifstream script(std::string(CAIRN_CONFORMANCE_DIR) +
                       "/opencypher-tck/graphs/binary-tree-1/binary-tree-1.cypher");
  std::stringstream text;
  text << script.rdbuf();
  ASSERT_FALSE(text.str().empty());
  backend.results[text.str()] = rowsResult({}, {});
  outcome = run(steps, backend);
  EXPECT_EQ(outcome.status, ScenarioStatus::kPassed) << outcome.reason << outcome.details;
  EXPECT_EQ(backend.procedures, std::vector<std::string>{"test.labels"});

  // The control query's result is what the following expectation checks.
  backend.results["MATCH (n) RETURN count(n) AS c"] = rowsResult({"c"}, {{"2"}});
  EXPECT_EQ(run(steps, backend).reason, "result differs (line 19)");

  Scenario ignored = scenarioOf(kExpectSyntaxError);
  ignored.tags.push_back("@ignore");
  outcome = runScenario(ignored, backend, {});
  EXPECT_EQ(outcome.status, ScenarioStatus::kNotRunnable);
  EXPECT_EQ(outcome.reason, "tagged @ignore upstream");
}

TEST(ScenarioRunnerTest, SideEffectTables) {
  const Scenario scenario = scenarioOf(R"(
    When executing query:
      """
      X
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes         | 1 |
      | -nodes         | 2 |
      | +relationships | 3 |
      | -relationships | 4 |
      | +labels        | 5 |
      | -labels        | 6 |
      | +properties    | 7 |
      | -properties    | 8 |
)");
  const TckSideEffects effects = expectedSideEffects(scenario.steps[2]);
  EXPECT_EQ(effects, (TckSideEffects{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(formatSideEffects(effects),
            "+nodes 1, -nodes 2, +relationships 3, -relationships 4, +labels 5, -labels 6, "
            "+properties 7, -properties 8");
  Step bad = scenario.steps[2];
  bad.table = {{"+edges", "1"}};
  EXPECT_THROW(expectedSideEffects(bad), std::invalid_argument);
  bad.table = {{"+nodes", "one"}};
  EXPECT_THROW(expectedSideEffects(bad), std::invalid_argument);
}

}  // namespace
}  // namespace cairn::tck
