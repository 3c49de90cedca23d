#pragma once
// A byte stream to parse: a file read with plain read(2), decompressed on the fly when it is
// gzip (zlib, concatenated members allowed) or zstd (streaming, several frames allowed), or an
// in-memory string. Compression is recognised by magic bytes; a ".gz" or ".zst" name whose
// content does not match is an error rather than a silent fallback.
//
// Reads return decompressed bytes; progress is reported in compressed (on-disk) bytes so a
// progress bar can compare it with the file size. Not thread-safe: one reader at a time.

#include <cstdint>
#include <memory>
#include <string>

#include "core/status.h"

namespace cairn::core::io {

enum class Compression { kNone, kGzip, kZstd };

class InputSource {
 public:
  // Opens `path`. NotFound / IoError when it cannot be opened, Corruption when a ".gz" or
  // ".zst" file does not carry the matching magic bytes.
  static Result<std::unique_ptr<InputSource>> open(const std::string& path);
  // An uncompressed stream over `data` (tests, small inputs); name() is "<string>".
  static std::unique_ptr<InputSource> fromString(std::string data);

  ~InputSource();
  InputSource(const InputSource&) = delete;
  InputSource& operator=(const InputSource&) = delete;

  // Fills up to `capacity` bytes of `buffer`; returns how many, 0 only at the end of the
  // stream. Corruption for a damaged or truncated compressed stream, IoError for read errors.
  Result<size_t> read(char* buffer, size_t capacity);

  uint64_t compressedBytesRead() const;   // bytes consumed from the file so far
  uint64_t totalCompressedBytes() const;  // the file size (0 if unknown, e.g. a pipe)
  Compression compression() const;
  const std::string& name() const;  // the path, for messages

  // Implementation detail, public only so the .cpp can define its pieces.
  class Impl;

 private:
  explicit InputSource(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cairn::core::io
