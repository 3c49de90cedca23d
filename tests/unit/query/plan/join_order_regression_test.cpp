// Complex shapes where a wrong join order costs ten times the work (issue 30): a star of two
// multi-valued links (10 friends, 10 follows) and two rare attributes, a snowflake hung on a
// selective constant, two hops of the large predicate from a rare attribute pair. Users' attributes
// are independent (15% have a location, 30% a gender, ...), as in the WatDiv-style benchmark, so an
// estimate that assumes every user has every attribute picks hash joins over the whole large
// predicate. Work is counted, not timed: the rows every operator produced (EXPLAIN ANALYZE's
// actuals), which the plan decides and the machine does not. Each shape is written in a bad order,
// which `greedy-join-order` off keeps.

#include <gtest/gtest.h>

#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

constexpr int kUsers = 6000;

// A deterministic draw in [0, 100) per (user, attribute).
int draw(int user, int attribute) {
  uint64_t x =
      static_cast<uint64_t>(user) * 0x9E3779B97F4A7C15ULL + attribute * 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBULL;
  x ^= x >> 29;
  return static_cast<int>(x % 100);
}

std::string data() {
  std::string d;
  for (int i = 0; i < kUsers; ++i) {
    const std::string u = "ex:u" + std::to_string(i);
    d += u + " a ex:User .\n";
    if (draw(i, 1) < 15) d += u + " ex:location ex:city" + std::to_string(i % 40) + " .\n";
    if (draw(i, 2) < 30) d += u + " ex:gender \"" + (i % 2 ? "f" : "m") + "\" .\n";
    if (draw(i, 3) < 20) d += u + " ex:name \"n" + std::to_string(i) + "\" .\n";
    if (draw(i, 4) < 50) d += u + " ex:age " + std::to_string(18 + i % 60) + " .\n";
    if (draw(i, 5) < 6) d += u + " ex:likes ex:p" + std::to_string(i % 2000) + " .\n";
    if (draw(i, 6) < 40) {
      for (int f = 1; f <= 10; ++f) {
        d += u + " ex:friend ex:u" + std::to_string((i * 7 + f * 13) % kUsers) + " .\n";
      }
    }
    if (draw(i, 7) < 40) {
      for (int f = 1; f <= 10; ++f) {
        d += u + " ex:follows ex:u" + std::to_string((i * 11 + f * 17) % kUsers) + " .\n";
      }
    }
  }
  for (int p = 0; p < 2000; ++p) {
    const std::string product = "ex:p" + std::to_string(p);
    d += product + " a ex:Product ; ex:title \"t" + std::to_string(p) + "\" ; ex:genre ex:g" +
         std::to_string(p % 20) + " .\n";
  }
  for (int g = 0; g < 20; ++g) {
    d += "ex:g" + std::to_string(g) + " ex:label \"genre " + std::to_string(g) +
         "\" ; ex:tag ex:t" + std::to_string(g) + " .\n";
  }
  return d;
}

uint64_t work(const query::PlanInfo& plan) {
  uint64_t rows = plan.actual ? plan.actual->rows : 0;
  for (const auto& child : plan.children) rows += work(child);
  return rows;
}

struct Shape {
  const char* name;
  const char* query;  // in a bad written order
};

TEST(JoinOrderRegressionTest, PlannedOrderDoesATenthOfTheWrittenOrdersWork) {
  TestLedger ledger = exampleLedger(data());
  const Shape shapes[] = {
      {"star with two multi-valued links and two rare attributes",
       "SELECT * WHERE { ?u ex:friend ?f . ?u ex:follows ?g . ?u ex:likes ?l . "
       "?u ex:location ?c }"},
      {"snowflake on a selective tag",
       "SELECT * WHERE { ?p a ?type . ?p ex:title ?t . ?p ex:genre ?g . ?g ex:label ?l . "
       "?g ex:tag ex:t3 }"},
      {"two hops of friend from a rare attribute pair",
       "SELECT * WHERE { ?u ex:friend ?f . ?f ex:friend ?f2 . ?u ex:likes ?l . "
       "?u ex:location ?c }"},
  };
  for (const Shape& shape : shapes) {
    query::QueryOptions planned;
    planned.analyze = true;
    query::QueryOptions written = planned;
    written.disabledRewrites = {"greedy-join-order"};
    RunResult good = runQuery(ledger, shape.query, planned);
    RunResult bad = runQuery(ledger, shape.query, written);
    EXPECT_EQ(sortedRows(good.result), sortedRows(bad.result)) << shape.name;
    EXPECT_FALSE(good.result.rows.empty()) << shape.name;
    const uint64_t goodWork = work(good.report.plan), badWork = work(bad.report.plan);
    EXPECT_LE(goodWork * 10, badWork)
        << shape.name << ": planned " << goodWork << " rows, written " << badWork << "\n"
        << query::renderPlanText(good.report.plan);
  }
}

}  // namespace
}  // namespace cairn::testing
