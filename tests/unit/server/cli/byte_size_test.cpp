#include "server/cli/byte_size.h"

#include <gtest/gtest.h>

namespace cairn::server {
namespace {

TEST(ByteSize, Units) {
  EXPECT_EQ(parseByteSize("4096"), 4096u);
  EXPECT_EQ(parseByteSize("512MiB"), uint64_t{512} << 20);
  EXPECT_EQ(parseByteSize("2g"), uint64_t{2} << 30);
  EXPECT_EQ(parseByteSize("1.5GiB"), uint64_t{3} << 29);
  EXPECT_EQ(parseByteSize("16kb"), uint64_t{16} << 10);
}

TEST(ByteSize, Rejects) {
  EXPECT_FALSE(parseByteSize(""));
  EXPECT_FALSE(parseByteSize("MiB"));
  EXPECT_FALSE(parseByteSize("1.2.3"));
  EXPECT_FALSE(parseByteSize("12 parsecs"));
  EXPECT_FALSE(parseByteSize("99999999999TiB"));  // beyond 64 bits
}

}  // namespace
}  // namespace cairn::server
