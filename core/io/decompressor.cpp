#include "core/io/decompressor.h"

#include <zlib.h>
#include <zstd.h>

#include <climits>

#include "core/check.h"

namespace cairn::core::io {
namespace {

class GzipDecompressor final : public Decompressor {
 public:
  explicit GzipDecompressor(std::string name) : name_(std::move(name)) {
    // 15 + 32: maximum window, accept a gzip or zlib header.
    CAIRN_CHECK(inflateInit2(&stream_, 15 + 32) == Z_OK, "inflateInit2 failed");
  }
  ~GzipDecompressor() override { inflateEnd(&stream_); }

  Result<size_t> decompress(const char** input, const char* inputEnd, char* output,
                            size_t capacity) override {
    size_t written = 0;
    while (written < capacity) {
      if (*input == inputEnd && !pendingOutput_) break;
      if (memberDone_) {
        if (*input == inputEnd) break;
        // Another gzip member follows (as `cat a.gz b.gz` makes): start over.
        inflateReset(&stream_);
        memberDone_ = false;
      }
      const size_t inAvail = std::min<size_t>(inputEnd - *input, UINT_MAX);
      const size_t outAvail = std::min<size_t>(capacity - written, UINT_MAX);
      stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(*input));
      stream_.avail_in = static_cast<uInt>(inAvail);
      stream_.next_out = reinterpret_cast<Bytef*>(output + written);
      stream_.avail_out = static_cast<uInt>(outAvail);
      const int rc = inflate(&stream_, Z_NO_FLUSH);
      const size_t consumed = inAvail - stream_.avail_in;
      *input += consumed;
      written += outAvail - stream_.avail_out;
      if (consumed > 0) memberStarted_ = true;
      // A full output buffer may leave decoded bytes inside zlib even with no input left.
      pendingOutput_ = stream_.avail_out == 0 && rc == Z_OK;
      if (rc == Z_STREAM_END) {
        memberDone_ = true;
      } else if (rc == Z_BUF_ERROR) {
        pendingOutput_ = false;
        break;  // no progress possible without more input: not an error
      } else if (rc != Z_OK) {
        return Status::corruption(name_ + ": gzip data is corrupt (" +
                                  (stream_.msg ? stream_.msg : "zlib error " + std::to_string(rc)) +
                                  ")");
      }
    }
    return written;
  }

  bool atStreamBoundary() const override { return memberDone_ || !memberStarted_; }

 private:
  std::string name_;
  z_stream stream_{};
  bool memberStarted_ = false;
  bool memberDone_ = false;
  bool pendingOutput_ = false;
};

class ZstdDecompressor final : public Decompressor {
 public:
  explicit ZstdDecompressor(std::string name) : name_(std::move(name)), ctx_(ZSTD_createDCtx()) {
    CAIRN_CHECK(ctx_ != nullptr, "ZSTD_createDCtx failed");
  }
  ~ZstdDecompressor() override { ZSTD_freeDCtx(ctx_); }

  Result<size_t> decompress(const char** input, const char* inputEnd, char* output,
                            size_t capacity) override {
    ZSTD_inBuffer in{*input, static_cast<size_t>(inputEnd - *input), 0};
    ZSTD_outBuffer out{output, capacity, 0};
    // Loop while progress is possible: decompressStream may stop early at a frame boundary.
    while (out.pos < out.size && (in.pos < in.size || pendingOutput_)) {
      const size_t before = out.pos + in.pos;
      const size_t rc = ZSTD_decompressStream(ctx_, &out, &in);
      if (ZSTD_isError(rc)) {
        return Status::corruption(name_ + ": zstd data is corrupt (" + ZSTD_getErrorName(rc) + ")");
      }
      frameDone_ = rc == 0;
      // With the output full, the context may still hold decoded bytes to flush.
      pendingOutput_ = !frameDone_ && out.pos == out.size;
      if (out.pos + in.pos == before) break;
    }
    if (in.pos > 0) started_ = true;
    *input += in.pos;
    return out.pos;
  }

  bool atStreamBoundary() const override { return frameDone_ || !started_; }

 private:
  std::string name_;
  ZSTD_DCtx* ctx_;
  bool started_ = false;
  bool frameDone_ = false;
  bool pendingOutput_ = false;
};

}  // namespace

std::unique_ptr<Decompressor> makeDecompressor(Compression compression, const std::string& name) {
  switch (compression) {
    case Compression::kGzip:
      return std::make_unique<GzipDecompressor>(name);
    case Compression::kZstd:
      return std::make_unique<ZstdDecompressor>(name);
    case Compression::kNone:
      break;
  }
  return nullptr;
}

Compression detectCompression(const unsigned char* head, size_t size) {
  if (size >= 2 && head[0] == 0x1F && head[1] == 0x8B) return Compression::kGzip;
  if (size >= 4 && head[0] == 0x28 && head[1] == 0xB5 && head[2] == 0x2F && head[3] == 0xFD) {
    return Compression::kZstd;
  }
  return Compression::kNone;
}

}  // namespace cairn::core::io
