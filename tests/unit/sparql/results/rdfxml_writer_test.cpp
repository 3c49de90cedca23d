// The RDF/XML writer: its output read back by the RDF/XML reader in tests/support must be the
// graph that was written; plus the exact form, namespace handling, and the predicates RDF/XML
// cannot carry.

#include "sparql/results/rdfxml_writer.h"

#include <gtest/gtest.h>

#include <set>

#include "core/error.h"
#include "sparql/results/xml_reader.h"
#include "tests/support/sparql_results.h"
#include "tests/unit/sparql/results/graph_fixture.h"
#include "tests/unit/sparql/results/result_fixture.h"

namespace cairn::sparql::results {
namespace {

using core::Term;
using graph_fixture::kEx;
using graph_fixture::normalized;
using graph_fixture::richGraph;
using graph_fixture::writeQuadsWith;
using testing::Quad;

constexpr char kBase[] = "http://base.example/doc";

std::vector<Quad> readBack(const std::string& text) {
  core::Result<std::vector<Quad>> quads = testing::parseRdfXml(text, kBase);
  EXPECT_TRUE(quads.isOk()) << quads.status().message() << "\n" << text;
  return quads.isOk() ? quads.value() : std::vector<Quad>{};
}

void expectRoundTrip(const std::vector<Quad>& graph, const WriterOptions& options = {}) {
  std::string text = writeQuadsWith(ResultFormat::kRdfXml, graph, options);
  std::vector<Quad> back = readBack(text);
  testing::MatchResult match = testing::datasetsIsomorphic(normalized(graph), back);
  EXPECT_TRUE(match.matched) << match.explanation << "\n" << text;
  EXPECT_EQ(back.size(), graph.size());
}

core::Error errorWriting(const Quad& quad, StringOutput& out) {
  auto writer = makeResultWriter(ResultFormat::kRdfXml, out);
  writer->beginGraph();
  try {
    writer->triple(quad.subject, quad.predicate, quad.object);
  } catch (const core::Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << testing::toNQuads(quad);
  return core::Error(core::ErrorCode::kInvalidArgument, "no error");
}

size_t countOf(const std::string& text, std::string_view needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

TEST(RdfXmlWriter, RoundTripsTheRichGraph) { expectRoundTrip(richGraph()); }

TEST(RdfXmlWriter, RoundTripsWithQueryPrefixesIncludingUnusableOnes) {
  WriterOptions options;
  options.prefixes = {{"ex", kEx},
                      {"1bad", "http://ns1.example/vocab#"},
                      {"xmlish", "http://ns2.example/vocab#"},
                      {"", "http://ns3.example/vocab#"},
                      {"rdf", "http://not-rdf.example/"},
                      {"ns1", "http://ns4.example/terms/"},
                      {"dup", kEx},
                      {"xml", std::string(kXmlNamespace)}};
  expectRoundTrip(richGraph(), options);
  std::string text = writeQuadsWith(ResultFormat::kRdfXml, richGraph(), options);
  // Every usable namespace is declared once, on rdf:RDF; the unusable prefixes are renamed.
  EXPECT_EQ(countOf(text, "=\"http://ex.org/\""), 1u) << text;
  EXPECT_EQ(countOf(text, "=\"http://ns3.example/vocab#\""), 1u) << text;
  EXPECT_EQ(countOf(text, "xmlns:rdf=\""), 1u) << text;
  EXPECT_EQ(countOf(text, "xmlns:xml"), 0u) << text;
  EXPECT_EQ(countOf(text, "xmlns:1bad"), 0u) << text;
  EXPECT_NE(text.find("<ex:name xml:lang=\"en\">Ann</ex:name>"), std::string::npos) << text;
}

TEST(RdfXmlWriter, WritesTheStripedFormExactly) {
  WriterOptions options;
  options.prefixes = {{"ex", kEx}};
  std::string text = fixture::writeGraph(ResultFormat::kRdfXml, options);
  EXPECT_EQ(text,
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"\n"
            "    xmlns:ex=\"http://ex.org/\">\n"
            "  <rdf:Description rdf:about=\"http://ex.org/a\">\n"
            "    <rdf:type rdf:resource=\"http://ex.org/Person\"/>\n"
            "    <ex:name xml:lang=\"en\">Ann</ex:name>\n"
            "    <ex:name>Anna&#9;tab</ex:name>\n"
            "  </rdf:Description>\n"
            "  <rdf:Description rdf:nodeID=\"b1\">\n"
            "    <ex:age rdf:datatype=\"http://www.w3.org/2001/XMLSchema#integer\">42</ex:age>\n"
            "    <ns1:y xmlns:ns1=\"http://other.org/path/x \" rdf:resource=\"http://ex.org/a\"/>\n"
            "  </rdf:Description>\n"
            "  <rdf:Description rdf:about=\"http://ex.org/a\">\n"
            "    <ex:name>again</ex:name>\n"
            "  </rdf:Description>\n"
            "</rdf:RDF>\n");
  std::vector<Quad> expected;
  for (const fixture::Triple& t : fixture::graph()) expected.push_back({t.s, t.p, t.o, {}});
  testing::MatchResult match = testing::datasetsIsomorphic(expected, readBack(text));
  EXPECT_TRUE(match.matched) << match.explanation;
}

TEST(RdfXmlWriter, DeclaresOtherNamespacesOnEachPropertyElementWithOnePrefix) {
  std::vector<Quad> graph;
  for (int s = 0; s < 3; ++s) {
    Term subject = Term::iri(kEx + "s" + std::to_string(s));
    graph.push_back({subject, Term::iri("http://a.example/p"), Term::literal("1"), {}});
    graph.push_back({subject, Term::iri("http://b.example/ns#q"), Term::literal("2"), {}});
  }
  std::string text = writeQuadsWith(ResultFormat::kRdfXml, graph);
  EXPECT_EQ(countOf(text, "<ns1:p xmlns:ns1=\"http://a.example/\">1</ns1:p>"), 3u) << text;
  EXPECT_EQ(countOf(text, "<ns2:q xmlns:ns2=\"http://b.example/ns#\">2</ns2:q>"), 3u) << text;
  expectRoundTrip(graph);
}

TEST(RdfXmlWriter, StaysCorrectPastTheRememberedNamespaces) {
  std::vector<Quad> graph;
  const size_t n = RdfXmlWriter::kMaxRememberedNamespaces + 20;
  for (size_t i = 0; i < n; ++i) {
    std::string ns = "http://n" + std::to_string(i) + ".example/";
    graph.push_back({Term::iri(kEx + "s" + std::to_string(i % 7)),
                     Term::iri(ns + "p"),
                     Term::iri(ns + "o"),
                     {}});
  }
  // Namespaces seen before the cap keep their prefix after it.
  graph.push_back({Term::iri(kEx + "s"), Term::iri("http://n0.example/p"), Term::literal("x"), {}});
  std::string text = writeQuadsWith(ResultFormat::kRdfXml, graph);
  EXPECT_NE(text.find("<nsx:p xmlns:nsx=\"http://n4100.example/\""), std::string::npos);
  EXPECT_EQ(countOf(text, "xmlns:ns1=\"http://n0.example/\""), 2u);
  expectRoundTrip(graph);
}

TEST(RdfXmlWriter, EmptyGraphIsAnEmptyRdfElement) {
  std::string text = writeQuadsWith(ResultFormat::kRdfXml, {});
  EXPECT_EQ(text,
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
            "</rdf:RDF>\n");
  EXPECT_TRUE(readBack(text).empty());
}

TEST(RdfXmlWriter, RefusesPredicatesWithoutAQNameBeforeWritingAnything) {
  const Term s = Term::iri(kEx + "s");
  const Term o = Term::literal("o");
  for (const std::string& predicate : std::vector<std::string>{
           kEx + "123", kEx + "", kEx + "p/", "urn:isbn:0451450523", "http://ex.org/a#1-2", "abc",
           kEx + "p%20", "http://www.w3.org/2000/xmlns/foo"}) {
    StringOutput out;
    core::Error e = errorWriting({s, Term::iri(predicate), o, {}}, out);
    EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported) << predicate;
    EXPECT_NE(e.message().find(predicate), std::string::npos) << e.message();
    EXPECT_EQ(out.text(), "") << predicate;
  }
}

TEST(RdfXmlWriter, RefusesReservedRdfNames) {
  const Term s = Term::iri(kEx + "s");
  for (std::string local :
       std::vector<std::string>{"li", "Description", "about", "nodeID", "RDF", "ID", "resource",
                                "datatype", "parseType", "bagID", "aboutEach", "aboutEachPrefix"}) {
    StringOutput out;
    core::Error e = errorWriting({s, Term::iri(graph_fixture::kRdf + local), s, {}}, out);
    EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported) << local;
    EXPECT_NE(e.message().find("reserves"), std::string::npos) << e.message();
    EXPECT_EQ(out.text(), "") << local;
  }
  // Reserved even when a declared namespace would spell it differently.
  WriterOptions options;
  options.prefixes = {{"r", graph_fixture::kRdf + "l"}};
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kRdfXml, out, options);
  writer->beginGraph();
  EXPECT_THROW(writer->triple(s, Term::iri(graph_fixture::kRdf + "li"), s), core::Error);
  EXPECT_EQ(out.text(), "");
}

TEST(RdfXmlWriter, ALaterBadTripleStopsAfterEarlierOutputAndOddTermsAreRefused) {
  StringOutput out;
  WriterOptions options;
  options.bufferBytes = 1;
  auto writer = makeResultWriter(ResultFormat::kRdfXml, out, options);
  writer->beginGraph();
  writer->triple(Term::iri(kEx + "s"), Term::iri(kEx + "p"), Term::literal("ok"));
  size_t written = out.text().size();
  EXPECT_GT(written, 0u);
  EXPECT_THROW(writer->triple(Term::iri(kEx + "s"), Term::iri(kEx + "9"), Term::literal("x")),
               core::Error);
  // Nothing of the refused triple reached the output.
  EXPECT_EQ(out.text().size(), written);

  StringOutput other;
  core::Error e =
      errorWriting({Term::literal("s"), Term::iri(kEx + "p"), Term::literal("o"), {}}, other);
  EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported);
  EXPECT_EQ(other.text(), "");
}

