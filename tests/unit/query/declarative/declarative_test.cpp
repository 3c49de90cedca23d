// Runs the declarative query tests (tests/query/*.test, format in query_test_file.h): one
// GoogleTest per case, named <file>/<case>. Each case runs through the engine with its options,
// and again with tiny leaflets and one-row batches when it sets no sizes of its own, so every
// case also crosses block and batch boundaries; unless it says no-oracle, the naive evaluator
// (tests/support/naive_evaluator.h) must give the expected answer too, which keeps the oracle
// of the differential test honest.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <ostream>

#include "core/error.h"
#include "core/rdf/rdf_format.h"
#include "query/engine/query_engine.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/collecting_sink.h"
#include "tests/support/naive_evaluator.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/test_ledger.h"
#include "tests/unit/query/declarative/query_test_file.h"

namespace cairn::testing {

// GoogleTest prints a failing parameter with this instead of its bytes.
void PrintTo(const QueryTestCase& c, std::ostream* os) {
  *os << c.file << ":" << c.line << " " << c.name;
}

namespace {

const std::string kPrefix = std::string("PREFIX ex: <") + kExamplePrefixIri + ">\n";

std::vector<QueryTestCase> allCases() {
  std::vector<std::string> files;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(CAIRN_SOURCE_DIR) + "/tests/query")) {
    if (entry.path().extension() == ".test") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  std::vector<QueryTestCase> cases;
  for (const std::string& f : files) {
    std::vector<QueryTestCase> more = readQueryTestFile(f);
    cases.insert(cases.end(), more.begin(), more.end());
  }
  return cases;
}

std::string testName(const ::testing::TestParamInfo<QueryTestCase>& info) {
  std::string name = std::filesystem::path(info.param.file).stem().string() + "_" + info.param.name;
  for (char& ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return name;
}

std::string rowsText(const std::vector<std::string>& variables, const std::vector<TermRow>& rows) {
  std::string out;
  for (const std::string& v : variables) out += "?" + v + " ";
  out += "\n";
  for (const TermRow& row : rows) {
    for (const auto& cell : row) out += (cell ? core::toNTriples(*cell) : "UNDEF") + "\t";
    out += "\n";
  }
  return out;
}

// Row-by-row equality in order, blank nodes matched by a bijection built along the way.
bool sameSequenceModuloBlankNodes(const std::vector<TermRow>& expected,
                                  const std::vector<TermRow>& actual) {
  if (expected.size() != actual.size()) return false;
  std::map<std::string, std::string> forward, backward;
  for (size_t r = 0; r < expected.size(); ++r) {
    if (expected[r].size() != actual[r].size()) return false;
    for (size_t i = 0; i < expected[r].size(); ++i) {
      const auto& e = expected[r][i];
      const auto& a = actual[r][i];
      if (e && a && e->kind == core::TermKind::kBlank && a->kind == core::TermKind::kBlank) {
        auto [f, fNew] = forward.try_emplace(e->value, a->value);
        auto [b, bNew] = backward.try_emplace(a->value, e->value);
        if (f->second != a->value || b->second != e->value) return false;
      } else if (e != a) {
        return false;
      }
    }
  }
  return true;
}

// One answer in the shape both the engine's and the oracle's results are brought to.
struct Answer {
  query::QueryForm form = query::QueryForm::kSelect;
  std::vector<std::string> variables;
  std::vector<TermRow> rows;  // solutions, or triples as 3-term rows
  bool boolean = false;
};

// Empty when `actual` is what the case expects, else a description of the difference.
std::string check(const QueryTestCase& c, const Answer& actual) {
  using Expect = QueryTestCase::Expect;
  switch (c.expect) {
    case Expect::kError:
      return "expected error " + c.errorCode + ", got an answer:\n" +
             rowsText(actual.variables, actual.rows);
    case Expect::kBoolean:
      if (actual.form != query::QueryForm::kAsk) return "expected a boolean";
      return actual.boolean == c.boolean ? "" : "wrong boolean";
    case Expect::kGraph: {
      std::vector<Quad> expected, got;
      for (const TermRow& r : c.rows) expected.push_back(Quad{*r[0], *r[1], *r[2], std::nullopt});
      for (const TermRow& r : actual.rows) got.push_back(Quad{*r[0], *r[1], *r[2], std::nullopt});
      MatchResult m = datasetsIsomorphic(expected, got);
      return m.matched ? "" : m.explanation;
    }
    case Expect::kRows:
    case Expect::kOrderedRows: {
      if (actual.variables != c.variables) {
        return "variables differ; got:\n" + rowsText(actual.variables, actual.rows);
      }
      if (c.expect == Expect::kOrderedRows) {
        if (sameSequenceModuloBlankNodes(c.rows, actual.rows)) return "";
        return "rows differ (in order); expected:\n" + rowsText(c.variables, c.rows) + "got:\n" +
               rowsText(actual.variables, actual.rows);
      }
      MatchResult m = matchRowsModuloBlankNodes(c.rows, actual.rows);
      if (m.matched) return "";
      return m.explanation + "\nexpected:\n" + rowsText(c.variables, c.rows) + "got:\n" +
             rowsText(actual.variables, actual.rows);
    }
  }
  return "unknown expectation";
}

// Runs `produce`; a thrown core::Error is the answer when the case expects one.
std::string runChecked(const QueryTestCase& c, const std::function<Answer()>& produce) {
  try {
    return check(c, produce());
  } catch (const core::Error& e) {
    if (c.expect == QueryTestCase::Expect::kError && errorCodeName(e.code()) == c.errorCode) {
      return "";
    }
    return std::string("threw ") + std::string(errorCodeName(e.code())) + ": " + e.what();
  }
}

Answer fromCollected(const query::Query& q, const sparql::results::CollectedResult& r) {
  Answer a;
  a.form = q.form;
  a.variables = r.variables;
  a.rows = r.rows;
  a.boolean = r.boolean;
  if (r.kind == sparql::results::ResultKind::kGraph) {
    for (const auto& t : r.triples) a.rows.push_back({t.subject, t.predicate, t.object});
  }
  return a;
}

Answer fromNaive(const NaiveResult& r) {
  Answer a;
  a.form = r.form;
  a.variables = r.variables;
  a.rows = r.rows;
  a.boolean = r.boolean;
  for (const Quad& t : r.triples) a.rows.push_back({t.subject, t.predicate, t.object});
  return a;
}

bool planMentions(const query::PlanInfo& plan, const std::string& name) {
  if (plan.op == name) return true;
  for (const auto& [key, value] : plan.details) {
    if (key == name || value.find(name) != std::string::npos) return true;
  }
  return std::any_of(plan.children.begin(), plan.children.end(),
                     [&](const query::PlanInfo& child) { return planMentions(child, name); });
}

class DeclarativeQueryTest : public ::testing::TestWithParam<QueryTestCase> {};

TEST_P(DeclarativeQueryTest, Case) {
  const QueryTestCase& c = GetParam();
  SCOPED_TRACE(c.file + ":" + std::to_string(c.line) + " case " + c.name);

  ParseOptions parse;
  parse.baseIri = kExamplePrefixIri;
  auto quads = parseRdfString("@prefix ex: <" + std::string(kExamplePrefixIri) + "> .\n" + c.data,
                              core::rdf::RdfFormat::kTriG, parse);
  ASSERT_TRUE(quads.isOk()) << "data: " << quads.status().toString();
  dropXsdStringDatatype(*quads);

  query::Query q;
  try {
    q = sparql::parseQuery(kPrefix + c.query);
  } catch (const core::Error& e) {
    if (c.expect == QueryTestCase::Expect::kError && errorCodeName(e.code()) == c.errorCode) return;
    FAIL() << "parse: " << e.what();
  }

  struct Run {
    std::string label;
    index::IndexConfig index;
    size_t batchRows;
  };
  std::vector<Run> runs = {{"as written",
                            c.tiny ? index::IndexConfig::tiny() : index::IndexConfig::defaults(),
                            c.batchRows}};
  if (!c.tiny && c.batchRows == 0)
    runs.push_back({"tiny, batchRows 1", index::IndexConfig::tiny(), 1});

  for (const Run& run : runs) {
    TestLedger ledger = makeTestLedger(*quads, run.index);
    query::QueryOptions options;
    options.batchRows = run.batchRows;
    options.disabledRewrites = c.disabledRewrites;
    std::string problem = runChecked(c, [&] {
      sparql::results::CollectingSink sink;
      query::executeQuery(*ledger.ledger, q, options, sink);
      return fromCollected(q, sink.result());
    });
    EXPECT_EQ(problem, "") << "engine (" << run.label << ")";
    if (!c.planOperators.empty() && run.label == "as written") {
      query::PlanInfo plan = query::explainQuery(*ledger.ledger, q, options);
      for (const std::string& op : c.planOperators) {
        EXPECT_TRUE(planMentions(plan, op)) << "plan lacks " << op << ":\n"
                                            << query::renderPlanText(plan);
      }
    }
  }

  if (c.oracle) {
    std::string problem = runChecked(c, [&] { return fromNaive(evaluateNaively(q, *quads)); });
    EXPECT_EQ(problem, "") << "naive evaluator (the test oracle)";
  }
}

INSTANTIATE_TEST_SUITE_P(QueryFiles, DeclarativeQueryTest, ::testing::ValuesIn(allCases()),
                         testName);

}  // namespace
}  // namespace cairn::testing
