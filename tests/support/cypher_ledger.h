#pragma once
// What the Cypher statement tests share: an empty in-memory ledger opened for writes
// (CypherLedger) and a sink that keeps each row as openCypher text (TextRows).

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "index/write/live_ledger.h"
#include "query/engine/cypher_query.h"
#include "tests/support/test_ledger.h"

namespace cairn::testing {

// Rows as text: openCypher's rendering of each value (query/value/value_text.h), " | " between
// columns; also the values themselves and the columns begin() announced.
class TextRows final : public query::ValueSink {
 public:
  void begin(const std::vector<std::string>& names,
             const query::value::GraphAccess& graph) override;
  void row(std::span<const query::value::Value> values) override;
  void end() override {}

  std::vector<std::string> columns;
  std::vector<std::string> rows;
  std::vector<std::vector<query::value::Value>> values;

 private:
  const query::value::GraphAccess* graph_ = nullptr;
};

// The plan of `statement` on `ledger` as EXPLAIN renders it (text).
std::string explainText(index::LiveLedger& ledger, const std::string& statement);

// An empty ledger "test" in memory stores, open for commits. Throws core::Error on failure.
// `config`: IndexConfig::tiny() for leaflets and scan batches of a few rows.
struct CypherLedger {
  explicit CypherLedger(const index::IndexConfig& config = index::IndexConfig::defaults());

  TestLedger base;
  std::shared_ptr<index::LiveLedger> live;
};

}  // namespace cairn::testing
