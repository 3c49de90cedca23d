#include "cypher/statement/statement_runner.h"

#include <chrono>
#include <utility>

#include "core/error.h"
#include "cypher/statement/statement_plan.h"
#include "cypher/translate/query_translator.h"
#include "index/write/live_ledger.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/graph/snapshot_graph_access.h"

namespace cairn::cypher {

namespace {

// Collects a reading prefix's rows as the variables a CREATE reads.
class RowCollector final : public query::ValueSink {
 public:
  void begin(const std::vector<std::string>& columns, const query::value::GraphAccess&) override {
    columns_ = columns;
  }
  void row(std::span<const query::value::Value> values) override {
    BoundVariables row;
    for (size_t i = 0; i < columns_.size(); ++i) row.emplace(columns_[i], values[i]);
    rows.push_back(std::move(row));
  }
  void end() override {}

  std::vector<BoundVariables> rows;

 private:
  std::vector<std::string> columns_;
};

// MATCH ... CREATE ...: the reading clauses, then each CREATE for each of their rows, as one
// transaction step run on the state the commit applies to.
StatementReport runReadThenCreate(index::LiveLedger& ledger, const ast::SingleQuery& part,
                                  size_t firstUpdate, const query::value::Parameters& parameters,
                                  const query::QueryOptions& options, query::ValueSink& sink) {
  const TranslatedQuery reading = translateReadingPrefix(part, firstUpdate, parameters);
  std::vector<CreateWriter> writers;
  std::vector<std::string> scope = reading.columns;
  for (size_t i = firstUpdate; i < part.clauses.size(); ++i) {
    const ast::Clause& clause = *part.clauses[i];
    if (clause.kind() != ast::ClauseKind::kCreate) {
      throw core::Error(core::ErrorCode::kUnsupported,
                        std::string(ast::clauseKindName(clause.kind())) +
                            " after an updating clause is not supported yet",
                        clause.position().line, clause.position().column);
    }
    writers.emplace_back(clause.as<ast::CreateClause>(), scope);
    scope = writers.back().scopeAfter();
  }

  StatementReport report;
  report.wrote = true;
  index::Transaction tx;
  tx.message = R"({"source":"cypher"})";
  // Cypher errors (a type error in a property, a timeout of the reading part) must not cross
  // the commit machinery, which may run the step on another thread: they travel back beside
  // the failed Status, as in runCreateStatement.
  std::optional<core::Error> failure;
  tx.steps.push_back([&](const index::Ledger& state) -> core::Result<index::TxChanges> {
    try {
      RowCollector rows;
      report.query = query::executeCypherQuery(
          state, query::CypherQuery{reading.pattern, reading.columns, parameters}, options, rows);
      // Properties and labels of the matched entities, as the reading part saw them.
      const query::graph::SnapshotGraphAccess stored(state, options.asOf);
      CreateState created(parameters, state.root().blankNodes + 1, &stored,
                          [&state](std::string_view iri) -> core::NodeId {
                            auto id = state.encodeNode(core::Term::iri(std::string(iri)));
                            return id.isOk() && id.value() ? *id.value() : core::kNoNode;
                          });
      index::TxChanges changes;
      for (BoundVariables& row : rows.rows) {
        for (const CreateWriter& writer : writers) writer.write(row, created, changes);
      }
      report.counters = created.counters();
      return changes;
    } catch (const core::Error& e) {
      failure = e;
      return core::Status::invalidArgument(e.message());
    }
  });
  auto committed = ledger.commit(std::move(tx));
  if (failure) throw *failure;
  if (!committed.isOk())
    throw core::Error(core::ErrorCode::kStorageError, committed.status().toString());
  report.t = committed.value().t;
  return report;
}

class NoGraph final : public query::value::GraphAccess {
 public:
  std::vector<std::string> labels(core::NodeId) const override { return {}; }
  bool hasLabel(core::NodeId, std::string_view) const override { return false; }
  query::value::Value nodeProperty(core::NodeId, std::string_view) const override { return {}; }
  query::value::Value nodeProperties(core::NodeId) const override { return {}; }
  std::string relationshipType(const query::value::Relationship&) const override { return {}; }
  query::value::Value relationshipProperty(const query::value::Relationship&,
                                           std::string_view) const override {
    return {};
  }
  query::value::Value relationshipProperties(const query::value::Relationship&) const override {
    return {};
  }
};

}  // namespace

StatementReport runStatement(index::LiveLedger& ledger, std::string_view text,
                             const query::value::Parameters& parameters,
                             const query::QueryOptions& options, query::ValueSink& sink) {
  return runStatement(ledger, parseCheckedStatement(text), parameters, options, sink);
}

StatementReport runStatement(index::LiveLedger& ledger, const ast::Statement& statement,
                             const query::value::Parameters& parameters,
                             const query::QueryOptions& options, query::ValueSink& sink) {
  NoGraph none;
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
    const TranslatedQuery translated = translateQuery(query, parameters);
    const auto snapshot = ledger.snapshot();
    StatementReport report;
    report.mode = statement.mode;
    report.query = query::executeCypherQuery(
        *snapshot, query::CypherQuery{translated.pattern, translated.columns, parameters},
        runOptions, sink);
    report.t = snapshot->t();
    return report;
  }
  if (query.parts.size() != 1) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "updating clauses in a UNION are not supported yet");
  }
  const ast::SingleQuery& part = query.parts[0];
  StatementReport report;
  const bool createOnly = isCreateAndUnwindOnly(part);
  if (createOnly) {
    report.wrote = true;
    // The PROFILE prefix is this runner's to handle; the writer runs the query itself.
    report.counters = runCreateQuery(ledger, query, parameters);
    report.t = ledger.snapshot()->t();
  } else {
    report = runReadThenCreate(ledger, part, *firstUpdate, parameters, runOptions, sink);
  }
  report.mode = statement.mode;
  if (runOptions.analyze) {
    std::optional<query::PlanInfo> reading;
    if (!createOnly) reading = std::move(report.query.plan);
    report.query.plan = updatePlan(part, *firstUpdate, std::move(reading), &report.counters);
    report.query.plan.actual = query::PlanActuals{
        0, 0, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), 0};
  }
  sink.begin({}, none);
  sink.end();
  return report;
}

}  // namespace cairn::cypher
