#include "cypher/statement/statement_runner.h"

#include "core/error.h"
#include "cypher/parser/parser.h"
#include "cypher/semantic/semantic_check.h"
#include "cypher/translate/query_translator.h"
#include "index/write/live_ledger.h"
#include "query/graph/property_graph_vocabulary.h"

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
  tx.steps.push_back([&](const index::Ledger& state) -> core::Result<index::TxChanges> {
    RowCollector rows;
    report.query = query::executeCypherQuery(
        state, query::CypherQuery{reading.pattern, reading.columns, parameters}, options, rows);
    CreateState created(parameters, state.root().blankNodes + 1, nullptr,
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
  });
  auto committed = ledger.commit(std::move(tx));
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
  const ast::Statement statement = parseStatement(text);
  checkStatement(statement);
  if (statement.mode != ast::StatementMode::kNormal) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "EXPLAIN and PROFILE of Cypher are not built yet");
  }
  const ast::Query& query = statement.query;
  std::optional<size_t> firstUpdate;
  for (const auto& part : query.parts) {
    for (size_t i = 0; i < part.clauses.size(); ++i) {
      if (ast::isUpdatingClause(part.clauses[i]->kind())) {
        if (!firstUpdate) firstUpdate = i;
        break;
      }
    }
  }
  if (!firstUpdate) {
    const TranslatedQuery translated = translateQuery(query, parameters);
    StatementReport report;
    report.query = query::executeCypherQuery(
        *ledger.snapshot(), query::CypherQuery{translated.pattern, translated.columns, parameters},
        options, sink);
    report.t = ledger.snapshot()->t();
    return report;
  }
  if (query.parts.size() != 1) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "updating clauses in a UNION are not supported yet");
  }
  const ast::SingleQuery& part = query.parts[0];
  StatementReport report;
  bool onlyCreateAndUnwind = true;
  for (const auto& clause : part.clauses) {
    onlyCreateAndUnwind = onlyCreateAndUnwind && (clause->kind() == ast::ClauseKind::kCreate ||
                                                  clause->kind() == ast::ClauseKind::kUnwind);
  }
  if (onlyCreateAndUnwind) {
    report.wrote = true;
    report.counters = runCreateStatement(ledger, statement, parameters);
    report.t = ledger.snapshot()->t();
  } else {
    report = runReadThenCreate(ledger, part, *firstUpdate, parameters, options, sink);
  }
  NoGraph none;
  sink.begin({}, none);
  sink.end();
  return report;
}

}  // namespace cairn::cypher
