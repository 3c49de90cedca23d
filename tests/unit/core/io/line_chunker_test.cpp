#include "core/io/line_chunker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/unit/core/io/io_test_files.h"

namespace cairn::core::io {
namespace {

struct Chunk {
  std::string text;
  uint64_t firstLine;
};

std::vector<Chunk> chunksOf(InputSource& in, size_t chunkBytes) {
  LineChunker chunker(in, chunkBytes);
  std::vector<Chunk> out;
  std::string chunk = "stale";
  uint64_t firstLine = 0;
  for (;;) {
    Result<bool> more = chunker.next(chunk, firstLine);
    EXPECT_TRUE(more.isOk()) << more.status().toString();
    if (!more.isOk() || !*more) break;
    out.push_back({chunk, firstLine});
  }
  EXPECT_TRUE(chunk.empty());
  return out;
}

std::vector<Chunk> chunksOf(const std::string& text, size_t chunkBytes) {
  auto in = InputSource::fromString(text);
  return chunksOf(*in, chunkBytes);
}

// Every chunk but the last ends with '\n', lines are never split, first lines add up, and the
// chunks put together are the input.
void checkChunks(const std::string& text, const std::vector<Chunk>& chunks, size_t chunkBytes) {
  std::string joined;
  uint64_t line = 1;
  for (size_t i = 0; i < chunks.size(); ++i) {
    const Chunk& c = chunks[i];
    ASSERT_FALSE(c.text.empty());
    EXPECT_EQ(c.firstLine, line) << "chunk " << i;
    if (i + 1 < chunks.size()) {
      EXPECT_EQ(c.text.back(), '\n') << "chunk " << i;
      // A chunk only outgrows the target to finish its last line.
      const size_t lastLineStart = c.text.rfind('\n', c.text.size() - 2);
      if (c.text.size() > chunkBytes && lastLineStart != std::string::npos) {
        EXPECT_LT(lastLineStart, chunkBytes) << "chunk " << i;
      }
    }
    line += std::count(c.text.begin(), c.text.end(), '\n');
    joined += c.text;
  }
  EXPECT_EQ(joined, text);
}

TEST(LineChunker, ChunksEndAtLineBoundaries) {
  const std::string text = "aaa\nbb\ncccccc\nd\n";
  auto chunks = chunksOf(text, 5);
  checkChunks(text, chunks, 5);
  ASSERT_EQ(chunks.size(), 4u);
  EXPECT_EQ(chunks[0].text, "aaa\n");
  EXPECT_EQ(chunks[1].text, "bb\n");
  EXPECT_EQ(chunks[1].firstLine, 2u);
  EXPECT_EQ(chunks[2].text, "cccccc\n");  // longer than a chunk: never split
  EXPECT_EQ(chunks[3].text, "d\n");
  EXPECT_EQ(chunks[3].firstLine, 4u);
}

TEST(LineChunker, ChunkSmallerThanEveryLine) {
  const std::string text = "first line\nsecond line\nthird\n";
  auto chunks = chunksOf(text, 1);
  checkChunks(text, chunks, 1);
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[2].text, "third\n");
  EXPECT_EQ(chunks[2].firstLine, 3u);
}

TEST(LineChunker, LastLineWithoutNewline) {
  const std::string text = "a\nb\nlast";
  for (size_t size : {1, 2, 4, 100}) {
    auto chunks = chunksOf(text, size);
    checkChunks(text, chunks, size);
    EXPECT_EQ(chunks.back().text.substr(chunks.back().text.size() - 4), "last");
  }
  auto single = chunksOf("no newline at all", 4);
  ASSERT_EQ(single.size(), 1u);
  EXPECT_EQ(single[0].text, "no newline at all");
  EXPECT_EQ(single[0].firstLine, 1u);
}

TEST(LineChunker, CrlfStaysInOneChunk) {
  const std::string text = "one\r\ntwo\r\nthree\r\n";
  for (size_t size = 1; size <= text.size(); ++size) {
    auto chunks = chunksOf(text, size);
    checkChunks(text, chunks, size);
    for (const Chunk& c : chunks) {
      EXPECT_NE(c.text.front(), '\n') << "size " << size;
      EXPECT_EQ(c.text.substr(c.text.size() - 2), "\r\n") << "size " << size;
    }
  }
}

TEST(LineChunker, EmptyInputAndEmptyLines) {
  EXPECT_TRUE(chunksOf("", 10).empty());
  const std::string text = "\n\n\nx\n\n";
  auto chunks = chunksOf(text, 1);
  checkChunks(text, chunks, 1);
  EXPECT_EQ(chunks.size(), 5u);
}

TEST(LineChunker, RandomTextsAndSizes) {
  std::mt19937 rng(42);
  for (int round = 0; round < 40; ++round) {
    std::string text;
    const int lines = static_cast<int>(rng() % 200);
    for (int i = 0; i < lines; ++i) {
      text += std::string(rng() % 150, static_cast<char>('a' + rng() % 26));
      text += (rng() % 4 == 0) ? "\r\n" : "\n";
    }
    if (rng() % 2) text += "tail without newline";
    const size_t size = 1 + rng() % 700;
    auto chunks = chunksOf(text, size);
    checkChunks(text, chunks, size);
  }
}

TEST(LineChunker, ReadsCompressedInput) {
  std::string text;
  for (int i = 0; i < 50000; ++i) text += "line " + std::to_string(i) + "\n";
  test::TempFile file("lines.txt.zst", test::zstdCompress(text, 2));
  auto in = InputSource::open(file.path());
  ASSERT_TRUE(in.isOk());
  auto chunks = chunksOf(**in, 64 * 1024);
  checkChunks(text, chunks, 64 * 1024);
  EXPECT_GT(chunks.size(), 3u);
}

}  // namespace
}  // namespace cairn::core::io
