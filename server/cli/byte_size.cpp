#include "server/cli/byte_size.h"

#include <cctype>
#include <cstdio>
#include <string>

namespace cairn::server {

std::optional<uint64_t> parseByteSize(std::string_view text) {
  size_t i = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
  if (i == 0) return std::nullopt;
  const std::string_view number = text.substr(0, i);
  if (number.find('.') != number.rfind('.')) return std::nullopt;  // "1.2.3"
  double value;
  try {
    value = std::stod(std::string(number));
  } catch (...) {
    return std::nullopt;
  }
  std::string unit;
  for (char c : text.substr(i)) unit += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  double scale;
  if (unit.empty() || unit == "b") {
    scale = 1;
  } else if (unit == "k" || unit == "kb" || unit == "kib") {
    scale = 1024.0;
  } else if (unit == "m" || unit == "mb" || unit == "mib") {
    scale = 1024.0 * 1024;
  } else if (unit == "g" || unit == "gb" || unit == "gib") {
    scale = 1024.0 * 1024 * 1024;
  } else if (unit == "t" || unit == "tb" || unit == "tib") {
    scale = 1024.0 * 1024 * 1024 * 1024;
  } else {
    return std::nullopt;
  }
  const double bytes = value * scale;
  // Converting a double at or beyond 2^64 to uint64_t is undefined; such a size is refused.
  if (!(bytes < 18446744073709551616.0)) return std::nullopt;
  return static_cast<uint64_t>(bytes);
}

std::string formatBytes(uint64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int unit = 0;
  while (v >= 1024 && unit < 4) {
    v /= 1024;
    ++unit;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, unit == 0 ? "%.0f %s" : "%.2f %s", v, kUnits[unit]);
  return buf;
}

}  // namespace cairn::server
