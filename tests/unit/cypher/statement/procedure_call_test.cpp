// CALL: the built-in vocabulary procedures over a ledger's facts, YIELD with renames and WHERE,
// in-query calls with arguments read from rows (checked per row), and the errors a call's
// signature decides before anything runs. The TCK's clauses/call features cover the rest with
// table-driven test procedures (tests/support/tck/engine_backend.cpp).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"
#include "cypher/statement/statement_runner.h"
#include "query/value/procedures.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace procedure_call_test {

using query::value::Value;
using testing::TextRows;

class ProcedureCallTest : public ::testing::Test {
 protected:
  std::vector<std::string> rows(const std::string& text,
                                const query::value::ProcedureCatalog* procedures = nullptr) {
    query::QueryOptions options;
    options.procedures = procedures;
    TextRows sink;
    runStatement(*live_, text, {}, options, sink);
    return sink.rows;
  }
  // The error's detail, or "" when the statement ran.
  std::string error(const std::string& text,
                    const query::value::ProcedureCatalog* procedures = nullptr) {
    try {
      rows(text, procedures);
    } catch (const core::Error& e) {
      return e.detail();
    }
    return "";
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
};

TEST_F(ProcedureCallTest, BuiltInsListTheVocabulary) {
  EXPECT_EQ(rows("CALL db.labels()"), std::vector<std::string>{});
  rows("CREATE (:A {x: 1})-[:R {w: 2}]->(:B), (:A:C {y: [1, 2]}), ()-[:S]->()");
  EXPECT_EQ(rows("CALL db.labels()"), (std::vector<std::string>{"'A'", "'B'", "'C'"}));
  EXPECT_EQ(rows("CALL db.relationshipTypes()"), (std::vector<std::string>{"'R'", "'S'"}));
  // Node keys and relationship keys (which live in the relationship graph).
  EXPECT_EQ(rows("CALL db.propertyKeys()"), (std::vector<std::string>{"'w'", "'x'", "'y'"}));
  EXPECT_EQ(rows("CALL db.labels() YIELD label AS l WHERE l <> 'B' RETURN l ORDER BY l DESC"),
            (std::vector<std::string>{"'C'", "'A'"}));
  // In a query: one call per row, its rows joined to the row.
  EXPECT_EQ(rows("MATCH (n:C) CALL db.relationshipTypes() YIELD relationshipType AS t "
                 "RETURN n.y, t ORDER BY t"),
            (std::vector<std::string>{"[1, 2] | 'R'", "[1, 2] | 'S'"}));
  rows("MATCH (n) DETACH DELETE n");
  EXPECT_EQ(rows("CALL db.labels()"), std::vector<std::string>{});
  EXPECT_EQ(rows("CALL db.propertyKeys()"), std::vector<std::string>{});
}

// CALL in a statement with updating clauses: before them (its rows feed the writes) and after
// them (it sees the writes of the clauses before it, the statement being one commit).
TEST_F(ProcedureCallTest, CallsInUpdatingStatements) {
  rows("CREATE (:A), (:B)");
  EXPECT_EQ(rows("CALL db.labels() YIELD label CREATE (:Copy {name: label}) RETURN label"),
            (std::vector<std::string>{"'A'", "'B'"}));
  std::vector<std::string> copies = rows("MATCH (c:Copy) RETURN c.name");
  std::sort(copies.begin(), copies.end());
  EXPECT_EQ(copies, (std::vector<std::string>{"'A'", "'B'"}));
  EXPECT_EQ(rows("CREATE (n:New) WITH n CALL db.labels() YIELD label RETURN label"),
            (std::vector<std::string>{"'A'", "'B'", "'Copy'", "'New'"}));
  EXPECT_EQ(rows("MATCH (n:A) DETACH DELETE n WITH count(*) AS c "
                 "CALL db.labels() YIELD label RETURN label"),
            (std::vector<std::string>{"'B'", "'Copy'", "'New'"}));
  EXPECT_EQ(error("CREATE (:X) WITH 1 AS one CALL db.nothing() YIELD x RETURN x"),
            "ProcedureNotFound");
  EXPECT_EQ(rows("MATCH (n:X) RETURN count(n)"), std::vector<std::string>{"0"});
}

TEST_F(ProcedureCallTest, ArgumentsFromRowsAreCheckedPerRow) {
  query::value::ProcedureCatalog catalog;
  query::value::Procedure twice;
  twice.signature = {"test.twice", {{"n", "INTEGER?"}}, {{"value", "INTEGER?"}}};
  twice.call = [](std::span<const Value> args, query::value::EvalContext&) {
    std::vector<std::vector<Value>> out;
    if (args[0].isNull()) return out;
    out.push_back({Value::integer(args[0].asInteger() * 2)});
    out.push_back({Value::integer(args[0].asInteger() * 2 + 1)});
    return out;
  };
  catalog.add(twice);
  EXPECT_EQ(
      rows("UNWIND [1, null, 3] AS x CALL test.twice(x) YIELD value RETURN x, value", &catalog),
      (std::vector<std::string>{"1 | 2", "1 | 3", "3 | 6", "3 | 7"}));
  EXPECT_EQ(error("UNWIND [1, 'two'] AS x CALL test.twice(x) YIELD value RETURN value", &catalog),
            "InvalidArgumentType");
  // Decided by the signature before anything runs.
  EXPECT_EQ(error("CALL test.twice('two')", &catalog), "InvalidArgumentType");
  EXPECT_EQ(error("CALL test.twice(1, 2)", &catalog), "InvalidNumberOfArguments");
  EXPECT_EQ(error("CALL test.twice(1) YIELD nope RETURN nope", &catalog), "UndefinedVariable");
  EXPECT_EQ(error("CALL test.thrice(1)", &catalog), "ProcedureNotFound");
  // A catalog of one's own replaces the built-ins.
  EXPECT_EQ(error("CALL db.labels()", &catalog), "ProcedureNotFound");
  EXPECT_EQ(error("CALL db.nothing()"), "ProcedureNotFound");
}

}  // namespace procedure_call_test
}  // namespace cairn::cypher
