#include "query/engine/cypher_query.h"

#include <chrono>

#include "query/exec/cypher_runtime.h"
#include "query/exec/exec_context.h"
#include "query/exec/values.h"
#include "query/optimizer/optimizer.h"
#include "query/plan/pattern_runner.h"
#include "query/plan/planner.h"
#include "query/value/procedures.h"

namespace cairn::query {

namespace {

struct PreparedCypher {
  std::unique_ptr<ExecContext> ctx;
  std::unique_ptr<plan::Planner> planner;
  // Before root: operators evaluate patterns through it, and it goes before the context.
  std::unique_ptr<plan::CypherPatternRunner> patterns;
  OperatorPtr root;
};

PreparedCypher prepareCypher(const index::Ledger& ledger, const CypherQuery& query,
                             const QueryOptions& options) {
  PreparedCypher p;
  p.ctx = std::make_unique<ExecContext>(ledger, options, std::string());
  // Cypher reads the default graph only; relationship properties live in a named graph the
  // graph access reads directly.
  p.ctx->setDataset(GraphScope{{core::kNoNode}}, {});
  p.ctx->enableCypher(query.parameters);
  p.planner = std::make_unique<plan::Planner>(*p.ctx);
  p.patterns = std::make_unique<plan::CypherPatternRunner>(*p.ctx, p.ctx->defaultScope());
  p.ctx->cypher()->setPatternRunner(p.patterns.get());
  p.ctx->cypher()->eval().procedures =
      options.procedures ? options.procedures : &value::builtInProcedures();
  if (query.deleted != nullptr && !query.deleted->empty()) {
    p.ctx->cypher()->guardDeleted(*query.deleted);
  }
  if (query.input != nullptr) {
    // The input rows stand where the placeholder is; any other ValuesNode plans as usual.
    ExecContext& ctx = *p.ctx;
    const CypherInput& input = *query.input;
    p.planner->setOuterRowSource([&ctx, &input](const ValuesNode& node) -> OperatorPtr {
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
  AlgebraPtr pattern = query.pattern ? query.pattern : std::make_shared<TableNode>();
  pattern = optimizer::optimize(std::move(pattern), options);
  p.root = p.planner->plan(*pattern, p.ctx->defaultScope());
  return p;
}

}  // namespace

QueryReport executeCypherQuery(const index::Ledger& ledger, const CypherQuery& query,
                               const QueryOptions& options, ValueSink& sink) {
  const auto start = std::chrono::steady_clock::now();
  PreparedCypher p = prepareCypher(ledger, query, options);
  CypherRuntime& runtime = *p.ctx->cypher();
  sink.begin(query.columns, runtime.graph());
  std::vector<int> columns;
  for (const auto& c : query.columns) columns.push_back(p.root->column(c));
  std::vector<value::Value> values(columns.size());
  QueryReport report;
  Batch batch;
  while (p.root->next(batch)) {
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
  if (options.reportPlan || options.analyze) report.plan = p.root->planInfo();
  return report;
}

PlanInfo explainCypherQuery(const index::Ledger& ledger, const CypherQuery& query,
                            const QueryOptions& options) {
  QueryOptions planOnly = options;
  planOnly.analyze = false;
  planOnly.reportPlan = true;
  PreparedCypher p = prepareCypher(ledger, query, planOnly);
  return p.root->planInfo();
}

}  // namespace cairn::query
