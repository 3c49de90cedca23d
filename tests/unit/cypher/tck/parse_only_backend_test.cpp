// The parse-only TCK backend (tests/support/tck/parse_only_backend.h) over the real parser and
// semantic pass, and the runner with it on real TCK scenarios.

#include "tests/support/tck/parse_only_backend.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/support/tck/feature_reader.h"
#include "tests/support/tck/scenario_runner.h"

namespace cairn::tck {
namespace {

TEST(ParseOnlyBackendTest, ARejectedStatementIsItsOwnOutcome) {
  ParseOnlyBackend backend;
  const std::string bad = "MATCH (a RETURN a";
  EXPECT_TRUE(backend.canExecute(bad));
  const TckResult result = backend.execute(bad, {});
  ASSERT_TRUE(result.error);
  EXPECT_EQ(result.error->errorClass, "SyntaxError");
  EXPECT_TRUE(result.error->atCompileTime);
  EXPECT_EQ(result.error->message.rfind("1:", 0), 0u) << result.error->message;
  ASSERT_TRUE(result.sideEffects);
  EXPECT_EQ(*result.sideEffects, TckSideEffects{});
  EXPECT_TRUE(backend.compile(bad).has_value());
}

TEST(ParseOnlyBackendTest, AStatementThatParsesNeedsAnEngine) {
  ParseOnlyBackend backend;
  const std::string good = "MATCH (n:Person {name: 'x'})-[:KNOWS]->(m) RETURN m.name AS name";
  EXPECT_FALSE(backend.canExecute(good));
  EXPECT_EQ(backend.cannotExecuteReason(good), "execution not built");
  EXPECT_FALSE(backend.compile(good).has_value());
  EXPECT_THROW(backend.execute(good, {}), std::logic_error);
  EXPECT_TRUE(backend.compileDetects("SyntaxError"));
  EXPECT_FALSE(backend.compileDetects("SemanticError"));
  EXPECT_FALSE(backend.compileDetects("Error"));
}

TEST(ParseOnlyBackendTest, MapsCoreErrorsToTckClasses) {
  const TckError error = tckErrorFromCoreError(
      core::Error(core::ErrorCode::kConstraintViolation, "DeleteConnectedNode", "cannot", 2, 7),
      false);
  EXPECT_EQ(error.errorClass, "ConstraintValidationFailed");
  EXPECT_EQ(error.detail, "DeleteConnectedNode");
  EXPECT_FALSE(error.atCompileTime);
  EXPECT_EQ(error.message, "2:7: cannot");
  EXPECT_EQ(tckErrorFromCoreError(core::Error(core::ErrorCode::kTypeError, "x"), true).errorClass,
            "TypeError");
}

const Scenario& findScenario(const Feature& feature, int index) {
  for (const Scenario& scenario : feature.scenarios) {
    if (scenario.index == index) return scenario;
  }
  throw std::out_of_range("no scenario [" + std::to_string(index) + "]");
}

TEST(ParseOnlyBackendTest, RunsRealScenarios) {
  const std::string tck = std::string(CAIRN_CONFORMANCE_DIR) + "/opencypher-tck";
  ParseOnlyBackend backend;
  const ScenarioRunnerOptions options{tck};

  // Literals2 [9]: RETURN 9223372036854775808 AS literal -> SyntaxError IntegerOverflow.
  const Feature literals =
      readFeatureFile(tck + "/features/expressions/literals/Literals2.feature");
  ScenarioOutcome outcome = runScenario(findScenario(literals, 9), backend, options);
  EXPECT_EQ(outcome.status, ScenarioStatus::kPassed) << outcome.reason;
  EXPECT_TRUE(outcome.expectedError);

  // Return1 [2]: MATCH () RETURN foo -> SyntaxError UndefinedVariable, from the semantic pass.
  const Feature return1 = readFeatureFile(tck + "/features/clauses/return/Return1.feature");
  outcome = runScenario(findScenario(return1, 2), backend, options);
  EXPECT_EQ(outcome.status, ScenarioStatus::kPassed) << outcome.reason;
  EXPECT_TRUE(outcome.errorDetailMatched);

  // Literals2 [1] returns a row: the query parses and needs the engine.
  outcome = runScenario(findScenario(literals, 1), backend, options);
  EXPECT_EQ(outcome.status, ScenarioStatus::kNotRunnable);
  EXPECT_EQ(outcome.reason, "query: execution not built");

  // Match1 [2] has a setup statement.
  const Feature match = readFeatureFile(tck + "/features/clauses/match/Match1.feature");
  outcome = runScenario(findScenario(match, 2), backend, options);
  EXPECT_EQ(outcome.status, ScenarioStatus::kNotRunnable);
  EXPECT_EQ(outcome.reason, "setup statement: execution not built");
}

}  // namespace
}  // namespace cairn::tck
