// The production result readers (and the XML reader under them) on hand-written documents,
// and the round trip writer → reader.

#include "sparql/results/result_readers.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "sparql/results/xml_reader.h"
#include "tests/unit/sparql/results/result_fixture.h"

namespace cairn::sparql::results {
namespace {

using core::Term;

const std::string kXsd = fixture::kXsd;

core::ErrorCode errorOf(void (*f)()) {
  try {
    f();
  } catch (const core::Error& e) {
    return e.code();
  }
  return core::ErrorCode::kUnsupported;  // "no error" is reported as a distinct wrong code
}

TEST(XmlReader, ParsesNamespacesEntitiesCdataAndComments) {
  XmlElement root = parseXml(
      "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<!DOCTYPE r [ <!ELEMENT r ANY> ]>\n"
      "<!-- c --><p:r xmlns:p='urn:p' xmlns=\"urn:d\" a=\"1&amp;2\r\n3\">"
      "<c xml:lang=\"en\">x&lt;&#65;&#x42;<![CDATA[<&>]]>y\r\nz</c><p:e/><?pi x?></p:r>\n");
  EXPECT_EQ(root.namespaceUri, "urn:p");
  EXPECT_EQ(root.localName, "r");
  ASSERT_NE(root.attribute("", "a"), nullptr);
  EXPECT_EQ(root.attribute("", "a")->value, "1&2 3");
  ASSERT_EQ(root.children.size(), 2u);
  EXPECT_EQ(root.children[0].namespaceUri, "urn:d");
  EXPECT_EQ(root.children[0].text, "x<AB<&>y\nz");
  EXPECT_EQ(root.children[0].attribute(kXmlNamespace, "lang")->value, "en");
  EXPECT_EQ(root.children[1].namespaceUri, "urn:p");
  EXPECT_EQ(root.children[0].line, 4u);
}

TEST(XmlReader, RejectsMalformedDocuments) {
  for (std::string_view bad : {"", "<a>", "<a></b>", "<a b=c/>", "<a>&unknown;</a>", "<p:a/>",
                               "<a/><b/>", "<a>&#0;</a>", "<a b=\"<\"/>", "<a><!-- x</a>"}) {
    EXPECT_THROW(parseXml(bad), core::Error) << bad;
  }
  try {
    parseXml("<a>\n  <b></c></a>");
    FAIL();
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
    EXPECT_EQ(e.line(), 2u);
  }
  std::string deep;
  for (int i = 0; i < 600; ++i) deep += "<a>";
  EXPECT_THROW(parseXml(deep), core::Error);
}

TEST(ReadXmlResults, ReadsTermsAndBooleans) {
  CollectedResult r = readXmlResults(
      "<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\"><head><variable name=\"a\"/>"
      "<variable name=\"b\"/><link href=\"x\"/></head><results>"
      "<result><binding name=\"b\"><literal xml:lang=\"de\">Haus</literal></binding>"
      "<binding name=\"a\"><bnode>n1</bnode></binding></result>"
      "<result><binding name=\"a\"><literal datatype=\"" +
      kXsd +
      "integer\">7</literal></binding>"
      "</result><result></result></results></sparql>");
  EXPECT_EQ(r.kind, ResultKind::kSolutions);
  EXPECT_EQ(r.variables, (std::vector<std::string>{"a", "b"}));
  ASSERT_EQ(r.rows.size(), 3u);
  EXPECT_EQ(r.rows[0][0], Term::blank("n1"));
  EXPECT_EQ(r.rows[0][1], Term::literal("Haus", {}, "de"));
  EXPECT_EQ(r.rows[1][0], Term::literal("7", kXsd + "integer"));
  EXPECT_EQ(r.rows[1][1], std::nullopt);
  EXPECT_EQ(r.rows[2], (std::vector<std::optional<Term>>{std::nullopt, std::nullopt}));

  CollectedResult b = readXmlResults(
      "<sparql xmlns='http://www.w3.org/2005/sparql-results#'><head/><boolean> false "
      "</boolean></sparql>");
  EXPECT_EQ(b.kind, ResultKind::kBoolean);
  EXPECT_FALSE(b.boolean);
}

TEST(ReadXmlResults, RejectsWrongDocuments) {
  EXPECT_EQ(errorOf([] { readXmlResults("<sparql><head/><boolean>true</boolean></sparql>"); }),
            core::ErrorCode::kSyntaxError);
  EXPECT_EQ(errorOf([] {
              readXmlResults(
                  "<sparql xmlns='http://www.w3.org/2005/sparql-results#'><head/><results>"
                  "<result><binding name='q'><uri>u</uri></binding></result></results></sparql>");
            }),
            core::ErrorCode::kSyntaxError);
}

TEST(ReadJsonResults, ReadsTermsAndBooleans) {
  CollectedResult r = readJsonResults(R"({"head":{"vars":["a","b"]},"results":{"bindings":[
    {"a":{"type":"uri","value":"http://x/"},"b":{"type":"literal","value":"v","xml:lang":"en"}},
    {"b":{"type":"typed-literal","value":"1","datatype":"http://www.w3.org/2001/XMLSchema#integer"}},
    {"a":{"type":"bnode","value":"z"},"b":{"type":"literal","value":""}}]}})");
  ASSERT_EQ(r.rows.size(), 3u);
  EXPECT_EQ(r.rows[0][0], Term::iri("http://x/"));
  EXPECT_EQ(r.rows[0][1], Term::literal("v", {}, "en"));
  EXPECT_EQ(r.rows[1][0], std::nullopt);
  EXPECT_EQ(r.rows[1][1], Term::literal("1", kXsd + "integer"));
  EXPECT_EQ(r.rows[2][0], Term::blank("z"));
  EXPECT_EQ(r.rows[2][1], Term::literal(""));

  EXPECT_TRUE(readJsonResults(R"({"head":{},"boolean":true})").boolean);
  for (const char* bad :
       {"{", "[]", R"({"head":{"vars":["a"]}})",
        R"({"head":{"vars":["a","a"]},"results":{"bindings":[]}})",
        R"({"head":{"vars":["a"]},"results":{"bindings":[{"b":{"type":"uri","value":"x"}}]}})",
        R"({"head":{"vars":["a"]},"results":{"bindings":[{"a":{"type":"iri","value":"x"}}]}})",
        R"({"head":{},"boolean":"yes"})"}) {
    EXPECT_THROW(readJsonResults(bad), core::Error) << bad;
  }
}

