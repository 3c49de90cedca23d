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
// lg_extent_max_active_fit:16
//                    lets a request reuse a free extent up to 2^16 times its size (default
//                    2^6), splitting it. With the default and no purging, a free extent much
//                    larger than every later request is never reused, so the heap grew without
//                    bound under queries whose hash tables vary in size: Pokec 100K 4-hop
//                    expansions from random vertices took `cairn serve` to 1.3 GiB after 400
//                    queries, 3.7 GiB after 1,500 and 5.5 GiB after 2,300, nearly all of it
//                    free pages (cairn_allocator_retained_free_bytes), each new 2 MiB faulted
//                    and zeroed (clear_page 13 % of the server's samples). With 2^16: 0.78,
//                    0.93 and 0.93 GiB after 400, 1,500 and 3,000 queries, at the same speed.

extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface.
const char* malloc_conf = "thp:always,metadata_thp:auto,dirty_decay_ms:-1,lg_extent_max_active_fit:16";
}
