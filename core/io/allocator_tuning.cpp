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
}  // namespace

void tuneAllocatorForQueries() {
  if (mallctl != nullptr) return;  // jemalloc: glibc's settings would tune an unused allocator
#if defined(__GLIBC__)
  // Setting either fixes both (glibc stops adapting the mmap threshold once one is set).
  mallopt(M_TRIM_THRESHOLD, kTrimThresholdBytes);
  mallopt(M_MMAP_THRESHOLD, kMmapThresholdBytes);
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
