#pragma once
// tuneAllocatorForQueries: malloc settings for Cairn's long-running processes (the server, the
// CLI, the benchmarks). By default glibc gives memory back to the kernel whenever the free space
// at the top of a heap passes 128 KiB, and maps large blocks afresh (an adaptive threshold). A
// query frees its scan batches when it ends, so the next query faulted the same pages in again;
// on this project's VMs a fault is an exit to the hypervisor, and a LIMIT 10 scan at 100K
// triples spent ~90 % of its 270 µs in them. Keeping up to 32 MiB of free heap per arena and
// mapping only blocks above 32 MiB (glibc's own adaptive ceiling) keeps those pages; the price is
// RSS up to 32 MiB per arena above what is in use after a burst. A no-op outside glibc.
//
// The mapping threshold must not be lower: setting either value stops glibc adapting the other,
// and at 4 MiB every vector of a 10K-triple update that grew past it was mapped, faulted in and
// unmapped again (parse CPU 57 ms instead of 21 per transaction).

#include <cstdint>
#include <optional>
#include <string>

namespace cairn::core {

// A no-op when the executable runs on jemalloc (cmake/Dependencies.cmake: cairn_use_allocator,
// core/io/jemalloc_conf.cpp), which keeps freed pages by its own decay rules.
void tuneAllocatorForQueries();

// The allocator this process runs on, for logs and benchmark reports: "jemalloc 5.3.0, thp
// always" or "glibc 2.36 malloc".
std::string allocatorInUse();

// Freed memory the allocator keeps mapped for reuse rather than giving back to the kernel, in
// bytes: on jemalloc its arenas' dirty and muzzy pages (all of them stay: jemalloc_conf.cpp sets
// dirty_decay_ms:-1), on glibc the free bytes inside its arenas. Nullopt when the allocator
// cannot say.
std::optional<uint64_t> allocatorRetainedFreeBytes();

// Gives the memory counted by allocatorRetainedFreeBytes back to the kernel (jemalloc: purges
// every arena; glibc: malloc_trim). Memory in use is untouched; what is freed afterwards is
// retained again. Costs page faults later if the process allocates as much again, so it is for
// a process gone idle (server::MemoryReleaseService). Thread-safe.
void releaseFreeMemory();

}  // namespace cairn::core
