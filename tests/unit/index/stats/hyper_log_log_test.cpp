#include "index/stats/hyper_log_log.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "index/stats/id_hash.h"

namespace cairn::index {
namespace {

HyperLogLog sketchOf(uint64_t from, uint64_t to, int precision = HyperLogLog::kDefaultPrecision) {
  HyperLogLog h(precision);
  for (uint64_t i = from; i < to; ++i) h.add(hashNode(i));
  return h;
}

std::string serialized(const HyperLogLog& h) {
  std::string out;
  h.appendTo(out);
  return out;
}

TEST(HyperLogLogTest, EmptySketchEstimatesZero) {
  HyperLogLog h;
  EXPECT_TRUE(h.isEmpty());
  EXPECT_EQ(h.estimate(), 0.0);
  EXPECT_EQ(h.count(), 0u);
}

TEST(HyperLogLogTest, DuplicatesDoNotCount) {
  HyperLogLog h;
  for (int round = 0; round < 50; ++round) {
    for (uint64_t i = 0; i < 5; ++i) h.add(hashNode(i));
  }
  EXPECT_EQ(h.count(), 5u);
  EXPECT_TRUE(h.isSparse());
}

// Within three standard errors (1.04 / sqrt(m)) over sets of several sizes, including the range
// between small and large cardinalities (2.5m to 5m) where plain HyperLogLog is biased.
TEST(HyperLogLogTest, EstimatesAreWithinThreeStandardErrors) {
  for (int precision : {HyperLogLog::kDefaultPrecision, 8, 14}) {
    const double m = std::ldexp(1.0, precision);
    const double tolerance = 3 * 1.04 / std::sqrt(m);
    for (uint64_t n : {10u, 1000u, 10000u, 20000u, 100000u, 1000000u}) {
      if (precision != HyperLogLog::kDefaultPrecision && n > 100000) continue;
      for (uint64_t seed : {1u, 2u}) {
        const uint64_t base = seed << 40;
        const HyperLogLog h = sketchOf(base, base + n, precision);
        const double error = std::abs(h.estimate() - double(n)) / double(n);
        EXPECT_LE(error, std::max(tolerance, 1.0 / double(n)))
            << "p=" << precision << " n=" << n << " estimate=" << h.estimate();
      }
    }
  }
}

TEST(HyperLogLogTest, SparseTurnsDenseAndEstimatesAgree) {
  HyperLogLog h;
  for (uint64_t i = 0; i < 100; ++i) h.add(hashNode(i));
  EXPECT_TRUE(h.isSparse());
  for (uint64_t i = 100; i < 5000; ++i) h.add(hashNode(i));
  EXPECT_FALSE(h.isSparse());
  HyperLogLog fresh;
  for (uint64_t i = 0; i < 5000; ++i) fresh.add(hashNode(i));
  EXPECT_EQ(h, fresh);
}

TEST(HyperLogLogTest, MergeEqualsUnion) {
  const std::vector<std::pair<uint64_t, uint64_t>> shapes = {
      {10, 20}, {10, 3000}, {5000, 20}, {5000, 50000}};  // sparse/dense in every combination
  for (auto [na, nb] : shapes) {
    // a = [0, na), b = [na / 2, na / 2 + nb): overlapping.
    HyperLogLog a = sketchOf(0, na);
    const HyperLogLog b = sketchOf(na / 2, na / 2 + nb);
    const HyperLogLog all = sketchOf(0, std::max(na, na / 2 + nb));
    HyperLogLog ab = a;
    ab.merge(b);
    EXPECT_EQ(ab, all) << na << " " << nb;
    HyperLogLog ba = b;
    ba.merge(a);
    EXPECT_EQ(ba, all) << na << " " << nb;
    EXPECT_EQ(ab.registers(), all.registers());
  }
}

TEST(HyperLogLogTest, CoarseningIsExact) {
  for (uint64_t n : {30u, 40000u}) {
    const HyperLogLog fine = sketchOf(0, n, 14);
    for (int p : {14, 12, 9, 4}) {
      EXPECT_EQ(fine.withPrecision(p), sketchOf(0, n, p)) << "n=" << n << " p=" << p;
    }
  }
  // Merging different precisions yields the coarser one, exactly.
  HyperLogLog coarse = sketchOf(0, 1000, 10);
  coarse.merge(sketchOf(500, 3000, 13));
  EXPECT_EQ(coarse, sketchOf(0, 3000, 10));
  HyperLogLog fine = sketchOf(500, 3000, 13);
  fine.merge(sketchOf(0, 1000, 10));
  EXPECT_EQ(fine, sketchOf(0, 3000, 10));
}

TEST(HyperLogLogTest, SerializationRoundTripPicksTheSmallerEncoding) {
  for (uint64_t n : {0u, 1u, 7u, 300u, 2000u, 100000u}) {
    for (int precision : {4, 12, 18}) {
      const HyperLogLog h = sketchOf(7, 7 + n, precision);
      const std::string bytes = serialized(h);
      bytes::ByteReader in(bytes);
      auto back = HyperLogLog::readFrom(in);
      ASSERT_TRUE(back.isOk()) << back.status().toString();
      EXPECT_TRUE(in.atEnd());
      EXPECT_EQ(*back, h) << "n=" << n << " p=" << precision;
      EXPECT_EQ(back->estimate(), h.estimate());
      const size_t dense = 2 + (size_t{1} << precision) * 6 / 8;
      EXPECT_LE(bytes.size(), dense);
      if (n <= 7) {
        EXPECT_LE(bytes.size(), 3 + 4 * n);  // a handful of registers: a few bytes
      }
    }
  }
}

TEST(HyperLogLogTest, MalformedBytesAreCorruption) {
  const std::string sparse = serialized(sketchOf(0, 20));
  const std::string dense = serialized(sketchOf(0, 100000));
  ASSERT_EQ(sparse[1], 0);
  ASSERT_EQ(dense[1], 1);
  std::vector<std::string> bad;
  bad.push_back("");
  bad.push_back(sparse.substr(0, sparse.size() - 1));
  bad.push_back(dense.substr(0, dense.size() - 1));
  bad.push_back(std::string("\x03\x00\x00", 3));                  // precision below the minimum
  bad.push_back(std::string("\x13\x00\x00", 3));                  // precision above the maximum
  bad.push_back(std::string("\x0c\x02\x00", 3));                  // unknown encoding
  bad.push_back(std::string("\x0c\x00\x01\x05\x00", 5));          // rank 0
  bad.push_back(std::string("\x0c\x00\x01\x05\x36", 5));          // rank 54 > 64 - 12 + 1
  bad.push_back(std::string("\x0c\x00\x02\x05\x01\x00\x01", 7));  // index not increasing
  bad.push_back(std::string("\x0c\x00\x01\x80\x20\x01", 6));      // index 4096 out of range
  std::string denseBadRank = dense;
  denseBadRank[2] = static_cast<char>(0x3F);  // register 0 = 63
  bad.push_back(denseBadRank);
  for (const std::string& bytes : bad) {
    bytes::ByteReader in(bytes);
    auto result = HyperLogLog::readFrom(in);
    ASSERT_FALSE(result.isOk()) << "accepted " << bytes.size() << " bytes";
    EXPECT_EQ(result.status().code(), core::StatusCode::kCorruption);
  }
}

TEST(IdHashTest, ObjectHashSeparatesTypes) {
  EXPECT_NE(hashObject(core::otype::kIri, 5), hashObject(core::otype::kString, 5));
  EXPECT_NE(hashObject(core::otype::kInteger, 0), hashNode(0));
  EXPECT_NE(hashNode(0), 0u);
}

}  // namespace
}  // namespace cairn::index
