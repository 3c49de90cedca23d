// Exact output of every result writer on the shared fixture, plus buffering and misuse.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "tests/unit/sparql/results/result_fixture.h"

namespace cairn::sparql::results {
namespace {

using fixture::writeBoolean;
using fixture::writeGraph;
using fixture::writeWith;

TEST(JsonResultWriter, WritesFixtureExactly) {
  const std::string expected =
      R"({"head":{"vars":["x","y","z"]},"results":{"bindings":[)"
      "\n"
      R"({"x":{"type":"uri","value":"http://ex.org/a"},"y":{"type":"literal","value":"plain"}},)"
      "\n"
      R"({"x":{"type":"bnode","value":"b1"},"y":{"type":"literal","value":"chat","xml:lang":"fr"},)"
      R"("z":{"type":"literal","value":"4","datatype":"http://www.w3.org/2001/XMLSchema#integer"}},)"
      "\n"
      R"({"x":{"type":"uri","value":"http://ex.org/q?a=1&b=2"},)"
      R"("y":{"type":"literal","value":"He said \"hi\",\n\tok\\"},)"
      R"("z":{"type":"literal","value":"1.5","datatype":"http://www.w3.org/2001/XMLSchema#decimal"}},)"
      "\n"
      R"({"y":{"type":"literal","value":"x","datatype":"http://ex.org/dt"},)"
      R"("z":{"type":"literal","value":"1.0e6","datatype":"http://www.w3.org/2001/XMLSchema#double"}},)"
      "\n"
      R"({"x":{"type":"literal","value":"s"},)"
      R"("y":{"type":"literal","value":"5.","datatype":"http://www.w3.org/2001/XMLSchema#decimal"},)"
      R"("z":{"type":"literal","value":"true","datatype":"http://www.w3.org/2001/XMLSchema#boolean"}})"
      "\n]}}\n";
  std::string actual = writeWith(ResultFormat::kJson);
  EXPECT_EQ(actual, expected);
  nlohmann::json parsed = nlohmann::json::parse(actual);
  EXPECT_EQ(parsed["results"]["bindings"][2]["y"]["value"], "He said \"hi\",\n\tok\\");
}

TEST(JsonResultWriter, EscapesControlsAndWritesEmptyResults) {
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kJson, out);
  core::Term odd = core::Term::literal(std::string("a\x01\x1f\b\f\"b", 7));
  fixture::writeSolutions(*writer, {"v"}, {{odd}});
  EXPECT_EQ(out.text(),
            "{\"head\":{\"vars\":[\"v\"]},\"results\":{\"bindings\":[\n"
            "{\"v\":{\"type\":\"literal\",\"value\":\"a\\u0001\\u001F\\b\\f\\\"b\"}}\n]}}\n");

  StringOutput empty;
  auto none = makeResultWriter(ResultFormat::kJson, empty);
  fixture::writeSolutions(*none, {}, {});
  EXPECT_EQ(empty.text(), "{\"head\":{\"vars\":[]},\"results\":{\"bindings\":[]}}\n");
}

TEST(JsonResultWriter, WritesBoolean) {
  EXPECT_EQ(writeBoolean(ResultFormat::kJson, true), "{\"head\":{},\"boolean\":true}\n");
  EXPECT_EQ(writeBoolean(ResultFormat::kJson, false), "{\"head\":{},\"boolean\":false}\n");
}

