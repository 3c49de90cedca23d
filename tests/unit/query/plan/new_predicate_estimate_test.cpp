// A predicate written since the last fold has no sketch in the statistics: its distinct subjects
// and objects are counted (small predicates, latest state), so a join on it is estimated with
// its real fan-out instead of one match per binding; a read at a past t keeps the fallback.

#include <gtest/gtest.h>

#include "tests/unit/query/engine/live_fixture.h"

namespace cairn::testing {
namespace {

TEST(NewPredicateEstimate, JoinsOnANovelPredicateSeeTheirFanOut) {
  LiveFixture f("ex:x ex:name \"x\" .\n", /*tiny=*/true);
  ASSERT_TRUE(f.live);
  // 40 people with 5 friends each: 200 rows, 40 distinct subjects, 40 distinct objects.
  std::string insert;
  for (int i = 0; i < 40; ++i) {
    for (int k = 1; k <= 5; ++k) {
      insert +=
          "ex:p" + std::to_string(i) + " ex:knows ex:p" + std::to_string((i + k * 7) % 40) + " . ";
    }
  }
  f.update("INSERT DATA { " + insert + "}");
  const std::string twoHops = "SELECT * WHERE { ?a ex:knows ?b . ?b ex:knows ?c }";
  RunResult run = f.run(twoHops);
  EXPECT_EQ(run.result.rows.size(), 1000u);
  // 200 rows times 5 matches per ?b: the estimate is the answer's size, not 200.
  EXPECT_NEAR(run.report.plan.estimatedRows, 1000, 1) << query::renderPlanText(run.report.plan);
  // At a past t the counts would have to read history: the fallback stays.
  query::QueryOptions past;
  past.asOf = f.baseT;
  RunResult before = f.run(twoHops, past);
  EXPECT_TRUE(before.result.rows.empty());
}

}  // namespace
}  // namespace cairn::testing
