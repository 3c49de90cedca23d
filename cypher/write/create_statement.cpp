// runCreateStatement (create_writer.h): statements of CREATE and UNWIND clauses only, as one
// commit. What the TCK's setup steps and tests need before the clause translator runs writes.

#include <algorithm>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "core/error.h"
#include "cypher/parser/parser.h"
#include "cypher/translate/expression_translator.h"
#include "cypher/write/create_writer.h"
#include "cypher/write/cypher_commit.h"
#include "index/write/live_ledger.h"
#include "query/graph/cypher_names.h"

namespace cairn::cypher {
namespace create_statement {

using query::value::Value;

// UNWIND list AS variable, compiled against the variables bound before it.
struct Unwind {
  std::vector<std::string> slots;
  std::optional<query::value::ValueProgram> list;
  std::string variable;
};

using Step = std::variant<CreateWriter, Unwind>;

Unwind compileUnwind(const ast::UnwindClause& clause, const std::vector<std::string>& scope) {
  Unwind unwind;
  unwind.slots = scope;
  unwind.variable = clause.variable;
  const query::Expr expr = translateExpression(*clause.list);
  for (const std::string& name : query::referencedVariables(expr)) {
    if (std::find(scope.begin(), scope.end(), name) == scope.end()) {
      throw core::Error(core::ErrorCode::kSyntaxError, "UndefinedVariable",
                        "variable `" + name + "` not defined", clause.list->position.line,
                        clause.list->position.column);
    }
  }
  const std::vector<std::string>& slots = unwind.slots;
  unwind.list = query::value::ValueProgram::compile(expr, [&slots](std::string_view name) {
    auto it = std::find(slots.begin(), slots.end(), name);
    return it == slots.end() ? -1 : static_cast<int>(it - slots.begin());
  });
  return unwind;
}

std::vector<Step> compile(const ast::Query& query) {
  if (query.parts.size() != 1) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "only a single query of CREATE and UNWIND clauses runs here");
  }
  std::vector<Step> steps;
  std::vector<std::string> scope;
  for (const ast::ClausePtr& clause : query.parts[0].clauses) {
    if (clause->kind() == ast::ClauseKind::kCreate) {
      CreateWriter writer(clause->as<ast::CreateClause>(), scope);
      scope = writer.scopeAfter();
      steps.emplace_back(std::move(writer));
    } else if (clause->kind() == ast::ClauseKind::kUnwind) {
      const auto& unwind = clause->as<ast::UnwindClause>();
      steps.emplace_back(compileUnwind(unwind, scope));
      if (std::find(scope.begin(), scope.end(), unwind.variable) != scope.end()) {
        throw core::Error(core::ErrorCode::kSyntaxError, "VariableAlreadyBound",
                          "variable `" + unwind.variable + "` is already bound",
                          clause->position().line, clause->position().column);
      }
      scope.push_back(unwind.variable);
    } else {
      throw core::Error(core::ErrorCode::kUnsupported,
                        "only CREATE and UNWIND clauses run here, not " +
                            std::string(ast::clauseKindName(clause->kind())),
                        clause->position().line, clause->position().column);
    }
  }
  return steps;
}

// The rows after UNWIND: each row once per element (a null list gives none, another non-list
// value one row, as openCypher says).
std::vector<BoundVariables> unwindRows(const Unwind& unwind, std::vector<BoundVariables> rows,
                                       const query::value::Parameters& parameters) {
  std::vector<BoundVariables> out;
  query::value::EvalContext ctx;
  ctx.parameters = &parameters;
  for (BoundVariables& row : rows) {
    std::vector<Value> values;
    for (const std::string& name : unwind.slots) {
      auto it = row.find(name);
      values.push_back(it == row.end() ? Value() : it->second);
    }
    const Value list = unwind.list->evaluate(query::value::SpanRow(values), ctx);
    if (list.isNull()) continue;
    const Value::List single{list};
    for (const Value& item :
         list.kind() == query::value::ValueKind::kList ? list.asList() : single) {
      BoundVariables next = row;
      next.insert_or_assign(unwind.variable, item);
      out.push_back(std::move(next));
    }
  }
  return out;
}

}  // namespace create_statement

CreateCounters runCreateStatement(index::LiveLedger& ledger, const ast::Statement& statement,
                                  const query::value::Parameters& parameters) {
  if (statement.mode != ast::StatementMode::kNormal) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "only a single query of CREATE and UNWIND clauses runs here");
  }
  return runCreateQuery(ledger, statement.query, parameters);
}

CreateCounters runCreateQuery(index::LiveLedger& ledger, const ast::Query& query,
                              const query::value::Parameters& parameters) {
  const std::vector<create_statement::Step> steps = create_statement::compile(query);
  CreateCounters counters;
  CypherCommit commit;
  index::Transaction tx;
  tx.message = R"({"source":"cypher-create"})";
  // A step, so that the new nodes' ids are known from the state it runs on (create_writer.h).
  tx.steps.push_back(commit.step([&](const index::Ledger& state) {
    auto typeId = [&state](std::string_view iri) {
      auto id = state.encodeIri(iri);
      return id.isOk() && id->has_value() ? **id : core::kNoNode;
    };
    const auto names = query::graph::cypherNames(state, UINT64_MAX);
    CreateState create(parameters, state.root().blankNodes + 1, nullptr, typeId, names.get());
    index::TxChanges changes;
    std::vector<BoundVariables> rows(1);
    for (const create_statement::Step& step : steps) {
      if (const auto* writer = std::get_if<CreateWriter>(&step)) {
        for (BoundVariables& row : rows) writer->write(row, create, changes);
      } else {
        rows = create_statement::unwindRows(std::get<create_statement::Unwind>(step),
                                            std::move(rows), parameters);
      }
    }
    counters = create.counters();
    return changes;
  }));
  commit.commit(ledger, std::move(tx));
  return counters;
}

CreateCounters runCreateStatement(index::LiveLedger& ledger, std::string_view text,
                                  const query::value::Parameters& parameters) {
  return runCreateStatement(ledger, parseStatement(text), parameters);
}

}  // namespace cairn::cypher
