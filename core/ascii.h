#pragma once
// ASCII-only case folding, for the places the standards fold case on ASCII alone (language tags,
// keywords); Unicode-aware folding lives in the string functions.

#include <algorithm>
#include <string_view>

namespace cairn::core {

constexpr char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

inline bool equalsIgnoreAsciiCase(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](char x, char y) { return lowerAscii(x) == lowerAscii(y); });
}

}  // namespace cairn::core
