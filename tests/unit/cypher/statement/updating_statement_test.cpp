// Updating statements clause by clause (cypher/statement/statement_pipeline.h) over an in-memory
// ledger: SET, REMOVE, DELETE, CREATE and MERGE between reading clauses, each clause seeing the
// writes of the clauses before it, the counters as differences between the graph before and after,
// and a failing statement leaving every fact as it was. A randomized test runs sequences of updates
// against a naive model of the graph's properties and labels.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "cypher/statement/statement_runner.h"
#include "index/write/live_ledger.h"
#include "tests/support/cypher_ledger.h"
#include "tests/support/ledger_quads.h"

namespace cairn::cypher {
namespace updating_statement_test {

using testing::TextRows;
using Rows = std::vector<std::string>;

class UpdatingStatementTest : public ::testing::Test {
 protected:
  StatementReport run(const std::string& text, const query::value::Parameters& params = {}) {
    last_ = TextRows();
    return runStatement(*live_, text, params, query::QueryOptions{}, last_);
  }
  Rows rows(const std::string& text) {
    run(text);
    Rows out = last_.rows;
    std::sort(out.begin(), out.end());
    return out;
  }
  std::vector<std::string> facts() { return testing::ledgerNQuads(*live_->snapshot()); }
  uint64_t t() { return live_->snapshot()->t(); }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
  TextRows last_;
};

UpdateCounters counters(uint64_t nodesCreated, uint64_t nodesDeleted, uint64_t relsCreated,
                        uint64_t relsDeleted, uint64_t labelsAdded, uint64_t labelsRemoved,
                        uint64_t propertiesSet, uint64_t propertiesRemoved) {
  return UpdateCounters{nodesCreated, nodesDeleted,  relsCreated,   relsDeleted,
                        labelsAdded,  labelsRemoved, propertiesSet, propertiesRemoved};
}

TEST_F(UpdatingStatementTest, SetReplacesValuesAndCountsTheDifference) {
  run("CREATE (:A {name: 'Ann', tags: ['x', 'y']}), (:A {name: 'Bob'})");
  StatementReport report =
      run("MATCH (n:A {name: 'Ann'}) SET n.name = 'Anna', n.age = 31 RETURN n.name, n.age");
  EXPECT_EQ(last_.rows, (Rows{"'Anna' | 31"}));
  EXPECT_EQ(report.counters, counters(0, 0, 0, 0, 0, 0, 2, 1));
  // A list shrinks to fewer positions: no element of the old list survives.
  run("MATCH (n:A {name: 'Anna'}) SET n.tags = ['z']");
  EXPECT_EQ(rows("MATCH (n:A) RETURN n.name, n.tags"), (Rows{"'Anna' | ['z']", "'Bob' | null"}));
  // The same value again changes nothing: no commit, no counts.
  const uint64_t before = t();
  report = run("MATCH (n:A {name: 'Bob'}) SET n.name = 'Bob'");
  EXPECT_EQ(report.counters, UpdateCounters{});
  EXPECT_EQ(t(), before);
  // null removes; a missing entity (OPTIONAL MATCH) is ignored.
  report = run("MATCH (n:A {name: 'Anna'}) SET n.age = null");
  EXPECT_EQ(report.counters, counters(0, 0, 0, 0, 0, 0, 0, 1));
  report = run("OPTIONAL MATCH (n:Missing) SET n.x = 1 RETURN n");
  EXPECT_EQ(last_.rows, (Rows{"null"}));
  EXPECT_EQ(report.counters, UpdateCounters{});
}

TEST_F(UpdatingStatementTest, MapsLabelsAndRemove) {
  run("CREATE (:A {a: 1, b: 2})-[:R {w: 1}]->(:B)");
  run("MATCH (n:A) SET n = {b: 3, c: 4}");
  EXPECT_EQ(rows("MATCH (n:A) RETURN properties(n)"), (Rows{"{b: 3, c: 4}"}));
  run("MATCH (n:A) SET n += {c: null, d: 5}");
  EXPECT_EQ(rows("MATCH (n:A) RETURN properties(n)"), (Rows{"{b: 3, d: 5}"}));
  StatementReport report = run("MATCH (n:A) SET n:C:D REMOVE n:A RETURN labels(n)");
  EXPECT_EQ(last_.rows, (Rows{"['C', 'D']"}));
  EXPECT_EQ(report.counters, counters(0, 0, 0, 0, 2, 1, 0, 0));
  run("MATCH ()-[r:R]->() SET r.w = r.w + 1, r.v = r.w");
  EXPECT_EQ(rows("MATCH ()-[r:R]->() RETURN r.w, r.v"), (Rows{"2 | 2"}));
  report = run("MATCH (n:C)-[r]->() REMOVE n.b, r.w");
  EXPECT_EQ(report.counters, counters(0, 0, 0, 0, 0, 0, 0, 2));
  EXPECT_EQ(rows("MATCH (n:C)-[r]->() RETURN properties(n), properties(r)"),
            (Rows{"{d: 5} | {v: 2}"}));
}

TEST_F(UpdatingStatementTest, LaterClausesSeeEarlierWrites) {
  run("CREATE (:P {n: 1}), (:P {n: 2}), (:P {n: 3})");
  EXPECT_EQ(rows("MATCH (p:P) WHERE p.n > 1 SET p.big = true "
                 "WITH count(*) AS changed MATCH (q:P) WHERE q.big RETURN changed, count(q)"),
            (Rows{"2 | 2"}));
  // CREATE, then a MATCH that finds what it created, then DELETE of it, then RETURN.
  const StatementReport report =
      run("CREATE (x:Tmp {k: 7}) WITH x MATCH (y:Tmp) DELETE y RETURN count(*) AS deleted");
  EXPECT_EQ(last_.rows, (Rows{"1"}));
  EXPECT_EQ(report.counters, UpdateCounters{});  // created and deleted: no net change
  EXPECT_EQ(rows("MATCH (t:Tmp) RETURN count(t)"), (Rows{"0"}));
}

TEST_F(UpdatingStatementTest, DeleteNeedsDetachForConnectedNodes) {
  run("CREATE (a:A {n: 1})-[:R {w: 5}]->(b:B {n: 2}), (a)-[:S]->(a)");
  const std::vector<std::string> before = facts();
  const uint64_t t0 = t();
  try {
    run("MATCH (a:A) DELETE a");
    FAIL() << "deleted a connected node";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kConstraintViolation);
    EXPECT_EQ(e.detail(), "DeleteConnectedNode");
  }
  EXPECT_EQ(facts(), before);
  EXPECT_EQ(t(), t0);
  // Deleting the node with all its relationships in one clause needs no DETACH.
  StatementReport report =
      run("MATCH (a:A)-[r]->(b) WITH a, collect(r) AS rs DELETE a, rs[0], rs[1]");
  EXPECT_EQ(report.counters, counters(0, 1, 0, 2, 0, 1, 0, 2));
  run("MATCH (b:B) DETACH DELETE b");
  // Nothing is left: no marker, label, property or relationship property fact.
  EXPECT_EQ(facts(), std::vector<std::string>{});
}

TEST_F(UpdatingStatementTest, ReadingWhatTheStatementDeletedIsEntityNotFound) {
  run("CREATE (:D {n: 1})-[:R {w: 2}]->(:D {n: 2})");
  const std::vector<std::string> before = facts();
  for (const char* read :
       {"MATCH (a:D) DETACH DELETE a RETURN a.n", "MATCH (a:D) DETACH DELETE a RETURN labels(a)",
        "MATCH ()-[r:R]->() DELETE r RETURN r.w"}) {
    SCOPED_TRACE(read);
    try {
      run(read);
      FAIL() << "reading a deleted entity must fail";
    } catch (const core::Error& e) {
      EXPECT_EQ(e.code(), core::ErrorCode::kEntityNotFound);
      EXPECT_EQ(e.detail(), "DeletedEntityAccess");
    }
  }
  EXPECT_EQ(facts(), before);
  // Carrying a deleted entity along is fine; reading one not deleted too.
  run("MATCH (a:D {n: 1})-[r:R]->(b:D) DELETE r RETURN count(r), b.n");
  EXPECT_EQ(last_.rows, (Rows{"1 | 2"}));
}

TEST_F(UpdatingStatementTest, DetachDeleteRemovesRelationshipsBothWays) {
  run("CREATE (a:N {k: 'a'})-[:R {w: 1}]->(b:N {k: 'b'})-[:R]->(c:N {k: 'c'}), (c)-[:R]->(a)");
  const StatementReport report = run("MATCH (n:N {k: 'b'}) DETACH DELETE n");
  EXPECT_EQ(report.counters, counters(0, 1, 0, 2, 0, 0, 0, 2));
  EXPECT_EQ(rows("MATCH (x)-[r]->(y) RETURN x.k, y.k, r.w"), (Rows{"'c' | 'a' | null"}));
  // Paths delete their nodes and relationships; null deletes nothing.
  run("MATCH p = (:N {k: 'c'})-->(:N) OPTIONAL MATCH (m:Missing) DETACH DELETE p, m");
  EXPECT_EQ(rows("MATCH (n) RETURN count(n)"), (Rows{"0"}));
}

TEST_F(UpdatingStatementTest, AFailingClauseLeavesTheLedgerUnchanged) {
  run("CREATE (:A {n: 1}), (:A {n: 2})");
  const std::vector<std::string> before = facts();
  const uint64_t t0 = t();
  EXPECT_THROW(run("MATCH (a:A) SET a.n = 10 WITH a DELETE a WITH a SET a.bad = [{x: 1}]"),
               core::Error);
  EXPECT_THROW(run("MATCH (a:A) SET a.n = a.n / 0"), core::Error);
  EXPECT_THROW(run("MATCH (a:A) SET a.m = {x: 1}"), core::Error);
  EXPECT_EQ(facts(), before);
  EXPECT_EQ(t(), t0);
}

TEST_F(UpdatingStatementTest, MergeSeesTheRowsBeforeItAndRunsItsActions) {
  // Repeated keys: the second 1 matches the node the first created.
  StatementReport report =
      run("UNWIND [1, 1, 2] AS x MERGE (n:U {id: x}) ON CREATE SET n.made = 1 "
          "ON MATCH SET n.seen = coalesce(n.seen, 0) + 1 RETURN n.id, n.made, n.seen");
  EXPECT_EQ(rows("MATCH (n:U) RETURN n.id, n.made, n.seen"), (Rows{"1 | 1 | 1", "2 | 1 | null"}));
  std::vector<std::string> returned = last_.rows;
  EXPECT_EQ(report.counters, counters(2, 0, 0, 0, 1, 0, 5, 0));
  // A match binds every matching node: two rows out of one.
  run("CREATE (:U {id: 1})");
  run("MERGE (n:U {id: 1}) RETURN n.id");
  EXPECT_EQ(last_.rows, (Rows{"1", "1"}));
  // Relationships: either direction matches; a created one goes left to right.
  run("MATCH (a:U {id: 2}) CREATE (a)<-[:R]-(:V)");
  report = run("MATCH (a:U {id: 2}), (b:V) MERGE (a)-[r:R]-(b) RETURN type(r)");
  EXPECT_EQ(last_.rows, (Rows{"'R'"}));
  EXPECT_EQ(report.counters, UpdateCounters{});
  report = run("MATCH (a:U {id: 2}), (b:V) MERGE (a)-[r:S]-(b) RETURN type(r)");
  EXPECT_EQ(last_.rows, (Rows{"'S'"}));
  EXPECT_EQ(report.counters, counters(0, 0, 1, 0, 0, 0, 0, 0));
  EXPECT_EQ(rows("MATCH (:U {id: 2})-[r:S]->(:V) RETURN count(r)"), (Rows{"1"}));
}

TEST_F(UpdatingStatementTest, AFailingMergeRowUndoesTheRowsBeforeIt) {
  run("CREATE (:U {id: 0})");
  const std::vector<std::string> before = facts();
  const uint64_t t0 = t();
  try {
    run("UNWIND [1, 2, null] AS x MERGE (n:U {id: x})");
    FAIL() << "a null MERGE property must fail";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.detail(), "MergeReadOwnWrites");
  }
  EXPECT_THROW(run("UNWIND [1, 2] AS x MERGE (n:U {id: x}) ON CREATE SET n.bad = {m: 1}"),
               core::Error);
  EXPECT_EQ(facts(), before);
  EXPECT_EQ(t(), t0);
}

