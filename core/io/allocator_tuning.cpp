#include "core/io/allocator_tuning.h"

#include <cstdlib>  // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#include <malloc.h>
#endif

// jemalloc's control interface: defined when the executable links jemalloc (cmake
// cairn_use_allocator), null otherwise — weak, so the libraries link either way.
extern "C" int mallctl(const char* name, void* oldp, size_t* oldlenp, void* newp, size_t newlen)
    __attribute__((weak));

namespace cairn::core {

namespace {
constexpr int kTrimThresholdBytes = 32 << 20;
constexpr int kMmapThresholdBytes = 32 << 20;

// jemalloc's MALLCTL_ARENAS_ALL: "arena.4096.*" and "stats.arenas.4096.*" mean every arena.
constexpr const char* kAllArenasPurge = "arena.4096.purge";
constexpr const char* kAllArenasDirtyPages = "stats.arenas.4096.pdirty";
constexpr const char* kAllArenasMuzzyPages = "stats.arenas.4096.pmuzzy";

std::optional<uint64_t> jemallocRetainedFreeBytes() {
  // Statistics are a snapshot taken when "epoch" is written.
  uint64_t epoch = 1;
  size_t size = sizeof epoch;
  if (mallctl("epoch", &epoch, &size, &epoch, size) != 0) return std::nullopt;
  size_t page = 0;
  size = sizeof page;
  if (mallctl("arenas.page", &page, &size, nullptr, 0) != 0) return std::nullopt;
  uint64_t pages = 0;
  for (const char* name : {kAllArenasDirtyPages, kAllArenasMuzzyPages}) {
    size_t count = 0;
    size = sizeof count;
    if (mallctl(name, &count, &size, nullptr, 0) != 0) return std::nullopt;
    pages += count;
  }
  return pages * page;
}
}  // namespace

void tuneAllocatorForQueries() {
  if (mallctl != nullptr) return;  // jemalloc: glibc's settings would tune an unused allocator
#if defined(__GLIBC__)
  // Setting either fixes both (glibc stops adapting the mmap threshold once one is set).
  mallopt(M_TRIM_THRESHOLD, kTrimThresholdBytes);
  mallopt(M_MMAP_THRESHOLD, kMmapThresholdBytes);
#endif
}

std::optional<uint64_t> allocatorRetainedFreeBytes() {
  if (mallctl != nullptr) return jemallocRetainedFreeBytes();
#if defined(__GLIBC__)
  return static_cast<uint64_t>(mallinfo2().fordblks);
#else
  return std::nullopt;
#endif
}

void releaseFreeMemory() {
  if (mallctl != nullptr) {
    mallctl(kAllArenasPurge, nullptr, nullptr, nullptr, 0);
    return;
  }
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

std::string allocatorInUse() {
  if (mallctl != nullptr) {
    std::string out = "jemalloc";
    const char* text = nullptr;
    size_t size = sizeof text;
    if (mallctl("version", &text, &size, nullptr, 0) == 0 && text != nullptr) {
      const std::string version = text;  // "5.3.0-0-g54eaed1d…": the release is enough
      out += " " + version.substr(0, version.find('-'));
    }
    size = sizeof text;
    if (mallctl("opt.thp", &text, &size, nullptr, 0) == 0 && text != nullptr) {
      out += std::string(", thp ") + text;
    }
    return out;
  }
#if defined(__GLIBC__)
  return std::string("glibc ") + gnu_get_libc_version() + " malloc";
#else
  return "the C library's malloc";
#endif
}

}  // namespace cairn::core
