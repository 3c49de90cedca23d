#include "tests/support/answer_compare.h"

#include "tests/support/graph_isomorphism.h"

namespace cairn::testing {

std::string rowsText(const std::vector<TermRow>& rows) {
  std::string out;
  for (const TermRow& row : rows) {
    for (size_t i = 0; i < row.size(); ++i) {
      if (i > 0) out += '\t';
      out += row[i] ? core::toNTriples(*row[i]) : "UNDEF";
    }
    out += '\n';
  }
  return out.empty() ? "(no rows)\n" : out;
}

// Empty when the answers agree, else why not.
std::string compareAnswers(const RandomCase& c, const NaiveResult& expected,
                           const sparql::results::CollectedResult& actual) {
  using sparql::results::ResultKind;
  switch (expected.form) {
    case query::QueryForm::kAsk:
      if (actual.kind != ResultKind::kBoolean) return "expected a boolean answer";
      return actual.boolean == expected.boolean ? "" : "different boolean";
    case query::QueryForm::kConstruct:
    case query::QueryForm::kDescribe: {
      if (actual.kind != ResultKind::kGraph) return "expected a graph answer";
      std::vector<Quad> got;
      for (const auto& t : actual.triples) got.push_back({t.subject, t.predicate, t.object, {}});
      MatchResult match = datasetsIsomorphic(expected.triples, got);
      return match.matched ? std::string() : match.explanation;
    }
    case query::QueryForm::kSelect:
      break;
  }
  if (actual.variables != expected.variables) return "different result variables";
  if (c.ordered) {
    if (actual.rows != expected.rows) return "different ordered rows";
    return {};
  }
  MatchResult match = matchRowsModuloBlankNodes(expected.rows, actual.rows);
  return match.matched ? std::string() : match.explanation;
}

// The rows or triples of an answer, for failure messages.
std::string answerText(const NaiveResult& expected) {
  if (expected.form == query::QueryForm::kAsk) return expected.boolean ? "true\n" : "false\n";
  if (expected.form == query::QueryForm::kSelect) return rowsText(expected.rows);
  std::vector<TermRow> rows;
  for (const Quad& q : expected.triples) rows.push_back({q.subject, q.predicate, q.object});
  return rowsText(rows);
}

std::string answerText(const sparql::results::CollectedResult& actual) {
  using sparql::results::ResultKind;
  if (actual.kind == ResultKind::kBoolean) return actual.boolean ? "true\n" : "false\n";
  if (actual.kind != ResultKind::kGraph) return rowsText(actual.rows);
  std::vector<TermRow> rows;
  for (const auto& t : actual.triples) rows.push_back({t.subject, t.predicate, t.object});
  return rowsText(rows);
}

}  // namespace cairn::testing
