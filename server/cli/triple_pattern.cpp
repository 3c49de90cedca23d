#include "server/cli/triple_pattern.h"

#include <vector>

#include "core/error.h"
#include "core/rdf/ntriples_parser.h"

namespace cairn::server {
namespace {

struct Token {
  std::string_view text;
  size_t column;
};

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\t') {
      ++i;
      continue;
    }
    size_t start = i;
    if (text[i] == '"') {
      // A literal: up to the closing unescaped quote, then its @lang or ^^<dt> suffix.
      ++i;
      while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
      ++i;
    }
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    tokens.push_back({text.substr(start, std::min(i, text.size()) - start), start + 1});
  }
  return tokens;
}

// Parses one term by letting the N-Triples parser read it inside a statement.
class TermCatcher final : public core::rdf::StatementSink {
 public:
  explicit TermCatcher(int position) : position_(position) {}
  void statement(const core::rdf::StatementView& st) override {
    const core::TermView& v = position_ == 0 ? st.subject : position_ == 1 ? st.predicate : st.object;
    term = core::Term::fromView(v);
  }
  bool syntaxError(const core::rdf::SyntaxIssue& issue) override {
    message = issue.message;
    return false;
  }
  std::optional<core::Term> term;
  std::string message;

 private:
  int position_;
};

core::Term parseTerm(const Token& token, int position) {
  static constexpr std::string_view kFiller[3] = {"<urn:cairn:s>", "<urn:cairn:p>", "<urn:cairn:o>"};
  std::string line;
  for (int k = 0; k < 3; ++k) {
    line += k == position ? std::string(token.text) : std::string(kFiller[k]);
    line += ' ';
  }
  line += ".\n";
  TermCatcher catcher(position);
  core::rdf::NTriplesParser parser(core::rdf::RdfFormat::kNTriples, "pattern");
  (void)parser.parseChunk(line, 1, catcher);
  if (!catcher.term) {
    static constexpr const char* kNames[3] = {"subject", "predicate", "object"};
    throw core::Error(core::ErrorCode::kSyntaxError,
                      "bad " + std::string(kNames[position]) + " '" + std::string(token.text) +
                          "'" + (catcher.message.empty() ? "" : ": " + catcher.message),
                      1, token.column);
  }
  return *catcher.term;
}

}  // namespace

TriplePattern parseTriplePattern(std::string_view text) {
  std::vector<Token> tokens = tokenize(text);
  if (!tokens.empty() && tokens.back().text == ".") tokens.pop_back();
  if (tokens.size() != 3) {
    throw core::Error(core::ErrorCode::kSyntaxError,
                      "a pattern has three positions (subject predicate object), each ?var or an "
                      "N-Triples term; got " + std::to_string(tokens.size()),
                      1, 1);
  }
  TriplePattern pattern;
  for (int k = 0; k < 3; ++k) {
    if (tokens[k].text.starts_with('?')) continue;
    pattern.positions[k] = parseTerm(tokens[k], k);
  }
  return pattern;
}

}  // namespace cairn::server