TEST_F(UpdatingStatementTest, ForeachRunsItsClausesPerElementAndKeepsTheRows) {
  run("CREATE (:A {name: 'x'})-[:R]->(:A {name: 'y'})");
  StatementReport report =
      run("MATCH (n:A) FOREACH (v IN [1, 2] | CREATE (:B {v: v, of: n.name})) RETURN n.name");
  EXPECT_EQ(rows("MATCH (b:B) RETURN b.of, b.v"),
            (Rows{"'x' | 1", "'x' | 2", "'y' | 1", "'y' | 2"}));
  EXPECT_EQ(report.counters, counters(4, 0, 0, 0, 1, 0, 8, 0));
  // Nested, with MERGE seeing the iterations before it.
  report =
      run("FOREACH (x IN [1, 1, 2] | MERGE (k:K {v: x}) FOREACH (y IN [x] | SET k.w = y * 10))");
  EXPECT_EQ(rows("MATCH (k:K) RETURN k.v, k.w"), (Rows{"1 | 10", "2 | 20"}));
  // Over a path's nodes; the rows after FOREACH are the rows before it.
  run("MATCH p = (:A {name: 'x'})-->() FOREACH (n IN nodes(p) | SET n.seen = true) "
      "WITH p UNWIND [1, 2] AS y RETURN y");
  EXPECT_EQ(last_.rows, (Rows{"1", "2"}));
  EXPECT_EQ(rows("MATCH (n:A) RETURN n.name, n.seen"), (Rows{"'x' | true", "'y' | true"}));
  // null iterates nothing; a non-list fails and changes nothing.
  report = run("FOREACH (x IN null | CREATE (:Never))");
  EXPECT_EQ(report.counters, UpdateCounters{});
  const std::vector<std::string> before = facts();
  EXPECT_THROW(run("FOREACH (x IN [1] | CREATE (:C)) FOREACH (x IN 5 | CREATE (:D))"), core::Error);
  EXPECT_EQ(facts(), before);
}