TEST(ReadTsvResults, ReadsTurtleTerms) {
  CollectedResult r = readTsvResults(
      "?a\t?b\n"
      "<http://x/\\u00E9>\t\"t\\tab\\\"\"@en-US\n"
      "_:b0\t-5\n"
      "\t.5\n"
      "'single'\t1E3\n"
      "\"\"\"long\"\"\"\tfalse\r\n"
      "\"d\"^^<http://dt/>\t\n");
  ASSERT_EQ(r.rows.size(), 6u);
  EXPECT_EQ(r.variables, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(r.rows[0][0], Term::iri("http://x/\xC3\xA9"));
  EXPECT_EQ(r.rows[0][1], Term::literal("t\tab\"", {}, "en-US"));
  EXPECT_EQ(r.rows[1][0], Term::blank("b0"));
  EXPECT_EQ(r.rows[1][1], Term::literal("-5", kXsd + "integer"));
  EXPECT_EQ(r.rows[2][0], std::nullopt);
  EXPECT_EQ(r.rows[2][1], Term::literal(".5", kXsd + "decimal"));
  EXPECT_EQ(r.rows[3][0], Term::literal("single"));
  EXPECT_EQ(r.rows[3][1], Term::literal("1E3", kXsd + "double"));
  EXPECT_EQ(r.rows[4][0], Term::literal("long"));
  EXPECT_EQ(r.rows[4][1], Term::literal("false", kXsd + "boolean"));
  EXPECT_EQ(r.rows[5][0], Term::literal("d", "http://dt/"));
  EXPECT_EQ(r.rows[5][1], std::nullopt);

  // One variable, one unbound row: the empty line is a row, the final LF is not.
  CollectedResult single = readTsvResults("?v\n\n");
  ASSERT_EQ(single.rows.size(), 1u);
  EXPECT_EQ(single.rows[0][0], std::nullopt);
  EXPECT_TRUE(readTsvResults("true\n").boolean);
  EXPECT_EQ(readTsvResults("true\n").kind, ResultKind::kBoolean);

  for (const char* bad : {"", "a\tb\n", "?a\n<x\n", "?a\n5.\n", "?a\nfoo\n", "?a\t?b\n<x>\n",
                          "?a\n\"x\" junk\n", "?a\n\"x\"^^xsd:int\n", "?a\n\"\\q\"\n"}) {
    EXPECT_THROW(readTsvResults(bad), core::Error) << bad;
  }
}

TEST(ReadCsvResults, ReadsQuotedFieldsAsPlainLiterals) {
  CollectedResult r = readCsvResults(
      "a,b\r\n"
      "http://x/,\"q\"\"uote,\r\nnext\"\r\n"
      "_:b1,\n"
      ",\"\"\n");
  ASSERT_EQ(r.rows.size(), 3u);
  EXPECT_EQ(r.rows[0][0], Term::literal("http://x/"));
  EXPECT_EQ(r.rows[0][1], Term::literal("q\"uote,\r\nnext"));
  EXPECT_EQ(r.rows[1][0], Term::blank("b1"));
  EXPECT_EQ(r.rows[1][1], std::nullopt);
  EXPECT_EQ(r.rows[2][0], std::nullopt);
  EXPECT_EQ(r.rows[2][1], std::nullopt);
  EXPECT_EQ(readCsvResults("false\r\n").kind, ResultKind::kBoolean);
  for (const char* bad : {"", "a,b\n1\n", "a\n\"open\n", "a\n\"x\"y\n", "a,a\n"}) {
    EXPECT_THROW(readCsvResults(bad), core::Error) << bad;
  }
}

// What the writer wrote, the reader reads back, term for term (CSV: the CSV projection).
TEST(ResultRoundTrip, WritersAndReadersAgree) {
  CollectedResult original;
  original.kind = ResultKind::kSolutions;
  original.variables = fixture::variables();
  original.rows = fixture::rows();
  // A literal the TSV writer must escape beyond the fixture, and an empty string.
  original.rows.push_back({Term::literal("a\rb\x01"), Term::literal("", {}, "en"), std::nullopt});
  for (ResultFormat format :
       {ResultFormat::kJson, ResultFormat::kXml, ResultFormat::kTsv, ResultFormat::kCsv}) {
    StringOutput out;
    auto writer = makeResultWriter(format, out);
    fixture::writeSolutions(*writer, original.variables, original.rows);
    CollectedResult back = readResults(out.text(), format);
    EXPECT_EQ(back.variables, original.variables) << formatName(format);
    CollectedResult expected = original;
    // "s"^^xsd:string is the same RDF term as "s"; every format writes it as a simple literal.
    for (auto& row : expected.rows) {
      for (auto& cell : row) {
        if (cell && cell->datatype == kXsd + "string") cell->datatype.clear();
      }
    }
    if (format == ResultFormat::kXml) {
      // XML 1.0 cannot hold U+0001; the writer substitutes U+FFFD.
      expected.rows.back()[0] = Term::literal("a\rb\xEF\xBF\xBD");
    }
    if (format == ResultFormat::kCsv) expected = csvProjection(expected);
    EXPECT_EQ(back.rows, expected.rows) << formatName(format) << "\n" << out.text();
  }
  for (ResultFormat format :
       {ResultFormat::kJson, ResultFormat::kXml, ResultFormat::kTsv, ResultFormat::kCsv}) {
    for (bool value : {true, false}) {
      CollectedResult back = readResults(fixture::writeBoolean(format, value), format);
      EXPECT_EQ(back.kind, ResultKind::kBoolean);
      EXPECT_EQ(back.boolean, value);
    }
  }
  EXPECT_THROW(readResults("", ResultFormat::kTurtle), core::Error);
}

// Every prefix of a valid document, and the document with any one byte replaced, either reads
// or fails with core::Error: no other exception, no crash (run under ASan/UBSan in CI).
TEST(ResultReaders, MalformedInputFailsOnlyWithSyntaxErrors) {
  for (ResultFormat format :
       {ResultFormat::kJson, ResultFormat::kXml, ResultFormat::kTsv, ResultFormat::kCsv}) {
    const std::string valid = fixture::writeWith(format);
    size_t failures = 0;
    auto attempt = [&](const std::string& text) {
      try {
        readResults(text, format);
      } catch (const core::Error& e) {
        EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
        ++failures;
      }
    };
    for (size_t n = 0; n < valid.size(); ++n) attempt(valid.substr(0, n));
    for (size_t i = 0; i < valid.size(); i += 3) {
      for (char c : {'"', '<', '\\', '\t', '\n', '&', ',', '\0'}) {
        std::string mutated = valid;
        mutated[i] = c;
        attempt(mutated);
      }
    }
    EXPECT_GT(failures, valid.size() / 2) << formatName(format);
  }
}

TEST(CollectingSink, CollectsEachKind) {
  CollectingSink solutions;
  fixture::writeSolutions(solutions);
  EXPECT_TRUE(solutions.ended());
  EXPECT_EQ(solutions.result().rows, fixture::rows());
  CollectingSink graph;
  graph.beginGraph();
  graph.triple(Term::iri("s"), Term::iri("p"), Term::literal("o"));
  graph.end();
  ASSERT_EQ(graph.result().triples.size(), 1u);
  EXPECT_EQ(graph.result().triples[0].object, Term::literal("o"));
  CollectingSink ask;
  ask.booleanResult(true);
  ask.end();
  EXPECT_EQ(ask.take().kind, ResultKind::kBoolean);
}

}  // namespace
}  // namespace cairn::sparql::results
