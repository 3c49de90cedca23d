// The test-side readers (tests/support/sparql_results.h) on the real W3C result files, and
// compareResults' rules.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sparql/results/result_readers.h"
#include "tests/support/sparql_results.h"
#include "tests/unit/sparql/results/result_fixture.h"

namespace cairn::testing {
namespace {

namespace fs = std::filesystem;
using core::Term;

const std::string kConformance = CAIRN_CONFORMANCE_DIR;
const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";

ExpectedResults load(const std::string& relative) {
  auto result = readResultsFile(kConformance + "/" + relative);
  EXPECT_TRUE(result.isOk()) << relative << ": " << result.status().toString();
  return result.isOk() ? std::move(result).value() : ExpectedResults{};
}

std::vector<std::string> filesWithExtension(const std::string& ext) {
  std::vector<std::string> paths;
  for (const char* suite : {"sparql10", "sparql11"}) {
    fs::path root = fs::path(kConformance) / suite;
    if (!fs::exists(root)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (entry.is_regular_file() && entry.path().extension() == ext) {
        paths.push_back(entry.path().string());
      }
    }
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

ExpectedResults solutions(std::vector<std::string> vars, std::vector<TermRow> rows) {
  ExpectedResults r;
  r.variables = std::move(vars);
  r.rows = std::move(rows);
  return r;
}

TEST(W3cResults, EverySrxFileReads) {
  std::vector<std::string> paths = filesWithExtension(".srx");
  ASSERT_EQ(paths.size(), 440u);  // 133 sparql10 + 307 sparql11 (README counts)
  size_t booleans = 0, rows = 0;
  for (const std::string& path : paths) {
    auto r = readResultsFile(path);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    booleans += r.value().isBoolean;
    rows += r.value().rows.size();
  }
  EXPECT_EQ(booleans, 26u);  // one <boolean> element per ASK file
  EXPECT_GT(rows, 1500u);
}

TEST(W3cResults, SrxContentsMatchTheFile) {
  ExpectedResults r = load("sparql10/basic/base-prefix-1.srx");
  EXPECT_EQ(r.variables, (std::vector<std::string>{"v", "p"}));
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_EQ(r.rows[0][0], Term::literal("d:x ns:p"));
  EXPECT_EQ(r.rows[1][1], Term::iri("http://example.org/x/p"));
  // concat02.srx has empty <result></result> elements followed by comments.
  ExpectedResults concat = load("sparql11/functions/concat02.srx");
  EXPECT_FALSE(concat.rows.empty());
}

TEST(W3cResults, JsonResultsRead) {
  std::vector<std::string> paths = filesWithExtension(".srj");
  ASSERT_EQ(paths.size(), 6u);
  for (const std::string& path : paths) {
    auto r = readResultsFile(path);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
  }
  ExpectedResults r = load("sparql11/json-res/jsonres01.srj");
  EXPECT_EQ(r.variables, (std::vector<std::string>{"s", "p", "o"}));
  ASSERT_EQ(r.rows.size(), 6u);
  EXPECT_EQ(r.rows[3][2], Term::literal("4", kXsd + "integer"));
  EXPECT_EQ(r.rows[5][2], Term::blank("b0"));
}

TEST(W3cResults, CsvAndTsvFilesAgreeUnderTheCsvProjection) {
  for (const char* name : {"csvtsv01", "csvtsv02"}) {
    std::string base = std::string("sparql11/csv-tsv-res/") + name;
    ExpectedResults csv = load(base + ".csv");
    ExpectedResults tsv = load(base + ".tsv");
    EXPECT_TRUE(csv.lossyCsv);
    EXPECT_EQ(csv.rows.size(), 6u);
    MatchResult m = compareResults(csv, tsv, /*ordered=*/false);
    EXPECT_TRUE(m.matched) << name << ": " << m.explanation;
  }
  ExpectedResults tsv = load("sparql11/csv-tsv-res/csvtsv03.tsv");
  ASSERT_EQ(tsv.rows.size(), 7u);
  EXPECT_EQ(tsv.rows[0][2], Term::literal("1"));
  EXPECT_EQ(tsv.rows[1][2], Term::literal("2.2", kXsd + "decimal"));
  EXPECT_EQ(tsv.rows[2][2], Term::literal("-3", kXsd + "negativeInteger"));
  EXPECT_EQ(tsv.rows[5][2], Term::literal("1.0e6", kXsd + "double"));
  ExpectedResults csv = load("sparql11/csv-tsv-res/csvtsv03.csv");
  EXPECT_EQ(csv.rows[3][2], Term::literal("4,4"));
  // The CSV file writes the double as 1.0E6, the TSV file as 1.0e6: the projection differs.
  EXPECT_FALSE(compareResults(csv, tsv, false).matched);
}

TEST(W3cResults, TurtleResultSetsRead) {
  size_t resultSets = 0, graphs = 0;
  for (const std::string& path : filesWithExtension(".ttl")) {
    if (slurp(path).find("result-set#") == std::string::npos) continue;
    auto r = readResultsFile(path);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    (r.value().isGraph ? graphs : resultSets) += 1;
  }
  EXPECT_GT(resultSets, 110u);
  EXPECT_EQ(graphs, 0u);

  ExpectedResults coref = load("sparql10/bnode-coreference/result.ttl");
  EXPECT_EQ(coref.variables, (std::vector<std::string>{"x", "y"}));
  EXPECT_FALSE(coref.rows.empty());
  EXPECT_TRUE(coref.rows[0][0].has_value());
  EXPECT_EQ(coref.rows[0][0]->kind, core::TermKind::kBlank);

  ExpectedResults yes = load("sparql10/type-promotion/true.ttl");
  EXPECT_TRUE(yes.isBoolean);
  EXPECT_TRUE(yes.boolean);
}

TEST(W3cResults, RdfXmlResultSetsKeepTheirOrder) {
  std::vector<std::string> paths = filesWithExtension(".rdf");
  size_t resultSets = 0;
  for (const std::string& path : paths) {
    auto r = readResultsFile(path);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    if (!r.value().isGraph) {
      ++resultSets;
      EXPECT_TRUE(r.value().hasRowOrder) << path;
    }
  }
  EXPECT_EQ(paths.size(), 16u);
  EXPECT_EQ(resultSets, 10u);  // sparql10/sort; the six sparql11/subquery files are data

  ExpectedResults sorted = load("sparql10/sort/result-sort-1.rdf");
  ASSERT_EQ(sorted.rows.size(), 4u);
  EXPECT_EQ(sorted.rows[0][0], Term::literal("Alice"));
  EXPECT_EQ(sorted.rows[3][0], Term::literal("Fred"));
  ExpectedResults reversed = sorted;
  std::reverse(reversed.rows.begin(), reversed.rows.end());
  EXPECT_TRUE(compareResults(sorted, reversed, /*ordered=*/false).matched);
  EXPECT_FALSE(compareResults(sorted, reversed, /*ordered=*/true).matched);

  // rdf:resource="" names the document itself.
  std::string sq01 = kConformance + "/sparql11/subquery/sq01.rdf";
  auto quads = parseRdfXmlFile(sq01);
  ASSERT_TRUE(quads.isOk()) << quads.status().toString();
  ASSERT_EQ(quads.value().size(), 2u);
  EXPECT_EQ(quads.value()[1].object, Term::iri(fileIri(sq01)));
}

// Every expected result a query evaluation test names, in both suites, loads.
TEST(W3cResults, EveryQueryEvaluationResultLoads) {
  size_t loaded = 0, graphs = 0, booleans = 0;
  for (const char* root : {"sparql11/manifest-all.ttl", "sparql10/manifest.ttl"}) {
    auto manifests = loadManifestTree(kConformance + "/" + root);
    ASSERT_TRUE(manifests.isOk()) << manifests.status().toString();
    for (const Manifest& manifest : manifests.value()) {
      for (const ManifestEntry& entry : manifest.entries) {
        std::string_view type = localName(entry.type);
        if (type != "QueryEvaluationTest" && type != "CSVResultFormatTest") continue;
        if (!entry.result || entry.result->kind != core::TermKind::kIri) continue;
        std::optional<std::string> path = pathFromFileIri(entry.result->value);
        ASSERT_TRUE(path.has_value()) << entry.result->value;
        auto r = readResultsFile(*path);
        ASSERT_TRUE(r.isOk()) << entry.name << ": " << r.status().toString();
        ++loaded;
        graphs += r.value().isGraph;
        booleans += r.value().isBoolean;
      }
    }
  }
  // Counts for the pinned suites (../shared/conformance/README.md): every listed query
  // evaluation and CSV test names a result file.
  EXPECT_EQ(loaded, 595u);
  EXPECT_EQ(graphs, 12u);
  EXPECT_EQ(booleans, 58u);
}

TEST(W3cResults, GraphResultsReadAsGraphs) {
  ExpectedResults g = load("sparql11/construct/constructwhere01result.ttl");
  EXPECT_TRUE(g.isGraph);
  EXPECT_FALSE(g.graph.empty());
  ExpectedResults same = g;
  std::reverse(same.graph.begin(), same.graph.end());
  EXPECT_TRUE(compareResults(g, same, false).matched);
}

TEST(RdfXml, ReadsTheSubsetAndRejectsTheRest) {
  auto quads = parseRdfXml(
      R"(<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="http://e/"
                  xml:lang="en">
           <e:Thing rdf:ID="t" e:label="attr">
             <e:name>Tee</e:name>
             <e:knows><e:Thing rdf:nodeID="n"/></e:knows>
             <e:age rdf:datatype="http://www.w3.org/2001/XMLSchema#integer">3</e:age>
             <e:home e:city="X"/>
           </e:Thing>
         </rdf:RDF>)",
      "http://base/doc");
  ASSERT_TRUE(quads.isOk()) << quads.status().toString();
  const Term t = Term::iri("http://base/doc#t");
  std::vector<Quad> expected = {
      {t, Term::iri("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), Term::iri("http://e/Thing"),
       std::nullopt},
      {t, Term::iri("http://e/label"), Term::literal("attr", {}, "en"), std::nullopt},
      {t, Term::iri("http://e/name"), Term::literal("Tee", {}, "en"), std::nullopt},
      {Term::blank("n"), Term::iri("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
       Term::iri("http://e/Thing"), std::nullopt},
      {t, Term::iri("http://e/knows"), Term::blank("n"), std::nullopt},
      {t, Term::iri("http://e/age"), Term::literal("3", kXsd + "integer"), std::nullopt},
      {t, Term::iri("http://e/home"), Term::blank("h"), std::nullopt},
      {Term::blank("h"), Term::iri("http://e/city"), Term::literal("X", {}, "en"), std::nullopt},
  };
  EXPECT_TRUE(datasetsIsomorphic(expected, quads.value()).matched)
      << datasetsIsomorphic(expected, quads.value()).explanation;

  auto collection = parseRdfXml(
      R"(<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="http://e/">
           <rdf:Description><e:l rdf:parseType="Collection"/></rdf:Description></rdf:RDF>)",
      "http://base/");
  EXPECT_FALSE(collection.isOk());
}

TEST(CompareResults, LiteralRulesAndColumnAlignment) {
  ExpectedResults expected =
      solutions({"a", "b"}, {{Term::literal("x"), Term::literal("chat", {}, "fr-BE")}});
  ExpectedResults actual = solutions(
      {"b", "a"}, {{Term::literal("chat", {}, "FR-be"), Term::literal("x", kXsd + "string")}});
  EXPECT_TRUE(compareResults(expected, actual, false).matched);
  EXPECT_TRUE(compareResults(expected, actual, true).matched);

  ExpectedResults typed = solutions(
      {"a", "b"}, {{Term::literal("x", kXsd + "token"), Term::literal("chat", {}, "fr-BE")}});
  EXPECT_FALSE(compareResults(expected, typed, false).matched);
  ExpectedResults missing = solutions({"a"}, {{Term::literal("x")}});
  EXPECT_FALSE(compareResults(expected, missing, false).matched);
  ExpectedResults extra = solutions(
      {"a", "b", "c"}, {{Term::literal("x"), Term::literal("chat", {}, "fr-be"), std::nullopt}});
  EXPECT_FALSE(compareResults(expected, extra, false).matched);
}

TEST(CompareResults, OrderedComparisonKeepsOneBlankNodeMapping) {
  ExpectedResults expected =
      solutions({"v"}, {{Term::blank("a")}, {Term::blank("b")}, {Term::blank("a")}});
  ExpectedResults good =
      solutions({"v"}, {{Term::blank("x")}, {Term::blank("y")}, {Term::blank("x")}});
  ExpectedResults bad =
      solutions({"v"}, {{Term::blank("x")}, {Term::blank("y")}, {Term::blank("y")}});
  ExpectedResults merged =
      solutions({"v"}, {{Term::blank("x")}, {Term::blank("x")}, {Term::blank("x")}});
  EXPECT_TRUE(compareResults(expected, good, true).matched);
  EXPECT_FALSE(compareResults(expected, bad, true).matched);
  EXPECT_FALSE(compareResults(expected, merged, true).matched);
  // As multisets {a,b,a} and {x,y,y} match (a→y, b→x); {x,x,x} needs a and b on one node.
  EXPECT_TRUE(compareResults(expected, bad, false).matched);
  EXPECT_FALSE(compareResults(expected, merged, false).matched);
  ExpectedResults shorter = solutions({"v"}, {{Term::blank("x")}});
  EXPECT_FALSE(compareResults(expected, shorter, true).matched);
}

TEST(CompareResults, BooleansAndKinds) {
  ExpectedResults yes;
  yes.isBoolean = true;
  yes.boolean = true;
  ExpectedResults no = yes;
  no.boolean = false;
  EXPECT_TRUE(compareResults(yes, yes, false).matched);
  EXPECT_FALSE(compareResults(yes, no, false).matched);
  EXPECT_FALSE(compareResults(yes, solutions({}, {}), false).matched);
}

// Writing with our writers and reading back gives what the engine produced.
TEST(CompareResults, CollectedAnswersRoundTripThroughWriters) {
  sparql::results::CollectingSink sink;
  sparql::results::fixture::writeSolutions(sink);
  ExpectedResults engine = fromCollected(sink.result());
  for (auto format : {sparql::results::ResultFormat::kJson, sparql::results::ResultFormat::kXml,
                      sparql::results::ResultFormat::kTsv}) {
    std::string text = sparql::results::fixture::writeWith(format);
    ExpectedResults back = fromCollected(sparql::results::readResults(text, format));
    MatchResult m = compareResults(engine, back, /*ordered=*/true);
    EXPECT_TRUE(m.matched) << m.explanation;
  }
  std::string csv = sparql::results::fixture::writeWith(sparql::results::ResultFormat::kCsv);
  ExpectedResults csvBack = fromCollected(sparql::results::readCsvResults(csv));
  csvBack.lossyCsv = true;
  EXPECT_TRUE(compareResults(csvBack, engine, false).matched);
}

}  // namespace
}  // namespace cairn::testing
