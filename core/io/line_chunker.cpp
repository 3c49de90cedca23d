#include "core/io/line_chunker.h"

#include <algorithm>
#include <cstring>

namespace cairn::core::io {

LineChunker::LineChunker(InputSource& input, size_t chunkBytes)
    : input_(input), chunkBytes_(std::max<size_t>(chunkBytes, 1)) {}

Result<bool> LineChunker::next(std::string& chunk, uint64_t& firstLine) {
  chunk.assign(carry_);
  carry_.clear();
  // Bytes before `searched` were scanned for a line end already (long lines stay linear).
  size_t searched = 0;
  size_t cut = std::string::npos;  // end of the chunk: one past its last '\n'
  for (;;) {
    if (chunk.size() >= chunkBytes_) {
      // Prefer the last '\n' within the target size, else the first one after it.
      const void* nl = nullptr;
      if (searched == 0) {
        nl = memrchr(chunk.data(), '\n', chunkBytes_);
        searched = chunkBytes_;
      }
      if (nl == nullptr && chunk.size() > searched) {
        nl = std::memchr(chunk.data() + searched, '\n', chunk.size() - searched);
      }
      if (nl != nullptr) {
        cut = static_cast<const char*>(nl) - chunk.data() + 1;
        break;
      }
      searched = chunk.size();
    }
    if (eof_) break;
    const size_t old = chunk.size();
    // Read up to the target size, but at least a reasonable block (not more than the target,
    // so small test chunk sizes do not drag large carries along).
    const size_t want = std::max(chunkBytes_ - std::min(old, chunkBytes_),
                                 std::min(chunkBytes_, size_t{64 * 1024}));
    chunk.resize(old + want);
    Result<size_t> got = input_.read(chunk.data() + old, want);
    if (!got) {
      chunk.resize(old);
      return got.status();
    }
    chunk.resize(old + *got);
    if (*got == 0) eof_ = true;
  }
  if (cut != std::string::npos && cut < chunk.size()) {
    carry_.assign(chunk, cut, std::string::npos);
    chunk.resize(cut);
  }
  if (chunk.empty()) return false;
  firstLine = nextLine_;
  nextLine_ += static_cast<uint64_t>(std::count(chunk.begin(), chunk.end(), '\n'));
  return true;
}

}  // namespace cairn::core::io
