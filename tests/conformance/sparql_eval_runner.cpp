// Runs the W3C SPARQL 1.1 and 1.0 query evaluation suites against the engine: each
// QueryEvaluationTest / CSVResultFormatTest loads its data into an in-memory ledger through the
// production importer, parses its query with the SPARQL parser, runs it with executeQuery and
// compares the answer with mf:result (solutions as multisets modulo blank nodes; in order when
// the query has a top-level ORDER BY; graphs by isomorphism).
//
//   sparql_eval_runner [--verbose] [--filter TEXT] [conformance-root]   (default ../shared/conformance)
//
// Prints "FAIL suite/test: reason" per failure, a count per manifest, then the totals. Exits
// non-zero if a test fails that is not in kExclusions (tests/conformance/sparql_exclusions.h,
// each with its reason), or if an excluded test passes (so the list only shrinks).

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/rdf/rdf_format.h"
#include "query/engine/query_engine.h"
#include "query/expr/values.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/collecting_sink.h"
#include "sparql/results/result_readers.h"
#include "sparql/results/result_writer.h"
#include "tests/conformance/sparql_exclusions.h"
#include "tests/support/graph_isomorphism.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/runner_support.h"
#include "tests/support/sparql_results.h"
#include "tests/support/test_ledger.h"
#include "tests/support/w3c_manifest.h"

