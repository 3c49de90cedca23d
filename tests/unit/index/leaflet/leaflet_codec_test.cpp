// Leaflet blobs and their directory entries: what the encoder records, the entry's fixed-size
// serialization, and the header checks against the entry.

#include "index/leaflet/leaflet_codec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "index/leaflet/blob_format.h"

namespace cairn::index {
namespace {

LeafletColumns randomLeaflet(Permutation perm, size_t rows, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<IndexRow> data(rows);
  for (IndexRow& row : data) {
    row.s = 1000 + rng() % 50;
    row.p = 7;  // constant
    row.ot = static_cast<core::ObjectType>(2 + rng() % 2);
    row.ok = rng();
    row.i = 0;  // constant
    row.t = 1 + rng() % 9;
  }
  std::sort(data.begin(), data.end(),
            [perm](const IndexRow& a, const IndexRow& b) { return rowLess(perm, a, b); });
  LeafletColumns columns;
  for (const IndexRow& row : data) {
    for (int c = 0; c < kColumnCount; ++c) columns[c].push_back(row.get(static_cast<Column>(c)));
  }
  return columns;
}

TEST(LeafletCodecTest, EntryDescribesTheLeaflet) {
  for (Permutation perm : kAllPermutations) {
    const LeafletColumns columns = randomLeaflet(perm, 500, 1);
    LeafletEncoder encoder(perm, 3);
    std::string blob;
    LeafletEntry entry = encoder.encode(columns, blob);
    EXPECT_EQ(entry.rowCount, 500u);
    EXPECT_TRUE(entry.leaflet.isNull());
    EXPECT_TRUE(entry.isConstant(Column::kP));
    EXPECT_TRUE(entry.isConstant(Column::kI));
    EXPECT_EQ(entry.block(Column::kP).reference, 7u);
    EXPECT_FALSE(entry.isConstant(Column::kOKey));
    EXPECT_EQ(entry.constantMask(),
              (1 << static_cast<int>(Column::kP)) | (1 << static_cast<int>(Column::kI)));
    const auto& keyCols = keyColumns(perm);
    for (int k = 0; k < kKeyColumnCount; ++k) {
      EXPECT_EQ(entry.firstKey[k], columns[static_cast<int>(keyCols[k])].front());
      EXPECT_EQ(entry.lastKey[k], columns[static_cast<int>(keyCols[k])].back());
    }
    const auto& t = columns[static_cast<int>(Column::kT)];
    EXPECT_EQ(entry.minT, *std::min_element(t.begin(), t.end()));
    EXPECT_EQ(entry.maxT, *std::max_element(t.begin(), t.end()));

    entry.leaflet = storage::ContentId::of(blob);
    ASSERT_TRUE(checkLeafletBlob(blob, entry, perm).isOk());
    for (int c = 0; c < kColumnCount; ++c) {
      std::vector<uint64_t> decoded(entry.rowCount);
      ASSERT_TRUE(decodeColumn(blob, entry.blocks[c], entry.rowCount, decoded.data(), entry.leaflet,
                               static_cast<Column>(c))
                      .isOk());
      EXPECT_EQ(decoded, columns[c]);
    }
    const Permutation other = perm == Permutation::kSPOT ? Permutation::kOPST : Permutation::kSPOT;
    EXPECT_EQ(checkLeafletBlob(blob, entry, other).code(), core::StatusCode::kCorruption);
  }
}

TEST(LeafletCodecTest, AllConstantLeafletHasNoBlob) {
  LeafletColumns columns;
  for (int c = 0; c < kColumnCount; ++c) columns[c] = {static_cast<uint64_t>(c + 1)};
  LeafletEncoder encoder(Permutation::kPSOT, 3);
  std::string blob = "stale";
  const LeafletEntry entry = encoder.encode(columns, blob);
  EXPECT_TRUE(blob.empty());
  EXPECT_EQ(entry.constantMask(), (1 << kColumnCount) - 1);
  EXPECT_EQ(entry.minT, 6u);
  EXPECT_EQ(entry.maxT, 6u);
}

TEST(LeafletCodecTest, EntrySerializationRoundTrips) {
  LeafletEncoder encoder(Permutation::kPOST, 3);
  std::string blob;
  LeafletEntry entry = encoder.encode(randomLeaflet(Permutation::kPOST, 300, 2), blob);
  entry.leaflet = storage::ContentId::of(blob);
  std::string bytes;
  ByteWriter out(bytes);
  writeLeafletEntry(out, entry);
  ASSERT_EQ(bytes.size(), kLeafletEntrySize);
  EXPECT_EQ(kLeafletEntrySize, 304u);  // documented in docs/formats/permutation-tree.md

  LeafletEntry back;
  ByteReader in(bytes);
  EXPECT_EQ(readLeafletEntry(in, Permutation::kPOST, back), "");
  EXPECT_EQ(back, entry);
  EXPECT_EQ(in.remaining(), 0u);

  for (size_t cut = 0; cut < bytes.size(); cut += 7) {
    ByteReader shortIn(std::string_view(bytes).substr(0, cut));
    LeafletEntry ignored;
    EXPECT_NE(readLeafletEntry(shortIn, Permutation::kPOST, ignored), "");
  }
}

TEST(LeafletCodecTest, HeaderMustMatchTheEntry) {
  LeafletEncoder encoder(Permutation::kSPOT, 3);
  std::string blob;
  LeafletEntry entry = encoder.encode(randomLeaflet(Permutation::kSPOT, 100, 3), blob);
  entry.leaflet = storage::ContentId::of(blob);
  ASSERT_GE(blob.size(), kLeafletHeaderSize);
  EXPECT_EQ(std::string_view(blob).substr(0, 4), "CNLT");
  for (size_t byte = 0; byte < kLeafletHeaderSize; ++byte) {
    std::string damaged = blob;
    damaged[byte] ^= 0x10;
    const core::Status status = checkLeafletBlob(damaged, entry, Permutation::kSPOT);
    EXPECT_EQ(status.code(), core::StatusCode::kCorruption) << "byte " << byte;
    EXPECT_NE(status.message().find("leaflet " + entry.leaflet.shortHex()), std::string::npos);
  }
  for (size_t cut = 0; cut < kLeafletHeaderSize; ++cut) {
    EXPECT_FALSE(
        checkLeafletBlob(std::string_view(blob).substr(0, cut), entry, Permutation::kSPOT).isOk());
  }
}

}  // namespace
}  // namespace cairn::index
