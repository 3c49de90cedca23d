#include "storage/memory_blob_store.h"

#include <gtest/gtest.h>

#include <string>

namespace cairn::storage {
namespace {

using core::StatusCode;

TEST(MemoryBlobStoreTest, CorruptedBlobIsReportedNamingIt) {
  MemoryBlobStore store;
  auto id = store.put("a leaflet of facts");
  auto bystander = store.put("another blob");
  ASSERT_TRUE(id.isOk());
  ASSERT_TRUE(bystander.isOk());
  ASSERT_TRUE(store.corruptForTesting(*id));

  auto got = store.get(*id);
  ASSERT_FALSE(got.isOk());
  EXPECT_EQ(got.status().code(), StatusCode::kCorruption);
  EXPECT_NE(got.status().message().find(id->shortHex()), std::string::npos)
      << got.status().toString();
  // The damage stays with that blob; its id still exists.
  EXPECT_TRUE(store.get(*bystander).isOk());
  auto exists = store.exists(*id);
  ASSERT_TRUE(exists.isOk());
  EXPECT_TRUE(*exists);
}

TEST(MemoryBlobStoreTest, CorruptingAnEmptyBlobIsDetectedToo) {
  MemoryBlobStore store;
  auto id = store.put("");
  ASSERT_TRUE(id.isOk());
  ASSERT_TRUE(store.corruptForTesting(*id));
  EXPECT_EQ(store.get(*id).status().code(), StatusCode::kCorruption);
}

TEST(MemoryBlobStoreTest, CorruptingAnAbsentBlobIsRefused) {
  MemoryBlobStore store;
  EXPECT_FALSE(store.corruptForTesting(ContentId::of("absent")));
}

TEST(MemoryBlobStoreTest, CountsDistinctBlobsAndBytes) {
  MemoryBlobStore store;
  ASSERT_TRUE(store.put("abc").isOk());
  ASSERT_TRUE(store.put("abc").isOk());
  ASSERT_TRUE(store.putMany({"defg", "abc", ""}).isOk());
  EXPECT_EQ(store.blobCount(), 3u);
  EXPECT_EQ(store.byteCount(), 7u);
}

TEST(MemoryBlobStoreTest, FactoriesMakeWorkingStores) {
  auto blobs = makeMemoryBlobStore();
  auto id = blobs->put("x");
  ASSERT_TRUE(id.isOk());
  EXPECT_EQ(*blobs->get(*id), "x");
  auto heads = makeMemoryHeadStore();
  ASSERT_TRUE(heads->compareAndSetHead("h", ContentId{}, *id).isOk());
  EXPECT_EQ(*heads->getHead("h"), *id);
}

}  // namespace
}  // namespace cairn::storage
