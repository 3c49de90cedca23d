#pragma once
// LiveFixture: a ledger indexed from Turtle/TriG text (ex: = http://example.org/) and opened as a
// LiveLedger, so tests can commit updates over it (novelty on top of the index) and run queries
// against its latest snapshot, at any t.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

#include "index/write/live_ledger.h"
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

}  // namespace cairn::testing
