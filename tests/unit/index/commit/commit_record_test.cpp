// Commit records (docs/formats/commit.md) must round-trip exactly, encode deterministically, and
// turn every damaged or forged blob into Corruption naming the blob: never a crash, never a
// silently different record, never an allocation sized by a number the blob merely claims.

#include "index/commit/commit_record.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <set>
#include <tuple>

#include "core/literal_codec.h"
#include "core/object_type.h"
#include "core/xsd_calendar.h"
#include "index/dictionary/byte_codec.h"

namespace cairn::index {
namespace {

namespace otype = core::otype;

// Offsets of the fixed header: magic, version, then t (a one-byte varint in these tests).
constexpr size_t kCodecOffset = 4 + 2 + 1 + 32;

CommitRecord baseRecord() {
  CommitRecord r;
  r.t = 7;
  r.baseT = 5;
  r.time = "2026-11-30T12:00:00.123Z";
  r.previous = storage::ContentId::of("commit 6");
  return r;
}

Flake flake(uint64_t t, core::NodeId g, uint64_t s, uint64_t p, core::ObjectType ot, uint64_t ok,
            uint64_t i = 0, bool assert = true) {
  Flake f;
  f.g = g;
  f.row = {.s = s, .p = p, .ok = ok, .i = i, .t = t, .ot = ot};
  f.assert = assert;
  return f;
}

// A record with every kind of content: named graphs (IRI and blank), blank subjects and objects,
// inline, lexical, language-tagged and custom-datatype literals, list positions, retracts, new
// terms of both dictionaries, new code-table entries and a message.
CommitRecord randomRecord(uint64_t seed, size_t flakeCount) {
  std::mt19937_64 rng(seed);
  CommitRecord r = baseRecord();
  r.blankNodes = 500;
  for (uint64_t k = 0; k < 40; ++k) {
    r.iris.push_back({1000 + k + (k > 30 ? 5 : 0),
                      "http://example.org/resource/r" + std::to_string(rng() % 100000)});
  }
  r.strings.push_back({77, ""});
  for (uint64_t k = 1; k < 25; ++k) {
    r.strings.push_back(
        {77 + k, "literal text " + std::to_string(k) + " " + std::to_string(rng())});
  }
  r.languages = {"en", "de-ch"};
  r.datatypes = {"http://example.org/dt/celsius"};
  r.message = R"({"source":"sparql-update"})";
  // Dedup by fact: a commit holds one flake per (g, s, p, ot, ok, i).
  std::set<std::array<uint64_t, 6>> facts;
  const auto node = [&]() -> uint64_t {
    return rng() % 5 == 0 ? core::blankNodeId(1 + rng() % r.blankNodes) : 1 + rng() % 2000;
  };
  while (r.flakes.size() < flakeCount) {
    const core::NodeId graphs[] = {core::kNoNode, core::kNoNode, core::kNoNode, 5,
                                   core::blankNodeId(3)};
    const core::NodeId g = graphs[rng() % 5];
    const uint64_t s = node();
    const uint64_t p = 1 + rng() % 30;
    const auto [ot, ok] = [&]() -> std::pair<core::ObjectType, uint64_t> {
      switch (rng() % 9) {
        case 0:
          return {otype::kIri, 1 + rng() % 5000};
        case 1:
          return {otype::kBlank, core::blankNodeId(1 + rng() % r.blankNodes)};
        case 2: {
          const int64_t n = static_cast<int64_t>(rng() % 200000) - 1000;
          return {otype::kInteger, *core::encodeInline(otype::kInteger, std::to_string(n))};
        }
        case 3:
          return {otype::kDouble, rng()};
        case 4:
          return {otype::kString, 1 + rng() % 1000000};
        case 5:
          return {core::langStringType(1 + rng() % 2), 1 + rng() % 1000000};
        case 6:
          return {core::otherDatatypeType(1), 1 + rng() % 1000000};
        case 7:
          return {core::lexicalTypeOf(otype::kInteger), 1 + rng() % 1000000};
        default:
          return {otype::kBoolean, rng() % 2};
      }
    }();
    const uint64_t i = rng() % 10 == 0 ? rng() % 50 : 0;
    if (!facts.insert({g, s, p, ot, ok, i}).second) continue;
    r.flakes.push_back(flake(r.t, g, s, p, ot, ok, i, rng() % 10 != 0));
  }
  return r;
}

CommitRecord sorted(CommitRecord r) {
  std::sort(r.flakes.begin(), r.flakes.end(), commitFlakeLess);
  return r;
}

void expectRoundTrip(const CommitRecord& r) {
  const std::string bytes = encodeCommitRecord(r);
  auto back = decodeCommitRecord(bytes, "test");
  ASSERT_TRUE(back.isOk()) << back.status().toString();
  EXPECT_EQ(*back, sorted(r));
  EXPECT_EQ(encodeCommitRecord(*back), bytes);
}

bool isCorruptionNamingBlob(const core::Status& s) {
  return s.code() == core::StatusCode::kCorruption &&
         s.message().rfind("commit blob test: ", 0) == 0;
}

TEST(CommitRecordTest, EmptyCommitRoundTrips) {
  CommitRecord r = baseRecord();
  r.previous = {};  // a ledger's first commit
  expectRoundTrip(r);
  EXPECT_LT(encodeCommitRecord(r).size(), 80u);
}

TEST(CommitRecordTest, OneFlakeRoundTrips) {
  CommitRecord r = baseRecord();
  r.flakes.push_back(flake(r.t, core::kNoNode, 42, 3, otype::kString, 9));
  expectRoundTrip(r);
  r.flakes[0].assert = false;
  r.flakes[0].row.i = 12;
  r.flakes[0].g = 17;
  expectRoundTrip(r);
}

TEST(CommitRecordTest, RandomCommitsRoundTrip) {
  for (size_t n : {2, 10, 300, 10000}) {
    SCOPED_TRACE(n);
    expectRoundTrip(randomRecord(n, n));
  }
}

// A body larger than the zstd window (2 MiB): the frame then has several windows' worth.
TEST(CommitRecordTest, BodiesBeyondTheZstdWindowRoundTrip) {
  const CommitRecord r = randomRecord(13, 300000);
  const std::string bytes = encodeCommitRecord(r);
  ASSERT_EQ(bytes[kCodecOffset], 1);
  bytes::ByteReader header(std::string_view(bytes).substr(kCodecOffset + 1));
  uint64_t bodySize = 0;
  ASSERT_TRUE(header.readVarint(bodySize));
  EXPECT_GT(bodySize, uint64_t{2} << 20);
  auto back = decodeCommitRecord(bytes, "test");
  ASSERT_TRUE(back.isOk()) << back.status().toString();
  EXPECT_EQ(*back, sorted(r));
}

TEST(CommitRecordTest, ExtremeValuesRoundTrip) {
  CommitRecord r = baseRecord();
  r.t = UINT64_MAX;
  r.baseT = UINT64_MAX - 1;
  r.time = "2024-02-29T23:59:59.999Z";
  r.blankNodes = ~core::kBlankNodeBit;
  r.iris = {{1, "a"}, {core::kBlankNodeBit - 1, "http://z"}};
  r.strings = {{UINT64_MAX, ""}};
  r.languages = {std::string(300, 'x')};
  const core::NodeId lastBlank = core::blankNodeId(r.blankNodes);
  r.flakes = {
      flake(r.t, lastBlank, lastBlank, core::kBlankNodeBit - 1, otype::kBlank, lastBlank,
            UINT64_MAX),
      flake(r.t, lastBlank, lastBlank, core::kBlankNodeBit - 1, otype::kBlank, lastBlank,
            UINT64_MAX - 1, false),
      flake(r.t, 0, 1, 1, core::otherDatatypeType(otype::kMaxDatatypeCode), UINT64_MAX),
      flake(r.t, 0, 1, 1, otype::kInteger, 0),
      flake(r.t, 0, 1, 1, otype::kInteger, UINT64_MAX),
  };
  expectRoundTrip(r);
}

TEST(CommitRecordTest, FlakeOrderDoesNotChangeTheBytes) {
  const CommitRecord r = randomRecord(3, 2000);
  const std::string bytes = encodeCommitRecord(r);
  std::mt19937_64 rng(4);
  for (int round = 0; round < 5; ++round) {
    CommitRecord shuffled = r;
    std::shuffle(shuffled.flakes.begin(), shuffled.flakes.end(), rng);
    EXPECT_EQ(encodeCommitRecord(shuffled), bytes);
  }
  // And different content gives different bytes.
  CommitRecord changed = r;
  changed.flakes[100].assert = !changed.flakes[100].assert;
  EXPECT_NE(encodeCommitRecord(changed), bytes);
}

TEST(CommitRecordTest, LargeBodiesAreCompressedSmallOnesNot) {
  CommitRecord one = baseRecord();
  one.flakes.push_back(flake(one.t, core::kNoNode, 42, 3, otype::kIri, 9));
  const std::string small = encodeCommitRecord(one);
  ASSERT_GT(small.size(), kCodecOffset);
  EXPECT_EQ(small[kCodecOffset], 0);

  const CommitRecord big = randomRecord(5, 10000);
  const std::string bytes = encodeCommitRecord(big);
  EXPECT_EQ(bytes[kCodecOffset], 1);
  // Sizes for docs/formats/commit.md.
  bytes::ByteReader header(std::string_view(bytes).substr(kCodecOffset + 1));
  uint64_t bodySize = 0;
  ASSERT_TRUE(header.readVarint(bodySize));
  std::cout << "1-flake commit: " << small.size()
            << " bytes; 10K-flake random commit: " << bytes.size() << " bytes ("
            << double(bytes.size()) / big.flakes.size() << " B/flake; raw body " << bodySize
            << " bytes)\n";
  EXPECT_LT(small.size(), 96u);
  EXPECT_LT(bytes.size(), 10 * big.flakes.size());
}

TEST(CommitRecordTest, ErrorsNameTheBlob) {
  const std::string bytes = encodeCommitRecord(baseRecord());
  auto back = decodeCommitRecord(bytes.substr(0, 3), "3fa1b2c3d4e5");
  ASSERT_FALSE(back.isOk());
  EXPECT_EQ(back.status().code(), core::StatusCode::kCorruption);
  EXPECT_EQ(back.status().message(), "commit blob 3fa1b2c3d4e5: bad magic");
}

TEST(CommitRecordTest, EveryTruncationIsCorruption) {
  CommitRecord one = baseRecord();
  one.flakes.push_back(flake(one.t, core::kNoNode, 42, 3, otype::kIri, 9));
  one.message = "m";
  for (const CommitRecord& r : {one, randomRecord(6, 150)}) {
    const std::string bytes = encodeCommitRecord(r);
    for (size_t n = 0; n < bytes.size(); ++n) {
      auto back = decodeCommitRecord(std::string_view(bytes).substr(0, n), "test");
      ASSERT_FALSE(back.isOk()) << "prefix of " << n << " bytes decoded";
      ASSERT_TRUE(isCorruptionNamingBlob(back.status())) << back.status().toString();
    }
    auto extended = decodeCommitRecord(bytes + '\0', "test");
    EXPECT_TRUE(isCorruptionNamingBlob(extended.status())) << extended.status().toString();
  }
  // The large record at a sample of cut points (a full sweep decompresses it 40K times).
  const std::string big = encodeCommitRecord(randomRecord(7, 10000));
  for (size_t n = 0; n < big.size(); n += 1 + n / 16) {
    auto back = decodeCommitRecord(std::string_view(big).substr(0, n), "test");
    ASSERT_TRUE(isCorruptionNamingBlob(back.status())) << n << ": " << back.status().toString();
  }
}

// A flipped byte either breaks the record or makes another valid record; the latter must decode
// to exactly what the damaged bytes say (its encoding is those bytes), never crash.
TEST(CommitRecordTest, ByteFlipsNeverCrashOrDecodeAmbiguously) {
  std::mt19937_64 rng(8);
  CommitRecord one = baseRecord();
  one.flakes.push_back(flake(one.t, core::blankNodeId(1), 42, 3, otype::kInteger, 9, 1));
  one.blankNodes = 1;
  one.strings = {{3, "x"}};
  for (const CommitRecord& r : {one, randomRecord(9, 40), randomRecord(10, 400)}) {
    const std::string bytes = encodeCommitRecord(r);
    int valid = 0;
    for (int round = 0; round < 3000; ++round) {
      std::string damaged = bytes;
      const int flips = 1 + static_cast<int>(rng() % 3);
      for (int f = 0; f < flips; ++f) {
        damaged[rng() % damaged.size()] ^= static_cast<char>(1 + rng() % 255);
      }
      auto back = decodeCommitRecord(damaged, "test");
      if (!back.isOk()) {
        ASSERT_TRUE(isCorruptionNamingBlob(back.status())) << back.status().toString();
        continue;
      }
      ++valid;
      ASSERT_EQ(encodeCommitRecord(*back), damaged) << "round " << round;
    }
    std::cout << bytes.size() << "-byte record: " << valid << " of 3000 damaged copies valid\n";
  }
}

// Builds a raw-codec record around a hand-written body.
std::string withBody(std::string_view body, uint64_t t = 7) {
  std::string out = "CCMT";
  bytes::putFixed16(out, 1);
  bytes::putVarint(out, t);
  out.append(32, '\0');
  out.push_back(0);
  bytes::putVarint(out, body.size());
  out.append(body);
  return out;
}

// 2026-11-30T12:00:00.123Z in milliseconds since 1970.
constexpr uint64_t kTimeMillis =
    core::xsd::daysFromCivil(2026, 11, 30) * core::xsd::kMillisPerDay + 12 * 3'600'000 + 123;

// The body fields before the term lists: baseT, time, blankNodes.
std::string bodyPrefix(uint64_t millis = kTimeMillis, uint64_t blankNodes = 0) {
  std::string body;
  bytes::putVarint(body, 5);
  bytes::putVarint(body, millis);
  bytes::putVarint(body, blankNodes);
  return body;
}

std::string emptyLists() {
  std::string s;
  for (int k = 0; k < 4; ++k) bytes::putVarint(s, 0);  // iris, strings, languages, datatypes
  bytes::putLengthPrefixed(s, "");                     // message
  return s;
}

TEST(CommitRecordTest, HandWrittenBodyMatchesTheEncoder) {
  std::string body = bodyPrefix() + emptyLists();
  bytes::putVarint(body, 0);  // no flakes
  CommitRecord r = baseRecord();
  r.previous = {};
  EXPECT_EQ(withBody(body), encodeCommitRecord(r));
}

TEST(CommitRecordTest, ForgedCountsFailBeforeAllocating) {
  const auto expectCount = [](const std::string& blob, std::string_view what) {
    auto back = decodeCommitRecord(blob, "test");
    ASSERT_FALSE(back.isOk());
    EXPECT_TRUE(isCorruptionNamingBlob(back.status()));
    EXPECT_NE(back.status().message().find(what), std::string::npos) << back.status().toString();
  };
  for (uint64_t huge : {uint64_t{1} << 20, uint64_t{1} << 40, UINT64_MAX}) {
    std::string iris = bodyPrefix();
    bytes::putVarint(iris, huge);
    expectCount(withBody(iris + std::string("\x00\x01x", 3)), "iris count");
    std::string strings = bodyPrefix();
    bytes::putVarint(strings, 0);
    bytes::putVarint(strings, huge);
    expectCount(withBody(strings), "strings count");
    std::string languages = bodyPrefix();
    bytes::putVarint(languages, 0);
    bytes::putVarint(languages, 0);
    bytes::putVarint(languages, huge);
    expectCount(withBody(languages + "\x02" + "en"), "languages count");
    std::string flakes = bodyPrefix() + emptyLists();
    bytes::putVarint(flakes, huge);
    expectCount(withBody(flakes + std::string(100, '\x0a')), "flake count");
    // A text length beyond the body.
    std::string message = bodyPrefix();
    for (int k = 0; k < 4; ++k) bytes::putVarint(message, 0);
    bytes::putVarint(message, huge);
    expectCount(withBody(message + "abc"), "truncated message");
  }
  // A body size beyond the format limit, before anything is read.
  std::string blob = "CCMT";
  bytes::putFixed16(blob, 1);
  bytes::putVarint(blob, 7);
  blob.append(32, '\0');
  blob.push_back(1);
  bytes::putVarint(blob, kMaxCommitBodyBytes + 1);
  expectCount(blob + "0123456789", "body size out of range");
}

// A zstd frame that claims a large content size but holds one small RLE block: the decoder must
// notice from what the frame yields, without allocating what it claims.
TEST(CommitRecordTest, ForgedZstdSizesAreCorruption) {
  for (uint64_t claimed : {uint64_t{1000}, uint64_t{100} << 20, kMaxCommitBodyBytes}) {
    SCOPED_TRACE(claimed);
    std::string frame = "\x28\xB5\x2F\xFD";    // zstd magic
    frame.push_back(static_cast<char>(0xE0));  // 8-byte content size, single segment, no checksum
    bytes::putFixed64(frame, claimed);
    const uint32_t blockHeader = 1u | (1u << 1) | (100u << 3);  // last block, RLE, 100 bytes
    frame.append({static_cast<char>(blockHeader), static_cast<char>(blockHeader >> 8),
                  static_cast<char>(blockHeader >> 16), 'a'});
    std::string blob = "CCMT";
    bytes::putFixed16(blob, 1);
    bytes::putVarint(blob, 7);
    blob.append(32, '\0');
    blob.push_back(1);
    bytes::putVarint(blob, claimed);
    auto back = decodeCommitRecord(blob + frame, "test");
    ASSERT_FALSE(back.isOk());
    EXPECT_TRUE(isCorruptionNamingBlob(back.status())) << back.status().toString();
    // The same frame under a header that disagrees with its content size.
    std::string other = blob;
    other.back() = static_cast<char>(other.back() ^ 1);
    EXPECT_TRUE(isCorruptionNamingBlob(decodeCommitRecord(other + frame, "test").status()));
  }
}

TEST(CommitRecordTest, NonCanonicalEncodingsAreCorruption) {
  // An overlong varint (t = 7 as two bytes).
  std::string body = bodyPrefix() + emptyLists();
  bytes::putVarint(body, 0);
  std::string blob = withBody(body);
  std::string overlong = blob.substr(0, 6) + "\x87\x00" + blob.substr(7);
  EXPECT_TRUE(isCorruptionNamingBlob(decodeCommitRecord(overlong, "test").status()));
  // An overlong text length (an empty message as 0x80 0x00; found by the fuzzer).
  std::string lists;
  for (int k = 0; k < 4; ++k) bytes::putVarint(lists, 0);
  const std::string overlongMessage = bodyPrefix() + lists + std::string("\x80\x00\x00", 3);
  const core::Status s = decodeCommitRecord(withBody(overlongMessage), "test").status();
  EXPECT_TRUE(isCorruptionNamingBlob(s)) << s.toString();
  std::string overlongIri = bodyPrefix();
  bytes::putVarint(overlongIri, 1);
  overlongIri += std::string("\x00\x81\x00x", 4) + std::string(3, '\0') + std::string(2, '\0');
  std::string canonicalIri = bodyPrefix();
  bytes::putVarint(canonicalIri, 1);
  canonicalIri += std::string("\x00\x01x", 3) + std::string(5, '\0');
  EXPECT_TRUE(decodeCommitRecord(withBody(canonicalIri), "test").isOk());
  EXPECT_TRUE(isCorruptionNamingBlob(decodeCommitRecord(withBody(overlongIri), "test").status()));

  const auto decodeFlakes = [](const std::string& flakeBytes, uint64_t count) {
    std::string b = bodyPrefix() + emptyLists();
    bytes::putVarint(b, count);
    b.append(flakeBytes);
    return decodeCommitRecord(withBody(b), "test");
  };
  const auto expectCorrupt = [&](const std::string& flakeBytes, uint64_t count,
                                 std::string_view what) {
    const core::Status s = decodeFlakes(flakeBytes, count).status();
    EXPECT_TRUE(isCorruptionNamingBlob(s)) << s.toString();
    EXPECT_NE(s.message().find(what), std::string::npos) << s.toString();
  };
  using namespace std::string_literals;
  // One valid flake: k = s (changes from 0), s = 0 + 41 + 1, p 3, ot 2 (IRI), ok 9, i 0.
  const std::string good = "\x83\x29\x03\x02\x09"s;
  ASSERT_TRUE(decodeFlakes(good, 1).isOk()) << decodeFlakes(good, 1).status().toString();
  EXPECT_EQ(decodeFlakes(good, 1)->flakes[0], flake(7, 0, 42, 3, otype::kIri, 9));
  // k = 6 does not exist.
  expectCorrupt("\x8D\x00\x03\x02\x09"s, 1, "flake 0: bad flags");
  // "same p" set although p is the first change.
  expectCorrupt("\x95\x02\x02\x09"s, 1, "flake 0: bad flags");
  // p written in full although it repeats (the flag was the canonical form).
  expectCorrupt(good + "\x83\x00\x03\x02\x09"s, 2, "flake 1: truncated or not in canonical");
  // The same with the flags that say so: fine.
  auto two = decodeFlakes(good + "\xF3\x00"s, 2);
  ASSERT_TRUE(two.isOk()) << two.status().toString();
  EXPECT_EQ(two->flakes[1], flake(7, 0, 43, 3, otype::kIri, 9));
  // i written as 0 without the zero-i flag.
  expectCorrupt("\x03\x29\x03\x02\x09\x00"s, 1, "flake 0: truncated or not in canonical");
  // An object type beyond 16 bits.
  expectCorrupt("\x83\x29\x03\x80\x80\x04\x09"s, 1, "flake 0: object type out of range");
  // A key delta that overflows 64 bits (s = 0 + (2^64 - 1) + 1).
  expectCorrupt("\x83\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\x01\x03\x02\x09"s, 1,
                "flake 0: key overflows");
  // Bytes after the last flake.
  expectCorrupt(good + "\x00"s, 1, "1 bytes after the flakes");
}

// Corrupt values that still parse: each must be caught by the record checks.
TEST(CommitRecordTest, InvalidValuesAreCorruption) {
  const auto withFlake = [](std::string_view flakeBytes, uint64_t blankNodes = 0) {
    std::string b = bodyPrefix(kTimeMillis, blankNodes) + emptyLists();
    bytes::putVarint(b, 1);
    b.append(flakeBytes);
    return decodeCommitRecord(withBody(b), "test").status();
  };
  EXPECT_TRUE(withFlake("\x83\x29\x03\x02\x09").isOk());
  // p = 0, unknown ot 0x0005, ot = kNone, IRI object 0, string object 0, language code 0,
  // unallocated blank subject, blank object without the blank bit.
  for (const std::string& bad :
       {std::string("\x83\x29\x00\x02\x09", 5), std::string("\x83\x29\x03\x05\x09", 5),
        std::string("\x83\x29\x03\x00\x09", 5), std::string("\x83\x29\x03\x02\x00", 5),
        std::string("\x83\x29\x03\x03\x00", 5), std::string("\x83\x29\x03\x80\x80\x01\x09", 7),
        std::string("\x83\x81\x80\x80\x80\x80\x80\x80\x80\x80\x01\x03\x02\x09", 14),
        std::string("\x83\x29\x03\x01\x09", 5)}) {
    const core::Status s = withFlake(bad, 1);
    EXPECT_TRUE(isCorruptionNamingBlob(s)) << s.toString();
  }
  // Header values: t = 0, baseT ≥ t, times beyond year 9999.
  std::string body = bodyPrefix() + emptyLists();
  bytes::putVarint(body, 0);
  EXPECT_TRUE(isCorruptionNamingBlob(decodeCommitRecord(withBody(body, 0), "test").status()));
  EXPECT_TRUE(isCorruptionNamingBlob(decodeCommitRecord(withBody(body, 5), "test").status()));
  EXPECT_TRUE(decodeCommitRecord(withBody(body, 6), "test").isOk());
  // The largest time four year digits can write, and one millisecond more.
  const uint64_t lastMillis =
      (core::xsd::daysFromCivil(10000, 1, 1)) * core::xsd::kMillisPerDay - 1;
  for (uint64_t millis : {uint64_t{0}, lastMillis, lastMillis + 1}) {
    std::string b = bodyPrefix(millis) + emptyLists();
    bytes::putVarint(b, 0);
    auto back = decodeCommitRecord(withBody(b), "test");
    if (millis > lastMillis) {
      EXPECT_TRUE(isCorruptionNamingBlob(back.status())) << back.status().toString();
    } else {
      ASSERT_TRUE(back.isOk()) << back.status().toString();
      EXPECT_EQ(back->time, millis == 0 ? "1970-01-01T00:00:00.000Z" : "9999-12-31T23:59:59.999Z");
    }
  }
}

TEST(CommitRecordTest, TimesAreStrictUtcMilliseconds) {
  for (std::string_view time : {"1970-01-01T00:00:00.000Z", "2024-02-29T23:59:59.999Z",
                                "2000-02-29T00:00:00.001Z", "9999-12-31T23:59:59.999Z"}) {
    CommitRecord r = baseRecord();
    r.time = time;
    expectRoundTrip(r);
  }
  for (std::string_view time :
       {"", "2026-11-30T12:00:00Z", "2026-11-30T12:00:00.12Z", "2026-13-30T12:00:00.123Z",
        "2025-02-29T12:00:00.123Z", "1900-02-29T12:00:00.123Z", "2026-11-31T12:00:00.123Z",
        "2026-11-30T24:00:00.123Z", "2026-11-30T12:60:00.123Z", "2026-11-30T12:00:60.123Z",
        "2026-11-30 12:00:00.123Z", "2026-11-30T12:00:00.123+", "2026-11-30T12:00:00.123z",
        "1969-12-31T23:59:59.999Z", "2026-11-30T12:00:00.123Z ", "+026-11-30T12:00:00.123Z"}) {
    CommitRecord r = baseRecord();
    r.time = time;
    EXPECT_EQ(validateCommitRecord(r).code(), core::StatusCode::kInvalidArgument) << time;
  }
}

TEST(CommitRecordTest, ValidateNamesEachBrokenInvariant) {
  const CommitRecord good = randomRecord(11, 50);
  ASSERT_TRUE(validateCommitRecord(good).isOk());
  const auto expectInvalid = [&](auto mutate, std::string_view what) {
    CommitRecord r = good;
    mutate(r);
    const core::Status s = validateCommitRecord(r);
    EXPECT_EQ(s.code(), core::StatusCode::kInvalidArgument) << what;
    EXPECT_NE(s.message().find(what), std::string::npos) << s.toString();
  };
  expectInvalid([](CommitRecord& r) { r.t = 0; }, "t is 0");
  expectInvalid([](CommitRecord& r) { r.baseT = r.t; }, "base t");
  expectInvalid([](CommitRecord& r) { r.time = ""; }, "time");
  expectInvalid([](CommitRecord& r) { r.blankNodes = core::kBlankNodeBit; }, "blank-node counter");
  expectInvalid([](CommitRecord& r) { r.iris[3].id = r.iris[2].id; }, "iris entry 3");
  expectInvalid([](CommitRecord& r) { r.iris[0].id = core::blankNodeId(1); }, "blank-node bit");
  expectInvalid([](CommitRecord& r) { r.iris[4].text = ""; }, "empty IRI");
  expectInvalid([](CommitRecord& r) { r.strings[5].text = r.strings[2].text; }, "duplicate");
  expectInvalid([](CommitRecord& r) { r.strings[0].id = 0; }, "strings entry 0");
  expectInvalid([](CommitRecord& r) { r.languages.push_back("en"); }, "languages entry 2");
  expectInvalid([](CommitRecord& r) { r.datatypes.push_back(""); }, "datatypes entry 1");
  expectInvalid([](CommitRecord& r) { r.flakes[9].row.t = 6; }, "flake 9: t is 6");
  expectInvalid([](CommitRecord& r) { r.flakes[1].row.s = 0; }, "flake 1: s");
  expectInvalid([](CommitRecord& r) { r.flakes[1].row.s = core::blankNodeId(501); }, "flake 1: s");
  expectInvalid([](CommitRecord& r) { r.flakes[2].g = core::blankNodeId(0); }, "flake 2: g");
  expectInvalid([](CommitRecord& r) { r.flakes[3].row.p = core::blankNodeId(1); }, "flake 3: p");
  expectInvalid([](CommitRecord& r) { r.flakes[4].row.ot = 0x0030; }, "unknown object type");
  expectInvalid([](CommitRecord& r) { r.flakes[4].row.ot = core::lexicalTypeOf(0x003F); },
                "unknown object type");
  expectInvalid([](CommitRecord& r) { r.flakes[4].row.ot = core::langStringType(0); },
                "unknown object type");
  expectInvalid(
      [](CommitRecord& r) {
        r.flakes[5].row.ot = otype::kIri;
        r.flakes[5].row.ok = core::blankNodeId(1);
      },
      "IRI object");
  expectInvalid(
      [](CommitRecord& r) {
        r.flakes[5].row.ot = otype::kBlank;
        r.flakes[5].row.ok = 12;
      },
      "blank object");
  expectInvalid(
      [](CommitRecord& r) {
        r.flakes[5].row.ot = otype::kString;
        r.flakes[5].row.ok = 0;
      },
      "string object");
  expectInvalid([](CommitRecord& r) { r.flakes.push_back(r.flakes[7]); }, "two flakes");
  expectInvalid(
      [](CommitRecord& r) {
        r.flakes.push_back(r.flakes[7]);
        r.flakes.back().assert = !r.flakes.back().assert;
      },
      "two flakes");
}

// The fuzzer's seed corpus (tests/fuzz/corpus/commit_record/) holds encodings of these records.
// With CAIRN_WRITE_COMMIT_CORPUS=<dir> the test rewrites them there; otherwise it checks that the
// stored seeds still decode to these records.
TEST(CommitRecordTest, FuzzSeedCorpusDecodes) {
  CommitRecord small = baseRecord();
  small.previous = {};
  small.blankNodes = 2;
  small.iris = {{12, "http://example.org/a"}, {14, "http://example.org/b"}};
  small.strings = {{3, ""}, {4, "hello"}};
  small.languages = {"en"};
  small.datatypes = {"http://example.org/dt"};
  small.message = R"({"source":"sparql-update"})";
  small.flakes = {flake(7, 0, 12, 14, otype::kString, 4),
                  flake(7, 0, core::blankNodeId(1), 14, core::langStringType(1), 3, 0, false),
                  flake(7, 12, 12, 14, otype::kInteger, 0x8000000000000005, 2)};
  const std::vector<std::pair<std::string, CommitRecord>> seeds = {
      {"empty.ccmt", baseRecord()}, {"small.ccmt", small}, {"zstd.ccmt", randomRecord(12, 60)}};
  const std::filesystem::path stored =
      std::filesystem::path(CAIRN_SOURCE_DIR) / "tests/fuzz/corpus/commit_record";
  if (const char* dir = std::getenv("CAIRN_WRITE_COMMIT_CORPUS")) {
    std::filesystem::create_directories(dir);
    for (const auto& [name, record] : seeds) {
      std::ofstream(std::filesystem::path(dir) / name, std::ios::binary)
          << encodeCommitRecord(record);
    }
  }
  for (const auto& [name, record] : seeds) {
    std::ifstream in(stored / name, std::ios::binary);
    ASSERT_TRUE(in) << stored / name;
    const std::string bytes{std::istreambuf_iterator<char>(in), {}};
    auto back = decodeCommitRecord(bytes, name);
    ASSERT_TRUE(back.isOk()) << back.status().toString();
    EXPECT_EQ(*back, sorted(record)) << name;
  }
  EXPECT_EQ(encodeCommitRecord(seeds[2].second)[kCodecOffset], 1);  // one seed is compressed
}

}  // namespace
}  // namespace cairn::index
