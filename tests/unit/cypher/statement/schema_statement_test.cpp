// Uniqueness constraints end to end: CREATE / DROP / SHOW CONSTRAINT through runStatement, and
// every later commit — Cypher CREATE, MERGE, SET, labels, SPARQL Update — refused when it would
// give two nodes of the label one key value, with the ledger left as it was.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"
#include "cypher/statement/statement_runner.h"
#include "index/constraints/unique_constraints.h"
#include "index/write/live_ledger.h"
#include "query/update/update_executor.h"
#include "sparql/parser/sparql_parser.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace schema_statement_test {

using Rows = std::vector<std::string>;
using testing::TextRows;

class SchemaStatementTest : public ::testing::Test {
 protected:
  StatementReport run(const std::string& text) {
    TextRows sink;
    return runStatement(*live_, text, {}, {}, sink);
  }
  Rows rows(const std::string& text) {
    TextRows sink;
    runStatement(*live_, text, {}, {}, sink);
    std::sort(sink.rows.begin(), sink.rows.end());
    return sink.rows;
  }
  // The error `text` raises, with the ledger's t unchanged by it.
  core::Error failure(const std::string& text) {
    const uint64_t before = live_->snapshot()->t();
    try {
      run(text);
    } catch (const core::Error& e) {
      EXPECT_EQ(live_->snapshot()->t(), before) << text;
      return e;
    }
    ADD_FAILURE() << "no error from: " << text;
    return core::Error(core::ErrorCode::kInvalidArgument, "none");
  }
  void sparqlUpdate(const std::string& text) {
    query::executeUpdate(*live_, sparql::parseUpdate(text), {});
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
};

TEST_F(SchemaStatementTest, CreateShowAndDrop) {
  const StatementReport created =
      run("CREATE CONSTRAINT user_id IF NOT EXISTS FOR (u:User) REQUIRE u.id IS UNIQUE");
  EXPECT_TRUE(created.wrote);
  EXPECT_EQ(created.counters.constraintsAdded, 1u);
  EXPECT_EQ(rows("SHOW CONSTRAINTS"),
            (Rows{"'user_id' | 'UNIQUENESS' | 'NODE' | ['User'] | ['id']"}));
  // The older form, unnamed: a name is made up.
  EXPECT_EQ(run("CREATE CONSTRAINT ON (p:Page) ASSERT p.url IS UNIQUE").counters.constraintsAdded,
            1u);
  EXPECT_EQ(rows("SHOW UNIQUE CONSTRAINTS").size(), 2u);
  // IF NOT EXISTS over an equivalent rule changes nothing; without it, an error.
  const uint64_t t = live_->snapshot()->t();
  EXPECT_EQ(run("CREATE CONSTRAINT other IF NOT EXISTS FOR (u:User) REQUIRE (u.id) IS UNIQUE")
                .counters.constraintsAdded,
            0u);
  EXPECT_EQ(live_->snapshot()->t(), t);
  EXPECT_EQ(failure("CREATE CONSTRAINT other FOR (u:User) REQUIRE u.id IS UNIQUE").code(),
            core::ErrorCode::kAlreadyExists);
  EXPECT_EQ(failure("CREATE CONSTRAINT user_id FOR (u:User) REQUIRE u.name IS UNIQUE").detail(),
            "ConstraintAlreadyExists");
  EXPECT_EQ(run("DROP CONSTRAINT user_id").counters.constraintsRemoved, 1u);
  EXPECT_EQ(rows("SHOW CONSTRAINTS").size(), 1u);
  EXPECT_EQ(failure("DROP CONSTRAINT user_id").code(), core::ErrorCode::kNotFound);
  EXPECT_EQ(run("DROP CONSTRAINT user_id IF EXISTS").counters.constraintsRemoved, 0u);
  // The constraint was data at its t: the snapshot before the DROP still has it.
  auto before = index::uniqueConstraints(*live_->snapshot(), t);
  ASSERT_TRUE(before.isOk());
  EXPECT_EQ(before->size(), 2u);
}

TEST_F(SchemaStatementTest, SyntaxErrorsHavePositions) {
  for (const std::string text : {"CREATE CONSTRAINT FOR (u:User) REQUIRE v.id IS UNIQUE",
                                 "CREATE CONSTRAINT FOR (u:User) REQUIRE u.id IS NOT NULL",
                                 "CREATE CONSTRAINT FOR (u:User) REQUIRE (u.id, u.x) IS UNIQUE",
                                 "CREATE CONSTRAINT FOR (u) REQUIRE u.id IS UNIQUE",
                                 "EXPLAIN SHOW CONSTRAINTS", "DROP CONSTRAINT"}) {
    const core::Error e = failure(text);
    EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError) << text;
    EXPECT_GT(e.column(), 0u) << text;
  }
}

