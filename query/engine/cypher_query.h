#pragma once
// Running a Cypher query's algebra (cypher/translate) on one ledger snapshot: the same planner
// and operators as SPARQL, under a CypherRuntime (query/exec/cypher_runtime.h), so filters,
// extensions, grouping and sorting follow openCypher's semantics and rows come out as Values.

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "index/ledger/ledger.h"
#include "query/algebra/algebra.h"
#include "query/engine/prepared_plan.h"
#include "query/engine/query_engine.h"
#include "query/graph/deleted_entity_guard.h"
#include "query/value/graph_access.h"
#include "query/value/value_program.h"

namespace cairn::query {

// Where a Cypher answer goes: the columns once, then each row, then end(). Values in a row stay
// valid after the call (they are values, not references into the engine); node and relationship
// values are read through `graph`, valid until end() returns.
class ValueSink {
 public:
  virtual ~ValueSink() = default;
  virtual void begin(const std::vector<std::string>& columns, const value::GraphAccess& graph) = 0;
  virtual void row(std::span<const value::Value> values) = 0;
  virtual void end() = 0;
};

// The rows a query continues from: the clauses of a statement after an updating clause read
// the rows it left (cypher/statement/statement_pipeline.h). `placeholder` is the ValuesNode of
// the query's pattern that stands for them; each row holds one value per placeholder variable.
struct CypherInput {
  std::shared_ptr<const ValuesNode> placeholder;
  std::vector<std::vector<value::Value>> rows;
};

struct CypherQuery {
  AlgebraPtr pattern;
  std::vector<std::string> columns;
  value::Parameters parameters;
  const CypherInput* input = nullptr;  // not owned; null: the query starts from one empty row
  // Entities the statement deleted before this query (not owned; null: none): reading their
  // labels or properties raises EntityNotFound.
  const graph::DeletedEntities* deleted = nullptr;
};

// A Cypher query planned once on one snapshot, to run again there with other parameters
// (executePreparedCypher): its plan reads them per run. Immutable.
struct PreparedCypherQuery {
  std::vector<std::string> columns;
  PreparedPlan plan;
};

// Throws core::Error as executeQuery does, plus openCypher's runtime errors (kTypeError,
// kArgumentError, ...) from expressions. With `keep`, `*keep` also receives the plan, frozen,
// once the run completes; it is null when the plan cannot be kept (the query's input rows).
QueryReport executeCypherQuery(const index::Ledger& ledger, const CypherQuery& query,
                               const QueryOptions& options, ValueSink& sink,
                               std::shared_ptr<const PreparedCypherQuery>* keep = nullptr);

// Runs `prepared` on `ledger`, the snapshot it was planned on (a CAIRN_CHECK), with
// `parameters` and `options`' limits, analysis and reporting.
QueryReport executePreparedCypher(const index::Ledger& ledger, const PreparedCypherQuery& prepared,
                                  const value::Parameters& parameters, const QueryOptions& options,
                                  ValueSink& sink);

PlanInfo explainCypherQuery(const index::Ledger& ledger, const CypherQuery& query,
                            const QueryOptions& options);

}  // namespace cairn::query
