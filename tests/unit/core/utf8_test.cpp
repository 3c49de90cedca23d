#include "core/utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace cairn::core {
namespace {

int decode(const std::string& bytes, uint32_t& cp) {
  return decodeUtf8(bytes.data(), bytes.data() + bytes.size(), cp);
}

TEST(Utf8, RoundTripsEveryLengthAndTheBoundaries) {
  for (uint32_t cp : {0x0u, 0x41u, 0x7Fu, 0x80u, 0xE9u, 0x7FFu, 0x800u, 0x98DFu, 0xD7FFu, 0xE000u,
                      0xFFFFu, 0x10000u, 0x1F600u, 0x10FFFFu}) {
    std::string bytes;
    appendUtf8(bytes, cp);
    EXPECT_EQ(bytes.size(), cp < 0x80 ? 1u : cp < 0x800 ? 2u : cp < 0x10000 ? 3u : 4u) << cp;
    EXPECT_EQ(utf8SequenceLength(static_cast<unsigned char>(bytes[0])), bytes.size()) << cp;
    uint32_t decoded = 0xFFFFFFFF;
    EXPECT_EQ(decode(bytes, decoded), static_cast<int>(bytes.size())) << cp;
    EXPECT_EQ(decoded, cp);
  }
}

TEST(Utf8, RejectsWhatIsNotWellFormed) {
  uint32_t cp = 0;
  EXPECT_EQ(decode("\x80", cp), 0);              // continuation byte as lead
  EXPECT_EQ(decode("\xF8\x88\x80\x80", cp), 0);  // no 5-byte forms
  EXPECT_EQ(decode("\xC3", cp), 0);              // truncated
  EXPECT_EQ(decode("\xE6\x97", cp), 0);          // truncated
  EXPECT_EQ(decode("\xC3\x28", cp), 0);          // bad continuation
  EXPECT_EQ(decode("\xC0\xAF", cp), 0);          // overlong '/'
  EXPECT_EQ(decode("\xE0\x80\xAF", cp), 0);      // overlong '/'
  EXPECT_EQ(decode("\xF0\x80\x80\xAF", cp), 0);  // overlong '/'
  EXPECT_EQ(decode("\xED\xA0\x80", cp), 0);      // surrogate U+D800
  EXPECT_EQ(decode("\xF4\x90\x80\x80", cp), 0);  // U+110000
}

TEST(Utf8, CountsCodePoints) {
  EXPECT_EQ(utf8CodePointCount(""), 0u);
  EXPECT_EQ(utf8CodePointCount("abc"), 3u);
  EXPECT_EQ(utf8CodePointCount("\xE9\xA3\x9F\xE3\x81\xB9\xE7\x89\xA9"), 3u);  // 食べ物
  EXPECT_EQ(utf8CodePointCount("a\xF0\x9F\x98\x80z"), 3u);
  EXPECT_EQ(utf8SequenceLength(0x80), 1u);  // a stray continuation byte counts as one
}

}  // namespace
}  // namespace cairn::core
