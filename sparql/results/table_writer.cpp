#include "sparql/results/table_writer.h"

#include <algorithm>

namespace cairn::sparql::results {
namespace {

constexpr size_t kMinWidth = 4;  // room for "..." plus one character

size_t codePoints(std::string_view s) {
  size_t n = 0;
  for (char c : s) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  }
  return n;
}

// The byte offset where the code point numbered `count` starts (or the size).
size_t byteOffsetOfCodePoint(std::string_view s, size_t count) {
  size_t seen = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (seen == count) return i;
      ++seen;
    }
  }
  return s.size();
}

}  // namespace

TableWriter::TableWriter(ByteOutput& out, const WriterOptions& options)
    : SolutionWriter(out, options),
      prefixes_(options.prefixes),
      sampleRows_(options.tableSampleRows),
      maxWidth_(std::max(options.tableMaxColumnWidth, kMinWidth)) {}

void TableWriter::writeHead(const std::vector<std::string>& variables) {
  header_.clear();
  for (const std::string& variable : variables) header_.push_back("?" + variable);
  if (sampleRows_ == 0) releaseSample();
}

void TableWriter::writeRow(std::span<const core::Term* const> cells) {
  ++rowCount_;
  std::vector<std::string> rendered(cells.size());
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i] != nullptr) appendTurtleTerm(rendered[i], cells[i]->view(), &prefixes_);
  }
  if (streaming_) {
    writeLine(rendered);
    return;
  }
  sample_.push_back(std::move(rendered));
  if (sample_.size() >= sampleRows_) releaseSample();
}

void TableWriter::writeBoolean(bool value) { buffer_.append(value ? "true\n" : "false\n"); }

void TableWriter::writeTail() {
  if (!streaming_) releaseSample();
  buffer_.append(std::to_string(rowCount_) + (rowCount_ == 1 ? " row\n" : " rows\n"));
}

void TableWriter::releaseSample() {
  widths_.assign(header_.size(), kMinWidth);
  auto widen = [&](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size(); ++i) {
      widths_[i] = std::min(maxWidth_, std::max(widths_[i], codePoints(cells[i])));
    }
  };
  widen(header_);
  for (const auto& row : sample_) widen(row);

  writeLine(header_);
  std::string& out = buffer_.raw();
  out += '|';
  for (size_t width : widths_) {
    out.append(width + 2, '-');
    out += '|';
  }
  out += '\n';
  for (const auto& row : sample_) writeLine(row);
  sample_.clear();
  sample_.shrink_to_fit();
  streaming_ = true;
}

void TableWriter::writeLine(const std::vector<std::string>& cells) {
  std::string& out = buffer_.raw();
  out += '|';
  for (size_t i = 0; i < cells.size(); ++i) {
    std::string_view cell = cells[i];
    size_t length = codePoints(cell);
    out += ' ';
    if (length > widths_[i]) {
      out += cell.substr(0, byteOffsetOfCodePoint(cell, widths_[i] - 3));
      out += "...";
    } else {
      out += cell;
      out.append(widths_[i] - length, ' ');
    }
    out += " |";
  }
  out += '\n';
  buffer_.maybeDrain();
}

}  // namespace cairn::sparql::results
