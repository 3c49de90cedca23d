#include "server/cli/cypher_table.h"

#include <algorithm>

#include "query/value/value_text.h"

namespace cairn::server {
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

CypherTableWriter::CypherTableWriter(sparql::results::ByteOutput& out, size_t sampleRows,
                                     size_t maxWidth)
    : buffer_(out), sampleRows_(sampleRows), maxWidth_(std::max(maxWidth, kMinWidth)) {}

void CypherTableWriter::begin(const std::vector<std::string>& columns,
                              const query::value::GraphAccess& graph) {
  graph_ = &graph;
  header_ = columns;
  if (sampleRows_ == 0) releaseSample();
}

void CypherTableWriter::row(std::span<const query::value::Value> values) {
  ++rowCount_;
  std::vector<std::string> cells;
  cells.reserve(values.size());
  // Rendered now: entities' labels and properties are readable only until end().
  for (const auto& value : values) cells.push_back(query::value::toText(value, graph_));
  if (streaming_) {
    writeLine(cells);
    return;
  }
  sample_.push_back(std::move(cells));
  if (sample_.size() >= sampleRows_) releaseSample();
}

void CypherTableWriter::end() {
  graph_ = nullptr;
  if (header_.empty() && rowCount_ == 0) {
    buffer_.flush();
    return;
  }
  if (!streaming_) releaseSample();
  buffer_.append(std::to_string(rowCount_) + (rowCount_ == 1 ? " row\n" : " rows\n"));
  buffer_.flush();
}

void CypherTableWriter::releaseSample() {
  widths_.assign(header_.size(), kMinWidth);
  auto widen = [&](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size() && i < widths_.size(); ++i) {
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

void CypherTableWriter::writeLine(const std::vector<std::string>& cells) {
  std::string& out = buffer_.raw();
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
  buffer_.maybeDrain();
}

}  // namespace cairn::server
