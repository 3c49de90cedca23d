#include "storage/content_id.h"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <cstring>
#include <random>
#include <string>
#include <unordered_set>

namespace cairn::storage {
namespace content_id_test {

std::string randomBytes(std::mt19937_64& rng, size_t size) {
  std::string out(size, '\0');
  for (char& c : out) c = static_cast<char>(rng());
  return out;
}

// OpenSSL's EVP path, independent of the low-level calls ContentId::of uses.
ContentId evpSha256(const std::string& data) {
  ContentId id;
  unsigned int length = 0;
  EXPECT_EQ(EVP_Digest(data.data(), data.size(), id.bytes.data(), &length, EVP_sha256(), nullptr),
            1);
  EXPECT_EQ(length, 32u);
  return id;
}

TEST(ContentIdTest, MatchesPublishedSha256Vectors) {
  EXPECT_EQ(ContentId::of("").toHex(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(ContentId::of("abc").toHex(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(ContentId::of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").toHex(),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(ContentId::of(std::string(1000000, 'a')).toHex(),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(ContentIdTest, AgreesWithEvpOnRandomInputs) {
  std::mt19937_64 rng(20261129);
  for (int i = 0; i < 300; ++i) {
    // Lengths around the 64-byte block size and its padding boundary (55/56) matter most.
    const size_t size = i < 130 ? static_cast<size_t>(i) : rng() % 20000;
    const std::string data = randomBytes(rng, size);
    ASSERT_EQ(ContentId::of(data), evpSha256(data)) << "size " << size;
  }
}

TEST(ContentIdTest, HexRoundTrips) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100; ++i) {
    const ContentId id = ContentId::of(randomBytes(rng, 16));
    const std::string hex = id.toHex();
    ASSERT_EQ(hex.size(), 64u);
    EXPECT_EQ(hex.find_first_not_of("0123456789abcdef"), std::string::npos) << hex;
    const auto parsed = ContentId::fromHex(hex);
    ASSERT_TRUE(parsed.has_value()) << hex;
    EXPECT_EQ(*parsed, id);
  }
}

TEST(ContentIdTest, FromHexAcceptsUpperCase) {
  const ContentId id = ContentId::of("abc");
  const auto parsed =
      ContentId::fromHex("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(*parsed, id);
}

TEST(ContentIdTest, FromHexRejectsMalformedText) {
  const std::string good = ContentId::of("abc").toHex();
  EXPECT_FALSE(ContentId::fromHex("").has_value());
  EXPECT_FALSE(ContentId::fromHex(good.substr(0, 63)).has_value());
  EXPECT_FALSE(ContentId::fromHex(good + "0").has_value());
  for (char bad : {'g', 'G', ' ', 'x', '-', '\0'}) {
    for (size_t at : {size_t{0}, size_t{31}, size_t{63}}) {
      std::string text = good;
      text[at] = bad;
      EXPECT_FALSE(ContentId::fromHex(text).has_value()) << "char " << int(bad) << " at " << at;
    }
  }
}

TEST(ContentIdTest, ShortHexIsAPrefix) {
  const ContentId id = ContentId::of("abc");
  EXPECT_EQ(id.shortHex(), "ba7816bf8f01");
  EXPECT_EQ(id.toHex().rfind(id.shortHex(), 0), 0u);
}

TEST(ContentIdTest, NullOnlyWhenAllBytesAreZero) {
  EXPECT_TRUE(ContentId{}.isNull());
  EXPECT_FALSE(ContentId::of("").isNull());
  for (size_t i = 0; i < 32; ++i) {
    ContentId id;
    id.bytes[i] = 1;
    EXPECT_FALSE(id.isNull()) << "byte " << i;
  }
  const auto zero = ContentId::fromHex(std::string(64, '0'));
  ASSERT_TRUE(zero.has_value());
  EXPECT_TRUE(zero->isNull());
}

TEST(ContentIdTest, OrdersLikeItsBytes) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 200; ++i) {
    ContentId a = ContentId::of(randomBytes(rng, 8));
    ContentId b = i % 4 == 0 ? a : ContentId::of(randomBytes(rng, 8));
    if (i % 8 == 0) b.bytes[31] ^= 1;  // differ only in the last byte
    const int byBytes = std::memcmp(a.bytes.data(), b.bytes.data(), 32);
    EXPECT_EQ(a < b, byBytes < 0);
    EXPECT_EQ(a == b, byBytes == 0);
    // The hex form sorts the same way, so listings by hex and by id agree.
    EXPECT_EQ(a < b, a.toHex() < b.toHex());
  }
}

TEST(ContentIdTest, HashesIntoUnorderedContainers) {
  std::unordered_set<ContentId, ContentIdHash> ids;
  for (int i = 0; i < 1000; ++i) ids.insert(ContentId::of(std::to_string(i)));
  for (int i = 0; i < 1000; ++i) ids.insert(ContentId::of(std::to_string(i)));
  EXPECT_EQ(ids.size(), 1000u);
  EXPECT_TRUE(ids.contains(ContentId::of("999")));
  EXPECT_FALSE(ids.contains(ContentId::of("1000")));
}

}  // namespace content_id_test
}  // namespace cairn::storage
