#include "sparql/results/text_table.h"

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

TextTable::TextTable(OutputBuffer& out, size_t sampleRows, size_t maxWidth)
    : out_(out), sampleRows_(sampleRows), maxWidth_(std::max(maxWidth, kMinWidth)) {}

void TextTable::header(std::vector<std::string> names) {
  header_ = std::move(names);
  if (sampleRows_ == 0) releaseSample();
}

void TextTable::row(std::vector<std::string> cells) {
  ++rowCount_;
  if (streaming_) {
    writeLine(cells);
    return;
  }
  sample_.push_back(std::move(cells));
  if (sample_.size() >= sampleRows_) releaseSample();
}

void TextTable::finish() {
  if (!streaming_) releaseSample();
  out_.append(std::to_string(rowCount_) + (rowCount_ == 1 ? " row\n" : " rows\n"));
}

void TextTable::releaseSample() {
  widths_.assign(header_.size(), kMinWidth);
  auto widen = [&](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size() && i < widths_.size(); ++i) {
      widths_[i] = std::min(maxWidth_, std::max(widths_[i], codePoints(cells[i])));
    }
  };
  widen(header_);
  for (const auto& row : sample_) widen(row);

  writeLine(header_);
  std::string& out = out_.raw();
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

void TextTable::writeLine(const std::vector<std::string>& cells) {
  std::string& out = out_.raw();
  out += '|';
  for (size_t i = 0; i < cells.size() && i < widths_.size(); ++i) {
    std::string_view cell = cells[i];
    const size_t length = codePoints(cell);
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
  out_.maybeDrain();
}

}  // namespace cairn::sparql::results
