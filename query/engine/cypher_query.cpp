#include "query/engine/cypher_query.h"

#include <chrono>
#include <functional>

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

void setUpCypher(CypherContext& c, const index::Ledger& ledger, const CypherQuery& query,
                 const std::function<void(ExecContext&)>& dataset) {
  c.ctx = std::make_unique<ExecContext>(ledger, c.options, std::string());
  dataset(*c.ctx);
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

// Cypher reads the default graph only; relationship properties live in a named graph the graph
// access reads directly.
void cypherDataset(ExecContext& ctx) { ctx.setDataset(GraphScope{{core::kNoNode}}, {}); }

PreparedPlan prepareCypherPlan(const index::Ledger& ledger, const CypherQuery& query,
                               const QueryOptions& options) {
  CypherContext c;
  c.options = options;
  setUpCypher(c, ledger, query, cypherDataset);
  AlgebraPtr pattern = query.pattern ? query.pattern : std::make_shared<TableNode>();
  pattern = optimizer::optimize(std::move(pattern), options);
  return preparePlan(*c.planner, *c.ctx, std::move(pattern), options);
}

}  // namespace

QueryReport executeCypherQuery(const index::Ledger& ledger, const CypherQuery& query,
                               const QueryOptions& options, ValueSink& sink) {
  const auto start = std::chrono::steady_clock::now();
  const PreparedPlan prepared = prepareCypherPlan(ledger, query, options);
  CypherContext p;
  p.options = runOptions(prepared.options, options);
  setUpCypher(p, ledger, query, [&](ExecContext& ctx) { startRun(prepared, ctx); });
  OperatorPtr root = makeRunOperators(prepared, *p.planner, *p.ctx);
  CypherRuntime& runtime = *p.ctx->cypher();
  sink.begin(query.columns, runtime.graph());
  std::vector<int> columns;
  for (const auto& c : query.columns) columns.push_back(root->column(c));
  std::vector<value::Value> values(columns.size());
  QueryReport report;
  Batch batch;
  while (root->next(batch)) {
    for (size_t r = 0; r < batch.rows; ++r) {
      for (size_t i = 0; i < columns.size(); ++i) {
        values[i] = columns[i] < 0 ? value::Value() : runtime.toValue(batch.columns[columns[i]][r]);
      }
      sink.row(values);
      ++report.resultRows;
    }
  }
  sink.end();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.peakMemoryBytes = p.ctx->peakBytes();
  if (options.reportPlan || options.analyze) report.plan = root->planInfo();
  return report;
}

PlanInfo explainCypherQuery(const index::Ledger& ledger, const CypherQuery& query,
                            const QueryOptions& options) {
  QueryOptions planOnly = options;
  planOnly.analyze = false;
  planOnly.reportPlan = true;
  return prepareCypherPlan(ledger, query, planOnly).describe();
}

}  // namespace cairn::query