// A naive model: nodes by key k, each with labels and integer properties.
struct ModelNode {
  std::set<std::string> labels;
  std::map<std::string, int64_t> properties;
};

std::string render(const ModelNode& node) {
  std::string out = "[";
  for (const auto& l : node.labels) out += (out.size() > 1 ? ", '" : "'") + l + "'";
  out += "] | {";
  bool first = true;
  for (const auto& [key, v] : node.properties) {
    out += (first ? "" : ", ") + key + ": " + std::to_string(v);
    first = false;
  }
  return out + "}";
}

TEST_F(UpdatingStatementTest, RandomUpdatesAgreeWithANaiveModel) {
  std::mt19937 rng(20261206);
  const std::vector<std::string> keys = {"a", "b", "c"};
  const std::vector<std::string> labels = {"L", "M"};
  std::map<int, ModelNode> model;
  int nextId = 0;
  auto pick = [&](const auto& v) { return v[rng() % v.size()]; };
  for (int step = 0; step < 120; ++step) {
    const int action = static_cast<int>(rng() % 7);
    const std::string key = pick(keys);
    const std::string label = pick(labels);
    const int64_t value = static_cast<int64_t>(rng() % 4);
    // Nodes whose k is below a bound: a random subset, also empty.
    const int bound = nextId == 0 ? 0 : static_cast<int>(rng() % (nextId + 1));
    const std::string where = "MATCH (n) WHERE n.k < " + std::to_string(bound) + " ";
    std::vector<int> chosen;
    for (const auto& [id, node] : model) {
      if (id < bound) chosen.push_back(id);
    }
    switch (action) {
      case 0: {
        const int id = nextId++;
        run("CREATE (:" + label + " {k: " + std::to_string(id) + ", " + key + ": " +
            std::to_string(value) + "})");
        model[id].labels.insert(label);
        model[id].properties["k"] = id;
        model[id].properties[key] = value;
        break;
      }
      case 1:
        run(where + "SET n." + key + " = coalesce(n." + key + ", 0) + " + std::to_string(value));
        for (int id : chosen) {
          auto& props = model[id].properties;
          props[key] = (props.count(key) > 0 ? props[key] : 0) + value;
        }
        break;
      case 2:
        run(where + "REMOVE n." + key);
        for (int id : chosen) model[id].properties.erase(key);
        break;
      case 3:
        run(where + "SET n:" + label);
        for (int id : chosen) model[id].labels.insert(label);
        break;
      case 4:
        run(where + "REMOVE n:" + label);
        for (int id : chosen) model[id].labels.erase(label);
        break;
      case 5:
        if (rng() % 3 != 0) break;  // deletes rarely, so the graph grows
        run(where + "DELETE n");
        for (int id : chosen) model.erase(id);
        break;
      case 6: {
        // MERGE by k over keys that exist, are new, or repeat within the statement.
        std::vector<int> ks;
        for (int n = static_cast<int>(rng() % 4); n > 0; --n) {
          ks.push_back(static_cast<int>(rng() % (nextId + 2)));
        }
        std::string list;
        for (int k : ks) list += (list.empty() ? "" : ", ") + std::to_string(k);
        run("UNWIND [" + list + "] AS x MERGE (n {k: x}) ON CREATE SET n:" + label + ", n." + key +
            " = x ON MATCH SET n.c = coalesce(n.c, 0) + 1");
        for (int k : ks) {
          if (model.count(k) > 0) {
            auto& props = model[k].properties;
            props["c"] = (props.count("c") > 0 ? props["c"] : 0) + 1;
          } else {
            model[k].labels.insert(label);
            model[k].properties["k"] = k;
            model[k].properties[key] = k;
          }
          nextId = std::max(nextId, k + 1);
        }
        break;
      }
    }
    Rows expected;
    for (const auto& [id, node] : model) {
      if (node.properties.count("k") > 0) expected.push_back(render(node));
    }
    std::sort(expected.begin(), expected.end());
    ASSERT_EQ(rows("MATCH (n) WHERE n.k IS NOT NULL RETURN labels(n), properties(n)"), expected)
        << "after step " << step;
  }
}

}  // namespace updating_statement_test
}  // namespace cairn::cypher
