#pragma once
// Rows of text cells as a human-readable table: Markdown-style pipe columns under a header, a
// row count at the end. Column widths come from the header and the first `sampleRows` rows,
// which are held back until the sample is full (or the table ends); after that rows stream with
// those widths, and a wider cell is cut to the width, ending in "...". Widths count code points,
// so wide (CJK) and combining characters can still misalign. Shared by the SPARQL table writer
// and the CLI's Cypher table. Not thread-safe.

#include <cstdint>
#include <string>
#include <vector>

#include "sparql/results/byte_output.h"

namespace cairn::sparql::results {

class TextTable {
 public:
  TextTable(OutputBuffer& out, size_t sampleRows, size_t maxWidth);

  void header(std::vector<std::string> names);
  void row(std::vector<std::string> cells);
  // Writes what is held back and the row count.
  void finish();

  bool empty() const { return header_.empty() && rowCount_ == 0; }

 private:
  void releaseSample();
  void writeLine(const std::vector<std::string>& cells);

  OutputBuffer& out_;
  size_t sampleRows_;
  size_t maxWidth_;
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> sample_;
  std::vector<size_t> widths_;
  bool streaming_ = false;  // the sample was released; rows now go straight out
  uint64_t rowCount_ = 0;
};

}  // namespace cairn::sparql::results
