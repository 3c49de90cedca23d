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
// thp:always     madvise(MADV_HUGEPAGE) on jemalloc's extents (the kernel's THP mode is
//                usually "madvise", so without it nothing gets huge pages);
// metadata_thp   huge pages for jemalloc's own metadata once it has grown past a few MiB.

extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface.
const char* malloc_conf = "thp:always,metadata_thp:auto";
}