namespace {

namespace t = cairn::testing;
namespace fs = std::filesystem;
using cairn::core::Term;
using t::manifest_vocab::kMf;
using t::manifest_vocab::kQt;

std::string iri(std::string_view ns, std::string_view local) {
  return std::string(ns) + std::string(local);
}

struct Outcome {
  enum class Kind { kPass, kFail, kSkip } kind = Kind::kFail;
  std::string reason;
};

Outcome pass() { return {Outcome::Kind::kPass, {}}; }
Outcome fail(std::string reason) { return {Outcome::Kind::kFail, std::move(reason)}; }
Outcome skip(std::string reason) { return {Outcome::Kind::kSkip, std::move(reason)}; }

std::string extension(const std::string& path) { return fs::path(path).extension().string(); }

// Reads an RDF data file (Turtle, N-Triples, RDF/XML) into quads of `graph`.
cairn::core::Result<std::vector<t::Quad>> readData(const std::string& path,
                                                   std::optional<Term> graph) {
  cairn::core::Result<std::vector<t::Quad>> quads = cairn::core::Status::internal("unread");
  if (extension(path) == ".rdf") {
    quads = t::parseRdfXmlFile(path);
  } else {
    auto format = cairn::core::rdf::formatFromPath(path);
    if (!format) format = cairn::core::rdf::RdfFormat::kTurtle;
    t::ParseOptions options;
    options.baseIri = t::fileIri(path);
    quads = t::parseRdfFile(path, *format, options);
  }
  if (!quads) return quads;
  // Blank node labels are scoped to their file: the same label in two files names two nodes.
  // The prefix is the same whenever one file is loaded again (as default and named graph).
  static std::map<std::string, size_t> fileNumbers;
  const std::string prefix =
      "f" + std::to_string(fileNumbers.emplace(path, fileNumbers.size()).first->second) + "x";
  auto scope = [&](Term& term) {
    if (term.kind == cairn::core::TermKind::kBlank) term.value = prefix + term.value;
  };
  for (t::Quad& q : *quads) {
    scope(q.subject);
    scope(q.object);
    q.graph = graph;
  }
  return quads;
}

bool hasTopLevelOrderBy(const cairn::query::Algebra* node) {
  while (node != nullptr) {
    switch (node->kind) {
      case cairn::query::AlgebraKind::kOrderBy:
        return true;
      case cairn::query::AlgebraKind::kSlice:
      case cairn::query::AlgebraKind::kDistinct:
      case cairn::query::AlgebraKind::kReduced:
      case cairn::query::AlgebraKind::kProject:
      case cairn::query::AlgebraKind::kExtend:
        node = node->children.empty() ? nullptr : node->children[0].get();
        break;
      default:
        return false;
    }
  }
  return false;
}

// Rows compare as terms here; REDUCED tests have no blank nodes in their answers.
void removeDuplicateRows(t::ExpectedResults& results) {
  std::sort(results.rows.begin(), results.rows.end());
  results.rows.erase(std::unique(results.rows.begin(), results.rows.end()), results.rows.end());
}

void lowercaseDoubleExponents(t::ExpectedResults& results) {
  for (t::TermRow& row : results.rows) {
    for (std::optional<Term>& cell : row) {
      if (cell && cell->datatype == "http://www.w3.org/2001/XMLSchema#double") {
        for (char& c : cell->value) c = c == 'E' ? 'e' : c;
      }
    }
  }
}

void canonicalizeNumbers(t::ExpectedResults& results) {
  for (t::TermRow& row : results.rows) {
    for (std::optional<Term>& cell : row) {
      if (!cell || cell->kind != cairn::core::TermKind::kLiteral) continue;
      const auto number = cairn::query::expr::numericOf(*cell);
      if (!number) continue;
      Term canonical = cairn::query::expr::makeNumeric(*number);
      if (canonical.datatype == cell->datatype) cell->value = canonical.value;
    }
  }
}

struct TestContext {
  const t::Manifest& manifest;
  const t::ManifestEntry& entry;
  bool verbose = false;
};

Outcome runEvaluationTest(const TestContext& context, bool csvFormatTest) {
  const t::Manifest& manifest = context.manifest;
  const t::ManifestEntry& entry = context.entry;
  if (!entry.action) return fail("no mf:action");
  const auto queryIri = manifest.graph.object(*entry.action, iri(kQt, "query"));
  if (!queryIri) return fail("no qt:query");
  if (!manifest.graph.objects(*entry.action, iri(kQt, "serviceData")).empty()) {
    return skip("SERVICE (federation) is not supported");
  }
  const auto queryPath = t::pathFromFileIri(queryIri->value);
  if (!queryPath) return fail("qt:query is not a file");

  const auto queryText = t::readFile(*queryPath);
  if (!queryText) return fail(queryText.status().message());
  cairn::query::Query query;
  try {
    cairn::sparql::QueryParseOptions options;
    options.baseIri = queryIri->value;
    query = cairn::sparql::parseQuery(*queryText, options);
  } catch (const cairn::core::Error& e) {
    return fail("parse error " + std::to_string(e.line()) + ":" + std::to_string(e.column()) +
                ": " + e.message());
  }

  // The dataset: qt:data into the default graph, qt:graphData and the query's FROM / FROM NAMED
  // files as named graphs named by their file IRI.
  std::vector<t::Quad> quads;
  std::set<std::string> namedLoaded;
  for (const Term& data : manifest.graph.objects(*entry.action, iri(kQt, "data"))) {
    const auto path = t::pathFromFileIri(data.value);
    if (!path) return fail("qt:data is not a file: " + data.value);
    auto loaded = readData(*path, std::nullopt);
    if (!loaded) return fail("cannot read data " + *path + ": " + loaded.status().message());
    quads.insert(quads.end(), loaded->begin(), loaded->end());
  }
  std::vector<std::string> namedGraphs;
  for (const Term& g : manifest.graph.objects(*entry.action, iri(kQt, "graphData"))) {
    namedGraphs.push_back(g.value);
  }
  for (const std::string& g : query.dataset.defaultGraphs) namedGraphs.push_back(g);
  for (const std::string& g : query.dataset.namedGraphs) namedGraphs.push_back(g);
  for (const std::string& graphIri : namedGraphs) {
    if (!namedLoaded.insert(graphIri).second) continue;
    const auto path = t::pathFromFileIri(graphIri);
    if (!path || !fs::exists(*path)) continue;  // an unknown graph is just empty
    auto loaded = readData(*path, Term::iri(graphIri));
    if (!loaded) return fail("cannot read graph " + *path + ": " + loaded.status().message());
    quads.insert(quads.end(), loaded->begin(), loaded->end());
  }

  cairn::sparql::results::CollectingSink sink;
  try {
    t::TestLedger ledger = t::makeTestLedger(quads);
    cairn::query::QueryOptions options;
    options.timeout = std::chrono::seconds(20);
    cairn::query::executeQuery(*ledger, query, options, sink);
  } catch (const cairn::core::Error& e) {
    return fail(std::string("engine error: ") + std::string(cairn::core::errorCodeName(e.code())) +
                ": " + e.message());
  }

  if (!entry.result) return fail("no mf:result");
  const auto resultPath = t::pathFromFileIri(entry.result->value);
  if (!resultPath) return fail("mf:result is not a file");

  auto expected = t::readResultsFile(*resultPath);
  if (!expected) return fail("cannot read expected results: " + expected.status().message());
  t::ExpectedResults actual = t::fromCollected(sink.result());
  if (csvFormatTest) {
    // The test is of the CSV writer: write the answer as CSV and read it back as the expected
    // file was read.
    cairn::sparql::results::StringOutput csv;
    auto writer = cairn::sparql::results::makeResultWriter(
        cairn::sparql::results::ResultFormat::kCsv, csv);
    const auto& collected = sink.result();
    writer->beginSolutions(collected.variables);
    for (const auto& row : collected.rows) {
      std::vector<const Term*> cells;
      for (const auto& cell : row) cells.push_back(cell ? &*cell : nullptr);
      writer->solution(cells);
    }
    writer->end();
    actual = t::fromCollected(cairn::sparql::results::readCsvResults(csv.text()));
  }
  if (extension(*resultPath) == ".tsv") {
    // TSV writes doubles in Turtle's short form, where the exponent marker's case carries no
    // meaning ("1.0E6" in the data is "1.0e6" in csvtsv03.tsv).
    lowercaseDoubleExponents(*expected);
    lowercaseDoubleExponents(actual);
  }
  const bool ordered = hasTopLevelOrderBy(query.pattern.get());
  t::MatchResult match = t::compareResults(*expected, actual, ordered);
  if (match.matched) return pass();
  {
    // Cairn keeps numeric literals exactly as loaded and writes computed ones in XSD 1.0
    // canonical form ("3.0"); some expected files use other forms of the same value ("3",
    // "2.0E-1" for a stored "2E-1"). A test that passes only when numbers of the same datatype
    // compare by value is counted separately ("by value") in the summary.
    t::ExpectedResults expectedByValue = *expected, actualByValue = actual;
    canonicalizeNumbers(expectedByValue);
    canonicalizeNumbers(actualByValue);
    if (t::compareResults(expectedByValue, actualByValue, ordered).matched) {
      return {Outcome::Kind::kPass, "by value\n" + match.explanation};
    }
  }
  const auto cardinality = manifest.graph.object(entry.node, iri(kMf, "resultCardinality"));
  if (cardinality && cardinality->value == iri(kMf, "LaxCardinality")) {
    // REDUCED may drop any number of duplicates: compare the distinct solutions.
    t::ExpectedResults distinctExpected = *expected;
    removeDuplicateRows(distinctExpected);
    removeDuplicateRows(actual);
    if (t::compareResults(distinctExpected, actual, false).matched) return pass();
  }
  return fail("results differ:\n" + match.explanation);
}

Outcome runTest(const TestContext& context) {
  const std::string_view type = t::localName(context.entry.type);
  if (type == "QueryEvaluationTest") return runEvaluationTest(context, false);
  if (type == "CSVResultFormatTest") return runEvaluationTest(context, true);
  return skip("not a query evaluation test");
}

}  // namespace

