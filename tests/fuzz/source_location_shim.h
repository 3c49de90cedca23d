#pragma once
// Forced into fuzzers that reach core/check.h (-include): clang 14, the fuzz preset's compiler
// on Debian 12, lacks __builtin_source_location, so libstdc++ 12's <source_location> declares
// nothing. This supplies the subset core/check.cpp uses, from the builtins clang 14 does have.
// With a toolchain that provides std::source_location it does nothing.

#include <source_location>

#ifndef __cpp_lib_source_location
namespace std {
struct source_location {
  static constexpr source_location current(const char* file = __builtin_FILE(),
                                           const char* function = __builtin_FUNCTION(),
                                           unsigned line = __builtin_LINE()) noexcept {
    source_location where;
    where.file_ = file;
    where.function_ = function;
    where.line_ = line;
    return where;
  }
  constexpr const char* file_name() const noexcept { return file_; }
  constexpr const char* function_name() const noexcept { return function_; }
  constexpr unsigned line() const noexcept { return line_; }
  constexpr unsigned column() const noexcept { return 0; }

 private:
  const char* file_ = "";
  const char* function_ = "";
  unsigned line_ = 0;
};
}  // namespace std
#endif
