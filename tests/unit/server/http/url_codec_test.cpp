// Percent-decoding, form / query-string parsing and request-target parsing for the HTTP server.

#include "server/http/url_codec.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/support/error_capture.h"

namespace cairn::server::http {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

using cairn::testing::errorFrom;

TEST(PercentDecode, PlainTextIsUnchanged) {
  EXPECT_EQ(percentDecode("", false), "");
  EXPECT_EQ(percentDecode("abc-._~!$'()*,;:@/?", false), "abc-._~!$'()*,;:@/?");
}

TEST(PercentDecode, HexDigitsInEitherCase) {
  EXPECT_EQ(percentDecode("%41%4a%4A%7e", false), "AJJ~");
  EXPECT_EQ(percentDecode("a%20b", false), "a b");
  EXPECT_EQ(percentDecode("%25", false), "%");
  EXPECT_EQ(percentDecode("%2541", false), "%41");  // decoded once, not twice
}

TEST(PercentDecode, Utf8Escapes) {
  EXPECT_EQ(percentDecode("caf%C3%A9", false), "caf\xC3\xA9");
  EXPECT_EQ(percentDecode("%E2%82%AC", false), "\xE2\x82\xAC");         // €
  EXPECT_EQ(percentDecode("%F0%9F%98%80", false), "\xF0\x9F\x98\x80");  // 😀
  EXPECT_EQ(percentDecode("caf\xC3\xA9", false), "caf\xC3\xA9");        // raw UTF-8 passes through
  // Bytes are not validated as UTF-8: that is the reader's job.
  EXPECT_EQ(percentDecode("%FF%C3", false), "\xFF\xC3");
}

TEST(PercentDecode, NulIsDecodedToAByte) {
  std::optional<std::string> decoded = percentDecode("a%00b", false);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(*decoded, std::string("a\0b", 3));
}

TEST(PercentDecode, PlusIsASpaceOnlyInFormMode) {
  EXPECT_EQ(percentDecode("a+b", true), "a b");
  EXPECT_EQ(percentDecode("a+b", false), "a+b");
  EXPECT_EQ(percentDecode("a%2Bb", true), "a+b");
  EXPECT_EQ(percentDecode("a%2Bb", false), "a+b");
  EXPECT_EQ(percentDecode("++", true), "  ");
}

TEST(PercentDecode, MalformedEscapes) {
  for (std::string_view bad :
       {"%", "%4", "a%4", "%G1", "%1G", "%%", "%%41", "abc%", "% 41", "%-1", "%+1", "%\xC3\xA9"}) {
    EXPECT_EQ(percentDecode(bad, false), std::nullopt) << bad;
    EXPECT_EQ(percentDecode(bad, true), std::nullopt) << bad;
  }
}

TEST(ParseFormUrlEncoded, NamesAndValuesInOrder) {
  EXPECT_THAT(parseFormUrlEncoded("query=SELECT+*+WHERE+%7B%3Fs+%3Fp+%3Fo%7D&timeout=5"),
              ElementsAre(Pair("query", "SELECT * WHERE {?s ?p ?o}"), Pair("timeout", "5")));
  EXPECT_THAT(parseFormUrlEncoded("b=2&a=1&b=3"),
              ElementsAre(Pair("b", "2"), Pair("a", "1"), Pair("b", "3")));
}

TEST(ParseFormUrlEncoded, EmptyAndOddPieces) {
  EXPECT_TRUE(parseFormUrlEncoded("").empty());
  EXPECT_TRUE(parseFormUrlEncoded("&").empty());
  EXPECT_TRUE(parseFormUrlEncoded("&&&").empty());
  EXPECT_THAT(parseFormUrlEncoded("&&a=1&&b=2&"), ElementsAre(Pair("a", "1"), Pair("b", "2")));
  EXPECT_THAT(parseFormUrlEncoded("flag"), ElementsAre(Pair("flag", "")));
  EXPECT_THAT(parseFormUrlEncoded("flag&x=1"), ElementsAre(Pair("flag", ""), Pair("x", "1")));
  EXPECT_THAT(parseFormUrlEncoded("a="), ElementsAre(Pair("a", "")));
  EXPECT_THAT(parseFormUrlEncoded("=x"), ElementsAre(Pair("", "x")));
  EXPECT_THAT(parseFormUrlEncoded("="), ElementsAre(Pair("", "")));
  EXPECT_THAT(parseFormUrlEncoded("a=b=c"), ElementsAre(Pair("a", "b=c")));
  EXPECT_THAT(parseFormUrlEncoded("a=%26&b=%3D"), ElementsAre(Pair("a", "&"), Pair("b", "=")));
  EXPECT_THAT(parseFormUrlEncoded("a=x;b=y"), ElementsAre(Pair("a", "x;b=y")));  // ';' is data
}

TEST(ParseFormUrlEncoded, PlusAndEscapesInNamesToo) {
  EXPECT_THAT(parseFormUrlEncoded("my+name=a+b%2Bc"), ElementsAre(Pair("my name", "a b+c")));
  EXPECT_THAT(parseFormUrlEncoded("caf%C3%A9=%E2%82%AC"),
              ElementsAre(Pair("caf\xC3\xA9", "\xE2\x82\xAC")));
}

TEST(ParseFormUrlEncoded, MalformedEscapeNamesTheParameter) {
  core::Error valueError = errorFrom([] { parseFormUrlEncoded("ok=1&query=50%&x=2"); });
  EXPECT_EQ(valueError.code(), core::ErrorCode::kInvalidArgument);
  EXPECT_THAT(valueError.message(), HasSubstr("\"query\""));
  EXPECT_THAT(valueError.message(), HasSubstr("value"));

  core::Error nameError = errorFrom([] { parseFormUrlEncoded("ok=1&na%zzme=1"); });
  EXPECT_EQ(nameError.code(), core::ErrorCode::kInvalidArgument);
  EXPECT_THAT(nameError.message(), HasSubstr("\"na%zzme\""));
  EXPECT_THAT(nameError.message(), HasSubstr("name"));
}

TEST(ParseFormUrlEncoded, ErrorMessagesStayPrintableAndShort) {
  std::string name = "bad\xFF\x01\"" + std::string(500, 'n');
  core::Error error = errorFrom([&] { parseFormUrlEncoded(name + "=%G"); });
  EXPECT_THAT(error.message(), HasSubstr("bad\\xFF\\x01\\x22nnn"));
  EXPECT_LT(error.message().size(), 200u);
  for (char c : error.message()) {
    EXPECT_TRUE(c >= 0x20 && c < 0x7F) << static_cast<int>(static_cast<unsigned char>(c));
  }
}

TEST(ParseFormUrlEncoded, OneMegabyteBody) {
  // A large query sent as a form: 1 MiB of escapes and pluses, decoded in one pass.
  std::string body = "query=";
  std::string expected;
  while (body.size() < (1u << 20)) {
    body += "%C3%A9+x";
    expected += "\xC3\xA9 x";
  }
  body += "&default-graph-uri=g";
  Parameters params = parseFormUrlEncoded(body);
  ASSERT_EQ(params.size(), 2u);
  EXPECT_EQ(params[0].second, expected);
  EXPECT_THAT(params[1], Pair("default-graph-uri", "g"));

  std::string manyPieces;
  for (int i = 0; manyPieces.size() < (1u << 20); ++i) manyPieces += "k=" + std::to_string(i) + "&";
  Parameters many = parseFormUrlEncoded(manyPieces);
  ASSERT_FALSE(many.empty());
  EXPECT_EQ(many.back().second, std::to_string(many.size() - 1));
}

TEST(FindParameter, FirstExactMatch) {
  Parameters params = {{"a", "1"}, {"b", "2"}, {"a", "3"}, {"A", "4"}};
  ASSERT_NE(findParameter(params, "a"), nullptr);
  EXPECT_EQ(*findParameter(params, "a"), "1");
  EXPECT_EQ(*findParameter(params, "A"), "4");
  EXPECT_EQ(findParameter(params, "c"), nullptr);
  EXPECT_EQ(findParameter(params, ""), nullptr);
  EXPECT_EQ(findParameter({}, "a"), nullptr);
  EXPECT_EQ(findParameter(params, "a"), &params[0].second);
}

TEST(AllParameters, EveryMatchInOrder) {
  Parameters params =
      parseFormUrlEncoded("named-graph-uri=x&q=1&named-graph-uri=y&named-graph-uri");
  EXPECT_THAT(allParameters(params, "named-graph-uri"), ElementsAre("x", "y", ""));
  EXPECT_THAT(allParameters(params, "q"), ElementsAre("1"));
  EXPECT_TRUE(allParameters(params, "Q").empty());
}

TEST(ParseRequestTarget, PathSegmentsAndQuery) {
  RequestTarget t = parseRequestTarget("/a/b%20c?x=y");
  EXPECT_EQ(t.path, "/a/b c");
  EXPECT_THAT(t.segments, ElementsAre("a", "b c"));
  EXPECT_THAT(t.query, ElementsAre(Pair("x", "y")));

  RequestTarget root = parseRequestTarget("/");
  EXPECT_EQ(root.path, "/");
  EXPECT_TRUE(root.segments.empty());
  EXPECT_TRUE(root.query.empty());
}

TEST(ParseRequestTarget, EmptySegmentsDroppedFromSegmentsButKeptInPath) {
  RequestTarget t = parseRequestTarget("//ledgers//x/");
  EXPECT_EQ(t.path, "//ledgers//x/");
  EXPECT_THAT(t.segments, ElementsAre("ledgers", "x"));
}

TEST(ParseRequestTarget, PlusIsLiteralInPathButASpaceInQuery) {
  RequestTarget t = parseRequestTarget("/c++/a%2Bb?q=c++&r=%2B");
  EXPECT_EQ(t.path, "/c++/a+b");
  EXPECT_THAT(t.segments, ElementsAre("c++", "a+b"));
  EXPECT_THAT(t.query, ElementsAre(Pair("q", "c  "), Pair("r", "+")));
}

TEST(ParseRequestTarget, Utf8Segments) {
  RequestTarget t = parseRequestTarget("/ledgers/caf%C3%A9/%E2%82%AC");
  EXPECT_THAT(t.segments, ElementsAre("ledgers", "caf\xC3\xA9", "\xE2\x82\xAC"));
  EXPECT_EQ(t.path, "/ledgers/caf\xC3\xA9/\xE2\x82\xAC");
}

TEST(ParseRequestTarget, QueryEdges) {
  EXPECT_TRUE(parseRequestTarget("/sparql?").query.empty());
  EXPECT_TRUE(parseRequestTarget("/sparql?&&").query.empty());
  // Only the first '?' starts the query; '/', '?' and ".." inside it are data.
  RequestTarget t = parseRequestTarget("/s?a=/x/../y?&b");
  EXPECT_EQ(t.path, "/s");
  EXPECT_THAT(t.query, ElementsAre(Pair("a", "/x/../y?"), Pair("b", "")));
  // Dot segments are refused only in the path; "..." and ".x" are ordinary names.
  EXPECT_THAT(parseRequestTarget("/.../.x/x.").segments, ElementsAre("...", ".x", "x."));
}

TEST(ParseRequestTarget, RejectsOtherFormsThanOrigin) {
  for (std::string_view bad :
       {"", "*", "sparql", "http://example.org/sparql", "example.org:443", "?query=x", " /a"}) {
    core::Error error = errorFrom([&] { parseRequestTarget(bad); });
    EXPECT_EQ(error.code(), core::ErrorCode::kInvalidArgument) << bad;
  }
}

TEST(ParseRequestTarget, RejectsRawSpacesControlsAndFragments) {
  using namespace std::string_view_literals;
  for (std::string_view bad :
       {"/a b"sv, "/a\tb"sv, "/a\r\nb"sv, "/a#frag"sv, "/a?x=1#f"sv, "/a\x7F"sv, "/a\0b"sv}) {
    core::Error error = errorFrom([&] { parseRequestTarget(bad); });
    EXPECT_EQ(error.code(), core::ErrorCode::kInvalidArgument);
    EXPECT_THAT(error.message(), HasSubstr("percent-encoded"));
  }
}

TEST(ParseRequestTarget, RejectsDotSegmentsRawOrEncoded) {
  for (std::string_view bad :
       {"/.", "/..", "/a/../b", "/a/./b", "/a/..", "/%2e%2E/x", "/%2E", "/.%2e", "/a/%2e/?x=1"}) {
    core::Error error = errorFrom([&] { parseRequestTarget(bad); });
    EXPECT_EQ(error.code(), core::ErrorCode::kInvalidArgument) << bad;
    EXPECT_THAT(error.message(), HasSubstr("segment")) << bad;
  }
}

TEST(ParseRequestTarget, RejectsEncodedSlashAndNulInSegments) {
  for (std::string_view bad : {"/a%2Fb", "/a%2f", "/ledgers/%2F", "/a%00b", "/%00"}) {
    core::Error error = errorFrom([&] { parseRequestTarget(bad); });
    EXPECT_EQ(error.code(), core::ErrorCode::kInvalidArgument) << bad;
    EXPECT_THAT(error.message(), HasSubstr("segment")) << bad;
  }
  // In the query they are ordinary data.
  RequestTarget t = parseRequestTarget("/s?g=a%2Fb%00");
  EXPECT_THAT(t.query, ElementsAre(Pair("g", std::string("a/b\0", 4))));
}

TEST(ParseRequestTarget, RejectsMalformedEscapes) {
  core::Error inPath = errorFrom([] { parseRequestTarget("/a%2"); });
  EXPECT_EQ(inPath.code(), core::ErrorCode::kInvalidArgument);
  EXPECT_THAT(inPath.message(), HasSubstr("path"));

  core::Error inQuery = errorFrom([] { parseRequestTarget("/sparql?query=%zz"); });
  EXPECT_EQ(inQuery.code(), core::ErrorCode::kInvalidArgument);
  EXPECT_THAT(inQuery.message(), HasSubstr("query parameter \"query\""));
}

TEST(ParseRequestTarget, OneMegabyteTarget) {
  std::string target;
  std::vector<std::string> expected;
  while (target.size() < (1u << 20)) {
    target += "/seg%20" + std::to_string(expected.size());
    expected.push_back("seg " + std::to_string(expected.size()));
  }
  target += "?query=" + std::string(1u << 20, 'x');
  RequestTarget t = parseRequestTarget(target);
  EXPECT_EQ(t.segments, expected);
  ASSERT_EQ(t.query.size(), 1u);
  EXPECT_EQ(t.query[0].second.size(), 1u << 20);
}

}  // namespace
}  // namespace cairn::server::http
