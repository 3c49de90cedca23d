#include "tests/support/cypher_ledger.h"

#include "core/error.h"
#include "cypher/statement/statement_runner.h"
#include "query/exec/plan_info.h"
#include "query/value/value_text.h"

namespace cairn::testing {

void TextRows::begin(const std::vector<std::string>& names,
                     const query::value::GraphAccess& graph) {
  columns = names;
  graph_ = &graph;
}

void TextRows::row(std::span<const query::value::Value> row) {
  std::string line;
  for (size_t i = 0; i < row.size(); ++i) {
    line += (i ? " | " : "") + query::value::toText(row[i], graph_);
  }
  rows.push_back(std::move(line));
  values.emplace_back(row.begin(), row.end());
}

std::string explainText(index::LiveLedger& ledger, const std::string& statement) {
  TextRows sink;
  return query::renderPlanText(
      cypher::runStatement(ledger, "EXPLAIN " + statement, {}, {}, sink).query.plan);
}

CypherLedger::CypherLedger(const index::IndexConfig& config) : base(makeTestLedger({})) {
  auto opened = index::LiveLedger::open(*base.blobs, *base.heads, "test", nullptr, config);
  if (!opened.isOk()) throw core::Error(core::ErrorCode::kStorageError, opened.status().toString());
  live = std::move(opened).value();
}

}  // namespace cairn::testing
