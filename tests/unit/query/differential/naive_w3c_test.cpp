// Checks the oracle itself: the naive evaluator (tests/support/naive_evaluator.h) runs the W3C
// SPARQL 1.1 and 1.0 query evaluation tests (../shared/conformance), and its pass count must
// stay at or above a floor. A differential test is only as good as its oracle; this is the
// evidence that the oracle reads the spec right, independently of the engine.
//
// It shares the parser and translator with the engine, so a translation bug shows up here and
// not in the differential test; the failures it prints are worth reading for that reason.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/rdf/rdf_format.h"
#include "query/expr/values.h"
#include "sparql/parser/sparql_parser.h"
#include "tests/support/naive_evaluator.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/sparql_results.h"
#include "tests/support/w3c_manifest.h"

namespace cairn::testing {
namespace {

namespace fs = std::filesystem;
using core::Term;
using manifest_vocab::kQt;

// Measured when the test was written (see the summary it prints); raise it as the evaluator,
// parser or expression library improve, never lower it without a reason.
constexpr size_t kMinimumPassed = 507;

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

core::Result<std::vector<Quad>> readData(const std::string& path, std::optional<Term> graph) {
  core::Result<std::vector<Quad>> quads = core::Status::internal("unread");
  if (fs::path(path).extension() == ".rdf") {
    quads = parseRdfXmlFile(path);
  } else {
    auto format = core::rdf::formatFromPath(path);
    if (!format) format = core::rdf::RdfFormat::kTurtle;
    ParseOptions options;
    options.baseIri = fileIri(path);
    quads = parseRdfFile(path, *format, options);
  }
  if (!quads) return quads;
  // Each file has its own blank nodes: labels are only meaningful inside one document.
  static int documents = 0;
  const std::string scope = "f" + std::to_string(++documents) + "_";
  auto rescope = [&](Term& t) {
    if (t.kind == core::TermKind::kBlank) t.value = scope + t.value;
  };
  for (Quad& q : *quads) {
    q.graph = graph;
    rescope(q.subject);
    rescope(q.object);
  }
  dropXsdStringDatatype(*quads);
  return quads;
}

bool hasTopLevelOrderBy(const query::Algebra* node) {
  while (node != nullptr) {
    switch (node->kind) {
      case query::AlgebraKind::kOrderBy:
        return true;
      case query::AlgebraKind::kSlice:
      case query::AlgebraKind::kDistinct:
      case query::AlgebraKind::kReduced:
      case query::AlgebraKind::kProject:
      case query::AlgebraKind::kExtend:
        node = node->children.empty() ? nullptr : node->children[0].get();
        break;
      default:
        return false;
    }
  }
  return false;
}

// Numbers of one datatype in canonical form, for comparing by value: computed numbers are written
// in XSD canonical form ("3.0"), and some expected files use other forms of the same value.
void canonicalizeNumbers(ExpectedResults& results) {
  for (TermRow& row : results.rows) {
    for (std::optional<Term>& cell : row) {
      if (!cell || cell->kind != core::TermKind::kLiteral) continue;
      auto number = query::expr::numericOf(*cell);
      if (!number) continue;
      Term canonical = query::expr::makeNumeric(*number);
      if (canonical.datatype == cell->datatype) cell->value = canonical.value;
    }
  }
}

ExpectedResults toResults(const NaiveResult& r) {
  ExpectedResults out;
  switch (r.form) {
    case query::QueryForm::kSelect:
      out.variables = r.variables;
      out.rows = r.rows;
      break;
    case query::QueryForm::kAsk:
      out.isBoolean = true;
      out.boolean = r.boolean;
      break;
    case query::QueryForm::kConstruct:
    case query::QueryForm::kDescribe:
      out.isGraph = true;
      out.graph = r.triples;
      break;
  }
  return out;
}

// Empty when the oracle passes the test, "skip: ..." when it does not apply, else the failure.
std::string runTest(const Manifest& manifest, const ManifestEntry& entry) {
  if (!entry.action) return "no mf:action";
  auto queryIri = manifest.graph.object(*entry.action, std::string(kQt) + "query");
  if (!queryIri) return "no qt:query";
  if (!manifest.graph.objects(*entry.action, std::string(kQt) + "serviceData").empty()) {
    return "skip: SERVICE";
  }
  auto queryPath = pathFromFileIri(queryIri->value);
  if (!queryPath) return "qt:query is not a file";

  query::Query q;
  try {
    sparql::QueryParseOptions options;
    options.baseIri = queryIri->value;
    q = sparql::parseQuery(readFile(*queryPath), options);
  } catch (const core::Error& e) {
    return std::string("parse error: ") + e.what();
  }

  std::vector<Quad> quads;
  for (const Term& data : manifest.graph.objects(*entry.action, std::string(kQt) + "data")) {
    auto path = pathFromFileIri(data.value);
    if (!path) return "qt:data is not a file";
    auto loaded = readData(*path, std::nullopt);
    if (!loaded) return "cannot read data: " + loaded.status().toString();
    quads.insert(quads.end(), loaded->begin(), loaded->end());
  }
  std::vector<std::string> graphs;
  for (const Term& g : manifest.graph.objects(*entry.action, std::string(kQt) + "graphData")) {
    graphs.push_back(g.value);
  }
  graphs.insert(graphs.end(), q.dataset.defaultGraphs.begin(), q.dataset.defaultGraphs.end());
  graphs.insert(graphs.end(), q.dataset.namedGraphs.begin(), q.dataset.namedGraphs.end());
  std::set<std::string> loadedGraphs;
  for (const std::string& g : graphs) {
    if (!loadedGraphs.insert(g).second) continue;
    auto path = pathFromFileIri(g);
    if (!path || !fs::exists(*path)) continue;
    auto loaded = readData(*path, Term::iri(g));
    if (!loaded) return "cannot read graph: " + loaded.status().toString();
    quads.insert(quads.end(), loaded->begin(), loaded->end());
  }

  NaiveResult actual;
  try {
    actual = evaluateNaively(q, quads);
  } catch (const core::Error& e) {
    return std::string("evaluation error: ") + e.what();
  }
  if (!entry.result) return "no mf:result";
  auto resultPath = pathFromFileIri(entry.result->value);
  if (!resultPath) return "mf:result is not a file";
  auto expected = readResultsFile(*resultPath);
  if (!expected) return "cannot read expected results: " + expected.status().toString();
  const bool ordered = hasTopLevelOrderBy(q.pattern.get());
  MatchResult match = compareResults(*expected, toResults(actual), ordered);
  if (match.matched) return "";
  ExpectedResults expectedByValue = *expected;
  ExpectedResults actualByValue = toResults(actual);
  canonicalizeNumbers(expectedByValue);
  canonicalizeNumbers(actualByValue);
  if (compareResults(expectedByValue, actualByValue, ordered).matched) return "";
  return "results differ: " + match.explanation.substr(0, 300) + "\nexpected:\n" +
         describeResults(*expected, 8) + "actual:\n" + describeResults(toResults(actual), 8);
}

TEST(NaiveEvaluatorW3cTest, PassesQueryEvaluationTests) {
  const std::string root = CAIRN_CONFORMANCE_DIR;
  if (!fs::exists(root + "/sparql11")) GTEST_SKIP() << "no conformance suites at " << root;
  const bool verbose = std::getenv("CAIRN_ORACLE_VERBOSE") != nullptr;
  size_t passed = 0, failed = 0, skipped = 0;
  std::set<std::string> seen;
  for (const std::string& entryPoint :
       {root + "/sparql11/manifest-sparql11-query.ttl", root + "/sparql10/manifest.ttl"}) {
    auto manifests = loadManifestTree(entryPoint);
    ASSERT_TRUE(manifests.isOk()) << manifests.status().toString();
    for (const Manifest& manifest : *manifests) {
      const std::string suite =
          fs::relative(fs::path(manifest.path).parent_path(), root).generic_string();
      for (const ManifestEntry& entry : manifest.entries) {
        if (localName(entry.type) != "QueryEvaluationTest") continue;
        if (localName(entry.approval) == "Deprecated") continue;
        if (!seen.insert(entry.node.value).second) continue;
        std::string outcome = runTest(manifest, entry);
        if (outcome.empty()) {
          ++passed;
        } else if (outcome.rfind("skip:", 0) == 0) {
          ++skipped;
        } else {
          ++failed;
          std::string shown = verbose ? outcome : outcome.substr(0, outcome.find('\n'));
          std::printf("oracle FAIL %s/%s: %s\n", suite.c_str(), entry.name.c_str(), shown.c_str());
        }
      }
    }
  }
  std::printf(
      "naive evaluator on W3C query evaluation tests: %zu passed, %zu failed, %zu skipped\n",
      passed, failed, skipped);
  EXPECT_GE(passed, kMinimumPassed);
}

}  // namespace
}  // namespace cairn::testing
