#pragma once
// Helpers for core/io tests: temporary files and gzip / zstd encodings built with the libraries
// themselves (no fixtures on disk).

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace cairn::core::io::test {

// A file under the test temp dir, removed when the object goes.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& content) {
    path_ = ::testing::TempDir() + "cairn_io_" + std::to_string(::getpid()) + "_" + name;
    FILE* f = std::fopen(path_.c_str(), "wb");
    EXPECT_NE(f, nullptr);
    if (f != nullptr) {
      EXPECT_EQ(std::fwrite(content.data(), 1, content.size(), f), content.size());
      std::fclose(f);
    }
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// One gzip member (deflate with a gzip header: windowBits 15 + 16).
inline std::string gzipCompress(const std::string& data, int level = 6) {
  z_stream zs{};
  EXPECT_EQ(deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&zs, data.size()) + 64, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&zs, Z_FINISH), Z_STREAM_END);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

// One zstd frame; `pieces` > 1 writes that many frames back to back, as zstd -c a b does.
inline std::string zstdCompress(const std::string& data, int pieces = 1) {
  std::string out;
  const size_t step = data.size() / pieces + 1;
  for (size_t at = 0; at < data.size() || (at == 0 && data.empty()); at += step) {
    const std::string part = data.substr(at, step);
    std::string frame(ZSTD_compressBound(part.size()), '\0');
    const size_t n = ZSTD_compress(frame.data(), frame.size(), part.data(), part.size(), 3);
    EXPECT_FALSE(ZSTD_isError(n));
    frame.resize(n);
    out += frame;
    if (data.empty()) break;
  }
  return out;
}

}  // namespace cairn::core::io::test
