// Format names, media types and Accept-header negotiation.

#include "sparql/results/result_format.h"

#include <gtest/gtest.h>

namespace cairn::sparql::results {
namespace {

TEST(ResultFormat, NamesRoundTripAndMediaTypes) {
  for (ResultFormat f : {ResultFormat::kJson, ResultFormat::kXml, ResultFormat::kCsv,
                         ResultFormat::kTsv, ResultFormat::kNTriples, ResultFormat::kTurtle,
                         ResultFormat::kTable, ResultFormat::kJsonLd, ResultFormat::kRdfXml}) {
    EXPECT_EQ(formatFromName(formatName(f)), f);
  }
  EXPECT_EQ(formatFromName("JSON"), ResultFormat::kJson);
  EXPECT_EQ(formatFromName("turtle"), ResultFormat::kTurtle);
  EXPECT_EQ(formatFromName("ntriples"), ResultFormat::kNTriples);
  EXPECT_EQ(formatFromName("rdfxml"), ResultFormat::kRdfXml);
  EXPECT_EQ(formatFromName("RDF"), ResultFormat::kRdfXml);
  EXPECT_EQ(formatFromName("xml"), ResultFormat::kXml);
  EXPECT_EQ(formatFromName("jsonld"), ResultFormat::kJsonLd);
  EXPECT_EQ(formatFromName("JSON-LD"), ResultFormat::kJsonLd);
  EXPECT_EQ(formatFromName("json_ld"), std::nullopt);
  EXPECT_EQ(formatFromName("rdf/xml"), std::nullopt);
  EXPECT_EQ(formatFromName(""), std::nullopt);
  EXPECT_EQ(mediaType(ResultFormat::kJson), "application/sparql-results+json");
  EXPECT_EQ(mediaType(ResultFormat::kXml), "application/sparql-results+xml");
  EXPECT_EQ(mediaType(ResultFormat::kCsv), "text/csv");
  EXPECT_EQ(mediaType(ResultFormat::kTsv), "text/tab-separated-values");
  EXPECT_EQ(mediaType(ResultFormat::kNTriples), "application/n-triples");
  EXPECT_EQ(mediaType(ResultFormat::kTurtle), "text/turtle");
  EXPECT_EQ(mediaType(ResultFormat::kJsonLd), "application/ld+json");
  EXPECT_EQ(mediaType(ResultFormat::kRdfXml), "application/rdf+xml");
  EXPECT_EQ(formatName(ResultFormat::kJsonLd), "jsonld");
  EXPECT_EQ(formatName(ResultFormat::kRdfXml), "rdfxml");
  EXPECT_TRUE(isGraphFormat(ResultFormat::kTurtle));
  EXPECT_TRUE(isGraphFormat(ResultFormat::kNTriples));
  EXPECT_TRUE(isGraphFormat(ResultFormat::kJsonLd));
  EXPECT_TRUE(isGraphFormat(ResultFormat::kRdfXml));
  EXPECT_FALSE(isGraphFormat(ResultFormat::kTable));
  EXPECT_FALSE(isGraphFormat(ResultFormat::kJson));
  EXPECT_FALSE(isGraphFormat(ResultFormat::kXml));
}

TEST(Negotiate, DefaultsWhenAnythingGoes) {
  EXPECT_EQ(negotiate("", false), ResultFormat::kJson);
  EXPECT_EQ(negotiate("  ", true), ResultFormat::kTurtle);
  EXPECT_EQ(negotiate("*/*", false), ResultFormat::kJson);
  EXPECT_EQ(negotiate("*/*", true), ResultFormat::kTurtle);
}

TEST(Negotiate, ExactTypesAndAliases) {
  EXPECT_EQ(negotiate("application/sparql-results+xml", false), ResultFormat::kXml);
  EXPECT_EQ(negotiate("text/csv", false), ResultFormat::kCsv);
  EXPECT_EQ(negotiate("TEXT/Tab-Separated-Values; charset=utf-8", false), ResultFormat::kTsv);
  EXPECT_EQ(negotiate("application/json", false), ResultFormat::kJson);
  EXPECT_EQ(negotiate("text/xml", false), ResultFormat::kXml);
  EXPECT_EQ(negotiate("text/plain", false), ResultFormat::kTable);
  EXPECT_EQ(negotiate("text/plain", true), ResultFormat::kNTriples);
  EXPECT_EQ(negotiate("application/n-triples", true), ResultFormat::kNTriples);
  EXPECT_EQ(negotiate("application/x-turtle", true), ResultFormat::kTurtle);
}

TEST(Negotiate, QValuesDecide) {
  EXPECT_EQ(
      negotiate("application/sparql-results+json;q=0.5, application/sparql-results+xml", false),
      ResultFormat::kXml);
  EXPECT_EQ(negotiate("text/csv;q=0.9, text/tab-separated-values;q=0.95", false),
            ResultFormat::kTsv);
  EXPECT_EQ(negotiate("text/turtle;q=0.1, application/n-triples;q=0.2", true),
            ResultFormat::kNTriples);
  // A more specific range overrides a wildcard for its type, even with a lower q.
  EXPECT_EQ(negotiate("*/*;q=0.8, application/sparql-results+json;q=0", false), ResultFormat::kXml);
  EXPECT_EQ(negotiate("*/*;q=0.8, application/sparql-results+json;q=0, application/json", false),
            ResultFormat::kJson);
  EXPECT_EQ(negotiate("application/*;q=0.3, text/csv;q=0.2", false), ResultFormat::kJson);
}

TEST(Negotiate, SpecificRangeWinsTiesOverWildcards) {
  EXPECT_EQ(negotiate("text/csv, */*", false), ResultFormat::kCsv);
  // Wildcards match only each format's own media type, not aliases such as text/xml.
  EXPECT_EQ(negotiate("text/*", false), ResultFormat::kCsv);
  EXPECT_EQ(negotiate("text/*", true), ResultFormat::kTurtle);
  EXPECT_EQ(negotiate("text/html, application/xhtml+xml, */*;q=0.8", false), ResultFormat::kJson);
}

TEST(Negotiate, JsonLdAndRdfXmlForGraphs) {
  EXPECT_EQ(negotiate("application/ld+json", true), ResultFormat::kJsonLd);
  EXPECT_EQ(negotiate("application/rdf+xml", true), ResultFormat::kRdfXml);
  EXPECT_EQ(negotiate("Application/RDF+XML; charset=utf-8", true), ResultFormat::kRdfXml);
  // Generic JSON and XML mean the graph syntax of that family for a graph answer.
  EXPECT_EQ(negotiate("application/json", true), ResultFormat::kJsonLd);
  EXPECT_EQ(negotiate("application/xml", true), ResultFormat::kRdfXml);
  EXPECT_EQ(negotiate("text/xml", true), ResultFormat::kRdfXml);
  // ... and still the SPARQL result formats for solutions.
  EXPECT_EQ(negotiate("application/json", false), ResultFormat::kJson);
  EXPECT_EQ(negotiate("application/xml", false), ResultFormat::kXml);
  // Preference on ties: Turtle, N-Triples, JSON-LD, RDF/XML.
  EXPECT_EQ(negotiate("application/rdf+xml, application/ld+json", true), ResultFormat::kJsonLd);
  EXPECT_EQ(negotiate("application/rdf+xml, application/n-triples", true), ResultFormat::kNTriples);
  EXPECT_EQ(negotiate("application/*", true), ResultFormat::kNTriples);
  EXPECT_EQ(negotiate("application/*, application/n-triples;q=0", true), ResultFormat::kJsonLd);
  EXPECT_EQ(negotiate("application/*, application/n-triples;q=0, application/ld+json;q=0", true),
            ResultFormat::kRdfXml);
  // q-values beat the preference order.
  EXPECT_EQ(negotiate("text/turtle;q=0.5, application/rdf+xml", true), ResultFormat::kRdfXml);
  EXPECT_EQ(negotiate("application/ld+json;q=0.9, application/rdf+xml;q=0.95", true),
            ResultFormat::kRdfXml);
  EXPECT_EQ(negotiate("*/*;q=0.1, application/rdf+xml", true), ResultFormat::kRdfXml);
  // A typical RDF client's header.
  EXPECT_EQ(negotiate("text/turtle, application/n-triples;q=0.9, application/ld+json;q=0.8, "
                      "application/rdf+xml;q=0.7, */*;q=0.5",
                      true),
            ResultFormat::kTurtle);
  // Wildcards never select through the aliases: text/* stays Turtle, not RDF/XML as text/xml.
  EXPECT_EQ(negotiate("text/*", true), ResultFormat::kTurtle);
  EXPECT_EQ(negotiate("text/*, text/turtle;q=0", true), std::nullopt);
  EXPECT_EQ(negotiate("*/*, text/turtle;q=0, application/n-triples;q=0", true),
            ResultFormat::kJsonLd);
}

TEST(Negotiate, NothingAcceptable) {
  EXPECT_EQ(negotiate("text/html", false), std::nullopt);
  EXPECT_EQ(negotiate("application/sparql-results+json", true), std::nullopt);
  EXPECT_EQ(negotiate("text/turtle", false), std::nullopt);
  EXPECT_EQ(negotiate("application/ld+json", false), std::nullopt);
  EXPECT_EQ(negotiate("application/rdf+xml", false), std::nullopt);
  EXPECT_EQ(negotiate("application/sparql-results+xml", true), std::nullopt);
  EXPECT_EQ(negotiate("*/*;q=0", false), std::nullopt);
  EXPECT_EQ(negotiate("garbage", false), std::nullopt);
  // A malformed q-value drops its range rather than accepting it.
  EXPECT_EQ(negotiate("text/csv;q=abc", false), std::nullopt);
  EXPECT_EQ(negotiate("text/csv;q=2, text/tab-separated-values", false), ResultFormat::kTsv);
}

}  // namespace
}  // namespace cairn::sparql::results
