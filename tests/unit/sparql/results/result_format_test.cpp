// Format names, media types and Accept-header negotiation.

#include "sparql/results/result_format.h"

#include <gtest/gtest.h>

namespace cairn::sparql::results {
namespace {

TEST(ResultFormat, NamesRoundTripAndMediaTypes) {
  for (ResultFormat f :
       {ResultFormat::kJson, ResultFormat::kXml, ResultFormat::kCsv, ResultFormat::kTsv,
        ResultFormat::kNTriples, ResultFormat::kTurtle, ResultFormat::kTable}) {
    EXPECT_EQ(formatFromName(formatName(f)), f);
  }
  EXPECT_EQ(formatFromName("JSON"), ResultFormat::kJson);
  EXPECT_EQ(formatFromName("turtle"), ResultFormat::kTurtle);
  EXPECT_EQ(formatFromName("ntriples"), ResultFormat::kNTriples);
  EXPECT_EQ(formatFromName("rdfxml"), std::nullopt);
  EXPECT_EQ(formatFromName(""), std::nullopt);
  EXPECT_EQ(mediaType(ResultFormat::kJson), "application/sparql-results+json");
  EXPECT_EQ(mediaType(ResultFormat::kXml), "application/sparql-results+xml");
  EXPECT_EQ(mediaType(ResultFormat::kCsv), "text/csv");
  EXPECT_EQ(mediaType(ResultFormat::kTsv), "text/tab-separated-values");
  EXPECT_EQ(mediaType(ResultFormat::kNTriples), "application/n-triples");
  EXPECT_EQ(mediaType(ResultFormat::kTurtle), "text/turtle");
  EXPECT_TRUE(isGraphFormat(ResultFormat::kTurtle));
  EXPECT_FALSE(isGraphFormat(ResultFormat::kTable));
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

TEST(Negotiate, NothingAcceptable) {
  EXPECT_EQ(negotiate("text/html", false), std::nullopt);
  EXPECT_EQ(negotiate("application/sparql-results+json", true), std::nullopt);
  EXPECT_EQ(negotiate("text/turtle", false), std::nullopt);
  EXPECT_EQ(negotiate("*/*;q=0", false), std::nullopt);
  EXPECT_EQ(negotiate("garbage", false), std::nullopt);
  // A malformed q-value drops its range rather than accepting it.
  EXPECT_EQ(negotiate("text/csv;q=abc", false), std::nullopt);
  EXPECT_EQ(negotiate("text/csv;q=2, text/tab-separated-values", false), ResultFormat::kTsv);
}

}  // namespace
}  // namespace cairn::sparql::results
