#pragma once
// Counts on benchmark command lines, with an optional K, M or G suffix.

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace cairn::bench::datagen {

// "1000", "100K", "1M", "1G": an integer with an optional decimal suffix (fractions such as
// "2.5M" are rejected).
inline std::optional<uint64_t> parseCount(std::string_view text) {
  uint64_t multiplier = 1;
  if (!text.empty()) {
    switch (text.back()) {
      case 'k':
      case 'K':
        multiplier = 1'000;
        break;
      case 'm':
      case 'M':
        multiplier = 1'000'000;
        break;
      case 'g':
      case 'G':
        multiplier = 1'000'000'000;
        break;
      default:
        break;
    }
    if (multiplier != 1) text.remove_suffix(1);
  }
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (value > UINT64_MAX / multiplier) return std::nullopt;
  return value * multiplier;
}

}  // namespace cairn::bench::datagen
