// QueryPlanCache: a text's plan is kept from its second request on, served on the same
// snapshot, and never across snapshots, datasets, time-travel points or detail levels.

#include "server/api/query_plan_cache.h"

#include <gtest/gtest.h>

#include "query/engine/prepared_query.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/collecting_sink.h"
#include "tests/support/test_ledger.h"

namespace cairn::server::api {
namespace query_plan_cache_test {

const std::string kText = "SELECT ?o WHERE { <http://ex.org/s> <http://ex.org/p> ?o }";

testing::TestLedger ledgerWith(const std::string& object) {
  return testing::makeTestLedgerFromText("<http://ex.org/s> <http://ex.org/p> " + object + " .");
}

std::shared_ptr<const query::PreparedQuery> planned(const index::Ledger& ledger,
                                                    const query::Query& q,
                                                    const query::QueryOptions& options) {
  return query::prepareQuery(ledger, q, options);
}

TEST(QueryPlanCache, KeepsATextFromItsSecondRequestAndServesItOnTheSameSnapshot) {
  QueryPlanCache cache(8);
  const auto ledger = ledgerWith("\"one\"");
  const query::Query q = sparql::parseQuery(kText);
  const query::QueryOptions options;
  const QueryPlanCache::Key key = QueryPlanCache::keyOf(*ledger, q, kText, options);
  EXPECT_FALSE(cache.worthKeeping(key));
  EXPECT_EQ(cache.find(key), nullptr);
  EXPECT_TRUE(cache.worthKeeping(key));
  auto plan = planned(*ledger, q, options);
  cache.keep(key, plan);
  EXPECT_EQ(cache.find(key), plan);
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.kept(), 1u);

  sparql::results::CollectingSink sink;
  query::executePrepared(*ledger, *cache.find(key), options, sink);
  ASSERT_EQ(sink.result().rows.size(), 1u);
  EXPECT_EQ(sink.result().rows[0][0]->value, "one");
}

TEST(QueryPlanCache, NeverServesAPlanOfAnotherSnapshotDatasetTimeOrDetail) {
  QueryPlanCache cache(8);
  const auto first = ledgerWith("\"one\"");
  const auto second = ledgerWith("\"two\"");  // same name and t, another index root
  const query::Query q = sparql::parseQuery(kText);
  query::QueryOptions options;
  options.reportPlan = false;  // as the server plans a query it was not asked to explain
  cache.keep(QueryPlanCache::keyOf(*first, q, kText, options), planned(*first, q, options));
  EXPECT_NE(cache.find(QueryPlanCache::keyOf(*first, q, kText, options)), nullptr);
  EXPECT_EQ(cache.find(QueryPlanCache::keyOf(*second, q, kText, options)), nullptr);

  query::Query fromGraph = q;
  fromGraph.dataset.specified = true;
  fromGraph.dataset.defaultGraphs = {"http://ex.org/g"};
  EXPECT_EQ(cache.find(QueryPlanCache::keyOf(*first, fromGraph, kText, options)), nullptr);

  query::QueryOptions past = options;
  past.asOf = 1;
  EXPECT_EQ(cache.find(QueryPlanCache::keyOf(*first, q, kText, past)), nullptr);

  query::QueryOptions described = options;
  described.reportPlan = true;
  EXPECT_EQ(cache.find(QueryPlanCache::keyOf(*first, q, kText, described)), nullptr);

  query::QueryOptions base = options;
  query::Query otherBase = q;
  otherBase.baseIri = "http://elsewhere/";
  EXPECT_EQ(cache.find(QueryPlanCache::keyOf(*first, otherBase, kText, base)), nullptr);
}

TEST(QueryPlanCache, CapacityZeroKeepsNothing) {
  QueryPlanCache cache(0);
  const auto ledger = ledgerWith("\"one\"");
  const query::Query q = sparql::parseQuery(kText);
  const QueryPlanCache::Key key = QueryPlanCache::keyOf(*ledger, q, kText, {});
  EXPECT_FALSE(cache.worthKeeping(key));
  EXPECT_FALSE(cache.worthKeeping(key));
  cache.keep(key, planned(*ledger, q, {}));
  EXPECT_EQ(cache.find(key), nullptr);
}

}  // namespace query_plan_cache_test
}  // namespace cairn::server::api
