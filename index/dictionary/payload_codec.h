#pragma once
// The body of a dictionary chunk or statistics blob, stored zstd-compressed or raw, whichever is
// smaller by a useful margin: front-coded IRIs compress well, random or already dense bytes do
// not, and then decompressing would only cost time.
//
// Layout appended by appendPayload:
//   u8      codec (0 = raw, 1 = zstd)
//   varint  decoded size in bytes
//   bytes   the body (raw) or one zstd frame (zstd), up to the end of the blob
//
// readPayload checks the codec, that the frame decodes to exactly the announced size and that the
// announced size is sane, and names `what` (the blob) in every error.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/status.h"

namespace cairn::index {

enum class PayloadCodec : uint8_t { kRaw = 0, kZstd = 1 };

// Decoded bodies beyond this are treated as corruption (guards allocation from a bad header).
inline constexpr uint64_t kMaxPayloadBytes = uint64_t{1} << 32;

// Appends the payload header and body; returns the codec chosen.
PayloadCodec appendPayload(std::string& out, std::string_view body, int zstdLevel);

// Decodes the payload that makes up all of `stored` (the blob bytes after its own header).
core::Result<std::string> readPayload(std::string_view stored, std::string_view what);

}  // namespace cairn::index
