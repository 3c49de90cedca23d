#include "core/io/input_source.h"

#include <gtest/gtest.h>

#include <random>

#include "tests/unit/core/io/io_test_files.h"

namespace cairn::core::io {
namespace {

using test::gzipCompress;
using test::TempFile;
using test::zstdCompress;

// Some compressible text with a little noise (several hundred KB, so buffers refill).
std::string sampleText(size_t lines, uint32_t seed = 7) {
  std::mt19937 rng(seed);
  std::string out;
  for (size_t i = 0; i < lines; ++i) {
    out += "<http://example.org/s" + std::to_string(i) + "> <http://example.org/p> \"" +
           std::to_string(rng()) + "\" .\n";
  }
  return out;
}

// Reads everything with reads of `bufferBytes`.
Result<std::string> readAll(InputSource& in, size_t bufferBytes) {
  std::string out;
  std::vector<char> buffer(bufferBytes);
  for (;;) {
    Result<size_t> n = in.read(buffer.data(), buffer.size());
    if (!n) return n.status();
    if (*n == 0) return out;
    EXPECT_LE(*n, bufferBytes);
    out.append(buffer.data(), *n);
  }
}

TEST(InputSource, ReadsAString) {
  auto in = InputSource::fromString("hello\nworld");
  EXPECT_EQ(in->compression(), Compression::kNone);
  EXPECT_EQ(readAll(*in, 3).value(), "hello\nworld");
  char c;
  EXPECT_EQ(in->read(&c, 1).value(), 0u);  // stays at the end
  EXPECT_EQ(in->compressedBytesRead(), 11u);
  EXPECT_EQ(in->totalCompressedBytes(), 11u);
}

TEST(InputSource, ReadsAPlainFileAndReportsProgress) {
  const std::string text = sampleText(20000);
  TempFile file("plain.nt", text);
  auto in = InputSource::open(file.path());
  ASSERT_TRUE(in.isOk()) << in.status().toString();
  EXPECT_EQ((*in)->compression(), Compression::kNone);
  EXPECT_EQ((*in)->totalCompressedBytes(), text.size());
  std::string first(1000, '\0');
  ASSERT_EQ((*in)->read(first.data(), first.size()).value(), 1000u);
  EXPECT_EQ((*in)->compressedBytesRead(), 1000u);
  EXPECT_EQ(first + readAll(**in, 4096).value(), text);
  EXPECT_EQ((*in)->compressedBytesRead(), text.size());
}

TEST(InputSource, DecompressesGzip) {
  const std::string text = sampleText(10000);
  const std::string gz = gzipCompress(text);
  TempFile file("data.nt.gz", gz);
  auto in = InputSource::open(file.path());
  ASSERT_TRUE(in.isOk()) << in.status().toString();
  EXPECT_EQ((*in)->compression(), Compression::kGzip);
  EXPECT_EQ((*in)->totalCompressedBytes(), gz.size());
  for (size_t buffer : {size_t{1} << 20, size_t{4096}}) {
    auto again = InputSource::open(file.path());
    EXPECT_EQ(readAll(**again, buffer).value(), text) << "buffer " << buffer;
    EXPECT_EQ((*again)->compressedBytesRead(), gz.size());
  }
  // Tiny reads: zlib must hand over output it holds back once the caller's buffer is full.
  const std::string small = sampleText(300);
  TempFile smallFile("small.nt.gz", gzipCompress(small));
  EXPECT_EQ(readAll(*InputSource::open(smallFile.path()).value(), 7).value(), small);
}

TEST(InputSource, DecompressesConcatenatedGzipMembers) {
  const std::string a = sampleText(500, 1), b = sampleText(700, 2);
  TempFile file("multi.gz", gzipCompress(a) + gzipCompress(b, 1));
  auto in = InputSource::open(file.path());
  ASSERT_TRUE(in.isOk());
  EXPECT_EQ(readAll(**in, 1000).value(), a + b);
}

TEST(InputSource, DecompressesZstdFrames) {
  const std::string text = sampleText(10000);
  for (int frames : {1, 3}) {
    const std::string zst = zstdCompress(text, frames);
    TempFile file("data.nq.zst", zst);
    for (size_t buffer : {size_t{1} << 20, size_t{5000}}) {
      auto in = InputSource::open(file.path());
      ASSERT_TRUE(in.isOk()) << in.status().toString();
      EXPECT_EQ((*in)->compression(), Compression::kZstd);
      EXPECT_EQ(readAll(**in, buffer).value(), text) << frames << " frames, buffer " << buffer;
      EXPECT_EQ((*in)->compressedBytesRead(), zst.size());
    }
  }
}

TEST(InputSource, ZstdWithTinyReads) {
  const std::string text = sampleText(300);
  TempFile file("small.nq.zst", zstdCompress(text, 2));
  EXPECT_EQ(readAll(*InputSource::open(file.path()).value(), 3).value(), text);
}

TEST(InputSource, RecognisesCompressionByMagicBytes) {
  const std::string text = sampleText(100);
  TempFile gz("no_extension_gz", gzipCompress(text));
  TempFile zst("no_extension_zst", zstdCompress(text));
  EXPECT_EQ(readAll(*InputSource::open(gz.path()).value(), 100).value(), text);
  EXPECT_EQ(readAll(*InputSource::open(zst.path()).value(), 100).value(), text);
}

TEST(InputSource, EmptyInputs) {
  TempFile empty("empty.nt", "");
  EXPECT_EQ(readAll(*InputSource::open(empty.path()).value(), 10).value(), "");
  TempFile emptyGz("empty.nt.gz", gzipCompress(""));
  EXPECT_EQ(readAll(*InputSource::open(emptyGz.path()).value(), 10).value(), "");
  TempFile emptyZst("empty.nt.zst", zstdCompress(""));
  EXPECT_EQ(readAll(*InputSource::open(emptyZst.path()).value(), 10).value(), "");
}

TEST(InputSource, TruncatedCompressedStreamsAreErrors) {
  const std::string text = sampleText(5000);
  const std::string gz = gzipCompress(text);
  const std::string zst = zstdCompress(text);
  TempFile cutGz("cut.nt.gz", gz.substr(0, gz.size() / 2));
  TempFile cutZst("cut.nt.zst", zst.substr(0, zst.size() - 3));
  for (const TempFile* f : {&cutGz, &cutZst}) {
    auto in = InputSource::open(f->path());
    ASSERT_TRUE(in.isOk());
    Result<std::string> all = readAll(**in, 4096);
    ASSERT_FALSE(all.isOk()) << f->path();
    EXPECT_EQ(all.status().code(), StatusCode::kCorruption);
    EXPECT_NE(all.status().message().find("truncated"), std::string::npos)
        << all.status().message();
  }
}

TEST(InputSource, CorruptCompressedDataIsAnError) {
  std::string gz = gzipCompress(sampleText(5000));
  for (size_t i = 20; i < 60; ++i) gz[i] = static_cast<char>(gz[i] ^ 0x5A);
  TempFile file("bad.gz", gz);
  Result<std::string> all = readAll(*InputSource::open(file.path()).value(), 4096);
  ASSERT_FALSE(all.isOk());
  EXPECT_EQ(all.status().code(), StatusCode::kCorruption);
}

TEST(InputSource, NameAndContentMustAgree) {
  TempFile file("plain.nt.gz", "<http://a/s> <http://a/p> <http://a/o> .\n");
  auto in = InputSource::open(file.path());
  ASSERT_FALSE(in.isOk());
  EXPECT_EQ(in.status().code(), StatusCode::kCorruption);
  TempFile zst("really_gzip.zst", gzipCompress("x"));
  EXPECT_EQ(InputSource::open(zst.path()).status().code(), StatusCode::kCorruption);
}

TEST(InputSource, MissingFileIsNotFound) {
  auto in = InputSource::open(::testing::TempDir() + "/does/not/exist.nt");
  ASSERT_FALSE(in.isOk());
  EXPECT_EQ(in.status().code(), StatusCode::kNotFound);
  EXPECT_NE(in.status().message().find("exist.nt"), std::string::npos);
}

}  // namespace
}  // namespace cairn::core::io
