// The `cairn` this build makes runs on the allocator the build chose (cmake/Dependencies.cmake:
// cairn_use_allocator): jemalloc with transparent huge pages in an optimized build, the C
// library's malloc with sanitizers. The server names it in its "listening" line; a jemalloc
// that did not read core/io/jemalloc_conf.cpp (the symbol dropped by the linker, say) would
// report "thp default".

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/support/server_process.h"

namespace cairn::testing {
namespace {

namespace fs = std::filesystem;

TEST(ServerAllocatorTest, TheServerRunsOnTheAllocatorTheBuildChose) {
  if (const char* other = std::getenv("CAIRN_SERVER_BINARY"); other != nullptr && *other != '\0') {
    GTEST_SKIP() << "CAIRN_SERVER_BINARY names a server this build did not make";
  }
  const fs::path scratch =
      fs::temp_directory_path() /
      ("cairn-allocator-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
       "-" + std::to_string(static_cast<long>(::getpid())));
  fs::create_directories(scratch);
  std::string log;
  {
    ServerProcessOptions options;
    options.binary = CAIRN_SERVER_BINARY;
    options.dataDirectory = scratch / "data";
    options.logFile = scratch / "server.log";
    ServerProcess server(std::move(options));
    log = server.logTail();
    server.terminate(std::chrono::seconds(10));
  }
  fs::remove_all(scratch);
  const std::string expected = CAIRN_SERVER_ALLOCATOR;
  EXPECT_NE(log.find("allocator: " + expected), std::string::npos) << log;
  if (expected == "jemalloc") {
    EXPECT_NE(log.find(", thp always)"), std::string::npos) << log;
  }
}

}  // namespace
}  // namespace cairn::testing
