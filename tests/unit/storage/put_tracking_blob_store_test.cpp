// PutTrackingBlobStore: it forwards everything; while tracking, removeUnlessPut() never removes a
// blob put since tracking began (even one whose bytes were already stored), including a put that
// races the removal itself.

#include "storage/put_tracking_blob_store.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "storage/forwarding_blob_store.h"
#include "storage/memory_blob_store.h"

namespace cairn::storage {
namespace put_tracking_blob_store_test {

std::vector<ContentId> putAll(BlobStore& store, const std::vector<std::string>& contents) {
  std::vector<ContentId> ids;
  for (const std::string& bytes : contents) ids.push_back(*store.put(bytes));
  return ids;
}

std::vector<std::string> numbered(const std::string& prefix, int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(prefix + std::to_string(i));
  return out;
}

TEST(PutTrackingBlobStoreTest, ForwardsEverything) {
  MemoryBlobStore inner;
  PutTrackingBlobStore store(inner);
  const ContentId id = *store.put("one");
  const auto many = store.putMany({"two", "three"});
  ASSERT_TRUE(many.isOk());
  EXPECT_EQ(*inner.get(id), "one");
  EXPECT_EQ(*store.get((*many)[1]), "three");
  EXPECT_TRUE(*store.exists((*many)[0]));
  EXPECT_TRUE(store.sync().isOk());
  size_t listed = 0;
  ASSERT_TRUE(store
                  .forEachBlob([&](const ContentId&, uint64_t) {
                    ++listed;
                    return core::Status::ok();
                  })
                  .isOk());
  EXPECT_EQ(listed, 3u);
  // Not tracking: a removal removes everything it names.
  EXPECT_FALSE(store.tracking());
  const std::vector<ContentId> both{id, (*many)[0]};
  const auto removed = store.removeUnlessPut(both);
  ASSERT_TRUE(removed.isOk());
  EXPECT_EQ(*removed, both);
  EXPECT_EQ(inner.blobCount(), 1u);
}

TEST(PutTrackingBlobStoreTest, BlobsPutWhileTrackingAreNeverRemoved) {
  MemoryBlobStore inner;
  PutTrackingBlobStore store(inner);
  const std::vector<std::string> old = numbered("old ", 10);
  const std::vector<ContentId> oldIds = putAll(store, old);
  ASSERT_TRUE(store.startTracking().isOk());
  EXPECT_TRUE(store.tracking());
  // A second collection cannot start while one tracks.
  EXPECT_EQ(store.startTracking().code(), core::StatusCode::kInvalidArgument);

  // Put again while tracking: old 2 by put(), old 5 and old 7 by putMany(); and a new blob.
  ASSERT_TRUE(store.put(old[2]).isOk());
  ASSERT_TRUE(store.putMany({old[5], old[7]}).isOk());
  const ContentId fresh = *store.put("new while tracking");
  EXPECT_EQ(store.trackedCount(), 4u);

  std::vector<ContentId> candidates = oldIds;
  candidates.push_back(fresh);
  const std::vector<ContentId> expected{oldIds[0], oldIds[1], oldIds[3], oldIds[4],
                                        oldIds[6], oldIds[8], oldIds[9]};
  EXPECT_EQ(store.notPutSinceTracking(candidates), expected);
  EXPECT_EQ(inner.blobCount(), 11u);  // counting removed nothing
  const auto removed = store.removeUnlessPut(candidates);
  ASSERT_TRUE(removed.isOk()) << removed.status().toString();
  EXPECT_EQ(*removed, expected);
  for (int i : {2, 5, 7}) EXPECT_EQ(*inner.get(oldIds[i]), old[i]);
  EXPECT_TRUE(*inner.exists(fresh));
  EXPECT_EQ(inner.blobCount(), 4u);

  // removeMany() is the same filtered removal.
  ASSERT_TRUE(store.removeMany(candidates).isOk());
  EXPECT_EQ(inner.blobCount(), 4u);

  store.stopTracking();
  EXPECT_EQ(store.trackedCount(), 0u);
  ASSERT_TRUE(store.removeMany(candidates).isOk());
  EXPECT_EQ(inner.blobCount(), 0u);
  // Tracking can start again, with nothing recorded.
  ASSERT_TRUE(store.startTracking().isOk());
  EXPECT_EQ(store.trackedCount(), 0u);
}

// An inner store whose removal waits until the test lets it finish.
class GatedRemovalStore final : public ForwardingBlobStore {
 public:
  // The base only stores the reference to memory_, built after it; nothing reads it before.
  GatedRemovalStore() : ForwardingBlobStore(memory_) {}

  core::Status removeMany(std::span<const ContentId> ids) override {
    std::unique_lock lock(mutex_);
    removing_ = true;
    changed_.notify_all();
    changed_.wait(lock, [&] { return released_; });
    return ForwardingBlobStore::removeMany(ids);
  }
  void awaitRemoving() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return removing_; });
  }
  void release() {
    std::lock_guard lock(mutex_);
    released_ = true;
    changed_.notify_all();
  }

 private:
  MemoryBlobStore memory_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool removing_ = false;
  bool released_ = false;
};

TEST(PutTrackingBlobStoreTest, APutRacingTheRemovalKeepsItsBlob) {
  GatedRemovalStore inner;
  PutTrackingBlobStore store(inner);
  const ContentId garbage = *store.put("unreachable, then written again");
  ASSERT_TRUE(store.startTracking().isOk());
  const std::vector<ContentId> candidates{garbage};
  std::thread collector([&] { EXPECT_TRUE(store.removeUnlessPut(candidates).isOk()); });
  inner.awaitRemoving();
  // A writer puts the same bytes while the removal is under way. It must not finish first (the
  // removal would then delete what it just wrote): it waits and writes after.
  std::atomic<bool> written{false};
  std::thread writer([&] {
    EXPECT_TRUE(store.put("unreachable, then written again").isOk());
    written = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(written.load());
  inner.release();
  collector.join();
  writer.join();
  EXPECT_TRUE(*store.exists(garbage));
}

}  // namespace put_tracking_blob_store_test
}  // namespace cairn::storage
