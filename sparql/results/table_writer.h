#pragma once
// A human-readable table for the CLI (text/plain): terms in Turtle syntax (compacted by the
// query's prefixes) in a TextTable (text_table.h: pipe columns, widths from the first
// `tableSampleRows` rows, a row count at the end). ASK answers are the word "true" or "false".

#include "sparql/results/term_text.h"
#include "sparql/results/text_table.h"
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

  PrefixMap prefixes_;
  TextTable table_;
};

}  // namespace cairn::sparql::results
