#pragma once
// A human-readable table for the CLI (text/plain): Markdown-style pipe columns, terms in
// Turtle syntax (compacted by the query's prefixes), a row count at the end.
//
// Column widths come from the header and the first `tableSampleRows` rows, which are held back
// until the sample is full (or the result ends); after that rows stream with those widths, and
// a wider cell is cut to the width, ending in "...". Widths count code points, so wide (CJK)
// and combining characters can still misalign. ASK answers are the word "true" or "false".

#include "sparql/results/term_text.h"
#include "sparql/results/writer_base.h"

namespace cairn::sparql::results {

class TableWriter final : public SolutionWriter {
 public:
  TableWriter(ByteOutput& out, const WriterOptions& options);

 private:
  void writeHead(const std::vector<std::string>& variables) override;
  void writeRow(std::span<const core::Term* const> cells) override;
  void writeBoolean(bool value) override;
  void writeTail() override;

  // Writes the header and the held-back rows with widths computed from them.
  void releaseSample();
  void writeLine(const std::vector<std::string>& cells);

  PrefixMap prefixes_;
  size_t sampleRows_;
  size_t maxWidth_;
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> sample_;
  std::vector<size_t> widths_;
  bool streaming_ = false;  // the sample was released; rows now go straight out
  uint64_t rowCount_ = 0;
};

}  // namespace cairn::sparql::results
