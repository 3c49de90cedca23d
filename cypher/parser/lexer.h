#pragma once
// The openCypher lexer: turns a statement's text into tokens with 1-based line and column (in
// code points). Keywords are not told apart from identifiers here (Cypher lets most keywords
// serve as names); the parser compares words case-insensitively where it expects a keyword.
// Number literals keep their digits: whether 9223372036854775808 overflows depends on a unary
// minus the parser sees, and a malformed number is only an error where an expression is expected
// (in a map key position the TCK wants UnexpectedSyntax instead).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::cypher {

enum class TokenKind {
  kEnd,
  kIdentifier,        // a word (text as written)
  kQuotedIdentifier,  // `...`: text is the name with `` unescaped
  kInteger,           // text = digits as written (with 0x / 0o prefix)
  kFloat,             // text as written
  kInvalidNumber,     // a number run into letters (`0x`, `12ab`): InvalidNumberLiteral when used
  kString,            // text = the unescaped value
  // Punctuation and operators.
  kLeftParen,
  kRightParen,
  kLeftBracket,
  kRightBracket,
  kLeftBrace,
  kRightBrace,
  kComma,
  kDot,
  kDotDot,
  kColon,
  kSemicolon,
  kPipe,
  kDollar,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kPercent,
  kCaret,
  kEqual,
  kNotEqual,  // <> or !=
  kLess,
  kGreater,
  kLessEqual,
  kGreaterEqual,
  kRegexMatch,  // =~
  kPlusEqual,   // +=
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;
  uint64_t line = 0;
  uint64_t column = 0;
  size_t offset = 0;     // byte offset of the token in the source
  size_t endOffset = 0;  // one past its last byte
  // No whitespace or comment between this token and the previous one (`-->` vs `- ->`).
  bool adjacent = false;
};

// Tokenizes `text`; the last token is kEnd. Throws core::Error(kSyntaxError) for an unterminated
// string, comment or quoted identifier, an invalid escape ("InvalidUnicodeLiteral" for a bad
// \u / \U), a character that cannot start a token ("UnexpectedSyntax", or
// "InvalidUnicodeCharacter" for Unicode punctuation such as dashes).
std::vector<Token> tokenize(std::string_view text);

std::string_view tokenKindName(TokenKind kind);

}  // namespace cairn::cypher
