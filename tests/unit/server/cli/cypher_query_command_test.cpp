// `cairn query --lang cypher` through runQuery on a real data directory: a CREATE commits (the
// store opened for writing) and prints what it made, reads print a table or Neo4j's JSON,
// .cypher files are recognized, parameters come from --params, --t reads an earlier state, and
// --explain / EXPLAIN / PROFILE print plans. Output is captured from stdout.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "server/cli/commands.h"
#include "tests/support/error_capture.h"
#include "tests/support/stdout_capture.h"

namespace cairn::server {
namespace cypher_query_command_test {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class CypherQueryCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "cairn-cypher-cli-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    data_ = (dir_ / "data").string();
    write("base.nt", "<http://ex.org/a> <http://ex.org/name> \"Alice\" .\n");
    ImportArgs import;
    import.data = data_;
    import.ledger = "graph";
    import.json = true;
    import.threads = 1;
    import.scratch = (dir_ / "tmp").string();
    import.files = {(dir_ / "base.nt").string()};
    cairn::testing::stdoutOf([&] { runImport(import); });
  }

  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }

  QueryArgs args(const std::string& text, const std::string& format = "table") const {
    QueryArgs a;
    a.data = data_;
    a.ledger = "graph";
    a.lang = "cypher";
    a.format = format;
    a.query = text;
    return a;
  }
  std::string query(const QueryArgs& a) {
    return cairn::testing::stdoutOf([&] { runQuery(a); });
  }
  std::string query(const std::string& text, const std::string& format = "table") {
    return query(args(text, format));
  }

  fs::path dir_;
  std::string data_;
};

TEST_F(CypherQueryCommandTest, CreateThenReadAsTableAndJson) {
  EXPECT_EQ(query("CREATE (:Person {name: 'Ann', age: 31}), (:Person {name: 'Bob'})"),
            "nodes created: 2, deleted: 0; relationships created: 0, deleted: 0; properties set: "
            "3, removed: 0; labels added: 1, removed: 0; t=2\n");
  EXPECT_EQ(query("MATCH (p:Person) RETURN p.name AS name, p.age ORDER BY name"),
            "| name  | p.age |\n"
            "|-------|-------|\n"
            "| 'Ann' | 31    |\n"
            "| 'Bob' | null  |\n"
            "2 rows\n");
  const nlohmann::json doc =
      nlohmann::json::parse(query("MATCH (p:Person {name: 'Ann'}) RETURN p", "json"));
  const nlohmann::json& result = doc["results"][0];
  EXPECT_EQ(result["columns"], nlohmann::json::parse(R"(["p"])"));
  EXPECT_EQ(result["data"][0]["row"][0], nlohmann::json::parse(R"({"name": "Ann", "age": 31})"));
  EXPECT_EQ(result["data"][0]["meta"][0]["labels"], nlohmann::json::parse(R"(["Person"])"));
  EXPECT_EQ(doc["errors"], nlohmann::json::array());
  // A write in JSON carries its stats and t.
  const nlohmann::json created = nlohmann::json::parse(query("CREATE (:City)", "json"));
  EXPECT_EQ(created["results"][0]["stats"]["nodes_created"], 1);
  EXPECT_EQ(created["results"][0]["t"], 3);
}

TEST_F(CypherQueryCommandTest, FileExtensionParametersAndTimeTravel) {
  query("CREATE (:Person {name: 'Ann'})");  // t=2
  query("CREATE (:Person {name: 'Bob'})");  // t=3
  write("by-name.cypher", "MATCH (p:Person) WHERE p.name = $name\nRETURN count(p) AS n");
  QueryArgs a = args("@" + (dir_ / "by-name.cypher").string());
  a.lang.clear();  // recognized by the extension
  a.params = R"({"name": "Bob"})";
  EXPECT_THAT(query(a), HasSubstr("| 1 "));
  a.t = 2;
  EXPECT_THAT(query(a), HasSubstr("| 0 "));
  // Without --lang, other files are SPARQL.
  write("q.rq", "RETURN 1");
  QueryArgs sparql = args("@" + (dir_ / "q.rq").string());
  sparql.lang.clear();
  EXPECT_EQ(testing::errorFrom([&] { query(sparql); }).code(), core::ErrorCode::kSyntaxError);

  QueryArgs write = args("CREATE (:X)");
  write.t = 2;
  EXPECT_EQ(testing::errorFrom([&] { query(write); }).code(), core::ErrorCode::kInvalidArgument);
  QueryArgs badParams = args("RETURN $x");
  badParams.params = "[1]";
  EXPECT_EQ(testing::errorFrom([&] { query(badParams); }).code(),
            core::ErrorCode::kInvalidArgument);
  EXPECT_EQ(testing::errorFrom([&] { query("RETURN $x"); }).code(),
            core::ErrorCode::kParameterMissing);
  EXPECT_EQ(testing::errorFrom([&] { query("MATCH (n RETURN n"); }).code(),
            core::ErrorCode::kSyntaxError);
  EXPECT_EQ(testing::errorFrom([&] { query("RETURN 1", "csv"); }).code(),
            core::ErrorCode::kInvalidArgument);
}

TEST_F(CypherQueryCommandTest, Plans) {
  query("CREATE (:Person {name: 'Ann'})");
  QueryArgs explain = args("MATCH (p:Person) RETURN p.name");
  explain.explain = true;
  explain.planFormat = "json";
  const nlohmann::json plan = nlohmann::json::parse(query(explain));
  EXPECT_TRUE(plan.contains("op"));
  EXPECT_FALSE(plan.contains("actual"));
  // --explain of a write neither writes nor needs the store writable.
  QueryArgs explainWrite = args("CREATE (:Person {name: 'Zed'})");
  explainWrite.explain = true;
  EXPECT_THAT(query(explainWrite), HasSubstr("Update"));
  EXPECT_THAT(query("MATCH (p:Person) RETURN count(p)"), HasSubstr("| 1 "));
  // PROFILE prints the table, then the plan with actuals.
  const std::string profiled = query("PROFILE MATCH (p:Person) RETURN p.name");
  EXPECT_THAT(profiled, HasSubstr("'Ann'"));
  EXPECT_THAT(profiled, HasSubstr("rows=1"));
}

}  // namespace cypher_query_command_test
}  // namespace cairn::server