TEST(RdfXmlWriter, RefusesSolutions) {
  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kRdfXml, out);
  try {
    writer->beginSolutions({"x"});
    FAIL() << "RDF/XML accepted solutions";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported);
    EXPECT_NE(e.message().find("RDF/XML"), std::string::npos);
  }
  EXPECT_THROW(writer->booleanResult(true), core::Error);
}

TEST(RdfXmlWriter, OutputIsWellFormedXmlWithResolvedNames) {
  std::string text = writeQuadsWith(ResultFormat::kRdfXml, richGraph());
  XmlElement root = parseXml(text);
  EXPECT_EQ(root.namespaceUri, graph_fixture::kRdf);
  EXPECT_EQ(root.localName, "RDF");
  size_t properties = 0;
  for (const XmlElement& description : root.children) {
    EXPECT_EQ(description.localName, "Description");
    for (const XmlElement& property : description.children) {
      EXPECT_TRUE(isXmlNcName(property.localName)) << property.localName;
      EXPECT_FALSE(property.namespaceUri.empty());
      ++properties;
    }
  }
  EXPECT_EQ(properties, richGraph().size());
}

TEST(XmlNames, NcNamesAndLocalNameSplits) {
  EXPECT_TRUE(isXmlNcName("p"));
  EXPECT_TRUE(isXmlNcName("_a-b.c9"));
  EXPECT_TRUE(isXmlNcName("größe"));
  EXPECT_TRUE(isXmlNcName("日本"));
  EXPECT_FALSE(isXmlNcName(""));
  EXPECT_FALSE(isXmlNcName("1a"));
  EXPECT_FALSE(isXmlNcName("-a"));
  EXPECT_FALSE(isXmlNcName("a:b"));
  EXPECT_FALSE(isXmlNcName("a b"));
  EXPECT_FALSE(isXmlNcName("a\xFF"));
  EXPECT_FALSE(isXmlNcName("×"));  // U+00D7 is not a name character

  EXPECT_EQ(xmlLocalNameStart("http://ex.org/ns#p1"), 17u);
  EXPECT_EQ(xmlLocalNameStart("http://ex.org/1a"), 15u);
  EXPECT_EQ(xmlLocalNameStart("http://ex.org/a-b.c"), 14u);
  EXPECT_EQ(xmlLocalNameStart("http://ex.org/größe"), 14u);
  EXPECT_EQ(xmlLocalNameStart("urn:x:y"), 6u);
  EXPECT_EQ(xmlLocalNameStart("http://ex.org/12"), std::nullopt);
  EXPECT_EQ(xmlLocalNameStart("http://ex.org/"), std::nullopt);
  EXPECT_EQ(xmlLocalNameStart("http://ex.org/a%20"), std::nullopt);
  EXPECT_EQ(xmlLocalNameStart(""), std::nullopt);
}

TEST(XmlNames, NodeIdsAreNcNamesAndOneToOne) {
  EXPECT_EQ(xmlNodeId("b12"), "b12");
  EXPECT_EQ(xmlNodeId("c3_x-y"), "c3_x-y");
  EXPECT_EQ(xmlNodeId("_u"), "_u");
  EXPECT_EQ(xmlNodeId("1x"), "n.3178");
  EXPECT_EQ(xmlNodeId("a.b"), "n.612E62");
  EXPECT_EQ(xmlNodeId(""), "n.");
  EXPECT_EQ(xmlNodeId("é"), "n.C3A9");
  std::vector<std::string> labels = {"x", "n.78", "1x", "é", "a.b", "-a", "", "n.", "n.3178"};
  std::set<std::string> ids;
  for (const std::string& label : labels) {
    std::string id = xmlNodeId(label);
    EXPECT_TRUE(isXmlNcName(id)) << label << " -> " << id;
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), labels.size());
}

}  // namespace
}  // namespace cairn::sparql::results
