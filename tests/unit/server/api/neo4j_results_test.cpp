// The Neo4j HTTP answer shape: every kind of value as row JSON and meta JSON (over an in-memory
// graph), the streamed document around the rows, stats and t after a write, and the plan after
// EXPLAIN / PROFILE. Documents are parsed back, so every answer is checked to be valid JSON.

#include "server/api/neo4j_results.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

namespace cairn::server::api {
namespace neo4j_results_test {

using query::value::Relationship;
using query::value::Value;

// Two nodes and a relationship between them.
class TinyGraph final : public query::value::GraphAccess {
 public:
  std::vector<std::string> labels(core::NodeId node) const override {
    if (node == 1) return {"Person", "Admin"};
    return {};
  }
  bool hasLabel(core::NodeId, std::string_view) const override { return false; }
  Value nodeProperty(core::NodeId, std::string_view) const override { return {}; }
  Value nodeProperties(core::NodeId node) const override {
    if (node == 1) return Value::map({{"name", Value::string("Ann")}, {"age", Value::integer(31)}});
    return Value::map({});
  }
  std::string relationshipType(const Relationship&) const override { return "KNOWS"; }
  Value relationshipProperty(const Relationship&, std::string_view) const override { return {}; }
  Value relationshipProperties(const Relationship&) const override {
    return Value::map({{"since", Value::integer(2001)}});
  }
};

struct Rendered {
  nlohmann::json row;
  nlohmann::json meta;
};

Rendered render(const Value& v) {
  TinyGraph graph;
  std::string row, meta;
  appendNeo4jValue(row, meta, v, graph);
  Rendered out;
  out.row = nlohmann::json::parse(row, nullptr, false);
  out.meta = nlohmann::json::parse(meta, nullptr, false);
  EXPECT_FALSE(out.row.is_discarded()) << row;
  EXPECT_FALSE(out.meta.is_discarded()) << meta;
  return out;
}

const Relationship kKnows{77, 1, core::blankNodeId(5), 9};

TEST(Neo4jResults, Scalars) {
  EXPECT_EQ(render(Value()).row, nullptr);
  EXPECT_EQ(render(Value::boolean(true)).row, true);
  EXPECT_EQ(render(Value::integer(-9223372036854775807 - 1)).row.get<int64_t>(),
            std::numeric_limits<int64_t>::min());
  const nlohmann::json f = render(Value::floating(0.1)).row;
  EXPECT_TRUE(f.is_number_float());
  EXPECT_EQ(f.get<double>(), 0.1);
  // A whole float stays a float in the text ("2.0"), so a client can tell it from an integer.
  EXPECT_TRUE(render(Value::floating(2.0)).row.is_number_float());
  EXPECT_EQ(render(Value::floating(1e300)).row.get<double>(), 1e300);
  EXPECT_EQ(render(Value::floating(std::nan(""))).row, "NaN");
  EXPECT_EQ(render(Value::floating(HUGE_VAL)).row, "Infinity");
  EXPECT_EQ(render(Value::floating(-HUGE_VAL)).row, "-Infinity");
  EXPECT_EQ(render(Value::string("a\"b\\c\n\x01")).row, "a\"b\\c\n\x01");
  EXPECT_EQ(render(Value::integer(1)).meta, nullptr);
}

TEST(Neo4jResults, Temporals) {
  using namespace query::value;
  EXPECT_EQ(render(Value::date(Date{16637})).row, "2015-07-21");
  EXPECT_EQ(render(Value::localTime(LocalTime{(21 * 3600 + 40 * 60 + 32) * kNanosPerSecond})).row,
            "21:40:32");
  EXPECT_EQ(render(Value::time(Time{10 * 3600 * kNanosPerSecond, 3600})).row, "10:00+01:00");
  EXPECT_EQ(render(Value::localDateTime(LocalDateTime{0, kNanosPerSecond / 2})).row,
            "1970-01-01T00:00:00.5");
  EXPECT_EQ(render(Value::dateTime(DateTime{LocalDateTime{0, 0}, 0, ""})).row, "1970-01-01T00:00Z");
  EXPECT_EQ(render(Value::duration(Duration{14, 16, 12 * 60, 0})).row, "P1Y2M16DT12M");
  EXPECT_EQ(render(Value::date(Date{0})).meta, nullptr);
}

TEST(Neo4jResults, NodesAndRelationshipsAreTheirPropertiesWithMeta) {
  const Rendered node = render(Value::node(1));
  EXPECT_EQ(node.row, nlohmann::json::parse(R"({"age": 31, "name": "Ann"})"));
  EXPECT_EQ(node.meta, nlohmann::json::parse(
                           R"({"id": 1, "type": "node", "deleted": false,
                               "labels": ["Person", "Admin"]})"));
  const Rendered blank = render(Value::node(core::blankNodeId(5)));
  EXPECT_EQ(blank.row, nlohmann::json::object());
  // id() of a blank node: its 64 bits as a signed integer.
  EXPECT_EQ(blank.meta["id"].get<int64_t>(), static_cast<int64_t>(core::blankNodeId(5)));
  const Rendered rel = render(Value::relationship(kKnows));
  EXPECT_EQ(rel.row, nlohmann::json::parse(R"({"since": 2001})"));
  EXPECT_EQ(rel.meta["id"], 77);
  EXPECT_EQ(rel.meta["type"], "relationship");
  EXPECT_EQ(rel.meta["relType"], "KNOWS");
  EXPECT_EQ(rel.meta["startNode"], 1);
  EXPECT_EQ(rel.meta["endNode"].get<int64_t>(), static_cast<int64_t>(core::blankNodeId(5)));
}

TEST(Neo4jResults, PathsListsAndMapsCarryMetaWhereEntitiesAre) {
  const Rendered path =
      render(Value::path(query::value::Path{{1, core::blankNodeId(5)}, {kKnows}}));
  ASSERT_TRUE(path.row.is_array());
  ASSERT_EQ(path.row.size(), 3u);
  EXPECT_EQ(path.row[0]["name"], "Ann");
  EXPECT_EQ(path.row[1]["since"], 2001);
  EXPECT_EQ(path.row[2], nlohmann::json::object());
  ASSERT_EQ(path.meta.size(), 3u);
  EXPECT_EQ(path.meta[0]["type"], "node");
  EXPECT_EQ(path.meta[1]["type"], "relationship");
  EXPECT_EQ(path.meta[2]["type"], "node");
  const Rendered zeroLength = render(Value::path(query::value::Path{{1}, {}}));
  EXPECT_EQ(zeroLength.row.size(), 1u);
  EXPECT_EQ(zeroLength.meta.size(), 1u);

  const Rendered plain = render(Value::list({Value::integer(1), Value::map({{"a", Value()}})}));
  EXPECT_EQ(plain.row, nlohmann::json::parse(R"([1, {"a": null}])"));
  EXPECT_EQ(plain.meta, nullptr);
  const Rendered mixed =
      render(Value::map({{"who", Value::node(1)},
                         {"n", Value::integer(2)},
                         {"all", Value::list({Value::integer(3), Value::relationship(kKnows)})}}));
  EXPECT_EQ(mixed.row["who"]["name"], "Ann");
  EXPECT_EQ(mixed.row["all"][1]["since"], 2001);
  EXPECT_EQ(mixed.meta["who"]["type"], "node");
  EXPECT_EQ(mixed.meta["n"], nullptr);
  EXPECT_EQ(mixed.meta["all"][0], nullptr);
  EXPECT_EQ(mixed.meta["all"][1]["relType"], "KNOWS");
}

TEST(Neo4jResults, DocumentAroundStreamedRows) {
  TinyGraph graph;
  sparql::results::StringOutput out;
  Neo4jResultWriter writer(out);
  writer.begin({"n", "x"}, graph);
  const Value first[] = {Value::node(1), Value::integer(1)};
  const Value second[] = {Value(), Value::string("b")};
  writer.row(first);
  writer.row(second);
  writer.end();
  writer.finish(cypher::StatementReport{});
  const nlohmann::json doc = nlohmann::json::parse(out.text(), nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << out.text();
  EXPECT_EQ(doc["errors"], nlohmann::json::array());
  ASSERT_EQ(doc["results"].size(), 1u);
  const nlohmann::json& result = doc["results"][0];
  EXPECT_EQ(result["columns"], nlohmann::json::parse(R"(["n", "x"])"));
  ASSERT_EQ(result["data"].size(), 2u);
  EXPECT_EQ(result["data"][0]["row"][0]["name"], "Ann");
  EXPECT_EQ(result["data"][0]["meta"][0]["labels"][0], "Person");
  EXPECT_EQ(result["data"][0]["meta"][1], nullptr);
  EXPECT_EQ(result["data"][1]["row"], nlohmann::json::parse(R"([null, "b"])"));
  EXPECT_FALSE(result.contains("stats"));
  EXPECT_FALSE(result.contains("plan"));
}

TEST(Neo4jResults, WriteStatsCommitAndPlan) {
  sparql::results::StringOutput out;
  Neo4jResultWriter writer(out);
  cypher::StatementReport report;
  report.wrote = true;
  report.counters.nodesCreated = 2;
  report.counters.propertiesSet = 3;
  report.counters.labelsAdded = 1;
  report.t = 7;
  report.mode = cypher::ast::StatementMode::kProfile;
  report.query.plan.op = "Update";
  // Nothing begun: a statement that failed to reach its rows still closes the document.
  writer.finish(report);
  const nlohmann::json doc = nlohmann::json::parse(out.text(), nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << out.text();
  const nlohmann::json& result = doc["results"][0];
  EXPECT_EQ(result["columns"], nlohmann::json::array());
  EXPECT_EQ(result["data"], nlohmann::json::array());
  EXPECT_EQ(result["stats"], nlohmann::json::parse(R"({"contains_updates": true,
      "nodes_created": 2, "nodes_deleted": 0, "relationships_created": 0,
      "relationships_deleted": 0, "properties_set": 3, "properties_removed": 0,
      "labels_added": 1, "labels_removed": 0,
      "constraints_added": 0, "constraints_removed": 0})"));
  EXPECT_EQ(result["t"], 7);
  EXPECT_EQ(result["plan"]["op"], "Update");
}

}  // namespace neo4j_results_test
}  // namespace cairn::server::api