TEST(XmlResultWriter, WritesFixtureExactly) {
  const std::string xsd = "http://www.w3.org/2001/XMLSchema#";
  const std::string expected =
      "<?xml version=\"1.0\"?>\n"
      "<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n"
      "<head>\n"
      "  <variable name=\"x\"/>\n"
      "  <variable name=\"y\"/>\n"
      "  <variable name=\"z\"/>\n"
      "</head>\n"
      "<results>\n"
      "  <result>\n"
      "    <binding name=\"x\"><uri>http://ex.org/a</uri></binding>\n"
      "    <binding name=\"y\"><literal>plain</literal></binding>\n"
      "  </result>\n"
      "  <result>\n"
      "    <binding name=\"x\"><bnode>b1</bnode></binding>\n"
      "    <binding name=\"y\"><literal xml:lang=\"fr\">chat</literal></binding>\n"
      "    <binding name=\"z\"><literal datatype=\"" +
      xsd +
      "integer\">4</literal></binding>\n"
      "  </result>\n"
      "  <result>\n"
      "    <binding name=\"x\"><uri>http://ex.org/q?a=1&amp;b=2</uri></binding>\n"
      "    <binding name=\"y\"><literal>He said &quot;hi&quot;,&#10;&#9;ok\\</literal></binding>\n"
      "    <binding name=\"z\"><literal datatype=\"" +
      xsd +
      "decimal\">1.5</literal></binding>\n"
      "  </result>\n"
      "  <result>\n"
      "    <binding name=\"y\"><literal datatype=\"http://ex.org/dt\">x</literal></binding>\n"
      "    <binding name=\"z\"><literal datatype=\"" +
      xsd +
      "double\">1.0e6</literal></binding>\n"
      "  </result>\n"
      "  <result>\n"
      "    <binding name=\"x\"><literal>s</literal></binding>\n"
      "    <binding name=\"y\"><literal datatype=\"" +
      xsd +
      "decimal\">5.</literal></binding>\n"
      "    <binding name=\"z\"><literal datatype=\"" +
      xsd +
      "boolean\">true</literal></binding>\n"
      "  </result>\n"
      "</results>\n"
      "</sparql>\n";
  EXPECT_EQ(writeWith(ResultFormat::kXml), expected);
}

TEST(XmlResultWriter, EscapesMarkupCarriageReturnAndControls) {
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kXml, out);
  fixture::writeSolutions(*writer, {"v"}, {{core::Term::literal("<a>]]>&\r\x01", {}, "en-GB")}});
  EXPECT_NE(out.text().find("<binding name=\"v\"><literal xml:lang=\"en-GB\">"
                            "&lt;a&gt;]]&gt;&amp;&#13;\xEF\xBF\xBD</literal></binding>"),
            std::string::npos)
      << out.text();
}

TEST(XmlResultWriter, WritesBoolean) {
  EXPECT_EQ(writeBoolean(ResultFormat::kXml, true),
            "<?xml version=\"1.0\"?>\n<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n"
            "<head/>\n<boolean>true</boolean>\n</sparql>\n");
}

TEST(CsvResultWriter, WritesFixtureExactly) {
  EXPECT_EQ(writeWith(ResultFormat::kCsv),
            "x,y,z\r\n"
            "http://ex.org/a,plain,\r\n"
            "_:b1,chat,4\r\n"
            "http://ex.org/q?a=1&b=2,\"He said \"\"hi\"\",\n\tok\\\",1.5\r\n"
            ",x,1.0e6\r\n"
            "s,5.,true\r\n");
}

TEST(CsvResultWriter, QuotesHeaderFieldsAndCarriageReturns) {
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kCsv, out);
  fixture::writeSolutions(*writer, {"a", "b"},
                          {{core::Term::literal("x\ry"), core::Term::literal(" lead,")}});
  EXPECT_EQ(out.text(), "a,b\r\n\"x\ry\",\" lead,\"\r\n");
  EXPECT_EQ(writeBoolean(ResultFormat::kCsv, true), "true\r\n");
  EXPECT_EQ(writeBoolean(ResultFormat::kCsv, false), "false\r\n");
}

TEST(TsvResultWriter, WritesFixtureExactly) {
  EXPECT_EQ(writeWith(ResultFormat::kTsv),
            "?x\t?y\t?z\n"
            "<http://ex.org/a>\t\"plain\"\t\n"
            "_:b1\t\"chat\"@fr\t4\n"
            "<http://ex.org/q?a=1&b=2>\t\"He said \\\"hi\\\",\\n\\tok\\\\\"\t1.5\n"
            "\t\"x\"^^<http://ex.org/dt>\t1.0e6\n"
            "\"s\"\t\"5.\"^^<http://www.w3.org/2001/XMLSchema#decimal>\ttrue\n");
  EXPECT_EQ(writeBoolean(ResultFormat::kTsv, false), "false\n");
}

