#include "core/io/allocator_tuning.h"

#include <cstdlib>  // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace cairn::core {

namespace {
constexpr int kTrimThresholdBytes = 32 << 20;
constexpr int kMmapThresholdBytes = 32 << 20;
}  // namespace

void tuneAllocatorForQueries() {
#if defined(__GLIBC__)
  // Setting either fixes both (glibc stops adapting the mmap threshold once one is set).
  mallopt(M_TRIM_THRESHOLD, kTrimThresholdBytes);
  mallopt(M_MMAP_THRESHOLD, kMmapThresholdBytes);
#endif
}

}  // namespace cairn::core
