#include "query/engine/query_engine.h"

#include <chrono>
#include <unordered_set>

#include "core/error.h"
#include "query/engine/graph_output.h"
#include "query/engine/prepared_query.h"
#include "query/exec/column_decoder.h"
#include "query/exec/exec_context.h"
#include "query/optimizer/optimizer.h"
#include "query/plan/planner.h"

namespace cairn::query {

namespace {

// FROM / FROM NAMED resolved to graph ids; an IRI the store has no graph for contributes
// nothing (an unknown graph is empty, not an error).
void resolveDataset(ExecContext& ctx, const Dataset& dataset) {
  const index::Ledger& ledger = ctx.ledger();
  if (!dataset.specified) {
    std::vector<core::NodeId> named;
    for (core::NodeId g : ledger.graphIds(ctx.asOf())) {
      if (g != core::kNoNode) named.push_back(g);
    }
    ctx.setDataset(GraphScope{{core::kNoNode}}, std::move(named));
    return;
  }
  auto resolve = [&](const std::vector<std::string>& iris) {
    std::vector<core::NodeId> out;
    for (const auto& iri : iris) {
      auto id = ctx.ledger().encodeNode(core::Term::iri(iri));
      if (!id.isOk()) throwStorageError(id.status());
      if (!id.value() || !ledger.hasGraph(*id.value(), ctx.asOf())) continue;
      if (std::find(out.begin(), out.end(), *id.value()) == out.end()) {
        out.push_back(*id.value());
      }
    }
    return out;
  };
  ctx.setDataset(GraphScope{resolve(dataset.defaultGraphs)}, resolve(dataset.namedGraphs));
}

// One run of a query (or its planning alone, for prepareQuery): its context, its planner (for
// what is planned while it runs) and its operators.
struct Run {
  QueryOptions options;
  std::unique_ptr<ExecContext> ctx;
  std::unique_ptr<plan::Planner> planner;
  OperatorPtr root;
};

// A run of a kept plan.
void beginRun(Run& run, const index::Ledger& ledger, const PreparedQuery& prepared,
              const QueryOptions& options) {
  run.options = runOptions(prepared.plan.options, options);
  run.ctx = std::make_unique<ExecContext>(ledger, run.options, prepared.query.baseIri);
  startRun(prepared.plan, *run.ctx);
  run.planner = std::make_unique<plan::Planner>(*run.ctx);
  run.planner->installExistsEvaluator();
  run.root = makeRunOperators(prepared.plan, *run.planner, *run.ctx);
}

// A run that plans `query` itself, on its own context; with `keep`, the plan is kept too.
void beginRun(Run& run, const index::Ledger& ledger, const Query& query,
              const QueryOptions& options, PreparedQuery* keep) {
  run.options = options;
  run.ctx = std::make_unique<ExecContext>(ledger, run.options, query.baseIri);
  resolveDataset(*run.ctx, query.dataset);
  run.planner = std::make_unique<plan::Planner>(*run.ctx);
  run.planner->installExistsEvaluator();
  AlgebraPtr pattern = query.pattern ? query.pattern : std::make_shared<TableNode>();
  pattern = optimizer::optimize(std::move(pattern), options);
  if (keep != nullptr) keep->query = query;
  run.root = planOperators(*run.planner, *run.ctx, std::move(pattern), options,
                           keep != nullptr ? &keep->plan : nullptr);
}

uint64_t emitSolutions(ExecContext& ctx, Operator& root, const Query& query, ResultSink& sink) {
  sink.beginSolutions(query.projection);
  std::vector<int> columns;
  for (const auto& v : query.projection) columns.push_back(root.column(v));
  std::vector<const core::Term*> cells(columns.size());
  std::vector<ColumnDecoder> decoders;
  decoders.reserve(columns.size());
  for (size_t i = 0; i < columns.size(); ++i) decoders.emplace_back(ctx.terms());
  Batch batch;
  uint64_t rows = 0;
  while (root.next(batch)) {
    for (size_t r = 0; r < batch.rows; ++r) {
      for (size_t i = 0; i < columns.size(); ++i) {
        cells[i] = nullptr;
        if (columns[i] < 0) continue;
        ValueId v = batch.columns[columns[i]][r];
        if (v.isBound()) cells[i] = decoders[i].decode(v);
      }
      sink.solution(cells);
      ++rows;
    }
  }
  return rows;
}

QueryReport runToSink(Run& p, const Query& query, const QueryOptions& options, ResultSink& sink,
                      std::chrono::steady_clock::time_point start) {
  ExecContext& ctx = *p.ctx;
  QueryReport report;
  switch (query.form) {
    case QueryForm::kSelect:
      report.resultRows = emitSolutions(ctx, *p.root, query, sink);
      break;
    case QueryForm::kAsk: {
      Batch batch;
      bool found = p.root->next(batch);
      sink.booleanResult(found);
      report.resultRows = 1;
      break;
    }
    case QueryForm::kConstruct:
      sink.beginGraph();
      report.resultRows = constructTriples(ctx, *p.root, query.constructTemplate, sink);
      break;
    case QueryForm::kDescribe:
      sink.beginGraph();
      report.resultRows = describeResources(ctx, *p.root, query, sink);
      break;
  }
  sink.end();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.peakMemoryBytes = ctx.peakBytes();
  if (options.reportPlan || options.analyze) report.plan = p.root->planInfo();
  return report;
}

}  // namespace

std::shared_ptr<const PreparedQuery> prepareQuery(const index::Ledger& ledger, const Query& query,
                                                  const QueryOptions& options) {
  auto prepared = std::make_shared<PreparedQuery>();
  Run planning;  // not run: its operators go with it
  beginRun(planning, ledger, query, options, prepared.get());
  return prepared;
}

QueryReport executeQuery(const index::Ledger& ledger, const Query& query,
                         const QueryOptions& options, ResultSink& sink,
                         std::shared_ptr<const PreparedQuery>* keep) {
  const auto start = std::chrono::steady_clock::now();
  auto kept = keep != nullptr ? std::make_shared<PreparedQuery>() : nullptr;
  Run run;
  beginRun(run, ledger, query, options, kept.get());
  QueryReport report = runToSink(run, query, options, sink, start);
  if (keep != nullptr) *keep = std::move(kept);
  return report;
}

QueryReport executePrepared(const index::Ledger& ledger, const PreparedQuery& prepared,
                            const QueryOptions& options, ResultSink& sink) {
  const auto start = std::chrono::steady_clock::now();
  Run run;
  beginRun(run, ledger, prepared, options);
  return runToSink(run, prepared.query, options, sink, start);
}

PlanInfo explainQuery(const index::Ledger& ledger, const Query& query,
                      const QueryOptions& options) {
  QueryOptions planOnly = options;
  planOnly.analyze = false;
  planOnly.reportPlan = true;
  return prepareQuery(ledger, query, planOnly)->plan.describe();
}

}  // namespace cairn::query
