// The BlobStore contract, run against every backend.

#include <gtest/gtest.h>

#include <random>
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

INSTANTIATE_TEST_SUITE_P(Backends, BlobStoreContractTest,
                         ::testing::Values(Backend::kMemory, Backend::kRocksDb),
                         [](const auto& info) { return testing::backendName(info.param); });

}  // namespace
}  // namespace cairn::storage
