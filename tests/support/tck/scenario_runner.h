#pragma once
// Runs one TCK scenario against a TckBackend: resets the graph, builds the named start graph,
// runs the setup statements, registers procedures and parameters, runs the query under test and
// any control query, and checks each expectation in step order. The outcome is passed, failed
// (with the reason and details) or not runnable (the backend cannot run a statement the
// scenario needs; with the reason).
//
// Checks, as the TCK defines them: results by compareResult; "the result should be empty" as no
// rows; an expected error by its class ("Error" accepts any class), with the phase and the
// detail recorded but not required (backends name details as they mature); side effects only
// when the backend counts them, and a failed statement must have none.

#include <string>

#include "tests/support/tck/feature_reader.h"
#include "tests/support/tck/tck_backend.h"

namespace cairn::tck {

enum class ScenarioStatus { kPassed, kFailed, kNotRunnable };

struct ScenarioOutcome {
  ScenarioStatus status = ScenarioStatus::kFailed;
  // One line: why it failed or could not run; empty when it passed.
  std::string reason;
  // More lines for a failure (a result diff, the statement); may be empty.
  std::string details;
  // For scenarios that expect an error and passed: whether the detail ("UndefinedVariable") and
  // the phase matched too.
  bool expectedError = false;
  bool errorDetailMatched = false;
  bool errorPhaseMatched = false;
};

struct ScenarioRunnerOptions {
  // The TCK folder holding graphs/<name>/<name>.cypher for "Given the <name> graph".
  std::string tckRoot;
};

// Never throws for a malformed table or a backend's exception: those are failures.
ScenarioOutcome runScenario(const Scenario& scenario, TckBackend& backend,
                            const ScenarioRunnerOptions& options);

// The side effects a step states ("no side effects" is all zero). Throws std::invalid_argument
// for an unknown key or a malformed count.
TckSideEffects expectedSideEffects(const Step& step);

std::string formatSideEffects(const TckSideEffects& effects);

}  // namespace cairn::tck
