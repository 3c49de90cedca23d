#pragma once
// ContentId: the SHA-256 of a blob's bytes, its only name. Equal ids mean equal bytes, so a blob
// never changes and caches keyed by id never need invalidating.

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::storage {

struct ContentId {
  std::array<uint8_t, 32> bytes{};

  static ContentId of(std::string_view data);  // SHA-256 (OpenSSL; SHA-NI where present)
  static std::optional<ContentId> fromHex(std::string_view hex);
  std::string toHex() const;
  std::string shortHex() const { return toHex().substr(0, 12); }  // for messages
  bool isNull() const;

  bool operator==(const ContentId&) const = default;
  auto operator<=>(const ContentId&) const = default;
};

struct ContentIdHash {
  size_t operator()(const ContentId& id) const {
    size_t h;
    std::memcpy(&h, id.bytes.data(), sizeof h);  // already uniformly distributed
    return h;
  }
};

}  // namespace cairn::storage
