// jemalloc's options for Cairn's executables, read by jemalloc when it starts (before main).
// Compiled into each executable that links jemalloc (cmake/Dependencies.cmake:
// cairn_use_allocator), never into a library: jemalloc looks the symbol up in the program.
//
// Why jemalloc, and why huge pages: on this project's VMs a page fault exits to the hypervisor
// and costs ~10 µs. A 10K-triple INSERT DATA touches megabytes of fresh memory per
// transaction (parsed quads, novelty runs, merges of runs past glibc's 32 MiB mmap threshold,
// which are mapped and unmapped each time), and 500–2,000 faults added 5–20 ms to a 30 ms
// transaction. With transparent huge pages one fault maps 2 MiB. glibc can do the same only
// through the GLIBC_TUNABLES environment variable (glibc.malloc.hugetlb=1), which a process
// cannot set for itself; jemalloc takes it from this symbol. Measured in the same sitting
// (docs/BENCHMARKS.md, 2026-12-03): INSERT DATA 229–241K triples/s on glibc, 248–261K with
// glibc's huge pages, 279–283K on jemalloc with huge pages; small queries 5–20 % faster too.
//
// thp:always         madvise(MADV_HUGEPAGE) on jemalloc's extents (the kernel's THP mode is
//                    usually "madvise", so without it nothing gets huge pages);
// metadata_thp       huge pages for jemalloc's own metadata once it has grown past a few MiB;
// dirty_decay_ms:-1  freed pages stay with the process for reuse instead of going back to the
//                    kernel after ~10 s. By default a writer kept meeting purged pages again
//                    (the novelty the indexer frees, merged runs), each a fault plus zeroing
//                    2 MiB: clear_page was 18 % of the writer's samples. Without purging,
//                    INSERT DATA ran 1.18–1.31× faster in four alternating rounds and its p99
//                    transaction fell from 126–200 ms to 77–94 ms. The price: RSS stays at its
//                    high-water mark, as a buffer pool would (+25–45 % in index_bench, whose
//                    peak is a fold's), and the caches and query memory budgets bound that mark.
//                    The server gives the pages back once idle (server::MemoryReleaseService).

extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface.
const char* malloc_conf = "thp:always,metadata_thp:auto,dirty_decay_ms:-1";
}
