#pragma once
// Human byte sizes for flags and summaries: "512MiB", "2G", "1.5GiB", "4096".

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::server {

std::optional<uint64_t> parseByteSize(std::string_view text);
std::string formatBytes(uint64_t bytes);  // "1.23 GiB"

}  // namespace cairn::server
