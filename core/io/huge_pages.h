#pragma once
// adviseHugePages: asks the kernel to back a large buffer with transparent huge pages (2 MiB)
// when it first touches it. On this project's VMs a 4 KiB page fault costs about a microsecond,
// so filling a 400 MB buffer of import rows faulted ~100K times; with huge pages, ~200 times.
// Only a hint: without THP (or outside Linux) nothing changes. Call it before writing the
// buffer; pages already touched keep their size.

#include <cstddef>

namespace cairn::core {

void adviseHugePages(void* data, size_t bytes);

}  // namespace cairn::core
