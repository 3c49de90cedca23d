#include "storage/rocksdb_store.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "tests/unit/storage/store_backends.h"
#include "tests/unit/storage/temp_dir.h"

namespace cairn::storage {
namespace rocksdb_store_test {

using core::StatusCode;
using testing::smallRocksDbOptions;
using testing::TempDir;

// Death tests below run threadsafe (the child re-executes this binary); the child finds its
// parent's directory in this variable.
constexpr char kDirVariable[] = "CAIRN_STORAGE_TEST_STORE_DIR";

std::string randomBytes(std::mt19937_64& rng, size_t size) {
  std::string out(size, '\0');
  for (char& c : out) c = static_cast<char>(rng());
  return out;
}

std::unique_ptr<RocksDbStore> openOrDie(const std::filesystem::path& path,
                                        RocksDbOptions options = smallRocksDbOptions()) {
  auto opened = RocksDbStore::open(path, options);
  CAIRN_CHECK(opened.isOk(), "a test store failed to open");
  return std::move(opened).value();
}

bool mentions(const core::Status& status, const std::string& text) {
  return status.message().find(text) != std::string::npos;
}

TEST(RocksDbStoreTest, PersistsBlobsAndHeadsAcrossReopen) {
  TempDir dir;
  const auto path = dir.path() / "store";
  std::mt19937_64 rng(3);
  std::vector<std::string> contents;
  for (int i = 0; i < 40; ++i) contents.push_back(randomBytes(rng, rng() % 40000));
  std::vector<ContentId> ids;
  {
    auto store = openOrDie(path);
    for (int i = 0; i < 20; ++i) ids.push_back(*store->put(contents[i]));
    std::vector<std::string_view> rest(contents.begin() + 20, contents.end());
    auto batch = store->putMany(rest);
    ASSERT_TRUE(batch.isOk()) << batch.status().toString();
    ids.insert(ids.end(), batch->begin(), batch->end());
    ASSERT_TRUE(store->compareAndSetHead("ledger", ContentId{}, ids[0]).isOk());
    ASSERT_TRUE(store->compareAndSetHead("ledger", ids[0], ids[1]).isOk());
    ASSERT_TRUE(store->compareAndSetHead("other", ContentId{}, ids[2]).isOk());
    ASSERT_TRUE(store->sync().isOk());
    ASSERT_TRUE(store->close().isOk());
  }
  auto store = openOrDie(path);
  for (size_t i = 0; i < ids.size(); ++i) {
    auto got = store->get(ids[i]);
    ASSERT_TRUE(got.isOk()) << got.status().toString();
    EXPECT_EQ(*got, contents[i]);
  }
  EXPECT_EQ(*store->getHead("ledger"), ids[1]);
  EXPECT_EQ(*store->getHead("other"), ids[2]);
  EXPECT_EQ(*store->listHeads(), (std::vector<std::string>{"ledger", "other"}));
  // The heads keep their compare-and-set history: the old value no longer matches.
  EXPECT_EQ(store->compareAndSetHead("ledger", ids[0], ids[3]).code(), StatusCode::kAlreadyExists);
}

TEST(RocksDbStoreTest, BulkLoadAcrossFlushesAndCompactionsReadsBack) {
  TempDir dir;
  const auto path = dir.path() / "store";
  std::mt19937_64 rng(4);
  std::vector<std::string> contents;
  for (int i = 0; i < 600; ++i) contents.push_back(randomBytes(rng, 1000 + rng() % 8000));
  {
    // ~3 MiB through 256 KiB memtables: a dozen flushes and some compaction.
    auto store = openOrDie(path);
    for (size_t begin = 0; begin < contents.size(); begin += 50) {
      std::vector<std::string_view> batch(contents.begin() + begin, contents.begin() + begin + 50);
      ASSERT_TRUE(store->putMany(batch).isOk());
    }
    ASSERT_TRUE(store->flush().isOk());
    for (const std::string& bytes : contents) {
      auto got = store->get(ContentId::of(bytes));
      ASSERT_TRUE(got.isOk()) << got.status().toString();
      ASSERT_EQ(*got, bytes);
    }
  }
  auto store = openOrDie(path);
  for (const std::string& bytes : contents) ASSERT_EQ(*store->get(ContentId::of(bytes)), bytes);
  EXPECT_FALSE(*store->exists(ContentId::of("not there")));
}

TEST(RocksDbStoreTest, CorruptValueIsReportedNamingBlobAndDirectory) {
  TempDir dir;
  const auto path = dir.path() / "store";
  const std::string original = "the bytes of a leaf";
  const ContentId id = ContentId::of(original);
  auto expectCorrupt = [&](RocksDbStore& store, const char* when) {
    auto got = store.get(id);
    ASSERT_FALSE(got.isOk()) << when;
    EXPECT_EQ(got.status().code(), StatusCode::kCorruption) << when;
    EXPECT_TRUE(mentions(got.status(), id.shortHex())) << got.status().toString();
    EXPECT_TRUE(mentions(got.status(), path.string())) << got.status().toString();
  };
  {
    auto store = openOrDie(path);
    ASSERT_TRUE(store->put(original).isOk());
    ASSERT_TRUE(store->put("a neighbour").isOk());
    ASSERT_TRUE(store->writeRawBlobForTesting(id, "the bytes of a leaF").isOk());
    expectCorrupt(*store, "in the memtable");
    ASSERT_TRUE(store->flush().isOk());
    expectCorrupt(*store, "in a table file");
    EXPECT_TRUE(*store->exists(id));
    EXPECT_EQ(*store->get(ContentId::of("a neighbour")), "a neighbour");
  }
  {
    auto store = openOrDie(path);
    expectCorrupt(*store, "after reopening");
    // Putting the true bytes again repairs the blob.
    ASSERT_TRUE(store->put(original).isOk());
    auto got = store->get(id);
    ASSERT_TRUE(got.isOk()) << got.status().toString();
    EXPECT_EQ(*got, original);
  }
}

TEST(RocksDbStoreTest, MissingBlobNamesBlobAndDirectory) {
  TempDir dir;
  auto store = openOrDie(dir.path());
  const ContentId missing = ContentId::of("absent");
  auto got = store->get(missing);
  EXPECT_EQ(got.status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(mentions(got.status(), missing.shortHex()));
  EXPECT_TRUE(mentions(got.status(), dir.path().string()));
}

TEST(RocksDbStoreTest, SecondOpenInThisProcessNamesTheDirectory) {
  TempDir dir;
  auto first = openOrDie(dir.path());
  auto second = RocksDbStore::open(dir.path(), smallRocksDbOptions());
  ASSERT_FALSE(second.isOk());
  EXPECT_EQ(second.status().code(), StatusCode::kIoError);
  EXPECT_TRUE(mentions(second.status(), dir.path().string() + " is in use"))
      << second.status().toString();
  // Once the first handle is closed the directory can be opened again.
  ASSERT_TRUE(first->close().isOk());
  EXPECT_TRUE(RocksDbStore::open(dir.path(), smallRocksDbOptions()).isOk());
}

[[noreturn]] void openAndExitWithVerdict(const std::filesystem::path& path) {
  auto opened = RocksDbStore::open(path, smallRocksDbOptions());
  if (opened.isOk()) {
    std::fprintf(stderr, "opened a store another process holds\n");
    std::_Exit(1);
  }
  std::fprintf(stderr, "%s\n", opened.status().toString().c_str());
  const bool clear = opened.status().code() == StatusCode::kIoError &&
                     mentions(opened.status(), path.string() + " is in use");
  std::_Exit(clear ? 0 : 2);
}

TEST(RocksDbStoreDeathTest, OpenHeldByAnotherProcessNamesTheDirectory) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  TempDir dir(kDirVariable);
  const auto path = dir.path() / "store";
  std::unique_ptr<RocksDbStore> holder;
  if (dir.owned()) holder = openOrDie(path);  // the parent holds it; the child tries to open it
  EXPECT_EXIT(openAndExitWithVerdict(path), ::testing::ExitedWithCode(0), "is in use");
}

[[noreturn]] void writeThenDie(const std::filesystem::path& path) {
  auto opened = RocksDbStore::open(path, smallRocksDbOptions());
  if (!opened.isOk()) {
    std::fprintf(stderr, "%s\n", opened.status().toString().c_str());
    std::_Exit(1);
  }
  RocksDbStore& store = **opened;
  const bool ok =
      store.put("written before the head").isOk() &&
      store.putMany({"batched one", "batched two"}).isOk() &&
      store.compareAndSetHead("ledger", ContentId{}, ContentId::of("batched two")).isOk() &&
      store.put("written after the head").isOk();
  // No close, no destructors: the process just ends, as in a crash.
  std::_Exit(ok ? 0 : 3);
}

TEST(RocksDbStoreDeathTest, WritesSurviveAProcessThatDiesWithoutClosing) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  TempDir dir(kDirVariable);
  const auto path = dir.path() / "store";
  EXPECT_EXIT(writeThenDie(path), ::testing::ExitedWithCode(0), "");
  auto store = openOrDie(path);
  for (const char* bytes :
       {"written before the head", "batched one", "batched two", "written after the head"}) {
    auto got = store->get(ContentId::of(bytes));
    ASSERT_TRUE(got.isOk()) << got.status().toString();
    EXPECT_EQ(*got, bytes);
  }
  EXPECT_EQ(*store->getHead("ledger"), ContentId::of("batched two"));
}

// What LiveLedger's sync role relies on: blobs put unsynced, then a deferred head update, then
// one syncHeads() — all there after reopening.
TEST(RocksDbStoreTest, SyncHeadsMakesADeferredHeadAndTheBlobsBeforeItDurable) {
  TempDir dir(kDirVariable);
  const auto path = dir.path() / "store";
  {
    auto store = openOrDie(path);
    ASSERT_TRUE(store->putMany({"record one", "record two"}).isOk());
    ASSERT_TRUE(
        store->compareAndSetHeadDeferred("commit/x", ContentId{}, ContentId::of("record two"))
            .isOk());
    ASSERT_TRUE(store->syncHeads().isOk());
    ASSERT_TRUE(store->close().isOk());
  }
  auto store = openOrDie(path);
  EXPECT_EQ(*store->getHead("commit/x"), ContentId::of("record two"));
  EXPECT_EQ(*store->get(ContentId::of("record one")), "record one");
}

TEST(RocksDbStoreTest, ReadOnlyReadsButRefusesWrites) {
  TempDir dir;
  const ContentId id = ContentId::of("blob");
  {
    auto store = openOrDie(dir.path());
    ASSERT_TRUE(store->put("blob").isOk());
    ASSERT_TRUE(store->compareAndSetHead("ledger", ContentId{}, id).isOk());
  }
  RocksDbOptions options = smallRocksDbOptions();
  options.readOnly = true;
  auto store = openOrDie(dir.path(), options);
  EXPECT_EQ(*store->get(id), "blob");
  EXPECT_EQ(*store->getHead("ledger"), id);
  EXPECT_EQ(*store->listHeads(), std::vector<std::string>{"ledger"});
  EXPECT_TRUE(store->sync().isOk());
  auto put = store->put("more");
  EXPECT_EQ(put.status().code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(mentions(put.status(), "read-only"));
  EXPECT_EQ(store->putMany({"more"}).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(store->compareAndSetHead("ledger", id, ContentId::of("x")).code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(store->deleteHead("ledger").code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(*store->getHead("ledger"), id);
}

TEST(RocksDbStoreTest, OpeningAMissingStoreWithoutCreatingIsNotFound) {
  TempDir dir;
  const auto path = dir.path() / "nothing here";
  for (bool readOnly : {true, false}) {
    RocksDbOptions options = smallRocksDbOptions();
    options.readOnly = readOnly;
    options.createIfMissing = false;
    auto opened = RocksDbStore::open(path, options);
    ASSERT_FALSE(opened.isOk());
    EXPECT_EQ(opened.status().code(), StatusCode::kNotFound);
    EXPECT_TRUE(mentions(opened.status(), path.string())) << opened.status().toString();
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(RocksDbStoreTest, OpeningAFileNamesThePath) {
  TempDir dir;
  const auto path = dir.path() / "a-file";
  std::ofstream(path) << "not a directory";
  auto opened = RocksDbStore::open(path, smallRocksDbOptions());
  ASSERT_FALSE(opened.isOk());
  EXPECT_TRUE(mentions(opened.status(), path.string())) << opened.status().toString();
}

TEST(RocksDbStoreTest, BytesOnDiskCountLogsAndTables) {
  TempDir dir;
  auto store = openOrDie(dir.path());
  auto empty = store->approximateBytesOnDisk();
  ASSERT_TRUE(empty.isOk()) << empty.status().toString();
  EXPECT_GT(*empty, 0u);  // the manifest
  // Highly compressible bytes: the blobs family stores values as they are (blobs arrive already
  // compressed), so they take their full size both in the log and in a table file.
  const std::string big(1 << 20, 'a');
  ASSERT_TRUE(store->put(big).isOk());
  ASSERT_TRUE(store->sync().isOk());
  EXPECT_GE(*store->approximateBytesOnDisk(), *empty + big.size());
  ASSERT_TRUE(store->flush().isOk());
  EXPECT_GE(*store->approximateBytesOnDisk(), big.size());
  EXPECT_LT(*store->approximateBytesOnDisk(), 4 * big.size());
}

TEST(RocksDbStoreTest, RemovedBlobsStayRemovedAndCompactionGivesTheSpaceBack) {
  TempDir dir;
  const auto path = dir.path() / "store";
  std::mt19937_64 rng(8);
  std::vector<std::string> contents;
  std::vector<ContentId> ids;
  constexpr uint64_t kBlobBytes = 128 << 10;
  uint64_t removedBytes = 0;
  {
    auto store = openOrDie(path);
    for (int i = 0; i < 24; ++i) {
      contents.push_back(randomBytes(rng, kBlobBytes));
      ids.push_back(*store->put(contents.back()));
    }
    ASSERT_TRUE(store->flush().isOk());
    const uint64_t before = *store->approximateBytesOnDisk();
    std::vector<ContentId> doomed;
    for (size_t i = 0; i < ids.size(); ++i) {
      if (i % 4 != 0) doomed.push_back(ids[i]);
    }
    removedBytes = doomed.size() * kBlobBytes;
    ASSERT_TRUE(store->removeMany(doomed).isOk());
    const core::Status compacted = store->compactBlobs();
    ASSERT_TRUE(compacted.isOk()) << compacted.toString();
    const uint64_t after = *store->approximateBytesOnDisk();
    EXPECT_LT(after + removedBytes * 3 / 4, before) << before << " -> " << after;
    ASSERT_TRUE(store->close().isOk());
  }
  auto store = openOrDie(path);
  for (size_t i = 0; i < ids.size(); ++i) {
    auto got = store->get(ids[i]);
    if (i % 4 != 0) {
      EXPECT_EQ(got.status().code(), StatusCode::kNotFound) << "blob " << i;
    } else {
      ASSERT_TRUE(got.isOk()) << got.status().toString();
      EXPECT_EQ(*got, contents[i]);
    }
  }
}

TEST(RocksDbStoreTest, ReadOnlyRefusesRemoval) {
  TempDir dir;
  const ContentId id = ContentId::of("blob");
  {
    auto store = openOrDie(dir.path());
    ASSERT_TRUE(store->put("blob").isOk());
  }
  RocksDbOptions options = smallRocksDbOptions();
  options.readOnly = true;
  auto store = openOrDie(dir.path(), options);
  const std::vector<ContentId> ids{id};
  EXPECT_EQ(store->removeMany(ids).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(store->compactBlobs().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(*store->get(id), "blob");
}

TEST(RocksDbStoreTest, ClosedStoreRefusesCalls) {
  TempDir dir;
  auto store = openOrDie(dir.path());
  ASSERT_TRUE(store->close().isOk());
  EXPECT_TRUE(store->close().isOk());
  EXPECT_EQ(store->put("x").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(store->get(ContentId::of("x")).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(store->listHeads().status().code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(mentions(store->sync(), "closed"));
}

}  // namespace rocksdb_store_test
}  // namespace cairn::storage
