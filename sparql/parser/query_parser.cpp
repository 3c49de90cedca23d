// The query forms (SELECT, CONSTRUCT, DESCRIBE, ASK), subqueries, dataset clauses and solution
// modifiers (spec §19.8 Query ... ValuesClause).

#include <cctype>

#include "core/error.h"
#include "sparql/parser/parser.h"

namespace cairn::sparql {

using query::AlgebraPtr;

namespace {

// Saves the aggregate scope and restores it when the clause that changed it is done.
class AggregateScopeGuard {
 public:
  AggregateScopeGuard(std::vector<query::AggregateCall>*& scope, std::string& context)
      : scope_(scope), context_(context), savedScope_(scope), savedContext_(context) {}
  ~AggregateScopeGuard() {
    scope_ = savedScope_;
    context_ = savedContext_;
  }
  AggregateScopeGuard(const AggregateScopeGuard&) = delete;
  AggregateScopeGuard& operator=(const AggregateScopeGuard&) = delete;

 private:
  std::vector<query::AggregateCall>*& scope_;
  std::string& context_;
  std::vector<query::AggregateCall>* savedScope_;
  std::string savedContext_;
};

uint64_t parseCount(const Token& token) {
  uint64_t value = 0;
  for (char c : token.text) {
    if (value > (UINT64_MAX - 9) / 10) {
      throw core::Error(core::ErrorCode::kSyntaxError, "LIMIT/OFFSET value too large", token.line,
                        token.column);
    }
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  return value;
}

}  // namespace

query::Query Parser::parseQuery() {
  parsePrologue();
  query::Query query;
  QueryClauses clauses;
  clauses.isSelect = false;
  const Token& start = peek();
  if (start.isWord("SELECT")) {
    query.form = query::QueryForm::kSelect;
    TranslatedQuery translated = parseSelectQuery(&query);
    query.pattern = std::move(translated.pattern);
    query.projection = std::move(translated.projection);
  } else {
    if (acceptWord("CONSTRUCT")) {
      query.form = query::QueryForm::kConstruct;
      if (peek().isPunct("{")) {
        parseConstructTemplate(query);
        parseDatasetClauses(query);
        clauses.where = parseWhereClause(false);
      } else {
        // CONSTRUCT WHERE { triples }: the template is the pattern.
        parseDatasetClauses(query);
        expectWord("WHERE", "or a template after CONSTRUCT");
        expectPunct("{", "to open the CONSTRUCT WHERE pattern");
        nextBgp();
        std::vector<TripleSyntax> triples;
        while (!peek().isPunct("}")) {
          if (!atTriplesStart())
            expected("a triple pattern or '}' (CONSTRUCT WHERE allows only triples)");
          parseTriplesSameSubject(triples, false);
          if (!acceptPunct(".")) break;
        }
        expectPunct("}", "to close the CONSTRUCT WHERE pattern (only triples are allowed)");
        nextBgp();
        GroupTranslator group(fresh_);
        group.addTriplesBlock(triples);
        clauses.where = group.finish();
        for (auto& t : triples) {
          query.constructTemplate.push_back({t.subject, t.predicate, t.object});
        }
      }
    } else if (acceptWord("DESCRIBE")) {
      query.form = query::QueryForm::kDescribe;
      if (acceptPunct("*")) {
        query.describeAll = true;
      } else {
        while (peek().kind == TokenKind::kVariable || atIri()) {
          query.describe.push_back(parseVarOrIri(""));
        }
        if (query.describe.empty()) expected("'*', variables or IRIs after DESCRIBE");
      }
      parseDatasetClauses(query);
      if (peek().isWord("WHERE") || peek().isPunct("{")) {
        clauses.where = parseWhereClause(false);
      } else {
        clauses.where = makeUnitTable();
      }
    } else if (acceptWord("ASK")) {
      query.form = query::QueryForm::kAsk;
      parseDatasetClauses(query);
      clauses.where = parseWhereClause(false);
    } else {
      expected("SELECT, CONSTRUCT, DESCRIBE or ASK");
    }
    parseSolutionModifiers(clauses);
    parseTrailingValues(clauses);
    query.pattern = translateQuery(std::move(clauses)).pattern;
  }
  if (peek().kind != TokenKind::kEnd) expected("end of query");
  query.baseIri = base_;
  query.prefixes.insert(prefixes_.begin(), prefixes_.end());
  return query;
}

TranslatedQuery Parser::parseSelectQuery(query::Query* top) {
  AggregateScopeGuard guard(aggregates_, aggregateContext_);
  QueryClauses clauses;
  aggregates_ = &clauses.aggregates;
  aggregateContext_ = "SELECT";
  parseSelectClause(clauses);
  if (top) parseDatasetClauses(*top);
  aggregates_ = nullptr;
  aggregateContext_ = "a WHERE clause";
  clauses.where = parseWhereClause(false);
  parseSolutionModifiers(clauses);
  parseTrailingValues(clauses);
  return translateQuery(std::move(clauses));
}

void Parser::parseSelectClause(QueryClauses& clauses) {
  clauses.selectPosition = positionOf(peek());
  expectWord("SELECT", "");
  if (acceptWord("DISTINCT")) {
    clauses.distinct = true;
  } else if (acceptWord("REDUCED")) {
    clauses.reduced = true;
  }
  if (acceptPunct("*")) {
    clauses.selectAll = true;
    return;
  }
  while (true) {
    if (peek().kind == TokenKind::kVariable) {
      const SourcePosition at = positionOf(peek());
      clauses.items.push_back({std::string(advance().text), std::nullopt, at});
    } else if (acceptPunct("(")) {
      query::Expr expr = parseExpression();
      expectWord("AS", "after the SELECT expression");
      const SourcePosition at = positionOf(peek());
      std::string variable = parseVariable("after AS");
      expectPunct(")", "to close the SELECT expression");
      clauses.items.push_back({std::move(variable), std::move(expr), at});
    } else {
      break;
    }
  }
  if (clauses.items.empty()) expected("'*', a variable or '(expression AS ?var)' after SELECT");
}

void Parser::parseDatasetClauses(query::Query& query) {
  while (acceptWord("FROM")) {
    const bool named = acceptWord("NAMED");
    std::string iri = parseIri();
    query.dataset.specified = true;
    (named ? query.dataset.namedGraphs : query.dataset.defaultGraphs).push_back(std::move(iri));
  }
}

AlgebraPtr Parser::parseWhereClause(bool whereRequired) {
  if (!acceptWord("WHERE") && whereRequired) expected("WHERE");
  if (!peek().isPunct("{")) expected("'{' to open the WHERE clause");
  return parseGroupGraphPattern();
}

void Parser::parseSolutionModifiers(QueryClauses& clauses) {
  AggregateScopeGuard guard(aggregates_, aggregateContext_);
  if (acceptWord("GROUP")) {
    expectWord("BY", "after GROUP");
    clauses.hasGroupBy = true;
    aggregates_ = nullptr;
    aggregateContext_ = "GROUP BY";
    while (true) {
      query::GroupKey key;
      if (peek().kind == TokenKind::kVariable) {
        key.variable = advance().text;
        key.expr = query::Expr::makeVariable(key.variable);
      } else if (acceptPunct("(")) {
        key.expr = parseExpression();
        if (acceptWord("AS")) {
          key.variable = parseVariable("after AS");
        } else if (key.expr.kind == query::ExprKind::kVariable) {
          key.variable = key.expr.variable;
        }
        expectPunct(")", "to close the GROUP BY expression");
      } else if (atBuiltInCall()) {
        key.expr = parseBuiltInCall();
      } else if (atIri()) {
        key.expr = parseIriOrFunction(true);
      } else {
        break;
      }
      clauses.groupBy.push_back(std::move(key));
    }
    if (clauses.groupBy.empty()) expected("a variable or expression after GROUP BY");
  }
  aggregates_ = &clauses.aggregates;
  if (acceptWord("HAVING")) {
    aggregateContext_ = "HAVING";
    do {
      clauses.having.push_back(parseConstraint());
    } while (peek().isPunct("(") || atBuiltInCall() || atIri());
  }
  if (acceptWord("ORDER")) {
    expectWord("BY", "after ORDER");
    aggregateContext_ = "ORDER BY";
    while (true) {
      query::OrderCondition condition;
      if (peek().isWord("ASC") || peek().isWord("DESC")) {
        condition.descending = advance().isWord("DESC");
        condition.expr = parseBrackettedExpression();
      } else if (peek().kind == TokenKind::kVariable) {
        condition.expr = query::Expr::makeVariable(std::string(advance().text));
      } else if (peek().isPunct("(") || atBuiltInCall() || atIri()) {
        condition.expr = parseConstraint();
      } else {
        break;
      }
      clauses.order.push_back(std::move(condition));
    }
    if (clauses.order.empty()) expected("an order condition after ORDER BY");
  }
  bool sawLimit = false;
  bool sawOffset = false;
  while (true) {
    if (!sawLimit && acceptWord("LIMIT")) {
      sawLimit = true;
      if (peek().kind != TokenKind::kInteger ||
          !std::isdigit(static_cast<unsigned char>(peek().text[0]))) {
        expected("a non-negative integer after LIMIT");
      }
      clauses.limit = parseCount(advance());
    } else if (!sawOffset && acceptWord("OFFSET")) {
      sawOffset = true;
      if (peek().kind != TokenKind::kInteger ||
          !std::isdigit(static_cast<unsigned char>(peek().text[0]))) {
        expected("a non-negative integer after OFFSET");
      }
      clauses.offset = parseCount(advance());
    } else {
      break;
    }
  }
}

void Parser::parseConstructTemplate(query::Query& query) {
  expectPunct("{", "to open the CONSTRUCT template");
  inTemplate_ = true;
  std::vector<TripleSyntax> triples;
  while (!peek().isPunct("}")) {
    if (!atTriplesStart()) expected("a triple or '}' in the CONSTRUCT template");
    parseTriplesSameSubject(triples, false);
    if (!acceptPunct(".")) break;
  }
  inTemplate_ = false;
  expectPunct("}", "to close the CONSTRUCT template");
  for (auto& t : triples) query.constructTemplate.push_back({t.subject, t.predicate, t.object});
}

void Parser::parseTrailingValues(QueryClauses& clauses) {
  if (acceptWord("VALUES")) clauses.values = parseValuesBlock();
}

}  // namespace cairn::sparql
