// Kept plans of reading statements (read_plans.h): one plan serves other parameter values on
// its snapshot; a statement whose translation took a parameter's value (SKIP $n) is never
// kept; a commit or another time-travel t makes a new key.

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "cypher/statement/read_plans.h"
#include "cypher/statement/statement_plan.h"
#include "cypher/statement/statement_runner.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::testing {
namespace {

using query::value::Value;

class MapPlans final : public cypher::ReadPlanStore {
 public:
  std::shared_ptr<const query::PreparedCypherQuery> find(const std::string& key) override {
    ++finds;
    auto it = plans.find(key);
    if (it == plans.end()) return nullptr;
    ++hits;
    return it->second;
  }
  bool worthKeeping(const std::string&) override { return true; }
  void keep(const std::string& key,
            std::shared_ptr<const query::PreparedCypherQuery> prepared) override {
    plans[key] = std::move(prepared);
  }

  std::map<std::string, std::shared_ptr<const query::PreparedCypherQuery>> plans;
  int finds = 0;
  int hits = 0;
};

class ReadPlansTest : public ::testing::Test {
 protected:
  void SetUp() override {
    run("UNWIND range(1, 20) AS i CREATE (:User {id: i, age: 20 + i % 7})-[:F]->(:Post {n: i})");
  }

  std::vector<std::string> run(const std::string& text, query::value::Parameters parameters = {},
                               query::QueryOptions options = {}) {
    options.reportPlan = false;
    TextRows sink;
    const cypher::ast::Statement statement = cypher::parseCheckedStatement(text);
    const cypher::ReadPlans reads{plans_, text};
    cypher::runStatement(*ledger_.live, statement, parameters, options, sink, &reads);
    return sink.rows;
  }

  CypherLedger ledger_;
  MapPlans plans_;
};

TEST_F(ReadPlansTest, OnePlanServesOtherParameterValues) {
  const std::string text = "MATCH (u:User {id: $id})-[:F]->(p) RETURN u.age, p.n";
  for (int64_t id = 1; id <= 20; ++id) {
    EXPECT_EQ(run(text, {{"id", Value::integer(id)}}),
              std::vector<std::string>{std::to_string(20 + id % 7) + " | " + std::to_string(id)})
        << id;
  }
  EXPECT_EQ(plans_.plans.size(), 1u);
  EXPECT_EQ(plans_.hits, 19);
  // A missing parameter fails the run of a kept plan as it fails a fresh one.
  EXPECT_THROW(run(text), core::Error);
}

TEST_F(ReadPlansTest, ATranslationThatTookAParameterValueIsNotKept) {
  const std::string text = "MATCH (u:User) RETURN u.id ORDER BY u.id SKIP $s LIMIT 2";
  EXPECT_EQ(run(text, {{"s", Value::integer(0)}}), (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(run(text, {{"s", Value::integer(5)}}), (std::vector<std::string>{"6", "7"}));
  EXPECT_TRUE(plans_.plans.empty());
}

TEST_F(ReadPlansTest, ACommitOrAnotherTimeMakesANewKey) {
  const std::string text = "MATCH (u:User) WHERE u.id > $min RETURN count(u)";
  EXPECT_EQ(run(text, {{"min", Value::integer(10)}}), std::vector<std::string>{"10"});
  const uint64_t before = ledger_.live->snapshot()->t();
  run("CREATE (:User {id: 99})");
  EXPECT_EQ(run(text, {{"min", Value::integer(10)}}), std::vector<std::string>{"11"});
  EXPECT_EQ(plans_.plans.size(), 2u);
  query::QueryOptions past;
  past.asOf = before;
  EXPECT_EQ(run(text, {{"min", Value::integer(10)}}, past), std::vector<std::string>{"10"});
  EXPECT_EQ(plans_.plans.size(), 3u);
  EXPECT_EQ(run(text, {{"min", Value::integer(0)}}, past), std::vector<std::string>{"20"});
  EXPECT_EQ(plans_.hits, 1);
}

TEST_F(ReadPlansTest, KeptPlansOfEveryReadingShapeAnswerAsFreshOnes) {
  const std::vector<std::string> texts = {
      "MATCH (u:User) WHERE u.age = $a RETURN u.id ORDER BY u.id",
      "MATCH (u:User) OPTIONAL MATCH (u)-[:F]->(p:Post {n: $n}) RETURN u.id, p.n ORDER BY u.id",
      "MATCH (u:User) WITH u.age AS a, count(*) AS c WHERE c > $n RETURN a, c ORDER BY a",
      "UNWIND $list AS x MATCH (u:User {id: x}) RETURN u.age ORDER BY u.age",
      "MATCH (u:User) RETURN [(u)-[:F]->(p) WHERE p.n > $n | p.n] AS ns ORDER BY u.id LIMIT 3",
      "MATCH (u:User) WHERE EXISTS { (u)-[:F]->(:Post {n: $n}) } RETURN u.id",
      "MATCH p = (u:User {id: $n})-[:F*1..2]->() RETURN length(p)",
      "MATCH (u:User {id: $n}) RETURN u.id UNION MATCH (u:User {id: $a}) RETURN u.id",
  };
  for (const std::string& text : texts) {
    SCOPED_TRACE(text);
    for (int64_t n = 1; n <= 4; ++n) {
      query::value::Parameters p{{"n", Value::integer(n)},
                                 {"a", Value::integer(20 + n)},
                                 {"list", Value::list({Value::integer(n), Value::integer(n + 1)})}};
      TextRows fresh;
      cypher::runStatement(*ledger_.live, text, p, {}, fresh);
      EXPECT_EQ(run(text, p), fresh.rows) << "n = " << n;
    }
  }
  EXPECT_EQ(plans_.plans.size(), texts.size());
}

}  // namespace
}  // namespace cairn::testing
