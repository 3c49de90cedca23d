// The BlobStore contract, run against every backend.

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/unit/storage/store_backends.h"

namespace cairn::storage {
namespace {

using core::StatusCode;
using testing::Backend;
using testing::StoreUnderTest;

std::string randomBytes(std::mt19937_64& rng, size_t size) {
  std::string out(size, '\0');
  for (char& c : out) c = static_cast<char>(rng());
  return out;
}

class BlobStoreContractTest : public ::testing::TestWithParam<Backend> {
 protected:
  StoreUnderTest store_{GetParam()};
  BlobStore& blobs() { return store_.blobs(); }
};

TEST_P(BlobStoreContractTest, PutThenGetReturnsTheBytes) {
  std::mt19937_64 rng(1);
  std::vector<std::string> contents;
  std::vector<ContentId> ids;
  for (int i = 0; i < 60; ++i) {
    // Mostly small blobs, some larger than a table block (16 KiB) and the test memtable.
    const size_t size = i % 10 == 0 ? 20000 + rng() % 300000 : rng() % 3000;
    contents.push_back(randomBytes(rng, size));
    auto id = blobs().put(contents.back());
    ASSERT_TRUE(id.isOk()) << id.status().toString();
    EXPECT_EQ(*id, ContentId::of(contents.back()));
    ids.push_back(*id);
  }
  for (size_t i = 0; i < ids.size(); ++i) {
    auto got = blobs().get(ids[i]);
    ASSERT_TRUE(got.isOk()) << got.status().toString();
    EXPECT_EQ(*got, contents[i]) << "blob " << i;
    auto exists = blobs().exists(ids[i]);
    ASSERT_TRUE(exists.isOk());
    EXPECT_TRUE(*exists);
  }
  EXPECT_TRUE(blobs().sync().isOk());
}

TEST_P(BlobStoreContractTest, EmptyBlobIsABlob) {
  auto id = blobs().put("");
  ASSERT_TRUE(id.isOk());
  EXPECT_EQ(id->toHex(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  auto got = blobs().get(*id);
  ASSERT_TRUE(got.isOk()) << got.status().toString();
  EXPECT_EQ(*got, "");
}

TEST_P(BlobStoreContractTest, PuttingEqualBytesAgainIsIdempotent) {
  const std::string bytes = "leaflet bytes";
  auto first = blobs().put(bytes);
  auto second = blobs().put(std::string(bytes));  // equal bytes from another buffer
  ASSERT_TRUE(first.isOk());
  ASSERT_TRUE(second.isOk());
  EXPECT_EQ(*first, *second);
  auto got = blobs().get(*first);
  ASSERT_TRUE(got.isOk());
  EXPECT_EQ(*got, bytes);
}

TEST_P(BlobStoreContractTest, MissingBlobIsNotFoundNamingIt) {
  ASSERT_TRUE(blobs().put("something else").isOk());
  const ContentId missing = ContentId::of("never stored");
  auto got = blobs().get(missing);
  ASSERT_FALSE(got.isOk());
  EXPECT_EQ(got.status().code(), StatusCode::kNotFound);
  EXPECT_NE(got.status().message().find(missing.shortHex()), std::string::npos)
      << got.status().toString();
  auto exists = blobs().exists(missing);
  ASSERT_TRUE(exists.isOk());
  EXPECT_FALSE(*exists);
}

TEST_P(BlobStoreContractTest, PutManyReturnsIdsInOrder) {
  std::mt19937_64 rng(2);
  std::vector<std::string> contents;
  for (int i = 0; i < 200; ++i) contents.push_back(randomBytes(rng, rng() % 5000));
  contents.push_back(contents[3]);  // a duplicate inside the batch
  std::vector<std::string_view> views(contents.begin(), contents.end());
  auto ids = blobs().putMany(views);
  ASSERT_TRUE(ids.isOk()) << ids.status().toString();
  ASSERT_EQ(ids->size(), contents.size());
  for (size_t i = 0; i < contents.size(); ++i) {
    ASSERT_EQ((*ids)[i], ContentId::of(contents[i])) << "position " << i;
    auto got = blobs().get((*ids)[i]);
    ASSERT_TRUE(got.isOk()) << got.status().toString();
    EXPECT_EQ(*got, contents[i]);
  }
  auto none = blobs().putMany({});
  ASSERT_TRUE(none.isOk());
  EXPECT_TRUE(none->empty());
}

TEST_P(BlobStoreContractTest, ConcurrentPutsAndGets) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 150;
  // Every thread writes its own blobs plus a set shared by all, and reads back as it goes.
  auto content = [](int thread, int i) {
    const int owner = i % 3 == 0 ? -1 : thread;  // -1: the same bytes in every thread
    return "blob " + std::to_string(owner) + "/" + std::to_string(i) + std::string(i * 7, 'x');
  };
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::vector<std::string> batch;
      for (int i = 0; i < kPerThread; ++i) {
        const std::string bytes = content(t, i);
        if (i % 5 == 0) {  // some go through putMany
          batch.push_back(bytes);
          if (batch.size() == 8) {
            std::vector<std::string_view> views(batch.begin(), batch.end());
            if (!blobs().putMany(views).isOk()) failures[t] = "putMany failed";
            batch.clear();
          }
          continue;
        }
        auto id = blobs().put(bytes);
        if (!id.isOk()) {
          failures[t] = id.status().toString();
          return;
        }
        auto got = blobs().get(*id);
        if (!got.isOk() || *got != bytes) failures[t] = "read-back failed at " + std::to_string(i);
      }
      std::vector<std::string_view> views(batch.begin(), batch.end());
      if (!blobs().putMany(views).isOk()) failures[t] = "final putMany failed";
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(failures[t], "") << "thread " << t;

  ASSERT_TRUE(blobs().sync().isOk());
  for (int t = 0; t < kThreads; ++t) {
    for (int i = 0; i < kPerThread; ++i) {
      const std::string bytes = content(t, i);
      auto got = blobs().get(ContentId::of(bytes));
      ASSERT_TRUE(got.isOk()) << got.status().toString();
      ASSERT_EQ(*got, bytes);
    }
  }
}

TEST_P(BlobStoreContractTest, ForEachBlobVisitsEveryBlobOnceWithItsSize) {
  std::mt19937_64 rng(5);
  std::map<ContentId, uint64_t> expected;
  for (int i = 0; i < 80; ++i) {
    // Some beyond a table block and the test memtable, so RocksDB lists table files too.
    const std::string bytes = randomBytes(rng, i % 16 == 0 ? 300000 : rng() % 4000);
    expected[*blobs().put(bytes)] = bytes.size();
  }
  expected[*blobs().put("")] = 0;
  std::map<ContentId, uint64_t> visited;
  size_t visits = 0;
  ASSERT_TRUE(blobs()
                  .forEachBlob([&](const ContentId& id, uint64_t bytes) {
                    ++visits;
                    visited[id] = bytes;
                    return core::Status::ok();
                  })
                  .isOk());
  EXPECT_EQ(visits, expected.size());
  EXPECT_EQ(visited, expected);

  // The visitor's first failure stops the walk and comes back.
  size_t before = 0;
  const core::Status stopped = blobs().forEachBlob([&](const ContentId&, uint64_t) {
    return ++before == 3 ? core::Status::ioError("stop here") : core::Status::ok();
  });
  EXPECT_EQ(stopped.code(), StatusCode::kIoError);
  EXPECT_EQ(before, 3u);
}

TEST_P(BlobStoreContractTest, ForEachBlobLetsTheVisitorUseTheStore) {
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(blobs().put("blob " + std::to_string(i)).isOk());
  int added = 0;
  const core::Status walked = blobs().forEachBlob([&](const ContentId& id, uint64_t) {
    CAIRN_RETURN_IF_ERROR(blobs().get(id).status());
    return blobs().put("added while listing " + std::to_string(added++)).status();
  });
  ASSERT_TRUE(walked.isOk()) << walked.toString();
  EXPECT_GE(added, 20);
  for (int i = 0; i < added; ++i) {
    EXPECT_TRUE(*blobs().exists(ContentId::of("added while listing " + std::to_string(i))));
  }
}

TEST_P(BlobStoreContractTest, RemoveManyRemovesExactlyTheBlobsNamed) {
  std::mt19937_64 rng(6);
  std::vector<std::string> contents;
  std::vector<ContentId> ids;
  for (int i = 0; i < 60; ++i) {
    contents.push_back(randomBytes(rng, i % 20 == 0 ? 200000 : 1 + rng() % 3000));
    ids.push_back(*blobs().put(contents.back()));
  }
  std::vector<ContentId> doomed;
  for (size_t i = 0; i < ids.size(); i += 3) doomed.push_back(ids[i]);
  doomed.push_back(ContentId::of("never stored"));  // skipped
  doomed.push_back(ids[0]);                         // named twice
  ASSERT_TRUE(blobs().removeMany(doomed).isOk());
  for (size_t i = 0; i < ids.size(); ++i) {
    auto got = blobs().get(ids[i]);
    if (i % 3 == 0) {
      EXPECT_EQ(got.status().code(), StatusCode::kNotFound) << "blob " << i;
      EXPECT_FALSE(*blobs().exists(ids[i]));
    } else {
      ASSERT_TRUE(got.isOk()) << got.status().toString();
      EXPECT_EQ(*got, contents[i]);
    }
  }
  std::set<ContentId> listed;
  ASSERT_TRUE(blobs()
                  .forEachBlob([&](const ContentId& id, uint64_t) {
                    listed.insert(id);
                    return core::Status::ok();
                  })
                  .isOk());
  std::set<ContentId> kept;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i % 3 != 0) kept.insert(ids[i]);
  }
  EXPECT_EQ(listed, kept);
  // Removing nothing, or what is already gone, is fine; a removed blob can be put again.
  EXPECT_TRUE(blobs().removeMany({}).isOk());
  EXPECT_TRUE(blobs().removeMany(doomed).isOk());
  ASSERT_TRUE(blobs().put(contents[0]).isOk());
  EXPECT_EQ(*blobs().get(ids[0]), contents[0]);
}

INSTANTIATE_TEST_SUITE_P(Backends, BlobStoreContractTest,
                         ::testing::Values(Backend::kMemory, Backend::kRocksDb),
                         [](const auto& info) { return testing::backendName(info.param); });

}  // namespace
}  // namespace cairn::storage
