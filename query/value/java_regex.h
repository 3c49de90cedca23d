#pragma once
// Cypher's `=~`: the whole string must match the pattern, whose syntax is Java's
// (java.util.regex), run by PCRE2 in UTF mode. The two agree on the constructs queries use
// (classes, quantifiers, groups, inline flags such as (?i), \d \w \s as ASCII classes).
// Immutable once compiled; shareable between threads (each match allocates its own match data).

#include <memory>
#include <optional>
#include <string_view>

namespace cairn::query::value {

class JavaRegex {
 public:
  // nullopt for a pattern PCRE2 does not accept.
  static std::optional<JavaRegex> compile(std::string_view pattern);
  // Whether the pattern matches all of `text`. Throws core::Error (kArgumentError) when the
  // matcher gives up (backtracking limit).
  bool fullMatch(std::string_view text) const;

 private:
  struct Code;
  explicit JavaRegex(std::shared_ptr<const Code> code) : code_(std::move(code)) {}
  std::shared_ptr<const Code> code_;
};

}  // namespace cairn::query::value
