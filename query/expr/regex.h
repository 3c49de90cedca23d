#pragma once
// XPath regular expressions (fn:matches, fn:replace) for REGEX and REPLACE, run by PCRE2 in UTF
// mode with Unicode properties. Flags: s (dot matches newlines), m (multi-line anchors), i
// (case-insensitive), x (whitespace in the pattern is removed before compiling, as XPath says,
// rather than PCRE2's extended syntax, which would also read '#' as a comment), q (the pattern is
// a literal string). '$' matches only at the very end without m, as in XPath.
//
// A Regex is immutable once compiled and may be shared between threads (each call allocates its
// own match data).

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::query::expr {

class Regex {
 public:
  // nullopt for an invalid pattern or an unknown flag.
  static std::optional<Regex> compile(std::string_view pattern, std::string_view flags);

  // fn:matches: whether the pattern matches anywhere in `text`; nullopt on a matching failure
  // (e.g. the backtracking limit).
  std::optional<bool> search(std::string_view text) const;

  // fn:replace: every non-overlapping match replaced. `replacement` uses XPath's syntax ($N for
  // group N, \$ and \\ for the characters); nullopt for an invalid replacement or a pattern that
  // matches the empty string (XPath err:FORX0003).
  std::optional<std::string> replace(std::string_view text, std::string_view replacement) const;

 private:
  struct Code;
  explicit Regex(std::shared_ptr<const Code> code, bool literal)
      : code_(std::move(code)), literal_(literal) {}
  std::shared_ptr<const Code> code_;
  bool literal_ = false;
};

}  // namespace cairn::query::expr
