#pragma once
// The SPARQL 1.1 tokenizer (spec §19.8 terminals), shared by the query parser and, later, SPARQL
// Update. The whole text is tokenized up front so the recursive-descent parser can look ahead
// freely; a lexical error throws core::Error(kSyntaxError) with the offending line and column.
//
// Codepoint escapes (\uXXXX, \UXXXXXXXX) are replaced before tokenizing, as §19.2 specifies, so
// they can appear anywhere (IRIs, names, strings); their result is never re-scanned for escapes.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::sparql {

enum class TokenKind : uint8_t {
  kEnd,
  kIri,           // IRIREF: text = the IRI between '<' and '>'
  kPrefixedName,  // PNAME_NS / PNAME_LN: prefix = before ':', text = local part, unescaped
  kBlankNode,     // BLANK_NODE_LABEL: text = label without "_:"
  kVariable,      // VAR1 / VAR2: text = name without '?' / '$'
  kLangTag,       // LANGTAG: text = tag without '@'
  kInteger,       // text = the lexical form, sign included when written
  kDecimal,
  kDouble,
  kString,  // any of the four quote forms: text = the value with ECHARs processed
  kWord,    // a keyword or built-in name (SELECT, a, true, STRLEN, ...) as written
  kPunct,   // { } ( ) [ ] . , ; * + - / ? ! ^ | = != < > <= >= && || ^^
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;
  std::string prefix;  // kPrefixedName
  uint32_t line = 1;
  uint32_t column = 1;

  bool isPunct(std::string_view p) const { return kind == TokenKind::kPunct && text == p; }
  // Case-insensitive keyword match (keywords are ASCII).
  bool isWord(std::string_view keyword) const;
};

// Replaces \u and \U escapes by the UTF-8 of their code point; throws on a surrogate or a value
// above U+10FFFF. A backslash-u without its hex digits is left as is for the tokenizer to judge
// (an error in a string, harmless in a comment).
std::string replaceCodepointEscapes(std::string_view text);
// False when `text` has no "\\u" or "\\U" at all, so replaceCodepointEscapes would return it
// unchanged (most queries: skipping the copy saves a pass over every byte).
bool mayHaveCodepointEscapes(std::string_view text);

// Tokenizes `text` (codepoint escapes already replaced); the last token is kEnd.
std::vector<Token> tokenize(std::string_view text);

// A short rendering of a token for error messages: "'SELECT'", "end of query", "<http://x>".
std::string describeToken(const Token& token);

}  // namespace cairn::sparql
