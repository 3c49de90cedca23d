#pragma once
// Buffered N-Triples output of Blocks (block.h), with a hard statement limit: once `limit`
// statements are written every further one is dropped, so the generator may finish an entity
// without checking after each statement. Counts statements per predicate for --stats.
// Literals are plain (no datatype, no language) and escaped per RDF 1.1 N-Triples.
// Not thread-safe; one writer per stream.

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "bench/watdiv/block.h"
#include "bench/watdiv/vocabulary.h"

namespace cairn::bench::watdiv {

class TripleWriter {
 public:
  // `out` stays owned by the caller and must outlive the writer.
  TripleWriter(std::FILE* out, uint64_t limit);
  TripleWriter(const TripleWriter&) = delete;
  TripleWriter& operator=(const TripleWriter&) = delete;

  bool full() const { return written_ >= limit_; }
  uint64_t written() const { return written_; }
  uint64_t bytes() const { return flushedBytes_ + pos_; }
  const std::array<uint64_t, kPredicateCount>& predicateCounts() const { return counts_; }

  // Writes the block's statements in order until the limit. True if all of them fit.
  bool write(const Block& block);
  // Writes out the buffer and flushes the stream; false on an I/O error.
  bool finish();

 private:
  static constexpr size_t kBufferSize = size_t{8} << 20;

  void reserve(size_t n);
  void flushBuffer();
  void put(std::string_view s);
  void putNode(const Node& node);
  void putQuoted(std::string_view s);

  std::FILE* out_;
  uint64_t limit_;
  std::unique_ptr<char[]> buf_;
  size_t pos_ = 0;
  uint64_t flushedBytes_ = 0;
  bool ioError_ = false;
  uint64_t written_ = 0;
  std::array<std::string, kPredicateCount> predicateText_;  // "<iri>"
  std::array<uint64_t, kPredicateCount> counts_{};
};

}  // namespace cairn::bench::watdiv
