#include "sparql/results/csv_tsv_writer.h"

#include "sparql/results/term_text.h"

namespace cairn::sparql::results {

void appendCsvField(std::string& out, std::string_view value) {
  if (value.find_first_of("\",\r\n") == std::string_view::npos) {
    out += value;
    return;
  }
  out += '"';
  for (char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void CsvResultWriter::writeHead(const std::vector<std::string>& variables) {
  std::string& out = buffer_.raw();
  for (size_t i = 0; i < variables.size(); ++i) {
    if (i > 0) out += ',';
    appendCsvField(out, variables[i]);
  }
  out += "\r\n";
  buffer_.maybeDrain();
}

void CsvResultWriter::writeRow(std::span<const core::Term* const> cells) {
  std::string& out = buffer_.raw();
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += ',';
    const core::Term* term = cells[i];
    if (term == nullptr) continue;
    if (term->kind == core::TermKind::kBlank) {
      std::string label;
      appendBlankNode(label, term->value);
      appendCsvField(out, label);
    } else {
      appendCsvField(out, term->value);
    }
  }
  out += "\r\n";
  buffer_.maybeDrain();
}

void CsvResultWriter::writeBoolean(bool value) { buffer_.append(value ? "true\r\n" : "false\r\n"); }

void TsvResultWriter::writeHead(const std::vector<std::string>& variables) {
  std::string& out = buffer_.raw();
  for (size_t i = 0; i < variables.size(); ++i) {
    if (i > 0) out += '\t';
    out += '?';
    out += variables[i];
  }
  out += '\n';
  buffer_.maybeDrain();
}

void TsvResultWriter::writeRow(std::span<const core::Term* const> cells) {
  std::string& out = buffer_.raw();
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += '\t';
    if (cells[i] != nullptr) appendTurtleTerm(out, cells[i]->view());
  }
  out += '\n';
  buffer_.maybeDrain();
}

void TsvResultWriter::writeBoolean(bool value) { buffer_.append(value ? "true\n" : "false\n"); }

}  // namespace cairn::sparql::results