TEST(TsvResultWriter, KeepsNonShortNumbersInFullForm) {
  const std::string xsd = "http://www.w3.org/2001/XMLSchema#";
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kTsv, out);
  fixture::writeSolutions(*writer, {"n"},
                          {{core::Term::literal("-3", xsd + "negativeInteger")},
                           {core::Term::literal("+7", xsd + "integer")},
                           {core::Term::literal(" 7", xsd + "integer")},
                           {core::Term::literal(".5", xsd + "decimal")},
                           {core::Term::literal("1", xsd + "decimal")},
                           {core::Term::literal("INF", xsd + "double")},
                           {core::Term::literal("1.5", xsd + "double")},
                           {core::Term::literal("2E-3", xsd + "double")}});
  EXPECT_EQ(out.text(),
            "?n\n"
            "\"-3\"^^<" +
                xsd +
                "negativeInteger>\n"
                "+7\n"
                "\" 7\"^^<" +
                xsd +
                "integer>\n"
                ".5\n"
                "\"1\"^^<" +
                xsd +
                "decimal>\n"
                "\"INF\"^^<" +
                xsd +
                "double>\n"
                "\"1.5\"^^<" +
                xsd +
                "double>\n"
                "2E-3\n");
}

TEST(NTriplesWriter, WritesGraphExactly) {
  EXPECT_EQ(writeGraph(ResultFormat::kNTriples),
            "<http://ex.org/a> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> "
            "<http://ex.org/Person> .\n"
            "<http://ex.org/a> <http://ex.org/name> \"Ann\"@en .\n"
            "<http://ex.org/a> <http://ex.org/name> \"Anna\\ttab\" .\n"
            "_:b1 <http://ex.org/age> \"42\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n"
            "_:b1 <http://other.org/path/x\\u0020y> <http://ex.org/a> .\n"
            "<http://ex.org/a> <http://ex.org/name> \"again\" .\n");
}

TEST(TurtleWriter, GroupsConsecutiveSubjectsAndUsesPrefixes) {
  WriterOptions options;
  options.prefixes = {{"ex", "http://ex.org/"}, {"xsd", "http://www.w3.org/2001/XMLSchema#"}};
  EXPECT_EQ(writeGraph(ResultFormat::kTurtle, options),
            "@prefix ex: <http://ex.org/> .\n"
            "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
            "\n"
            "ex:a a ex:Person ;\n"
            "    ex:name \"Ann\"@en ,\n"
            "        \"Anna\\ttab\" .\n"
            "_:b1 ex:age 42 ;\n"
            "    <http://other.org/path/x\\u0020y> ex:a .\n"
            "ex:a ex:name \"again\" .\n");
}

TEST(TurtleWriter, CompactsOnlyValidLocalNamesAndDropsInvalidPrefixes) {
  WriterOptions options;
  options.prefixes = {
      {"ex", "http://ex.org/"}, {"1bad", "http://ex.org/"}, {"", "http://ex.org/ns#"}};
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kTurtle, out, options);
  writer->beginGraph();
  writer->triple(core::Term::iri("http://ex.org/a/b"), core::Term::iri("http://ex.org/ns#p"),
                 core::Term::literal("v", "http://ex.org/ns#dt"));
  writer->triple(core::Term::iri("http://ex.org/ends."), core::Term::iri("http://ex.org/ns#"),
                 core::Term::iri("http://ex.org/x.y"));
  writer->end();
  EXPECT_EQ(out.text(),
            "@prefix ex: <http://ex.org/> .\n"
            "@prefix : <http://ex.org/ns#> .\n"
            "\n"
            "<http://ex.org/a/b> :p \"v\"^^:dt .\n"
            "<http://ex.org/ends.> : ex:x.y .\n");
}

