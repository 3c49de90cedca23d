#pragma once
// RewriteTestFixture: what the tests of one Cypher rewrite or fast path share — an in-memory
// ledger open for writes, statements written to it, a statement's rows (sorted) with the
// rewrite on or switched off (QueryOptions::disabledRewrites) and batches of a given size, and
// its plan as text.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cypher/statement/statement_runner.h"
#include "query/exec/plan_info.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {

class RewriteTestFixture : public ::testing::Test {
 protected:
  explicit RewriteTestFixture(std::string_view rewrite) : rewrite_(rewrite) {}

  void write(const std::string& text) {
    testing::TextRows sink;
    runStatement(*live_, text, {}, query::QueryOptions{}, sink);
  }
  // The statement's rows, sorted; without the rewrite unless `rewritten`; batchRows 0: the
  // engine's default.
  std::vector<std::string> rows(const std::string& text, bool rewritten, size_t batchRows = 0) {
    query::QueryOptions options;
    options.batchRows = batchRows;
    if (!rewritten) options.disabledRewrites.insert(rewrite_);
    testing::TextRows sink;
    runStatement(*live_, text, {}, options, sink);
    std::sort(sink.rows.begin(), sink.rows.end());
    return sink.rows;
  }
  std::string plan(const std::string& text) { return testing::explainText(*live_, text); }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;

 private:
  std::string rewrite_;
};

}  // namespace cairn::cypher
