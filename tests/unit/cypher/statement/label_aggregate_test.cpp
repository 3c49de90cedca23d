// The label-aggregate fast path (query/exec/label_aggregate.h) against the ordinary plan
// (CypherGroup over the label scan) on random property graphs: the same rows in the same order,
// or the same error, for counts, min/max/avg/sum/collect, group keys (1 and 1.0 in one group),
// conditions on one property, missing labels and properties; lists make it decline.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/error.h"
#include "cypher/statement/statement_runner.h"
#include "query/exec/plan_info.h"
#include "query/plan/planner.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace label_aggregate_test {

using testing::TextRows;

class LabelAggregateTest : public ::testing::Test {
 protected:
  void write(const std::string& text) {
    TextRows sink;
    runStatement(*live_, text, {}, query::QueryOptions{}, sink);
  }
  // The rows in order, or "error: <detail or message>".
  std::vector<std::string> answer(const std::string& text, bool fast) {
    query::QueryOptions options;
    if (!fast) options.disabledRewrites.insert(std::string(query::plan::kRewriteLabelAggregate));
    TextRows sink;
    try {
      runStatement(*live_, text, {}, options, sink);
    } catch (const core::Error& e) {
      return {"error: " + (e.detail().empty() ? std::string(e.what()) : e.detail())};
    }
    return sink.rows;
  }
  std::string plan(const std::string& text) {
    TextRows sink;
    return query::renderPlanText(runStatement(*live_, "PROFILE " + text, {}, {}, sink).query.plan);
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
};

TEST_F(LabelAggregateTest, AnswersAsTheOrdinaryPlanDoes) {
  std::mt19937 random(7);
  const std::vector<std::string> aValues = {"1", "1.0", "2", "'x'", "true", "-3", "2.5", "null"};
  for (int round = 0; round < 3; ++round) {
    write("MATCH (n) DETACH DELETE n");
    std::string create = "CREATE ";
    for (int i = 0; i < 60 + 40 * round; ++i) {
      const std::string label = random() % 4 == 0 ? ":Q" : random() % 5 == 0 ? ":P:Q" : ":P";
      std::string props = "id: " + std::to_string(i);
      if (random() % 3 != 0) props += ", a: " + aValues[random() % aValues.size()];
      if (random() % 4 != 0) props += ", b: " + std::to_string(static_cast<int>(random() % 10));
      if (random() % 2 == 0) props += ", c: " + std::string(random() % 2 ? "'u'" : "'v'");
      // Floats whose sum depends on the order of addition, and integers among them.
      static const std::vector<std::string> fValues = {"0.1", "1.0e16", "3",     "-1.0e16",
                                                       "0.7", "2",      "1.0e-3"};
      if (random() % 2 == 0) props += ", f: " + fValues[random() % fValues.size()];
      create += (i > 0 ? ", " : "") + std::string("(") + label + " {" + props + "})";
    }
    write(create);
    const std::vector<std::string> queries = {
        "MATCH (n:P) RETURN count(n), count(n.a), count(*), count(n.zz)",
        "MATCH (n:P) RETURN min(n.a), max(n.a), avg(n.b), sum(n.b), min(n.b), max(n.c)",
        "MATCH (n:P) RETURN n.a, count(*)",
        "MATCH (n:P) RETURN n.c AS c, count(DISTINCT n.a), min(n.b), collect(n.b)",
        "MATCH (n:P) WHERE n.b >= 3 RETURN n.a, count(*), collect(n.b), avg(n.b)",
        "MATCH (n:P) WHERE n.a IS NULL RETURN count(*), sum(n.b)",
        "MATCH (n:P) WHERE n.b > 2 AND n.b < 8 RETURN count(*), stDev(n.b)",
        "MATCH (n:P) WHERE n.b > 2 WITH n WHERE n.c = 'u' RETURN count(*), max(n.b)",
        "MATCH (n:P) WITH n.b AS b, count(*) AS c RETURN b, c ORDER BY b",
        "MATCH (n:Nope) RETURN count(*), min(n.a)",
        "MATCH (n:Nope) RETURN n.a, count(*)",
        "MATCH (n:P) RETURN sum(n.a)",                          // a string: the same error
        "MATCH (n:P) WHERE n.a > 1 RETURN count(*), avg(n.a)",  // 'x' and true compare to null
        "MATCH (n:Q) RETURN n.b, count(n.a), min(n.a)",
        "MATCH (n:P) RETURN sum(n.f), avg(n.f), min(n.f), max(n.f)",
        "MATCH (n:P) RETURN n.c, sum(n.f), avg(n.b), sum(DISTINCT n.b)",
    };
    for (const std::string& q : queries) {
      EXPECT_EQ(answer(q, true), answer(q, false)) << "round " << round << ": " << q;
    }
  }
  // The shapes run as LabelAggregate; an equality on a key is left to the property seek.
  EXPECT_NE(plan("MATCH (n:P) WHERE n.b >= 3 RETURN n.a, count(*)").find("LabelAggregate"),
            std::string::npos);
  EXPECT_EQ(plan("MATCH (n:P) WHERE n.b = 3 RETURN count(*)").find("LabelAggregate"),
            std::string::npos);
  EXPECT_EQ(plan("MATCH (n:P) WHERE n.b > n.id RETURN count(*)").find("LabelAggregate"),
            std::string::npos);
}

TEST_F(LabelAggregateTest, IntegerOverflowFailsAsTheOrdinaryPlanDoes) {
  write("CREATE (:P {v: 9223372036854775807}), (:P {v: 1}), (:P {v: -5})");
  const std::string q = "MATCH (n:P) RETURN sum(n.v)";
  EXPECT_EQ(answer(q, true), answer(q, false));
  EXPECT_NE(answer(q, true).at(0).find("error"), std::string::npos);
  EXPECT_EQ(answer("MATCH (n:P) WHERE n.v < 10 RETURN sum(n.v)", true),
            std::vector<std::string>{"-4"});
}

TEST_F(LabelAggregateTest, DeclinesOnListsAndStillAnswers) {
  write(
      "CREATE (:P {a: 1, l: [1, 2]}), (:P {a: 2, l: []}), (:P {a: 1, l: 5}), (:P {a: 3}),"
      " (:P {l: [3]})");
  for (const std::string q :
       {"MATCH (n:P) RETURN count(n.l), n.a", "MATCH (n:P) RETURN n.l, count(*)",
        "MATCH (n:P) WHERE size(n.l) > 0 RETURN count(*)", "MATCH (n:P) RETURN min(n.a)"}) {
    EXPECT_EQ(answer(q, true), answer(q, false)) << q;
  }
  EXPECT_EQ(answer("MATCH (n:P) RETURN n.l, count(*)", true),
            (std::vector<std::string>{"[1, 2] | 1", "[] | 1", "5 | 1", "null | 1", "[3] | 1"}));
  // Declined: the fallback's CypherGroup produced the rows.
  const std::string profile = plan("MATCH (n:P) RETURN n.l, count(*)");
  EXPECT_NE(profile.find("CypherGroup  est=1  rows=5"), std::string::npos) << profile;
}

TEST_F(LabelAggregateTest, CountsAloneNeedNoValueAndCountListsAsValues) {
  // count(n.p) counts nodes whose p is not null: a list, the empty list and a scalar alike.
  // Counting reads no value, so lists do not make it decline.
  write(
      "CREATE (:P {a: 1, l: [1, 2]}), (:P {a: 2, l: []}), (:P {a: 1, l: 5}), (:P {a: 3}),"
      " (:P {l: [3]}), (:Q {l: 1}), (:P:Q)");
  const std::string q = "MATCH (n:P) RETURN count(n), count(n.l), count(*), count(n.a), count(n.z)";
  EXPECT_EQ(answer(q, true), (std::vector<std::string>{"6 | 4 | 6 | 4 | 0"}));
  EXPECT_EQ(answer(q, true), answer(q, false));
  const std::string profile = plan(q);
  EXPECT_NE(profile.find("LabelAggregate  est=1  rows=1"), std::string::npos) << profile;
  EXPECT_EQ(profile.find("CypherGroup  est=1  rows=1"), std::string::npos) << profile;
  // A relationship is not a property: a node whose only `l` fact is an edge has no n.l.
  write("MATCH (a:P {a: 3}), (b:Q) CREATE (a)-[:l]->(b)");
  EXPECT_EQ(answer(q, true), answer(q, false));
}

}  // namespace label_aggregate_test
}  // namespace cairn::cypher
