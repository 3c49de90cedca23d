#include "index/dictionary/payload_codec.h"

#include <zstd.h>

#include "index/dictionary/byte_codec.h"

namespace cairn::index {

namespace {

// zstd is kept only when it saves at least 1/8 of the bytes: below that, the decompression time
// on every cache miss buys too little space.
bool worthCompressing(size_t raw, size_t compressed) { return compressed <= raw - raw / 8; }

}  // namespace

PayloadCodec appendPayload(std::string& out, std::string_view body, int zstdLevel) {
  std::string compressed;
  if (body.size() >= 64) {
    compressed.resize(ZSTD_compressBound(body.size()));
    const size_t n =
        ZSTD_compress(compressed.data(), compressed.size(), body.data(), body.size(), zstdLevel);
    CAIRN_CHECK(!ZSTD_isError(n), "zstd compression failed");
    compressed.resize(n);
  }
  const bool useZstd = !compressed.empty() && worthCompressing(body.size(), compressed.size());
  out.push_back(static_cast<char>(useZstd ? PayloadCodec::kZstd : PayloadCodec::kRaw));
  bytes::putVarint(out, body.size());
  out.append(useZstd ? std::string_view(compressed) : body);
  return useZstd ? PayloadCodec::kZstd : PayloadCodec::kRaw;
}

core::Result<std::string> readPayload(std::string_view stored, std::string_view what) {
  bytes::ByteReader in(stored);
  uint8_t codec = 0;
  uint64_t size = 0;
  if (!in.readByte(codec) || !in.readVarint(size)) {
    return core::Status::corruption(std::string(what) + ": truncated payload header");
  }
  if (size > kMaxPayloadBytes) {
    return core::Status::corruption(std::string(what) + ": payload size out of range");
  }
  const std::string_view body = in.rest();
  switch (static_cast<PayloadCodec>(codec)) {
    case PayloadCodec::kRaw:
      if (body.size() != size) {
        return core::Status::corruption(std::string(what) + ": raw payload has " +
                                        std::to_string(body.size()) + " bytes, header says " +
                                        std::to_string(size));
      }
      return std::string(body);
    case PayloadCodec::kZstd: {
      const unsigned long long frameSize = ZSTD_getFrameContentSize(body.data(), body.size());
      if (frameSize != size) {
        return core::Status::corruption(std::string(what) + ": zstd frame size does not match");
      }
      std::string out(size, '\0');
      const size_t n = ZSTD_decompress(out.data(), out.size(), body.data(), body.size());
      if (ZSTD_isError(n) || n != size) {
        return core::Status::corruption(std::string(what) + ": zstd payload does not decode");
      }
      return out;
    }
  }
  return core::Status::corruption(std::string(what) + ": unknown payload codec " +
                                  std::to_string(codec));
}

}  // namespace cairn::index
