// `cairn gc` through its run function on a real data directory: a ledger imported, changed and
// re-indexed by the other commands; a dry run removes nothing; a collection removes what old
// roots alone used, keeps --retain-roots of them, and every query at every t answers as before;
// a store another handle holds (a running server) is refused.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "server/cli/commands.h"
#include "storage/rocksdb_store.h"
#include "tests/support/error_capture.h"
#include "tests/support/stdout_capture.h"
#include "tests/unit/server/cli/cli_data_directory.h"

namespace cairn::server {
namespace gc_command_test {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

constexpr const char* kExPrefix = testing::kCliExPrefix;

class GcCommandTest : public testing::CliDataDirectoryTest {
 protected:
  void SetUp() override {
    std::string triples;
    for (int i = 0; i < 100; ++i) {
      triples += "<http://ex.org/s" + std::to_string(i) + "> <http://ex.org/v> \"" +
                 std::to_string(i) + "\" .\n";
    }
    importThings(triples);
  }

  void update(const std::string& text) {
    UpdateArgs args;
    args.data = data_;
    args.ledger = "things";
    args.update = kExPrefix + text;
    cairn::testing::stdoutOf([&] { runUpdate(args); });
  }
  void index() {
    IndexArgs args;
    args.data = data_;
    args.ledger = "things";
    cairn::testing::stdoutOf([&] { runIndex(args); });
  }
  std::string valuesAt(uint64_t t) { return CliDataDirectoryTest::valuesAt(data_, t); }
  nlohmann::json gc(uint64_t retainRoots, bool dryRun) {
    GcArgs args;
    args.data = data_;
    args.retainRoots = retainRoots;
    args.dryRun = dryRun;
    args.format = "json";
    return nlohmann::json::parse(cairn::testing::stdoutOf([&] { runGc(args); }));
  }
};

TEST_F(GcCommandTest, RemovesWhatOldRootsLeftAndKeepsEveryAnswer) {
  for (int k = 0; k < 4; ++k) {
    update("DELETE { ?s ex:v ?v } INSERT { ?s ex:v \"round " + std::to_string(k) +
           "\" } WHERE { ?s ex:v ?v FILTER(?s IN (ex:s" + std::to_string(k * 10) + ", ex:s" +
           std::to_string(k * 10 + 1) + ")) }");
    index();
  }
  std::map<uint64_t, std::string> before;
  for (uint64_t t = 1; t <= 5; ++t) before[t] = valuesAt(t);
  ASSERT_NE(before[1], before[5]);

  const nlohmann::json dry = gc(0, /*dryRun=*/true);
  EXPECT_TRUE(dry["dryRun"].get<bool>());
  const uint64_t removable = dry["blobsRemoved"].get<uint64_t>();
  EXPECT_GT(removable, 0u);

  // Two old roots kept: fewer go than with none kept.
  const nlohmann::json kept = gc(2, /*dryRun=*/false);
  EXPECT_EQ(kept["indexRoots"], 3);
  EXPECT_EQ(kept["commitRecords"], 4);
  EXPECT_GT(kept["blobsRemoved"].get<uint64_t>(), 0u);
  EXPECT_LT(kept["blobsRemoved"].get<uint64_t>(), removable);
  const nlohmann::json rest = gc(0, /*dryRun=*/false);
  EXPECT_EQ(rest["indexRoots"], 1);
  EXPECT_EQ(kept["blobsRemoved"].get<uint64_t>() + rest["blobsRemoved"].get<uint64_t>(), removable);
  for (uint64_t t = 1; t <= 5; ++t) EXPECT_EQ(valuesAt(t), before[t]) << "at t=" << t;

  // The text form says what it did.
  GcArgs args;
  args.data = data_;
  EXPECT_THAT(cairn::testing::stdoutOf([&] { runGc(args); }), HasSubstr("removed 0 of "));
}

TEST_F(GcCommandTest, RefusesAStoreInUse) {
  auto held = storage::RocksDbStore::open(data_);  // as a running server holds it
  ASSERT_TRUE(held.isOk());
  GcArgs args;
  args.data = data_;
  const core::Error error = testing::errorFrom([&] { runGc(args); });
  EXPECT_EQ(error.code(), core::ErrorCode::kStorageError);
  EXPECT_THAT(error.message(), HasSubstr("stop the server first"));

  args.data = (dir_ / "absent").string();
  EXPECT_EQ(testing::errorFrom([&] { runGc(args); }).code(), core::ErrorCode::kNotFound);
  args.data = data_;
  args.format = "yaml";
  EXPECT_EQ(testing::errorFrom([&] { runGc(args); }).code(), core::ErrorCode::kInvalidArgument);
}

}  // namespace gc_command_test
}  // namespace cairn::server
