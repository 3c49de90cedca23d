#include "cypher/statement/statement_plan.h"

#include <cctype>

#include "core/error.h"
#include "cypher/parser/parser.h"
#include "cypher/semantic/semantic_check.h"
#include "cypher/statement/statement_pipeline.h"
#include "cypher/translate/query_translator.h"
#include "query/engine/cypher_query.h"
#include "query/graph/cypher_names.h"

namespace cairn::cypher {

ast::Statement parseCheckedStatement(std::string_view text) {
  ast::Statement statement = parseStatement(text);
  if (!statement.schema) checkStatement(statement);
  return statement;
}

StatementShape shapeOf(const ast::Statement& statement) {
  if (statement.schema) {
    return StatementShape{statement.mode,
                          statement.schema->kind != ast::SchemaCommand::Kind::kShowConstraints};
  }
  return StatementShape{statement.mode, firstUpdatingClause(statement.query).has_value()};
}

std::optional<size_t> firstUpdatingClause(const ast::Query& query) {
  for (const auto& part : query.parts) {
    for (size_t i = 0; i < part.clauses.size(); ++i) {
      if (ast::isUpdatingClause(part.clauses[i]->kind())) return i;
    }
  }
  return std::nullopt;
}

bool isCreateAndUnwindOnly(const ast::SingleQuery& part) {
  for (const auto& clause : part.clauses) {
    if (clause->kind() != ast::ClauseKind::kCreate && clause->kind() != ast::ClauseKind::kUnwind) {
      return false;
    }
  }
  return true;
}

StatementPlan explainStatement(const index::Ledger& ledger, const ast::Statement& statement,
                               const query::value::Parameters& parameters,
                               const query::QueryOptions& options) {
  if (statement.schema) {
    throw core::Error(core::ErrorCode::kUnsupported, "a schema command has no plan");
  }
  const ast::Query& query = statement.query;
  StatementPlan out;
  const std::optional<size_t> firstUpdate = firstUpdatingClause(query);
  if (!firstUpdate) {
    TranslatedQuery translated = translateQuery(
        query, parameters, translateContextOf(ledger, options.asOf, options.procedures));
    out.plan = query::explainCypherQuery(
        ledger, query::CypherQuery{translated.pattern, translated.columns, parameters}, options);
    out.columns = std::move(translated.columns);
    return out;
  }
  // The same refusals as runStatement, so EXPLAIN never describes what cannot run.
  if (query.parts.size() != 1) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "updating clauses in a UNION are not supported yet");
  }
  const ast::SingleQuery& part = query.parts[0];
  if (isCreateAndUnwindOnly(part)) {
    out.plan = updatePlan(part, *firstUpdate, {});
    return out;
  }
  const StatementPipeline pipeline(part, parameters,
                                   translateContextOf(ledger, options.asOf, options.procedures));
  out.plan = updatePlan(part, *firstUpdate, pipeline.explain(ledger, options));
  out.columns = pipeline.columns();
  return out;
}

StatementPlan explainStatement(const index::Ledger& ledger, std::string_view text,
                               const query::value::Parameters& parameters,
                               const query::QueryOptions& options) {
  return explainStatement(ledger, parseCheckedStatement(text), parameters, options);
}

query::PlanInfo updatePlan(const ast::SingleQuery& part, size_t firstUpdate,
                           std::vector<query::PlanInfo> readings, const UpdateCounters* counters) {
  query::PlanInfo plan;
  plan.op = "Update";
  std::string clauses;
  for (size_t i = firstUpdate; i < part.clauses.size(); ++i) {
    if (!ast::isUpdatingClause(part.clauses[i]->kind())) continue;
    if (!clauses.empty()) clauses += ", ";
    for (char c : ast::clauseKindName(part.clauses[i]->kind())) {
      clauses += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
  }
  plan.details.emplace_back("clauses", clauses);
  if (counters != nullptr) {
    plan.details.emplace_back("nodesCreated", std::to_string(counters->nodesCreated));
    plan.details.emplace_back("relationshipsCreated",
                              std::to_string(counters->relationshipsCreated));
    plan.details.emplace_back("propertiesSet", std::to_string(counters->propertiesSet));
    plan.details.emplace_back("labelsAdded", std::to_string(counters->labelsAdded));
    plan.details.emplace_back("nodesDeleted", std::to_string(counters->nodesDeleted));
    plan.details.emplace_back("relationshipsDeleted",
                              std::to_string(counters->relationshipsDeleted));
    plan.details.emplace_back("propertiesRemoved", std::to_string(counters->propertiesRemoved));
    plan.details.emplace_back("labelsRemoved", std::to_string(counters->labelsRemoved));
  }
  for (query::PlanInfo& reading : readings) plan.children.push_back(std::move(reading));
  return plan;
}

}  // namespace cairn::cypher
