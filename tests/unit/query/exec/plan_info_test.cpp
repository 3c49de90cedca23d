// EXPLAIN rendering: text and JSON from one PlanInfo tree.

#include "query/exec/plan_info.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace cairn::query {
namespace {

PlanInfo sample(bool analyzed) {
  PlanInfo scan{"IndexScan", {{"permutation", "POST"}, {"range", "p=<http://x/p>"}}, 42, {}, {}};
  PlanInfo join{"HashJoin",
                {{"algorithm", "hash"}, {"rejected", "bind join: too many probes"}},
                7,
                {},
                {scan, scan}};
  if (analyzed) join.actual = PlanActuals{5, 1, 0.002, 4096};
  return join;
}

TEST(PlanInfo, TextIndentsChildrenAndListsDetails) {
  std::string text = renderPlanText(sample(false));
  EXPECT_EQ(text.rfind("HashJoin  est=7\n", 0), 0u) << text;
  EXPECT_NE(text.find("    rejected: bind join: too many probes\n"), std::string::npos);
  EXPECT_NE(text.find("\n  IndexScan  est=42\n"), std::string::npos) << text;
  EXPECT_NE(text.find("      permutation: POST\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("rows="), std::string::npos);
  std::string analyzed = renderPlanText(sample(true));
  EXPECT_NE(analyzed.find("rows=5 batches=1 time=2.000ms mem=4096"), std::string::npos) << analyzed;
}

TEST(PlanInfo, JsonKeepsDetailOrderAndActuals) {
  auto j = nlohmann::ordered_json::parse(renderPlanJson(sample(true)));
  EXPECT_EQ(j["op"], "HashJoin");
  EXPECT_EQ(j["details"].begin().key(), "algorithm");
  EXPECT_EQ(j["estimatedRows"], 7);
  EXPECT_EQ(j["actual"]["rows"], 5);
  EXPECT_EQ(j["actual"]["peakBytes"], 4096);
  ASSERT_EQ(j["children"].size(), 2u);
  EXPECT_EQ(j["children"][0]["details"]["permutation"], "POST");
  EXPECT_FALSE(j["children"][0].contains("actual"));
  auto plain = nlohmann::json::parse(renderPlanJson(sample(false)));
  EXPECT_FALSE(plain.contains("actual"));
}

}  // namespace
}  // namespace cairn::query
