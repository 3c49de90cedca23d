#pragma once
// Cuts an InputSource into chunks of about `chunkBytes` that end just after a '\n' (the last
// chunk may end without one), so line-based formats can be parsed chunk by chunk, possibly in
// parallel. Each chunk comes with the number of its first line (lines counted by '\n', from 1);
// CRLF stays inside one chunk. A line longer than chunkBytes makes one longer chunk: lines are
// never split. Not thread-safe: one thread reads chunks and hands them out.

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/io/input_source.h"
#include "core/status.h"

namespace cairn::core::io {

class LineChunker {
 public:
  LineChunker(InputSource& input, size_t chunkBytes);

  // Replaces `chunk` with the next chunk (its capacity is reused) and sets `firstLine`.
  // Returns false at the end of the input, with `chunk` empty.
  Result<bool> next(std::string& chunk, uint64_t& firstLine);

 private:
  InputSource& input_;
  const size_t chunkBytes_;
  std::string carry_;  // bytes after the last '\n' of the previous chunk
  uint64_t nextLine_ = 1;
  bool eof_ = false;
};

}  // namespace cairn::core::io
