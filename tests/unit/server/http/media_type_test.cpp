// Content-Type parsing (RFC 9110 §8.3.1) for the HTTP server.

#include "server/http/media_type.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace cairn::server::http {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

TEST(ParseMediaType, TypeAndSubtypeLowerCased) {
  std::optional<MediaType> m = parseMediaType("Application/SPARQL-Query");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->type, "application");
  EXPECT_EQ(m->subtype, "sparql-query");
  EXPECT_EQ(m->essence(), "application/sparql-query");
  EXPECT_TRUE(m->parameters.empty());
  EXPECT_EQ(parseMediaType("application/x-www-form-urlencoded")->essence(),
            "application/x-www-form-urlencoded");
  EXPECT_EQ(parseMediaType("application/sparql-results+json")->subtype, "sparql-results+json");
  EXPECT_EQ(parseMediaType("*/*")->essence(), "*/*");  // tokens allow '*'; not our concern here
}

TEST(ParseMediaType, ParametersNamesLowerCasedValuesKept) {
  std::optional<MediaType> m = parseMediaType("text/plain; Charset=UTF-8;format=Flowed");
  ASSERT_TRUE(m);
  EXPECT_THAT(m->parameters, ElementsAre(Pair("charset", "UTF-8"), Pair("format", "Flowed")));
  ASSERT_NE(findParameter(m->parameters, "charset"), nullptr);
  EXPECT_EQ(*findParameter(m->parameters, "charset"), "UTF-8");
}

TEST(ParseMediaType, QuotedStringValuesUnquoted) {
  std::optional<MediaType> m =
      parseMediaType(R"(multipart/form-data; boundary="a b;c=d"; x="q\"uo\\te"; e="")");
  ASSERT_TRUE(m);
  EXPECT_THAT(m->parameters,
              ElementsAre(Pair("boundary", "a b;c=d"), Pair("x", "q\"uo\\te"), Pair("e", "")));
  // obs-text (bytes >= 0x80) and tabs are allowed inside quotes.
  std::optional<MediaType> utf8 = parseMediaType("text/plain; title=\"caf\xC3\xA9\tx\"");
  ASSERT_TRUE(utf8);
  EXPECT_EQ(utf8->parameters[0].second, "caf\xC3\xA9\tx");
}

TEST(ParseMediaType, WhitespaceAndEmptyParameters) {
  std::optional<MediaType> m = parseMediaType(" \ttext/turtle \t; charset=utf-8 ;\t;  ; q=1 ; ");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->essence(), "text/turtle");
  EXPECT_THAT(m->parameters, ElementsAre(Pair("charset", "utf-8"), Pair("q", "1")));
  EXPECT_TRUE(parseMediaType("text/plain;")->parameters.empty());
  EXPECT_TRUE(parseMediaType("text/plain;;;")->parameters.empty());
  // A repeated parameter is kept twice; the reader decides what that means.
  EXPECT_EQ(parseMediaType("a/b;x=1;x=2")->parameters.size(), 2u);
}

TEST(ParseMediaType, Malformed) {
  for (std::string_view bad : {
           "",
           " ",
           "text",
           "text/",
           "/plain",
           "text /plain",
           "text/ plain",
           "text/plain/x",
           "te(xt/plain",
           "text/pla\"in",
           "text/plain charset=x",
           "text/plain, text/html",
           "text/plain; charset",
           "text/plain; charset=",
           "text/plain; charset =utf-8",
           "text/plain; charset= utf-8",
           "text/plain; =utf-8",
           "text/plain; charset=\"utf-8",
           "text/plain; charset=\"utf-8\\",
           "text/plain; charset=\"a\"b",
           "text/plain; charset=\"a\x01\"",
           "text/plain; charset=\"a\\\x7F\"",
           "text/plain; charset=a\"b\"",
           "text/plain; charset=utf-8 x",
           "text/plain\r\n",
           "t\xC3\xA9xt/plain",
       }) {
    EXPECT_EQ(parseMediaType(bad), std::nullopt) << bad;
  }
  EXPECT_EQ(parseMediaType(std::string_view("text/plain\0", 11)), std::nullopt);
}

TEST(ParseMediaType, OneMegabyteValue) {
  std::string value = "application/x-www-form-urlencoded; note=\"";
  std::string expected;
  while (expected.size() < (1u << 20)) {
    value += "ab\\\"";
    expected += "ab\"";
  }
  value += "\"; charset=utf-8";
  std::optional<MediaType> m = parseMediaType(value);
  ASSERT_TRUE(m);
  EXPECT_THAT(m->parameters, ElementsAre(Pair("note", expected), Pair("charset", "utf-8")));
  value.pop_back();
  value += "\"";  // a stray quote after the last token
  EXPECT_EQ(parseMediaType(value), std::nullopt);
}

}  // namespace
}  // namespace cairn::server::http