int main(int argc, char** argv) {
  const t::RunnerOptions options = t::parseRunnerOptions(argc, argv);
  const std::string& root = options.root;
  const bool verbose = options.verbose;
  const std::vector<std::string> entryPoints = {
      root + "/sparql11/manifest-sparql11-query.ttl",
      root + "/sparql11/manifest-sparql11-results.ttl",
      root + "/sparql10/manifest.ttl",
  };
  size_t passed = 0, failed = 0, skipped = 0, excused = 0, unexcused = 0, stale = 0, byValue = 0;
  std::set<std::string> seen;
  for (const std::string& entryPoint : entryPoints) {
    auto manifests = t::loadManifestTree(entryPoint);
    if (!manifests) {
      std::printf("FAIL cannot load %s: %s\n", entryPoint.c_str(),
                  manifests.status().toString().c_str());
      ++unexcused;
      continue;
    }
    for (const t::Manifest& manifest : *manifests) {
      const std::string suite =
          fs::relative(fs::path(manifest.path).parent_path(), root).generic_string();
      size_t suitePassed = 0, suiteFailed = 0;
      for (const t::ManifestEntry& entry : manifest.entries) {
        const std::string id = suite + "/" + entry.name;
        if (!options.selects(id)) continue;
        if (!seen.insert(entry.node.value + "|" + id).second) continue;
        if (t::localName(entry.approval) == "Deprecated" ||
            t::localName(entry.approval) == "NotClassified") {
          continue;
        }
        const std::string_view type = t::localName(entry.type);
        if (type != "QueryEvaluationTest" && type != "CSVResultFormatTest") continue;
        const Outcome outcome = runTest({manifest, entry, verbose});
        const cairn::testing::SparqlExclusion* exclusion = cairn::testing::findSparqlExclusion(id);
        switch (outcome.kind) {
          case Outcome::Kind::kSkip:
            ++skipped;
            std::printf("SKIP %s: %s\n", id.c_str(), outcome.reason.c_str());
            break;
          case Outcome::Kind::kPass:
            ++passed;
            ++suitePassed;
            if (outcome.reason.starts_with("by value")) {
              ++byValue;
              std::printf("pass %s (by value)\n", id.c_str());
              if (verbose) t::printReasonDetails(outcome.reason);
            }
            if (exclusion != nullptr) {
              ++stale;
              std::printf("PASS %s is excluded (%s): remove it from the exclusion list\n",
                          id.c_str(), exclusion->reason.data());
            } else if (verbose) {
              std::printf("pass %s\n", id.c_str());
            }
            break;
          case Outcome::Kind::kFail: {
            ++failed;
            ++suiteFailed;
            const std::string headline(t::reasonHeadline(outcome.reason));
            if (exclusion != nullptr) {
              ++excused;
              if (verbose) {
                std::printf("fail %s (excluded: %s): %s\n", id.c_str(), exclusion->reason.data(),
                            headline.c_str());
              }
            } else {
              ++unexcused;
              std::printf("FAIL %s: %s\n", id.c_str(), headline.c_str());
            }
            if (verbose) t::printReasonDetails(outcome.reason);
            break;
          }
        }
      }
      if (suitePassed + suiteFailed > 0) {
        std::printf("%s: %zu passed, %zu failed\n", suite.c_str(), suitePassed, suiteFailed);
      }
    }
  }
  std::printf(
      "%zu passed (%zu of them by value of numeric literals), %zu failed (%zu excluded with a "
      "reason), %zu skipped\n",
      passed, byValue, failed, excused, skipped);
  return unexcused == 0 && stale == 0 ? 0 : 1;
}
