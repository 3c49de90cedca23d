#include "query/engine/cypher_query.h"

#include <chrono>

#include "query/engine/prepared_plan.h"
#include "query/exec/cypher_runtime.h"
#include "query/exec/exec_context.h"
#include "query/exec/values.h"
#include "query/optimizer/optimizer.h"
#include "query/plan/pattern_runner.h"
#include "query/plan/planner.h"
#include "query/value/procedures.h"

namespace cairn::query {

namespace {

// One context for a Cypher query (planning or a run): its runtime, pattern runner and
// procedures, and a planner that reads the statement's input rows where the placeholder stands.
struct CypherContext {
  QueryOptions options;
  std::unique_ptr<ExecContext> ctx;
  std::unique_ptr<plan::Planner> planner;
  // Before the operators: they evaluate patterns through it, and it goes before the context.
  std::unique_ptr<plan::CypherPatternRunner> patterns;
};

// `kept`: the plan the context runs, whose terms it starts from (null: it plans itself).
void setUpCypher(CypherContext& c, const index::Ledger& ledger, const CypherQuery& query,
                 const PreparedPlan* kept = nullptr) {
  c.ctx = std::make_unique<ExecContext>(ledger, c.options, std::string());
  if (kept != nullptr) {
    startRun(*kept, *c.ctx);
  } else {
    // Cypher reads the default graph only; relationship properties live in a named graph the
    // graph access reads directly.
    c.ctx->setDataset(GraphScope{{core::kNoNode}}, {});
  }
  c.ctx->enableCypher(query.parameters);
  c.planner = std::make_unique<plan::Planner>(*c.ctx);
  c.patterns = std::make_unique<plan::CypherPatternRunner>(*c.ctx, c.ctx->defaultScope());
  c.ctx->cypher()->setPatternRunner(c.patterns.get());
  c.ctx->cypher()->eval().procedures =
      c.options.procedures ? c.options.procedures : &value::builtInProcedures();
  if (query.deleted != nullptr && !query.deleted->empty()) {
    c.ctx->cypher()->guardDeleted(*query.deleted);
  }
  if (query.input != nullptr) {
    // The input rows stand where the placeholder is; any other ValuesNode plans as usual. They
    // are this run's, so a plan reading them is not kept (it has no draft there).
    ExecContext& ctx = *c.ctx;
    const CypherInput& input = *query.input;
    c.planner->setOuterRowSource([&ctx, &input](const ValuesNode& node) -> OperatorPtr {
      if (&node != input.placeholder.get()) return nullptr;
      CypherRuntime& runtime = *ctx.cypher();
      std::vector<ValueRow> rows;
      rows.reserve(input.rows.size());
      for (const auto& row : input.rows) {
        ValueRow ids(node.variables.size());
        for (size_t i = 0; i < ids.size() && i < row.size(); ++i) ids[i] = runtime.toId(row[i]);
        rows.push_back(std::move(ids));
      }
      return std::make_unique<Values>(ctx, node.variables, std::move(rows), "Input");
    });
  }
}

PreparedPlan prepareCypherPlan(const index::Ledger& ledger, const CypherQuery& query,
                               const QueryOptions& options) {
  CypherContext c;
  c.options = options;
  setUpCypher(c, ledger, query);
  AlgebraPtr pattern = query.pattern ? query.pattern : std::make_shared<TableNode>();
  pattern = optimizer::optimize(std::move(pattern), options);
  return preparePlan(*c.planner, *c.ctx, std::move(pattern), options);
}

}  // namespace

namespace {

QueryReport runToSink(CypherContext& p, Operator& root, const std::vector<std::string>& columns,
                      const QueryOptions& options, ValueSink& sink,
                      std::chrono::steady_clock::time_point start) {
  CypherRuntime& runtime = *p.ctx->cypher();
  sink.begin(columns, runtime.graph());
  std::vector<int> at;
  for (const auto& c : columns) at.push_back(root.column(c));
  std::vector<value::Value> values(at.size());
  QueryReport report;
  Batch batch;
  while (root.next(batch)) {
    for (size_t r = 0; r < batch.rows; ++r) {
      for (size_t i = 0; i < at.size(); ++i) {
        values[i] = at[i] < 0 ? value::Value() : runtime.toValue(batch.columns[at[i]][r]);
      }
      sink.row(values);
      ++report.resultRows;
    }
  }
  sink.end();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.peakMemoryBytes = p.ctx->peakBytes();
  if (options.reportPlan || options.analyze) report.plan = root.planInfo();
  return report;
}

}  // namespace

QueryReport executeCypherQuery(const index::Ledger& ledger, const CypherQuery& query,
                               const QueryOptions& options, ValueSink& sink,
                               std::shared_ptr<const PreparedCypherQuery>* keep) {
  const auto start = std::chrono::steady_clock::now();
  CypherContext p;
  p.options = options;
  setUpCypher(p, ledger, query);
  AlgebraPtr pattern = query.pattern ? query.pattern : std::make_shared<TableNode>();
  pattern = optimizer::optimize(std::move(pattern), options);
  std::shared_ptr<PreparedCypherQuery> kept;
  if (keep != nullptr) {
    kept = std::make_shared<PreparedCypherQuery>();
    kept->columns = query.columns;
  }
  OperatorPtr root = planOperators(*p.planner, *p.ctx, std::move(pattern), options,
                                   kept != nullptr ? &kept->plan : nullptr);
  QueryReport report = runToSink(p, *root, query.columns, options, sink, start);
  // A plan some part of which cannot be made again (the statement's input rows) is not kept.
  if (keep != nullptr) *keep = kept != nullptr && kept->plan.root != nullptr ? kept : nullptr;
  return report;
}

QueryReport executePreparedCypher(const index::Ledger& ledger, const PreparedCypherQuery& prepared,
                                  const value::Parameters& parameters, const QueryOptions& options,
                                  ValueSink& sink) {
  const auto start = std::chrono::steady_clock::now();
  CypherQuery query;
  query.columns = prepared.columns;
  query.parameters = parameters;
  CypherContext p;
  p.options = runOptions(prepared.plan.options, options);
  setUpCypher(p, ledger, query, &prepared.plan);
  OperatorPtr root = makeRunOperators(prepared.plan, *p.planner, *p.ctx);
  return runToSink(p, *root, prepared.columns, p.options, sink, start);
}

PlanInfo explainCypherQuery(const index::Ledger& ledger, const CypherQuery& query,
                            const QueryOptions& options) {
  QueryOptions planOnly = options;
  planOnly.analyze = false;
  planOnly.reportPlan = true;
  return prepareCypherPlan(ledger, query, planOnly).describe();
}

}  // namespace cairn::query