TEST(GraphWriters, EmptyGraphAndRefuseSolutions) {
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kTurtle, out);
  writer->beginGraph();
  writer->end();
  EXPECT_EQ(out.text(), "");

  StringOutput other;
  auto nt = makeResultWriter(ResultFormat::kNTriples, other);
  try {
    nt->beginSolutions({"x"});
    FAIL() << "N-Triples accepted solutions";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported);
  }
  EXPECT_THROW(nt->booleanResult(true), core::Error);
}

TEST(SolutionWriters, WriteAGraphAsThreeColumns) {
  EXPECT_TRUE(writeGraph(ResultFormat::kCsv)
                  .starts_with("subject,predicate,object\r\nhttp://ex.org/a,http://www.w3.org/"));
  EXPECT_TRUE(writeGraph(ResultFormat::kTsv).starts_with("?subject\t?predicate\t?object\n"));
}

TEST(TableWriter, AlignsColumnsFromSampleAndCutsLaterCells) {
  WriterOptions options;
  options.prefixes = {{"ex", "http://ex.org/"}};
  options.tableSampleRows = 1;
  options.tableMaxColumnWidth = 10;
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kTable, out, options);
  fixture::writeSolutions(*writer, {"a", "b"},
                          {{core::Term::iri("http://ex.org/x"), core::Term::literal("é")},
                           {std::nullopt, core::Term::literal("long long long text")}});
  EXPECT_EQ(out.text(),
            "| ?a   | ?b   |\n"
            "|------|------|\n"
            "| ex:x | \"é\"  |\n"
            "|      | \"... |\n"
            "2 rows\n");
}

TEST(TableWriter, CapsWidthWithinSampleAndCountsOneRow) {
  WriterOptions options;
  options.tableMaxColumnWidth = 8;
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kTable, out, options);
  fixture::writeSolutions(*writer, {"v"}, {{core::Term::literal("abcdefghijk")}});
  EXPECT_EQ(out.text(),
            "| ?v       |\n"
            "|----------|\n"
            "| \"abcd... |\n"
            "1 row\n");
  EXPECT_EQ(writeBoolean(ResultFormat::kTable, true), "true\n");
}

// Records every write so the test can see how output was chunked.
class RecordingOutput : public ByteOutput {
 public:
  void write(std::string_view bytes) override { writes.emplace_back(bytes); }
  void flush() override { ++flushes; }
  std::vector<std::string> writes;
  int flushes = 0;
};

TEST(ResultWriters, StreamInBoundedChunks) {
  for (ResultFormat format : {ResultFormat::kJson, ResultFormat::kXml, ResultFormat::kCsv,
                              ResultFormat::kTsv, ResultFormat::kTable}) {
    WriterOptions options;
    options.bufferBytes = 64;
    options.tableSampleRows = 2;
    RecordingOutput out;
    auto writer = makeResultWriter(format, out, options);
    writer->beginSolutions({"x", "y", "z"});
    auto rows = fixture::rows();
    for (int i = 0; i < 200; ++i) {
      const auto& row = rows[i % rows.size()];
      std::vector<const core::Term*> cells;
      for (const auto& cell : row) cells.push_back(cell ? &*cell : nullptr);
      writer->solution(cells);
    }
    // Before end() most of the output must already have been handed on.
    size_t before = 0;
    for (const auto& w : out.writes) before += w.size();
    EXPECT_GT(out.writes.size(), 10u) << formatName(format);
    writer->end();
    size_t total = 0;
    for (const auto& w : out.writes) {
      total += w.size();
      EXPECT_LT(w.size(), 64u + 512u) << formatName(format);
    }
    EXPECT_GT(before, total / 2) << formatName(format);
    EXPECT_EQ(out.flushes, 1) << formatName(format);
  }
}

TEST(ResultWriters, ChunkedOutputEqualsUnbufferedOutput) {
  WriterOptions tiny;
  tiny.bufferBytes = 1;
  for (ResultFormat format : {ResultFormat::kJson, ResultFormat::kXml, ResultFormat::kCsv,
                              ResultFormat::kTsv, ResultFormat::kTable}) {
    EXPECT_EQ(writeWith(format, tiny), writeWith(format)) << formatName(format);
  }
}

}  // namespace
}  // namespace cairn::sparql::results
