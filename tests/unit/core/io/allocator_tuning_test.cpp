// tuneAllocatorForQueries: memory a query frees at the top of the heap stays there for the next
// one instead of going back to the kernel (glibc's malloc).

#include "core/io/allocator_tuning.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace cairn::core {
namespace {

TEST(AllocatorTuning, FreedBatchesStayInTheHeap) {
#if !defined(__GLIBC__) || defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "glibc's malloc only (sanitizers replace it)";
#else
  tuneAllocatorForQueries();
  const size_t before = mallinfo2().arena;  // bytes the main arena holds from the kernel
  constexpr size_t kBlock = 64 << 10;       // below any mmap threshold: served by the heap
  std::vector<char*> blocks;
  for (int i = 0; i < 32; ++i) {
    blocks.push_back(static_cast<char*>(std::malloc(kBlock)));
    std::memset(blocks.back(), i, kBlock);
  }
  const size_t grown = mallinfo2().arena;
  ASSERT_GE(grown, before + 16 * kBlock);
  for (char* block : blocks) std::free(block);
  // The 2 MiB freed stay with the process (untuned, about half went back to the kernel).
  EXPECT_GE(mallinfo2().arena, grown - 2 * kBlock);
#endif
}

TEST(AllocatorTuning, LargeVectorsComeFromTheHeapNotFreshMappings) {
#if !defined(__GLIBC__) || defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "glibc's malloc only (sanitizers replace it)";
#else
  tuneAllocatorForQueries();
  // A 10K-triple update's vectors grow to several MiB; mapped afresh each time, every page of
  // them faults in again.
  const size_t mappedBefore = mallinfo2().hblks;
  constexpr size_t kLarge = 8 << 20;
  char* block = static_cast<char*>(std::malloc(kLarge));
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, kLarge);
  EXPECT_EQ(mallinfo2().hblks, mappedBefore);
  std::free(block);
#endif
}

}  // namespace
}  // namespace cairn::core
