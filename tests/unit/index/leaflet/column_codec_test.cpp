// Column blocks: every width, frame and delta encodings, raw and zstd storage, constant columns,
// extremes, and the bounds checks that turn a bad block into Corruption.

#include "index/leaflet/column_codec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "storage/content_id.h"

namespace cairn::index {
namespace {

const storage::ContentId kLeafletId = storage::ContentId::of("column codec test");

std::vector<uint64_t> roundTrip(const std::vector<uint64_t>& values,
                                ColumnBlock* blockOut = nullptr, size_t prefixBytes = 16) {
  ColumnEncoder encoder(3);
  std::string blob(prefixBytes, 'h');  // stands in for the leaflet header
  const ColumnBlock block = encoder.encode(values, blob);
  if (blockOut != nullptr) *blockOut = block;
  EXPECT_EQ(checkColumnBlock(block, static_cast<uint32_t>(values.size())), "");
  if (!block.isConstant()) {
    EXPECT_EQ(block.offset, prefixBytes);
    EXPECT_EQ(size_t{block.offset} + block.length, blob.size());
  } else {
    EXPECT_EQ(blob.size(), prefixBytes);
  }
  std::vector<uint64_t> decoded(values.size(), 0xDEADBEEF);
  const core::Status status = decodeColumn(blob, block, static_cast<uint32_t>(values.size()),
                                           decoded.data(), kLeafletId, Column::kOKey);
  EXPECT_TRUE(status.isOk()) << status.toString();
  return decoded;
}

TEST(ColumnCodecTest, PackedWidthIsTheNarrowestThatFits) {
  EXPECT_EQ(packedWidthFor(0), 1);
  EXPECT_EQ(packedWidthFor(0xFF), 1);
  EXPECT_EQ(packedWidthFor(0x100), 2);
  EXPECT_EQ(packedWidthFor(0xFFFF), 2);
  EXPECT_EQ(packedWidthFor(0x10000), 4);
  EXPECT_EQ(packedWidthFor(0xFFFFFFFF), 4);
  EXPECT_EQ(packedWidthFor(0x100000000), 8);
  EXPECT_EQ(packedWidthFor(UINT64_MAX), 8);
}

TEST(ColumnCodecTest, ConstantColumnsAreElided) {
  for (uint64_t value : {uint64_t{0}, uint64_t{42}, UINT64_MAX}) {
    for (size_t n : {1, 2, 1000}) {
      ColumnBlock block;
      const std::vector<uint64_t> values(n, value);
      EXPECT_EQ(roundTrip(values, &block), values);
      EXPECT_TRUE(block.isConstant());
      EXPECT_EQ(block.reference, value);
      EXPECT_EQ(block.length, 0u);
      EXPECT_EQ(block.width, 0);
    }
  }
}

TEST(ColumnCodecTest, EveryWidthRoundTripsUnsortedAndSorted) {
  std::mt19937_64 rng(1);
  const uint64_t spans[] = {0xFF, 0xFFFF, 0xFFFFFFFF, UINT64_MAX};
  const uint8_t widths[] = {1, 2, 4, 8};
  for (int w = 0; w < 4; ++w) {
    for (size_t n : {2, 3, 17, 1000, 20000}) {
      for (uint64_t base : {uint64_t{0}, uint64_t{1} << 40, UINT64_MAX - spans[w]}) {
        if (w == 3 && base != 0) continue;  // the full span only starts at 0
        SCOPED_TRACE("width " + std::to_string(widths[w]) + " n " + std::to_string(n) + " base " +
                     std::to_string(base));
        std::vector<uint64_t> values(n);
        for (uint64_t& v : values)
          v = base + (spans[w] == UINT64_MAX ? rng() : rng() % (spans[w] + 1));
        values[0] = base;  // the extremes of the span are present
        values[n - 1] = base + spans[w];
        ColumnBlock block;
        EXPECT_EQ(roundTrip(values, &block), values);
        EXPECT_EQ(block.width, widths[w]);
        EXPECT_EQ(block.encoding, BlockEncoding::kFrame);
        EXPECT_EQ(block.reference, base);

        std::sort(values.begin(), values.end());
        EXPECT_EQ(roundTrip(values, &block), values);
        EXPECT_LE(block.width, widths[w]);
      }
    }
  }
}

TEST(ColumnCodecTest, SortedColumnsWithSmallStepsUseDelta) {
  std::vector<uint64_t> values;
  uint64_t v = uint64_t{1} << 50;
  for (int i = 0; i < 5000; ++i) {
    values.push_back(v);
    v += i % 7;  // steps 0..6 over a span needing 2 bytes as a frame
  }
  ColumnBlock block;
  EXPECT_EQ(roundTrip(values, &block), values);
  EXPECT_EQ(block.encoding, BlockEncoding::kDelta);
  EXPECT_EQ(block.width, 1);
  EXPECT_EQ(block.reference, values.front());
}

TEST(ColumnCodecTest, LowCardinalityWideColumnsUseADictionary) {
  std::mt19937_64 rng(4);
  for (size_t distinct : {2, 200, 256, 257, 3000}) {
    std::vector<uint64_t> palette(distinct);
    for (uint64_t& v : palette) v = rng();  // 8-byte values
    std::vector<uint64_t> values(20000);
    for (uint64_t& v : values) v = palette[rng() % distinct];
    values[0] = palette[0];
    values[1] = palette[distinct - 1];
    SCOPED_TRACE("distinct " + std::to_string(distinct));
    ColumnBlock block;
    EXPECT_EQ(roundTrip(values, &block), values);
    EXPECT_EQ(block.encoding, BlockEncoding::kDictionary);
    EXPECT_EQ(block.width, distinct <= 256 ? 1 : 2);
    EXPECT_EQ(block.reference, *std::min_element(values.begin(), values.end()));
  }
  // Too many distinct values for codes narrower than the values: a frame.
  std::vector<uint64_t> values(3000);
  for (size_t i = 0; i < values.size(); ++i) values[i] = (i * 7919) % 3000 + 70000;
  ColumnBlock block;
  EXPECT_EQ(roundTrip(values, &block), values);
  EXPECT_EQ(block.encoding, BlockEncoding::kFrame);
}

TEST(ColumnCodecTest, DictionaryCodesAreChecked) {
  // A raw dictionary block by hand: 2 entries, 4 codes, one of them out of range.
  std::string blob(16, 'h');
  const uint32_t header[] = {2, 0};
  const uint64_t table[] = {10, 20};
  const uint8_t codes[] = {0, 1, 1, 2};
  blob.append(reinterpret_cast<const char*>(header), sizeof header);
  blob.append(reinterpret_cast<const char*>(table), sizeof table);
  blob.append(reinterpret_cast<const char*>(codes), sizeof codes);
  ColumnBlock block;
  block.offset = 16;
  block.length = static_cast<uint32_t>(blob.size() - 16);
  block.encoding = BlockEncoding::kDictionary;
  block.width = 1;
  block.reference = 10;
  std::vector<uint64_t> out(4);
  core::Status status = decodeColumn(blob, block, 4, out.data(), kLeafletId, Column::kT);
  EXPECT_EQ(status.code(), core::StatusCode::kCorruption) << status.toString();
  blob.back() = 0;
  status = decodeColumn(blob, block, 4, out.data(), kLeafletId, Column::kT);
  ASSERT_TRUE(status.isOk()) << status.toString();
  EXPECT_EQ(out, (std::vector<uint64_t>{10, 20, 20, 10}));
  // A table size that disagrees with the block length.
  blob[16] = 3;
  EXPECT_FALSE(decodeColumn(blob, block, 4, out.data(), kLeafletId, Column::kT).isOk());
  blob[16] = 0;
  EXPECT_FALSE(decodeColumn(blob, block, 4, out.data(), kLeafletId, Column::kT).isOk());
}

TEST(ColumnCodecTest, ZstdOnlyWhenItPays) {
  std::vector<uint64_t> repetitive(4096);
  for (size_t i = 0; i < repetitive.size(); ++i) repetitive[i] = (i * 7) % 5 + (i % 2) * 100000;
  ColumnBlock block;
  EXPECT_EQ(roundTrip(repetitive, &block), repetitive);
  EXPECT_EQ(block.compression, BlockCompression::kZstd);
  EXPECT_LT(block.length, repetitive.size() * block.width / 2);

  std::mt19937_64 rng(2);
  std::vector<uint64_t> noise(4096);
  for (uint64_t& v : noise) v = rng();
  EXPECT_EQ(roundTrip(noise, &block), noise);
  EXPECT_EQ(block.compression, BlockCompression::kNone);
  EXPECT_EQ(block.length, noise.size() * 8);

  const std::vector<uint64_t> tiny = {1, 2, 3};
  EXPECT_EQ(roundTrip(tiny, &block), tiny);
  EXPECT_EQ(block.compression, BlockCompression::kNone);
}

TEST(ColumnCodecTest, EncodingIsDeterministic) {
  std::mt19937_64 rng(3);
  std::vector<uint64_t> values(3000);
  for (uint64_t& v : values) v = rng() % 1000;
  ColumnEncoder a(3);
  ColumnEncoder b(3);
  std::string blobA;
  std::string blobB;
  EXPECT_EQ(a.encode(values, blobA), b.encode(values, blobB));
  EXPECT_EQ(blobA, blobB);
  // The encoder's scratch state does not leak from one column into the next.
  std::string again;
  a.encode(std::vector<uint64_t>(500, 3), again);
  again.clear();
  EXPECT_EQ(a.encode(values, again), b.encode(values, blobB = ""));
  EXPECT_EQ(again, blobB);
}

TEST(ColumnCodecTest, BadBlocksAreCorruption) {
  std::vector<uint64_t> values(2000);
  for (size_t i = 0; i < values.size(); ++i) values[i] = (i * 31) % 300;
  ColumnEncoder encoder(3);
  std::string blob(16, 'h');
  const ColumnBlock block = encoder.encode(values, blob);
  ASSERT_EQ(block.compression, BlockCompression::kZstd);
  std::vector<uint64_t> out(values.size());
  auto decode = [&](std::string_view bytes, const ColumnBlock& b) {
    return decodeColumn(bytes, b, static_cast<uint32_t>(values.size()), out.data(), kLeafletId,
                        Column::kOKey);
  };
  ASSERT_TRUE(decode(blob, block).isOk());

  auto expectCorrupt = [&](const core::Status& status) {
    EXPECT_EQ(status.code(), core::StatusCode::kCorruption) << status.toString();
    EXPECT_NE(status.message().find("leaflet " + kLeafletId.shortHex()), std::string::npos);
    EXPECT_NE(status.message().find("column ok"), std::string::npos);
  };
  for (size_t cut = 0; cut < blob.size(); cut += 5) {
    expectCorrupt(decode(std::string_view(blob).substr(0, cut), block));
  }
  ColumnBlock bad = block;
  bad.length -= 1;  // a truncated zstd frame
  expectCorrupt(decode(blob, bad));
  bad = block;
  bad.width = 3;
  expectCorrupt(decode(blob, bad));
  bad = block;
  bad.encoding = static_cast<BlockEncoding>(5);
  expectCorrupt(decode(blob, bad));
  bad = block;
  bad.offset = UINT32_MAX;
  expectCorrupt(decode(blob, bad));
  bad = block;
  bad.width = 4;  // decompresses to the wrong size
  expectCorrupt(decode(blob, bad));
  bad = block;
  bad.compression = BlockCompression::kNone;  // raw length must be rows * width
  expectCorrupt(decode(blob, bad));
  std::string damaged = blob;
  damaged[block.offset] ^= 0x7F;  // the zstd frame magic
  expectCorrupt(decode(damaged, block));
}

}  // namespace
}  // namespace cairn::index
