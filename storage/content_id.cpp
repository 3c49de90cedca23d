#include "storage/content_id.h"

#include <algorithm>

// The one-shot SHA256() and EVP_Digest() of OpenSSL 3 fetch the algorithm from a provider and
// allocate three times per call (~0.8 us of overhead; measured 900 ns vs 125 ns for 64 bytes).
// The low-level SHA256_* calls keep the state on the stack and still dispatch to SHA-NI, so we use
// them; they are deprecated in 3.0 but not removed, hence the suppression for this file only.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

namespace cairn::storage {
namespace {

constexpr char kHexDigits[] = "0123456789abcdef";

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

static_assert(sizeof(ContentId{}.bytes) == SHA256_DIGEST_LENGTH);

ContentId ContentId::of(std::string_view data) {
  ContentId id;
  SHA256_CTX ctx;
  SHA256_Init(&ctx);
  SHA256_Update(&ctx, data.data(), data.size());
  SHA256_Final(id.bytes.data(), &ctx);
  return id;
}

std::optional<ContentId> ContentId::fromHex(std::string_view hex) {
  ContentId id;
  if (hex.size() != 2 * id.bytes.size()) return std::nullopt;
  for (size_t i = 0; i < id.bytes.size(); ++i) {
    const int high = hexValue(hex[2 * i]);
    const int low = hexValue(hex[2 * i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    id.bytes[i] = static_cast<uint8_t>(high << 4 | low);
  }
  return id;
}

std::string ContentId::toHex() const {
  std::string out(2 * bytes.size(), '\0');
  for (size_t i = 0; i < bytes.size(); ++i) {
    out[2 * i] = kHexDigits[bytes[i] >> 4];
    out[2 * i + 1] = kHexDigits[bytes[i] & 0xf];
  }
  return out;
}

bool ContentId::isNull() const {
  return std::all_of(bytes.begin(), bytes.end(), [](uint8_t b) { return b == 0; });
}

}  // namespace cairn::storage
