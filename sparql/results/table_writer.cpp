#include "sparql/results/table_writer.h"

namespace cairn::sparql::results {

TableWriter::TableWriter(ByteOutput& out, const WriterOptions& options)
    : SolutionWriter(out, options),
      prefixes_(options.prefixes),
      table_(buffer_, options.tableSampleRows, options.tableMaxColumnWidth) {}

void TableWriter::writeHead(const std::vector<std::string>& variables) {
  std::vector<std::string> names;
  for (const std::string& variable : variables) names.push_back("?" + variable);
  table_.header(std::move(names));
}

void TableWriter::writeRow(std::span<const core::Term* const> cells) {
  std::vector<std::string> rendered(cells.size());
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i] != nullptr) appendTurtleTerm(rendered[i], cells[i]->view(), &prefixes_);
  }
  table_.row(std::move(rendered));
}

void TableWriter::writeBoolean(bool value) { buffer_.append(value ? "true\n" : "false\n"); }

void TableWriter::writeTail() { table_.finish(); }

}  // namespace cairn::sparql::results
