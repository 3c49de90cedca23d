#include "sparql/parser/lexer.h"

#include <gtest/gtest.h>

#include <memory>

#include "core/error.h"

namespace cairn::sparql {
namespace {

// Tokens with the text they view.
struct Lexed {
  std::unique_ptr<const std::string> text;
  TokenList list;
  size_t size() const { return list.tokens.size(); }
  const Token& operator[](size_t i) const { return list.tokens.at(i); }
};

Lexed lex(std::string_view text) {
  auto replaced = std::make_unique<const std::string>(replaceCodepointEscapes(text));
  TokenList list = tokenize(*replaced);
  return {std::move(replaced), std::move(list)};
}

TEST(SparqlLexer, PrefixedNamesWithEscapesPercentAndDots) {
  auto tokens = lex(R"(ex:a\.b%20c.d ex: :x.)");
  ASSERT_EQ(tokens.size(), 5u);
  EXPECT_EQ(tokens[0].kind, TokenKind::kPrefixedName);
  EXPECT_EQ(tokens[0].prefix, "ex");
  EXPECT_EQ(tokens[0].text, "a.b%20c.d");
  EXPECT_EQ(tokens[1].text, "");
  EXPECT_EQ(tokens[2].prefix, "");
  EXPECT_EQ(tokens[2].text, "x");  // a trailing '.' ends the triple, not the name
  EXPECT_TRUE(tokens[3].isPunct("."));
  EXPECT_EQ(tokens[4].kind, TokenKind::kEnd);
}

TEST(SparqlLexer, NumbersKeepTheirSignAndKind) {
  auto tokens = lex("1 -2 +3.5 .5 1e3 2.E-1 7.");
  ASSERT_EQ(tokens.size(), 9u);
  EXPECT_EQ(tokens[0].kind, TokenKind::kInteger);
  EXPECT_EQ(tokens[1].text, "-2");
  EXPECT_EQ(tokens[2].kind, TokenKind::kDecimal);
  EXPECT_EQ(tokens[2].text, "+3.5");
  EXPECT_EQ(tokens[3].kind, TokenKind::kDecimal);
  EXPECT_EQ(tokens[4].kind, TokenKind::kDouble);
  EXPECT_EQ(tokens[5].kind, TokenKind::kDouble);
  EXPECT_EQ(tokens[5].text, "2.E-1");
  EXPECT_EQ(tokens[6].kind, TokenKind::kInteger);  // "7." is 7 then '.'
  EXPECT_TRUE(tokens[7].isPunct("."));
}

TEST(SparqlLexer, StringsInAllQuoteFormsWithEscapes) {
  auto tokens = lex("'a\\'b' \"c\\nd\" '''e'f''' \"\"\"g\n\"h\"\"\"");
  ASSERT_EQ(tokens.size(), 5u);
  EXPECT_EQ(tokens[0].text, "a'b");
  EXPECT_EQ(tokens[1].text, "c\nd");
  EXPECT_EQ(tokens[2].text, "e'f");
  EXPECT_EQ(tokens[3].text, "g\n\"h");
  EXPECT_EQ(tokens[3].line, 1u);
}

TEST(SparqlLexer, CodepointEscapesAreReplacedOnceBeforeTokenizing) {
  EXPECT_EQ(replaceCodepointEscapes("\\u0041\\U0001F46A"), "A\xF0\x9F\x91\xAA");
  // The escape's result is not re-scanned: \u005C is a backslash, then plain "u0031".
  EXPECT_EQ(replaceCodepointEscapes("\\u005Cu0031"), "\\u0031");
  EXPECT_EQ(replaceCodepointEscapes("'\\\\u0041'"), "'\\\\u0041'");
  EXPECT_THROW(replaceCodepointEscapes("'\\uD800'"), core::Error);
  // An incomplete escape is no escape: fine in a comment, an error in a string.
  EXPECT_EQ(replaceCodepointEscapes("# C:\\users\n"), "# C:\\users\n");
  EXPECT_EQ(lex("# C:\\users\n").size(), 1u);
  EXPECT_THROW(lex("'\\u12'"), core::Error);
}

TEST(SparqlLexer, LessThanIsAnIriOnlyWhenOneFollows) {
  auto tokens = lex("?a<?b <http://x/y> ?c <= 3");
  ASSERT_EQ(tokens.size(), 8u);
  EXPECT_TRUE(tokens[1].isPunct("<"));
  EXPECT_EQ(tokens[2].kind, TokenKind::kVariable);
  EXPECT_EQ(tokens[3].kind, TokenKind::kIri);
  EXPECT_EQ(tokens[3].text, "http://x/y");
  EXPECT_TRUE(tokens[5].isPunct("<="));
}

TEST(SparqlLexer, VariablesBlankNodesLangTagsAndKeywords) {
  auto tokens = lex("$x ?y_1 _:b.1 @en-GB select a ? # comment\n}");
  ASSERT_EQ(tokens.size(), 9u);
  EXPECT_EQ(tokens[0].text, "x");
  EXPECT_EQ(tokens[1].text, "y_1");
  EXPECT_EQ(tokens[2].kind, TokenKind::kBlankNode);
  EXPECT_EQ(tokens[2].text, "b.1");
  EXPECT_EQ(tokens[3].text, "en-GB");
  EXPECT_TRUE(tokens[4].isWord("SELECT"));
  EXPECT_TRUE(tokens[5].isWord("a"));
  EXPECT_TRUE(tokens[6].isPunct("?"));
  EXPECT_EQ(tokens[7].line, 2u);
  EXPECT_EQ(tokens[7].column, 1u);
}

TEST(SparqlLexer, ErrorsCarryPositions) {
  try {
    lex("SELECT *\n  { ?s ?p \"open");
    FAIL() << "expected an error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
    EXPECT_EQ(e.line(), 2u);
    EXPECT_EQ(e.column(), 11u);
  }
  EXPECT_THROW(lex(":a\\:b"), core::Error);  // ':' is not a PN_LOCAL escape
  EXPECT_THROW(lex("'a\\qb'"), core::Error);
  EXPECT_THROW(lex("ex:a%2"), core::Error);
}

TEST(SparqlLexer, DescribedStringsAreCutAtACharacterBoundary) {
  const std::string value = std::string(19, 'x') + "\xC3\xA9tail";  // 'é' straddles byte 20
  Token token;
  token.kind = TokenKind::kString;
  token.text = value;
  EXPECT_EQ(describeToken(token), "string \"" + std::string(19, 'x') + "\"");
}

}  // namespace
}  // namespace cairn::sparql
