#include "server/cli/cypher_table.h"

#include "query/value/value_text.h"

namespace cairn::server {

CypherTableWriter::CypherTableWriter(sparql::results::ByteOutput& out, size_t sampleRows,
                                     size_t maxWidth)
    : buffer_(out), table_(buffer_, sampleRows, maxWidth) {}

void CypherTableWriter::begin(const std::vector<std::string>& columns,
                              const query::value::GraphAccess& graph) {
  graph_ = &graph;
  table_.header(columns);
}

void CypherTableWriter::row(std::span<const query::value::Value> values) {
  std::vector<std::string> cells;
  cells.reserve(values.size());
  // Rendered now: entities' labels and properties are readable only until end().
  for (const auto& value : values) cells.push_back(query::value::toText(value, graph_));
  table_.row(std::move(cells));
}

void CypherTableWriter::end() {
  graph_ = nullptr;
  if (!table_.empty()) table_.finish();
  buffer_.flush();
}

}  // namespace cairn::server
