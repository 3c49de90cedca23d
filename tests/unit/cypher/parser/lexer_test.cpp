#include "cypher/parser/lexer.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace cairn::cypher {
namespace lexer_test {

std::vector<TokenKind> kinds(std::string_view text) {
  std::vector<TokenKind> out;
  for (const Token& token : tokenize(text)) out.push_back(token.kind);
  return out;
}

std::string stringValue(std::string_view literal) {
  std::vector<Token> tokens = tokenize(literal);
  EXPECT_EQ(tokens.size(), 2u);
  EXPECT_EQ(tokens[0].kind, TokenKind::kString);
  return tokens[0].text;
}

core::Error lexError(std::string_view text) {
  try {
    tokenize(text);
  } catch (const core::Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << text;
  return core::Error(core::ErrorCode::kInvalidArgument, "none");
}

TEST(LexerTest, WordsAndPunctuation) {
  std::vector<Token> tokens = tokenize("MATCH (n:Person)-[:KNOWS]->(m) RETURN n.name");
  std::vector<TokenKind> expected = {
      TokenKind::kIdentifier, TokenKind::kLeftParen,    TokenKind::kIdentifier,
      TokenKind::kColon,      TokenKind::kIdentifier,   TokenKind::kRightParen,
      TokenKind::kMinus,      TokenKind::kLeftBracket,  TokenKind::kColon,
      TokenKind::kIdentifier, TokenKind::kRightBracket, TokenKind::kMinus,
      TokenKind::kGreater,    TokenKind::kLeftParen,    TokenKind::kIdentifier,
      TokenKind::kRightParen, TokenKind::kIdentifier,   TokenKind::kIdentifier,
      TokenKind::kDot,        TokenKind::kIdentifier,   TokenKind::kEnd};
  ASSERT_EQ(kinds("MATCH (n:Person)-[:KNOWS]->(m) RETURN n.name"), expected);
  EXPECT_EQ(tokens[0].text, "MATCH");
  EXPECT_EQ(tokens[4].text, "Person");
}

TEST(LexerTest, Operators) {
  EXPECT_EQ(kinds("<= >= <> != =~ += .. < > = ^ % / * + - | ; $"),
            (std::vector<TokenKind>{
                TokenKind::kLessEqual, TokenKind::kGreaterEqual, TokenKind::kNotEqual,
                TokenKind::kNotEqual,  TokenKind::kRegexMatch,   TokenKind::kPlusEqual,
                TokenKind::kDotDot,    TokenKind::kLess,         TokenKind::kGreater,
                TokenKind::kEqual,     TokenKind::kCaret,        TokenKind::kPercent,
                TokenKind::kSlash,     TokenKind::kStar,         TokenKind::kPlus,
                TokenKind::kMinus,     TokenKind::kPipe,         TokenKind::kSemicolon,
                TokenKind::kDollar,    TokenKind::kEnd}));
  // `<-` stays two tokens: `a<-1` compares with minus one.
  EXPECT_EQ(kinds("a<-1"),
            (std::vector<TokenKind>{TokenKind::kIdentifier, TokenKind::kLess, TokenKind::kMinus,
                                    TokenKind::kInteger, TokenKind::kEnd}));
}

TEST(LexerTest, Numbers) {
  auto one = [](std::string_view text) {
    std::vector<Token> tokens = tokenize(text);
    EXPECT_EQ(tokens.size(), 2u) << text;
    return std::pair{tokens[0].kind, tokens[0].text};
  };
  EXPECT_EQ(one("42"), std::pair(TokenKind::kInteger, std::string("42")));
  EXPECT_EQ(one("0x1aF"), std::pair(TokenKind::kInteger, std::string("0x1aF")));
  EXPECT_EQ(one("0o17"), std::pair(TokenKind::kInteger, std::string("0o17")));
  EXPECT_EQ(one("1.5"), std::pair(TokenKind::kFloat, std::string("1.5")));
  EXPECT_EQ(one(".5"), std::pair(TokenKind::kFloat, std::string(".5")));
  EXPECT_EQ(one("1e3"), std::pair(TokenKind::kFloat, std::string("1e3")));
  EXPECT_EQ(one("1.5E-3"), std::pair(TokenKind::kFloat, std::string("1.5E-3")));
  EXPECT_EQ(one("0x").first, TokenKind::kInvalidNumber);
  EXPECT_EQ(one("0x1G").first, TokenKind::kInvalidNumber);
  EXPECT_EQ(one("0o8").first, TokenKind::kInvalidNumber);
  EXPECT_EQ(one("12ab").first, TokenKind::kInvalidNumber);
  EXPECT_EQ(one("1e").first, TokenKind::kInvalidNumber);
  // A range in a relationship pattern is not a float.
  EXPECT_EQ(kinds("1..3"), (std::vector<TokenKind>{TokenKind::kInteger, TokenKind::kDotDot,
                                                   TokenKind::kInteger, TokenKind::kEnd}));
  EXPECT_EQ(kinds("..3"),
            (std::vector<TokenKind>{TokenKind::kDotDot, TokenKind::kInteger, TokenKind::kEnd}));
}

TEST(LexerTest, StringsAndEscapes) {
  EXPECT_EQ(stringValue("'abc'"), "abc");
  EXPECT_EQ(stringValue("\"abc\""), "abc");
  EXPECT_EQ(stringValue(R"('it\'s')"), "it's");
  EXPECT_EQ(stringValue(R"("say \"hi\"")"), "say \"hi\"");
  EXPECT_EQ(stringValue(R"('a"b')"), "a\"b");
  EXPECT_EQ(stringValue(R"('\\ \b\f\n\r\t')"), "\\ \b\f\n\r\t");
  EXPECT_EQ(stringValue(R"('\u01FF')"), "\xC7\xBF");
  EXPECT_EQ(stringValue(R"('\U0001F600')"), "\xF0\x9F\x98\x80");
  EXPECT_EQ(stringValue(R"('\uD83D\uDE00')"), "\xF0\x9F\x98\x80");  // a surrogate pair
  EXPECT_EQ(stringValue("'🧐 // not a comment'"), "🧐 // not a comment");
}

TEST(LexerTest, QuotedIdentifiers) {
  std::vector<Token> tokens = tokenize("`weird name` `a``b`");
  ASSERT_EQ(tokens.size(), 3u);
  EXPECT_EQ(tokens[0].kind, TokenKind::kQuotedIdentifier);
  EXPECT_EQ(tokens[0].text, "weird name");
  EXPECT_EQ(tokens[1].text, "a`b");
}

TEST(LexerTest, CommentsAndPositions) {
  std::vector<Token> tokens = tokenize("MATCH // one\r\n  /* two\nlines */ (n)\nRETURN 'é', n");
  ASSERT_EQ(tokens.size(), 9u);
  EXPECT_EQ(tokens[0].line, 1u);
  EXPECT_EQ(tokens[0].column, 1u);
  EXPECT_EQ(tokens[1].kind, TokenKind::kLeftParen);
  EXPECT_EQ(tokens[1].line, 3u);
  EXPECT_EQ(tokens[1].column, 10u);
  EXPECT_EQ(tokens[4].text, "RETURN");
  EXPECT_EQ(tokens[4].line, 4u);
  EXPECT_EQ(tokens[4].column, 1u);
  // Columns count code points: 'é' is two bytes but one column.
  EXPECT_EQ(tokens[6].kind, TokenKind::kComma);
  EXPECT_EQ(tokens[6].column, 11u);
  EXPECT_EQ(tokens[7].column, 13u);
  EXPECT_FALSE(tokens[1].adjacent);
  EXPECT_TRUE(tokens[2].adjacent);
}

TEST(LexerTest, UnicodeIdentifiersAndSpaces) {
  std::vector<Token> tokens = tokenize("RETURN\u00A0été");
  ASSERT_EQ(tokens.size(), 3u);
  EXPECT_EQ(tokens[1].kind, TokenKind::kIdentifier);
  EXPECT_EQ(tokens[1].text, "été");
}

TEST(LexerTest, Errors) {
  core::Error unterminated = lexError("RETURN 'abc");
  EXPECT_EQ(unterminated.code(), core::ErrorCode::kSyntaxError);
  EXPECT_EQ(unterminated.line(), 1u);
  EXPECT_EQ(unterminated.column(), 8u);
  EXPECT_EQ(lexError("RETURN '\\uH'").detail(), "InvalidUnicodeLiteral");
  EXPECT_EQ(lexError("RETURN '\\U0000'").detail(), "InvalidUnicodeLiteral");
  EXPECT_EQ(lexError("RETURN '\\uDC00'").detail(), "InvalidUnicodeLiteral");
  EXPECT_EQ(lexError("RETURN '\\q'").detail(), "UnexpectedSyntax");
  EXPECT_EQ(lexError("RETURN 1 # 2").detail(), "UnexpectedSyntax");
  core::Error dash = lexError("RETURN 42 \u2014 41");
  EXPECT_EQ(dash.detail(), "InvalidUnicodeCharacter");
  EXPECT_EQ(dash.column(), 11u);
  EXPECT_EQ(lexError("RETURN 1 /* open").detail(), "UnexpectedSyntax");
  EXPECT_EQ(lexError("RETURN `open").detail(), "UnexpectedSyntax");
}

}  // namespace lexer_test
}  // namespace cairn::cypher