TEST_F(SchemaStatementTest, WritesThatBreakTheConstraintChangeNothing) {
  run("CREATE CONSTRAINT user_id FOR (u:User) REQUIRE u.id IS UNIQUE");
  run("CREATE (:User {id: 1, name: 'a'}), (:User {id: 2, name: 'b'}), (:Other {id: 1})");
  const std::vector<std::string> broken = {
      "CREATE (:User {id: 1})",
      "CREATE (:User {id: 3}), (:User {id: 3})",
      "UNWIND [5, 6, 5] AS k CREATE (:User {id: k})",
      "MATCH (u:User {id: 2}) SET u.id = 1",
      "MATCH (o:Other) SET o:User",
      "MATCH (u:User {id: 2}) SET u += {id: 1, name: 'x'}",
      "UNWIND [7, 7] AS k CREATE (:User {id: k, tag: 'new'})",
  };
  for (const auto& text : broken) {
    const core::Error e = failure(text);
    EXPECT_EQ(e.code(), core::ErrorCode::kConstraintViolation) << text;
    EXPECT_NE(e.message().find("user_id"), std::string::npos) << e.message();
  }
  EXPECT_EQ(rows("MATCH (u:User) RETURN u.id, u.name"), (Rows{"1 | 'a'", "2 | 'b'"}));
  // What keeps keys unique goes through: MERGE on the key, a new key, a swap through a free one,
  // another label, the same value of another type.
  run("UNWIND [1, 2, 3, 3] AS k MERGE (u:User {id: k})");
  run("CREATE (:Other {id: 2}), (:User {id: '1'})");
  run("MATCH (u:User {id: 1}) SET u.id = 10");
  run("MATCH (u:User {id: 2}) SET u.id = 1");
  EXPECT_EQ(rows("MATCH (u:User) RETURN u.id"), (Rows{"'1'", "1", "10", "3"}));
  // Deleting the holder frees the key.
  run("MATCH (u:User {id: 10}) DELETE u");
  run("CREATE (:User {id: 10})");
  // SPARQL writes are checked too.
  const uint64_t t = live_->snapshot()->t();
  try {
    sparqlUpdate("INSERT DATA { <urn:x> a <urn:cairn:pg:User> ; <urn:cairn:pg:id> 3 }");
    ADD_FAILURE() << "SPARQL INSERT of a duplicate key went through";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kConstraintViolation) << e.message();
  }
  EXPECT_EQ(live_->snapshot()->t(), t);
  sparqlUpdate("INSERT DATA { <urn:x> a <urn:cairn:pg:User> ; <urn:cairn:pg:id> 33 }");
  EXPECT_EQ(rows("MATCH (u:User {id: 33}) RETURN count(u)"), (Rows{"1"}));
}

TEST_F(SchemaStatementTest, ConstraintOverBrokenDataIsRefused) {
  run("CREATE (:User {id: 1}), (:User {id: 1}), (:User {id: 2})");
  const core::Error e = failure("CREATE CONSTRAINT user_id FOR (u:User) REQUIRE u.id IS UNIQUE");
  EXPECT_EQ(e.code(), core::ErrorCode::kConstraintViolation);
  EXPECT_TRUE(rows("SHOW CONSTRAINTS").empty());
  // Once the duplicate is gone the same constraint is accepted.
  run("MATCH (u:User {id: 1}) WITH u LIMIT 1 DELETE u");
  EXPECT_EQ(run("CREATE CONSTRAINT user_id FOR (u:User) REQUIRE u.id IS UNIQUE")
                .counters.constraintsAdded,
            1u);
  EXPECT_EQ(failure("CREATE (:User {id: 2})").code(), core::ErrorCode::kConstraintViolation);
}

}  // namespace schema_statement_test
}  // namespace cairn::cypher
