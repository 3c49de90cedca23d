#pragma once
// CypherPatternRunner: the engine's runner of the graph patterns inside Cypher expressions —
// pattern predicates and EXISTS (ExprKind::kExists / kNotExists) and pattern comprehensions —
// for value::ValueProgram (value::PatternRunner in query/value/value_program.h).
//
// A pattern's algebra, as cypher/translate builds it, reads the variables it shares with the
// expression's scope from its outer row: a ValuesNode binding them (docs/cypher.md "Patterns in
// expressions"). The runner plans a pattern once, on first use, with each such ValuesNode as an
// OuterRow operator (query/exec/outer_row.h), and keeps the plan for the query. An evaluation
// puts the outer values, given by name, into the OuterRows, rewinds the plan and pulls it —
// exists() only to its first row. A pattern that starts from an outer node is thus planned once
// and costs one index seek per evaluation, not a scan of all nodes. A plan with an operator that
// cannot rewind (a join with a part not connected to the outer row, grouping in an EXISTS
// subquery) is planned again for each evaluation, from the same algebra.
//
// The operators check the query's deadline and cancellation as they run; matches() charges the
// values it collects to the memory budget until it hands them over. Evaluations nest (a
// pattern's WHERE holding another pattern); a plan busy in an outer evaluation is not reused by
// an inner one. Patterns are known by address: their algebra must outlive the runner unchanged
// (the query's Exprs hold it). Single-threaded, one per query execution, like ExecContext.

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "query/algebra/algebra.h"
#include "query/exec/exec_context.h"
#include "query/value/value_program.h"

namespace cairn::query::plan {

class CypherPatternRunner final : public value::PatternRunner {
 public:
  // `ctx` must have Cypher enabled; patterns read the graphs of `scope`.
  CypherPatternRunner(ExecContext& ctx, GraphScope scope);
  ~CypherPatternRunner() override;
  CypherPatternRunner(const CypherPatternRunner&) = delete;
  CypherPatternRunner& operator=(const CypherPatternRunner&) = delete;

  bool exists(const Algebra& pattern, const Bindings& outer) override;
  std::vector<std::vector<value::Value>> matches(
      const Algebra& pattern, const Bindings& outer,
      const std::vector<std::string>& variables) override;

  // How many times a pattern was planned (for tests: once per pattern when its plan rewinds).
  size_t plansMade() const { return plansMade_; }

 private:
  struct Plan;
  class Run;

  std::unique_ptr<Plan> makePlan(const Algebra& pattern, const Bindings& outer);

  ExecContext& ctx_;
  GraphScope scope_;
  // Per pattern: its plan, or null when the plan cannot rewind (planned per evaluation).
  std::unordered_map<const Algebra*, std::unique_ptr<Plan>> plans_;
  size_t plansMade_ = 0;
};

}  // namespace cairn::query::plan
