#pragma once
// Streaming decompressors behind InputSource: each turns compressed input pieces into output
// bytes and knows whether the stream ended cleanly (so truncation is an error, not a short file).

#include <cstddef>
#include <memory>
#include <string>

#include "core/io/input_source.h"
#include "core/status.h"

namespace cairn::core::io {

class Decompressor {
 public:
  virtual ~Decompressor() = default;
  // Consumes from [*input, inputEnd) and writes to [output, output + capacity); advances
  // *input past what was consumed and returns the number of bytes written.
  virtual Result<size_t> decompress(const char** input, const char* inputEnd, char* output,
                                    size_t capacity) = 0;
  // True when everything consumed so far forms complete streams (gzip members, zstd frames).
  virtual bool atStreamBoundary() const = 0;
};

// `name` is used in error messages.
std::unique_ptr<Decompressor> makeDecompressor(Compression compression, const std::string& name);

// The compression announced by the first bytes of a stream (needs up to 4 bytes).
Compression detectCompression(const unsigned char* head, size_t size);

}  // namespace cairn::core::io
