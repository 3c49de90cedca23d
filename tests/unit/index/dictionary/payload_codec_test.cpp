#include "index/dictionary/payload_codec.h"

#include <gtest/gtest.h>

#include <random>

#include "index/dictionary/byte_codec.h"

namespace cairn::index {
namespace {

TEST(PayloadCodecTest, RepetitiveBodiesAreCompressedRandomOnesNot) {
  std::string repetitive;
  for (int i = 0; i < 1000; ++i) repetitive += "http://example.org/resource/";
  std::string random(4000, '\0');
  std::mt19937_64 rng(1);
  for (char& c : random) c = static_cast<char>(rng());

  for (const auto& [body, codec] :
       {std::pair{repetitive, PayloadCodec::kZstd}, std::pair{random, PayloadCodec::kRaw},
        std::pair{std::string("tiny"), PayloadCodec::kRaw},
        std::pair{std::string(), PayloadCodec::kRaw}}) {
    std::string stored;
    EXPECT_EQ(appendPayload(stored, body, 3), codec);
    auto back = readPayload(stored, "test blob");
    ASSERT_TRUE(back.isOk()) << back.status().toString();
    EXPECT_EQ(*back, body);
    if (codec == PayloadCodec::kZstd) {
      EXPECT_LT(stored.size(), body.size() / 4);
    }
  }
}

TEST(PayloadCodecTest, DamagedPayloadsAreCorruption) {
  std::string repetitive;
  for (int i = 0; i < 500; ++i) repetitive += "abcabcabd";
  std::string zstd;
  ASSERT_EQ(appendPayload(zstd, repetitive, 3), PayloadCodec::kZstd);
  std::string raw;
  ASSERT_EQ(appendPayload(raw, "0123456789", 3), PayloadCodec::kRaw);

  std::string badCodec = raw;
  badCodec[0] = 7;
  std::string hugeSize;
  hugeSize.push_back(0);
  bytes::putVarint(hugeSize, uint64_t{1} << 40);
  for (const std::string& bad : {std::string(), zstd.substr(0, zstd.size() - 3), zstd + "x",
                                 raw.substr(0, raw.size() - 1), raw + "x", badCodec, hugeSize}) {
    auto result = readPayload(bad, "blob abc");
    ASSERT_FALSE(result.isOk());
    EXPECT_EQ(result.status().code(), core::StatusCode::kCorruption);
    EXPECT_NE(result.status().message().find("blob abc"), std::string::npos);
  }
}

TEST(ByteCodecTest, VarintsRoundTripAndRejectOverlongEncodings) {
  std::string out;
  const std::vector<uint64_t> values = {0, 1, 127, 128, 300, 1ull << 32, UINT64_MAX};
  for (uint64_t v : values) {
    bytes::putVarint(out, v);
  }
  bytes::ByteReader in(out);
  for (uint64_t v : values) {
    uint64_t got = 0;
    ASSERT_TRUE(in.readVarint(got));
    EXPECT_EQ(got, v);
  }
  EXPECT_TRUE(in.atEnd());
  uint64_t v = 0;
  EXPECT_FALSE(in.readVarint(v));
  const std::string overlong(11, '\x80');
  bytes::ByteReader bad(overlong);
  EXPECT_FALSE(bad.readVarint(v));
  const std::string tooBig = std::string(9, '\xff') + "\x02";
  bytes::ByteReader big(tooBig);
  EXPECT_FALSE(big.readVarint(v));
}

}  // namespace
}  // namespace cairn::index
