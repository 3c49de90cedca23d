// The `cairn` this build makes runs on the allocator the build chose (cmake/Dependencies.cmake:
// cairn_use_allocator): jemalloc with transparent huge pages in an optimized build, the C
// library's malloc with sanitizers. The server names it in its "listening" line; a jemalloc
// that did not read core/io/jemalloc_conf.cpp (the symbol dropped by the linker, say) would
// report "thp default".
//
// jemalloc keeps every freed page (dirty_decay_ms:-1); once the server has been idle for
// memory-release-idle-seconds it gives them back (server::MemoryReleaseService): the resident
// set of the process, read from /proc, falls.

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "tests/support/http_client.h"
#include "tests/support/server_process.h"

namespace cairn::testing {
namespace {

namespace fs = std::filesystem;

fs::path scratchDirectory(const std::string& what) {
  const fs::path scratch =
      fs::temp_directory_path() /
      ("cairn-" + what + "-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
       "-" + std::to_string(static_cast<long>(::getpid())));
  fs::create_directories(scratch);
  return scratch;
}

// VmRSS of a process, in bytes.
uint64_t residentBytes(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;  // in kB
  }
  ADD_FAILURE() << "no VmRSS for process " << pid;
  return 0;
}

// The value of an unlabelled metric in a Prometheus text body, if it is there.
std::optional<double> metric(const std::string& body, const std::string& name) {
  std::istringstream lines(body);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(name + " ", 0) == 0) return std::stod(line.substr(name.size() + 1));
  }
  return std::nullopt;
}

// One INSERT DATA of `triples` triples with distinct subjects and literals.
std::string insertData(int triples) {
  std::string update = "INSERT DATA {\n";
  for (int i = 0; i < triples; ++i) {
    update += "<http://example.org/s" + std::to_string(i) + "> <http://example.org/p" +
              std::to_string(i % 40) + "> \"a literal long enough to allocate, number " +
              std::to_string(i) + "\" .\n";
  }
  return update + "}";
}

TEST(ServerAllocatorTest, TheServerRunsOnTheAllocatorTheBuildChose) {
  if (const char* other = std::getenv("CAIRN_SERVER_BINARY"); other != nullptr && *other != '\0') {
    GTEST_SKIP() << "CAIRN_SERVER_BINARY names a server this build did not make";
  }
  const fs::path scratch = scratchDirectory("allocator");
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

TEST(ServerAllocatorTest, TheIdleServerGivesItsRetainedMemoryBack) {
  if (const char* other = std::getenv("CAIRN_SERVER_BINARY"); other != nullptr && *other != '\0') {
    GTEST_SKIP() << "CAIRN_SERVER_BINARY names a server this build did not make";
  }
  const fs::path scratch = scratchDirectory("memory-release");
  const fs::path config = scratch / "server.json";
  std::ofstream(config) << R"({"memory-release-idle-seconds": 1})";
  ServerProcessOptions options;
  options.binary = CAIRN_SERVER_BINARY;
  options.dataDirectory = scratch / "data";
  options.logFile = scratch / "server.log";
  options.extraArguments = {"--config", config.string()};
  ServerProcess server(std::move(options));
  HttpClient client(server.port(), std::chrono::seconds(120));
  ASSERT_EQ(client
                .post("/ledgers?name=m", "<http://example.org/a> <http://example.org/b> \"1\" .\n",
                      "application/n-triples")
                .status,
            201)
      << server.logTail();
  // The parse, the encoding and the novelty merges of a large update free far more than it
  // keeps.
  const HttpResponse answer =
      client.post("/ledgers/m/update", insertData(60'000), "application/sparql-update");
  ASSERT_EQ(answer.status, 200) << answer.body;
  const uint64_t residentAfterWrites = residentBytes(server.pid());
  const std::string before = client.get("/metrics").body;
  const auto retained = metric(before, "cairn_allocator_retained_free_bytes");
  const double releasesBefore = metric(before, "cairn_memory_releases_total").value_or(-1);
  EXPECT_EQ(releasesBefore, 0) << before;
  const bool jemalloc = std::string(CAIRN_SERVER_ALLOCATOR) == "jemalloc";
  if (jemalloc) {
    ASSERT_TRUE(retained.has_value()) << before;
    EXPECT_GE(*retained, 32.0 * (1 << 20)) << "the writes left too little free to measure";
  }
  // Nothing for a while: one release, after about a second.
  std::optional<double> releases;
  std::string after;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  do {
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    after = client.get("/metrics").body;
    releases = metric(after, "cairn_memory_releases_total");
  } while (releases.value_or(0) < 1 && std::chrono::steady_clock::now() < deadline &&
           (jemalloc || retained.value_or(0) >= 16.0 * (1 << 20)));
  const uint64_t residentAfterRelease = residentBytes(server.pid());
  if (jemalloc || retained.value_or(0) >= 16.0 * (1 << 20)) {
    // (Under a sanitizer the C library's arenas hold next to nothing: no release is due there.)
    EXPECT_GE(releases.value_or(0), 1) << after << server.logTail();
    EXPECT_GT(metric(after, "cairn_memory_released_bytes_total").value_or(0), 0) << after;
  }
  if (jemalloc) {
    EXPECT_LT(metric(after, "cairn_allocator_retained_free_bytes").value_or(-1), *retained / 4)
        << after;
    // The pages went back to the kernel: at least half of what was retained left the RSS.
    EXPECT_LT(static_cast<double>(residentAfterRelease),
              static_cast<double>(residentAfterWrites) - *retained / 2)
        << "RSS " << residentAfterWrites << " -> " << residentAfterRelease << " bytes, "
        << *retained << " retained";
  }
  server.terminate(std::chrono::seconds(10));
  fs::remove_all(scratch);
}

}  // namespace
}  // namespace cairn::testing
