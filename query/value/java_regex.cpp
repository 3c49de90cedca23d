#include "query/value/java_regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "core/error.h"

namespace cairn::query::value {

struct JavaRegex::Code {
  pcre2_code* code = nullptr;
  ~Code() { pcre2_code_free(code); }
};

std::optional<JavaRegex> JavaRegex::compile(std::string_view pattern) {
  int errorCode = 0;
  PCRE2_SIZE errorOffset = 0;
  // Anchored at both ends: Java's String.matches() wants the whole input.
  pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                   PCRE2_UTF | PCRE2_ANCHORED | PCRE2_ENDANCHORED, &errorCode,
                                   &errorOffset, nullptr);
  if (code == nullptr) return std::nullopt;
  pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);  // best effort: the interpreter works without it
  auto compiled = std::make_shared<Code>();
  compiled->code = code;
  return JavaRegex(std::move(compiled));
}

bool JavaRegex::fullMatch(std::string_view text) const {
  pcre2_match_data* data = pcre2_match_data_create_from_pattern(code_->code, nullptr);
  const int rc = pcre2_match(code_->code, reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(), 0,
                             0, data, nullptr);
  pcre2_match_data_free(data);
  if (rc >= 0) return true;
  if (rc == PCRE2_ERROR_NOMATCH) return false;
  throw core::Error(core::ErrorCode::kArgumentError, "InvalidArgumentValue",
                    "regular expression match failed (PCRE2 error " + std::to_string(rc) + ")");
}

}  // namespace cairn::query::value
