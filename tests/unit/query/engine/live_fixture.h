#pragma once
// LiveFixture: a ledger indexed from Turtle/TriG text (ex: = http://example.org/) and opened as a
// LiveLedger, so tests can commit updates over it (novelty on top of the index) and run queries
// against its latest snapshot, at any t.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

#include "index/write/live_ledger.h"
#include "query/exec/plan_info.h"
#include "query/update/update_executor.h"
#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {

struct LiveFixture {
  TestLedger base;
  std::shared_ptr<index::LiveLedger> live;  // null when it could not be opened (a failure)
  uint64_t baseT = 0;                       // the t of the indexed state

  // The index built with tiny leaflets when `tiny`; the live ledger with `liveConfig`, by
  // default the same.
  LiveFixture(const std::string& data, bool tiny,
              std::optional<index::IndexConfig> liveConfig = std::nullopt)
      : base(exampleLedger(data, tiny)) {
    auto opened = index::LiveLedger::open(
        *base.blobs, *base.heads, "test", nullptr,
        liveConfig ? *liveConfig
                   : (tiny ? index::IndexConfig::tiny() : index::IndexConfig::defaults()));
    EXPECT_TRUE(opened.isOk()) << opened.status().toString();
    if (!opened.isOk()) return;
    live = std::move(opened).value();
    baseT = live->snapshot()->t();
  }

  // Commits a SPARQL Update (ex: and xsd: declared).
  void update(const std::string& text) {
    query::executeUpdate(*live,
                         sparql::parseUpdate("PREFIX ex: <http://example.org/>\n"
                                             "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n" +
                                             text),
                         {});
  }

  RunResult run(const std::string& sparql, const query::QueryOptions& options = {}) const {
    query::Query q = parseExample(sparql);
    sparql::results::CollectingSink sink;
    RunResult out;
    out.report = query::executeQuery(*live->snapshot(), q, options, sink);
    out.result = sink.take();
    return out;
  }
};

// A rewrite against the plan without it: `sparql` on `f` with and without `rewrite`, at the
// default batch size and at batches of one and two rows, must give the same rows (`context`
// is printed on a difference). Adds to `runs` per batch size; to `chosen` when the rewritten
// plan has operator `op`; to `nonEmpty` when the answer has rows.
struct RewriteComparison {
  int runs = 0;
  int chosen = 0;
  int nonEmpty = 0;
};
inline void compareWithoutRewrite(const LiveFixture& f, const std::string& sparql,
                                  const std::string& rewrite, const std::string& op,
                                  const std::string& context, RewriteComparison& counts) {
  for (size_t batchRows : {size_t{0}, size_t{1}, size_t{2}}) {
    query::QueryOptions options;
    options.batchRows = batchRows;
    query::QueryOptions without = options;
    without.disabledRewrites.insert(rewrite);
    RunResult a = f.run(sparql, options);
    RunResult b = f.run(sparql, without);
    counts.chosen += findOp(a.report.plan, op) != nullptr;
    counts.nonEmpty += !b.result.rows.empty();
    ++counts.runs;
    EXPECT_EQ(sortedRows(a.result), sortedRows(b.result))
        << context << " batchRows " << batchRows << "\n"
        << sparql << "\n"
        << query::renderPlanText(a.report.plan);
  }
}

}  // namespace cairn::testing
