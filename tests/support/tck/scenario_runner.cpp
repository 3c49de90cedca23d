#include "tests/support/tck/scenario_runner.h"

#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "tests/support/tck/procedure_spec.h"
#include "tests/support/tck/result_compare.h"

namespace cairn::tck {

namespace {

ScenarioOutcome passedOutcome() { return {ScenarioStatus::kPassed, {}, {}}; }

ScenarioOutcome failedOutcome(std::string reason, std::string details = {}) {
  return {ScenarioStatus::kFailed, std::move(reason), std::move(details)};
}

ScenarioOutcome notRunnableOutcome(std::string reason) {
  return {ScenarioStatus::kNotRunnable, std::move(reason), {}};
}

std::string firstLine(const std::string& text) {
  const size_t end = text.find('\n');
  return end == std::string::npos ? text : text.substr(0, end) + " ...";
}

std::string describeError(const TckError& error) {
  std::string out = error.errorClass;
  if (!error.detail.empty()) out += " (" + error.detail + ")";
  out += error.atCompileTime ? " at compile time" : " at runtime";
  if (!error.message.empty()) out += ": " + firstLine(error.message);
  return out;
}

std::string indent(const std::string& text) {
  std::string out = "  ";
  for (const char c : text) {
    out += c;
    if (c == '\n') out += "  ";
  }
  return out + "\n";
}

std::string readGraphScript(const std::string& tckRoot, const std::string& name) {
  const std::string path = tckRoot + "/graphs/" + name + "/" + name + ".cypher";
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open the named graph " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A statement the scenario runs, in step order.
struct Statement {
  size_t stepIndex = 0;
  std::string text;
  std::string role;  // for messages: "setup statement", "query", ...
};

class ScenarioExecution {
 public:
  ScenarioExecution(const Scenario& scenario, TckBackend& backend,
                    const ScenarioRunnerOptions& options)
      : scenario_(scenario), backend_(backend), options_(options) {}

  ScenarioOutcome run();

 private:
  // Decides, before anything runs, whether every statement can run; the query under test may
  // instead be compiled only when it is the last statement and a compile-time error of a class
  // the backend vouches for is expected.
  std::optional<ScenarioOutcome> planStatements();
  std::optional<ScenarioOutcome> checkStep(const Step& step);
  std::optional<ScenarioOutcome> checkError(const Step& step);

  const Scenario& scenario_;
  TckBackend& backend_;
  const ScenarioRunnerOptions& options_;
  std::vector<Statement> statements_;
  bool compileOnly_ = false;
  TckParameters parameters_;
  std::optional<TckResult> lastResult_;   // of the latest query or control query
  std::optional<TckResult> queryResult_;  // of the query under test (side effects)
  std::string lastStatement_;
  ScenarioOutcome outcome_ = passedOutcome();
};

std::optional<ScenarioOutcome> ScenarioExecution::planStatements() {
  const std::vector<Step>& steps = scenario_.steps;
  for (size_t i = 0; i < steps.size(); ++i) {
    const Step& step = steps[i];
    switch (step.kind) {
      case StepKind::kNamedGraph:
        statements_.push_back({i, readGraphScript(options_.tckRoot, step.graphName),
                               "setup of graph " + step.graphName});
        break;
      case StepKind::kHavingExecuted:
        statements_.push_back({i, step.docString, "setup statement"});
        break;
      case StepKind::kExecuteQuery:
        statements_.push_back({i, step.docString, "query"});
        break;
      case StepKind::kExecuteControlQuery:
        statements_.push_back({i, step.docString, "control query"});
        break;
      default:
        break;
    }
  }
  for (size_t s = 0; s < statements_.size(); ++s) {
    const Statement& statement = statements_[s];
    if (backend_.canExecute(statement.text)) continue;
    const bool last = s + 1 == statements_.size();
    if (statement.role == "query" && last) {
      for (size_t i = statement.stepIndex + 1; i < scenario_.steps.size(); ++i) {
        const Step& step = scenario_.steps[i];
        if (step.kind == StepKind::kExpectError && step.errorPhase == ErrorPhase::kCompileTime &&
            backend_.compileDetects(step.errorClass)) {
          compileOnly_ = true;
        }
      }
      if (compileOnly_) continue;
    }
    return notRunnableOutcome(statement.role + ": " + backend_.cannotExecuteReason(statement.text));
  }
  return std::nullopt;
}

ScenarioOutcome ScenarioExecution::run() {
  if (scenario_.hasTag("@ignore")) return notRunnableOutcome("tagged @ignore upstream");
  if (auto notRunnable = planStatements()) return *notRunnable;
  backend_.resetToEmptyGraph();
  for (const Step& step : scenario_.steps) {
    if (auto failure = checkStep(step)) return *failure;
  }
  // "A failing query has no side effects" (README.adoc), whatever the steps state.
  if (queryResult_ && queryResult_->error && queryResult_->sideEffects &&
      *queryResult_->sideEffects != TckSideEffects{}) {
    return failedOutcome("the failed query had side effects: " +
                         formatSideEffects(*queryResult_->sideEffects));
  }
  return outcome_;
}

std::optional<ScenarioOutcome> ScenarioExecution::checkStep(const Step& step) {
  const std::string at = " (line " + std::to_string(step.line) + ")";
  switch (step.kind) {
    case StepKind::kEmptyGraph:
    case StepKind::kAnyGraph:
      return std::nullopt;
    case StepKind::kNamedGraph:
    case StepKind::kHavingExecuted: {
      const std::string text = step.kind == StepKind::kNamedGraph
                                   ? readGraphScript(options_.tckRoot, step.graphName)
                                   : step.docString;
      const TckResult result = backend_.execute(text, {});
      if (result.error) {
        return failedOutcome("setup failed" + at + ": " + describeError(*result.error),
                             indent(text));
      }
      return std::nullopt;
    }
    case StepKind::kParameters:
      for (const auto& row : step.table) {
        if (row.size() != 2) throw std::invalid_argument("parameter row without two cells" + at);
        parameters_[row[0]] = parseTckValue(row[1]);
      }
      return std::nullopt;
    case StepKind::kProcedure:
      backend_.defineProcedure(procedureFromStep(step));
      return std::nullopt;
    case StepKind::kExecuteQuery:
    case StepKind::kExecuteControlQuery: {
      lastStatement_ = step.docString;
      TckResult result;
      if (compileOnly_ && step.kind == StepKind::kExecuteQuery) {
        result.error = backend_.compile(step.docString);
      } else {
        result = backend_.execute(step.docString, parameters_);
      }
      lastResult_ = result;
      if (step.kind == StepKind::kExecuteQuery) queryResult_ = std::move(result);
      return std::nullopt;
    }
    case StepKind::kExpectResult:
    case StepKind::kExpectEmptyResult: {
      if (!lastResult_) throw std::invalid_argument("expectation before a query" + at);
      if (lastResult_->error) {
        return failedOutcome("expected a result, got " + describeError(*lastResult_->error),
                             indent(lastStatement_));
      }
      ExpectedTable expected;
      ResultCompareOptions compareOptions;
      if (step.kind == StepKind::kExpectResult) {
        expected = expectedTableFromStep(step.table);
        compareOptions = {step.inOrder, step.ignoreListOrder};
      } else {
        // "empty" states no rows; the columns are whatever the query declares.
        expected.columns = lastResult_->columns;
      }
      const ResultComparison comparison =
          compareResult(expected, lastResult_->columns, lastResult_->rows, compareOptions);
      if (!comparison.matched) {
        return failedOutcome("result differs" + at, comparison.diff + indent(lastStatement_));
      }
      return std::nullopt;
    }
    case StepKind::kExpectError:
      return checkError(step);
    case StepKind::kExpectSideEffects:
    case StepKind::kExpectNoSideEffects: {
      if (!queryResult_) throw std::invalid_argument("side effects before a query" + at);
      const TckSideEffects expected = expectedSideEffects(step);
      if (queryResult_->sideEffects && *queryResult_->sideEffects != expected) {
        return failedOutcome("side effects differ" + at + ": expected " +
                                 formatSideEffects(expected) + ", got " +
                                 formatSideEffects(*queryResult_->sideEffects),
                             indent(lastStatement_));
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<ScenarioOutcome> ScenarioExecution::checkError(const Step& step) {
  if (!lastResult_) throw std::invalid_argument("error expectation before a query");
  const std::string expected = step.errorClass + " (" + step.errorDetail + ")";
  if (!lastResult_->error) {
    std::string details = indent(lastStatement_);
    if (!compileOnly_) {
      details += "  returned " + std::to_string(lastResult_->rows.size()) + " rows\n";
    }
    return failedOutcome(std::string(compileOnly_ ? "compiled without error" : "no error") +
                             ", expected " + expected,
                         details);
  }
  const TckError& actual = *lastResult_->error;
  if (step.errorClass != "Error" && actual.errorClass != step.errorClass) {
    return failedOutcome("expected " + expected + ", got " + describeError(actual),
                         indent(lastStatement_));
  }
  outcome_.expectedError = true;
  // "*" is the TCK's "any detail" (List1 [5]).
  outcome_.errorDetailMatched = step.errorDetail == "*" || actual.detail == step.errorDetail;
  outcome_.errorPhaseMatched =
      step.errorPhase == ErrorPhase::kAnyTime ||
      actual.atCompileTime == (step.errorPhase == ErrorPhase::kCompileTime);
  return std::nullopt;
}

}  // namespace

TckSideEffects expectedSideEffects(const Step& step) {
  TckSideEffects effects;
  if (step.kind == StepKind::kExpectNoSideEffects) return effects;
  for (const auto& row : step.table) {
    if (row.size() != 2) throw std::invalid_argument("side effect row without two cells");
    size_t used = 0;
    const long long count = std::stoll(row[1], &used);
    if (used != row[1].size() || count < 0) {
      throw std::invalid_argument("malformed side effect count " + row[1]);
    }
    const std::string& key = row[0];
    int64_t* slot = key == "+nodes"           ? &effects.nodesCreated
                    : key == "-nodes"         ? &effects.nodesDeleted
                    : key == "+relationships" ? &effects.relationshipsCreated
                    : key == "-relationships" ? &effects.relationshipsDeleted
                    : key == "+labels"        ? &effects.labelsAdded
                    : key == "-labels"        ? &effects.labelsRemoved
                    : key == "+properties"    ? &effects.propertiesSet
                    : key == "-properties"    ? &effects.propertiesRemoved
                                              : nullptr;
    if (slot == nullptr) throw std::invalid_argument("unknown side effect " + key);
    *slot = count;
  }
  return effects;
}

std::string formatSideEffects(const TckSideEffects& effects) {
  const std::pair<const char*, int64_t> counts[] = {
      {"+nodes", effects.nodesCreated},
      {"-nodes", effects.nodesDeleted},
      {"+relationships", effects.relationshipsCreated},
      {"-relationships", effects.relationshipsDeleted},
      {"+labels", effects.labelsAdded},
      {"-labels", effects.labelsRemoved},
      {"+properties", effects.propertiesSet},
      {"-properties", effects.propertiesRemoved},
  };
  std::string out;
  for (const auto& [name, count] : counts) {
    if (count == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::string(name) + " " + std::to_string(count);
  }
  return out.empty() ? "none" : out;
}

ScenarioOutcome runScenario(const Scenario& scenario, TckBackend& backend,
                            const ScenarioRunnerOptions& options) {
  try {
    return ScenarioExecution(scenario, backend, options).run();
  } catch (const std::exception& e) {
    return failedOutcome(std::string("runner error: ") + e.what());
  }
}

}  // namespace cairn::tck
