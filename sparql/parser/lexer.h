#pragma once
// The SPARQL 1.1 tokenizer (spec §19.8 terminals), shared by the query parser and, later, SPARQL
// Update. The whole text is tokenized up front so the recursive-descent parser can look ahead
// freely; a lexical error throws core::Error(kSyntaxError) with the offending line and column.
//
// Codepoint escapes (\uXXXX, \UXXXXXXXX) are replaced before tokenizing, as §19.2 specifies, so
// they can appear anywhere (IRIs, names, strings); their result is never re-scanned for escapes.

#include <cstdint>
#include <deque>
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

// `text` and `prefix` view the tokenized text, or for a string or name whose escapes were
// replaced, the TokenList's storage: a token lives as long as both.
struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string_view text;
  std::string_view prefix;  // kPrefixedName
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

// Tokens, and the strings they view that are not in the text (escapes replaced). Views instead of
// a string per token: a 10K-triple INSERT DATA has ~40K tokens.
struct TokenList {
  std::vector<Token> tokens;
  std::deque<std::string> unescaped;  // a deque, so growing it never moves a string
};

// Tokenizes `text` (codepoint escapes already replaced); the last token is kEnd. The tokens view
// `text`, which must outlive them.
TokenList tokenize(std::string_view text);

// A short rendering of a token for error messages: "'SELECT'", "end of query", "<http://x>".
std::string describeToken(const Token& token);

}  // namespace cairn::sparql
