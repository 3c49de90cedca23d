#include "cypher/statement/statement_runner.h"

#include <chrono>
#include <utility>

#include "core/error.h"
#include "cypher/statement/schema_statement.h"
#include "cypher/statement/statement_pipeline.h"
#include "cypher/statement/statement_plan.h"
#include "cypher/translate/query_translator.h"
#include "cypher/write/create_writer.h"
#include "index/write/live_ledger.h"
#include "query/engine/prepared_plan.h"
#include "query/graph/cypher_names.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/graph/snapshot_graph_access.h"

namespace cairn::cypher {

namespace {

// The key of a reading statement's plan (read_plans.h); one field per line (no field but the
// text holds a newline).
std::string readPlanKey(const index::Ledger& snapshot, const query::QueryOptions& options,
                        std::string_view text) {
  std::string key = query::planKeyOf(snapshot, options);
  key += '\n' + std::to_string(reinterpret_cast<uintptr_t>(options.procedures));
  key += '\n';
  key.append(text);
  return key;
}

UpdateCounters countersOf(const CreateCounters& c) {
  UpdateCounters out;
  out.nodesCreated = c.nodesCreated;
  out.relationshipsCreated = c.relationshipsCreated;
  out.propertiesSet = c.propertiesSet;
  out.labelsAdded = c.labelsAdded;
  return out;
}

}  // namespace

StatementReport runStatement(index::LiveLedger& ledger, std::string_view text,
                             const query::value::Parameters& parameters,
                             const query::QueryOptions& options, query::ValueSink& sink) {
  return runStatement(ledger, parseCheckedStatement(text), parameters, options, sink);
}

StatementReport runStatement(index::LiveLedger& ledger, const ast::Statement& statement,
                             const query::value::Parameters& parameters,
                             const query::QueryOptions& options, query::ValueSink& sink,
                             const ReadPlans* plans) {
  if (statement.schema) return runSchemaCommand(ledger, *statement.schema, sink);
  query::value::NoEntities none;
  if (statement.mode == ast::StatementMode::kExplain) {
    const auto snapshot = ledger.snapshot();
    StatementPlan explained = explainStatement(*snapshot, statement, parameters, options);
    StatementReport report;
    report.mode = statement.mode;
    report.query.plan = std::move(explained.plan);
    report.t = snapshot->t();
    sink.begin(explained.columns, none);
    sink.end();
    return report;
  }
  const auto started = std::chrono::steady_clock::now();
  query::QueryOptions runOptions = options;
  if (statement.mode == ast::StatementMode::kProfile) runOptions.analyze = true;
  const ast::Query& query = statement.query;
  const std::optional<size_t> firstUpdate = firstUpdatingClause(query);
  if (!firstUpdate) {
    const auto snapshot = ledger.snapshot();
    StatementReport report;
    report.mode = statement.mode;
    report.t = snapshot->t();
    const std::string key =
        plans != nullptr ? readPlanKey(*snapshot, runOptions, plans->text) : std::string();
    if (plans != nullptr) {
      if (auto kept = plans->store.find(key)) {
        report.query = query::executePreparedCypher(*snapshot, *kept, parameters, runOptions, sink);
        return report;
      }
    }
    const TranslatedQuery translated = translateQuery(
        query, parameters, translateContextOf(*snapshot, options.asOf, options.procedures));
    const query::CypherQuery cypherQuery{translated.pattern, translated.columns, parameters};
    if (plans != nullptr && !translated.readsParameters && plans->store.worthKeeping(key)) {
      std::shared_ptr<const query::PreparedCypherQuery> planned;
      report.query = query::executeCypherQuery(*snapshot, cypherQuery, runOptions, sink, &planned);
      if (planned != nullptr) plans->store.keep(key, std::move(planned));
      return report;
    }
    report.query = query::executeCypherQuery(*snapshot, cypherQuery, runOptions, sink);
    return report;
  }
  if (query.parts.size() != 1) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "updating clauses in a UNION are not supported yet");
  }
  const ast::SingleQuery& part = query.parts[0];
  StatementReport report;
  report.wrote = true;
  std::vector<query::PlanInfo> readings;
  const bool createOnly = isCreateAndUnwindOnly(part);
  if (createOnly) {
    // Without the engine: the PROFILE prefix is this runner's to handle.
    report.counters = countersOf(runCreateQuery(ledger, query, parameters));
    report.t = ledger.snapshot()->t();
    sink.begin({}, none);
    sink.end();
  } else {
    const auto snapshot = ledger.snapshot();
    const StatementPipeline pipeline(part, parameters,
                                     translateContextOf(*snapshot, UINT64_MAX, options.procedures));
    StatementPipeline::Result result = pipeline.run(ledger, runOptions, sink);
    report.counters = result.counters;
    report.t = result.t;
    report.query = std::move(result.firstReading);
    readings = std::move(result.plans);
  }
  report.mode = statement.mode;
  if (runOptions.analyze) {
    report.query.plan = updatePlan(part, *firstUpdate, std::move(readings), &report.counters);
    report.query.plan.actual = query::PlanActuals{
        0, 0, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), 0};
  }
  return report;
}

}  // namespace cairn::cypher
