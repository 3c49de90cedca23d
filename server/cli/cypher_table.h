#pragma once
// A Cypher answer as a human-readable table for `cairn query --lang cypher` (the default
// format): pipe-separated columns headed by the column names, each value as openCypher writes it
// (query/value/value_text.h: 'text', 1.0, (:Label {k: 1}), [:T], <(:A)-[:T]->(:B)>), and a row
// count at the end, laid out by the SPARQL table's TextTable (sparql/results/text_table.h). A
// statement without columns (an update) prints no table. Not thread-safe.

#include <string>
#include <vector>

#include "query/engine/cypher_query.h"
#include "sparql/results/byte_output.h"
#include "sparql/results/text_table.h"

namespace cairn::server {

class CypherTableWriter final : public query::ValueSink {
 public:
  explicit CypherTableWriter(sparql::results::ByteOutput& out, size_t sampleRows = 1000,
                             size_t maxWidth = 80);

  void begin(const std::vector<std::string>& columns,
             const query::value::GraphAccess& graph) override;
  void row(std::span<const query::value::Value> values) override;
  // Writes what is held back and the row count, and flushes.
  void end() override;

 private:
  sparql::results::OutputBuffer buffer_;
  sparql::results::TextTable table_;
  const query::value::GraphAccess* graph_ = nullptr;
};

}  // namespace cairn::server
