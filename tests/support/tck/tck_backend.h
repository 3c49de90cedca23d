#pragma once
// What the TCK scenario runner (scenario_runner.h) drives: a Cypher engine behind one graph that
// is reset for every scenario. A backend runs statements and reports their outcome in the TCK's
// terms (error class and detail, columns and rows of TckValues, side-effect counts); the runner
// decides what the scenario expected. Backends are used by one thread.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tests/support/tck/procedure_spec.h"
#include "tests/support/tck/tck_value.h"

namespace cairn::tck {

struct TckError {
  std::string errorClass;  // openCypher's class: "SyntaxError", "TypeError", ...
  std::string detail;      // the TCK's name: "InvalidRelationshipPattern", ...; may be empty
  bool atCompileTime = false;
  std::string message;  // for people reading a failure
};

// What a statement changed, as the TCK counts it (opencypher-tck/README.adoc, "Side effects").
struct TckSideEffects {
  int64_t nodesCreated = 0, nodesDeleted = 0;
  int64_t relationshipsCreated = 0, relationshipsDeleted = 0;
  int64_t labelsAdded = 0, labelsRemoved = 0;
  int64_t propertiesSet = 0, propertiesRemoved = 0;

  bool operator==(const TckSideEffects&) const = default;
};

struct TckResult {
  std::optional<TckError> error;  // set: the statement failed, columns and rows are empty
  std::vector<std::string> columns;
  std::vector<std::vector<TckValue>> rows;
  // Unset when the backend does not count side effects; the runner then does not check them.
  std::optional<TckSideEffects> sideEffects;
};

using TckParameters = std::map<std::string, TckValue>;

class TckBackend {
 public:
  virtual ~TckBackend() = default;

  // Drops the graph and the registered procedures: every scenario starts here.
  virtual void resetToEmptyGraph() = 0;
  // Registers a test procedure (the scenario's "there exists a procedure" step) until the next
  // reset.
  virtual void defineProcedure(const ProcedureSpec& spec) = 0;
  // Runs one statement against the current graph. Only called when canExecute(query) is true.
  virtual TckResult execute(const std::string& query, const TckParameters& parameters) = 0;
  // Whether this backend can produce the complete outcome of this statement (its result or its
  // error, and its effect on the graph); a scenario with a statement it cannot run is counted
  // "not runnable", not failed.
  virtual bool canExecute(const std::string& query) const = 0;
  // Why canExecute(query) is false, in a few words that group well in a summary ("execution not
  // built").
  virtual std::string cannotExecuteReason(const std::string& query) const = 0;
  // The compile-time outcome alone (parsing, semantic checks), without touching the graph: the
  // error the statement raises at compile time, or nullopt when it compiles. Used for scenarios
  // that expect a compile-time error of a class compileDetects() vouches for, when canExecute()
  // is false (a parser alone decides "SyntaxError" scenarios without an engine).
  virtual std::optional<TckError> compile(const std::string& query) = 0;
  // Whether compile() reports every compile-time error of `errorClass` ("SyntaxError", ...), so
  // that a statement it accepts is a failure of a scenario expecting that class.
  virtual bool compileDetects(const std::string& errorClass) const = 0;
  // One line on what the backend is, printed by the runner.
  virtual std::string describe() const = 0;
};

}  // namespace cairn::tck
