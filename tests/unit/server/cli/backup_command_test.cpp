// `cairn backup` and `cairn restore` through their run functions: a backup taken while a writer
// commits and indexes in the same data directory (as a running server would) restores into a
// store that answers every query at every t it holds exactly as the original does; a damaged
// blob fails the backup and leaves nothing behind; restore refuses occupied or in-use
// directories unless told to replace, and keeps the replaced one aside.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "query/update/update_executor.h"
#include "server/cli/commands.h"
#include "server/cli/store_access.h"
#include "sparql/parser/sparql_parser.h"
#include "storage/rocksdb_store.h"
#include "tests/support/error_capture.h"
#include "tests/support/stdout_capture.h"
#include "tests/unit/server/cli/cli_data_directory.h"

namespace cairn::server {
namespace backup_command_test {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

constexpr const char* kExPrefix = testing::kCliExPrefix;

class BackupCommandTest : public testing::CliDataDirectoryTest {
 protected:
  void SetUp() override {
    std::string triples;
    for (int i = 0; i < 200; ++i) {
      triples += "<http://ex.org/s" + std::to_string(i) + "> <http://ex.org/v> \"" +
                 std::to_string(i) + "\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n";
    }
    importThings(triples);
  }

  nlohmann::json backup(const std::string& to) {
    BackupArgs args;
    args.data = data_;
    args.to = to;
    args.format = "json";
    return nlohmann::json::parse(cairn::testing::stdoutOf([&] { runBackup(args); }));
  }

  nlohmann::json restore(const std::string& from, const std::string& data, bool replace) {
    RestoreArgs args;
    args.from = from;
    args.data = data;
    args.replace = replace;
    args.format = "json";
    return nlohmann::json::parse(cairn::testing::stdoutOf([&] { runRestore(args); }));
  }
};

TEST_F(BackupCommandTest, ABackupTakenUnderWritesRestoresEveryAnswer) {
  // A writer holds the store, as `cairn serve` would, and commits (re-indexing now and then)
  // before, during and after the backup.
  uint64_t lastT = 0;
  uint64_t tBeforeBackup = 0;
  nlohmann::json report;
  {
    std::unique_ptr<storage::RocksDbStore> store = openStore(data_, false);
    auto live = openLiveLedger(*store, "things", size_t{16} << 20);
    std::atomic<bool> stop{false};
    std::atomic<int> commits{0};
    std::thread writer([&] {
      for (int k = 0; !stop.load() || k < 20; ++k) {
        query::executeUpdate(*live,
                             sparql::parseUpdate(std::string(kExPrefix) + "DELETE { ?s ex:v ?v } " +
                                                 "INSERT { ?s ex:v " + std::to_string(1000 + k) +
                                                 " } WHERE { ?s ex:v ?v FILTER(?s = ex:s" +
                                                 std::to_string(k % 200) + ") }"),
                             {});
        ++commits;
        if (k % 7 == 6) {
          ASSERT_TRUE(live->indexNow().isOk());
        }
      }
    });
    while (commits.load() < 10) std::this_thread::yield();
    tBeforeBackup = live->snapshot()->t();
    report = backup((dir_ / "backup").string());
    stop = true;
    writer.join();
    lastT = live->snapshot()->t();
  }
  ASSERT_EQ(report["ledgers"].size(), 1u);
  const uint64_t backupT = report["ledgers"][0]["t"];
  EXPECT_GE(backupT, tBeforeBackup);
  EXPECT_LE(backupT, lastT);
  EXPECT_GT(report["blobs"].get<uint64_t>(), 0u);
  EXPECT_EQ(report["blobsReachable"].get<uint64_t>() > 0, true);

  const std::string restored = (dir_ / "restored").string();
  const nlohmann::json back = restore((dir_ / "backup").string(), restored, false);
  EXPECT_EQ(back["ledgers"][0]["t"], backupT);
  EXPECT_TRUE(back["keptAside"].is_null());
  // Every t the backup holds answers as the original does; the latest is the backup's.
  for (uint64_t t = 1; t <= backupT; ++t) {
    EXPECT_EQ(valuesAt(restored, t), valuesAt(data_, t)) << "at t=" << t;
  }
  EXPECT_EQ(valuesAt(restored, std::nullopt), valuesAt(data_, backupT));
}

TEST_F(BackupCommandTest, ADamagedBlobFailsTheBackupAndLeavesNothing) {
  {
    auto store = storage::RocksDbStore::open(data_);
    ASSERT_TRUE(store.isOk());
    // A blob whose bytes do not hash to its id.
    ASSERT_TRUE((*store)->writeRawBlobForTesting(storage::ContentId::of("x"), "y").isOk());
  }
  BackupArgs args;
  args.data = data_;
  args.to = (dir_ / "backup").string();
  const core::Error error = testing::errorFrom([&] { runBackup(args); });
  EXPECT_EQ(error.code(), core::ErrorCode::kStorageError);
  EXPECT_THAT(error.message(), HasSubstr(storage::ContentId::of("x").shortHex()));
  EXPECT_FALSE(fs::exists(args.to));
}

TEST_F(BackupCommandTest, RestoreReplacesOnlyWhenToldAndNeverAStoreInUse) {
  backup((dir_ / "backup").string());
  EXPECT_EQ(testing::errorFrom([&] { restore((dir_ / "backup").string(), data_, false); }).code(),
            core::ErrorCode::kInvalidArgument);
  {
    auto held = storage::RocksDbStore::open(data_);  // a running server
    ASSERT_TRUE(held.isOk());
    EXPECT_EQ(testing::errorFrom([&] { restore((dir_ / "backup").string(), data_, true); }).code(),
              core::ErrorCode::kStorageError);
  }
  const std::string before = valuesAt(data_, std::nullopt);
  const nlohmann::json replaced = restore((dir_ / "backup").string(), data_, true);
  ASSERT_TRUE(replaced["keptAside"].is_string());
  EXPECT_TRUE(fs::exists(replaced["keptAside"].get<std::string>() + "/CURRENT"));
  EXPECT_EQ(valuesAt(data_, std::nullopt), before);
  // Backups go only into new or empty directories.
  BackupArgs args;
  args.data = data_;
  args.to = replaced["keptAside"].get<std::string>();
  EXPECT_EQ(testing::errorFrom([&] { runBackup(args); }).code(), core::ErrorCode::kInvalidArgument);
  args.data = (dir_ / "absent").string();
  args.to = (dir_ / "b2").string();
  EXPECT_EQ(testing::errorFrom([&] { runBackup(args); }).code(), core::ErrorCode::kNotFound);
}

}  // namespace backup_command_test
}  // namespace cairn::server
