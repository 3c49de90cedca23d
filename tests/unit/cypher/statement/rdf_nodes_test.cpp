// Cypher's nodes over RDF that SPARQL wrote (as `cairn import` would): every IRI or blank node
// that is a subject, or the object of a fact other than rdf:type, is a node, with no marker
// fact (docs/cypher.md "Property graph on the store"). Random graphs of IRIs, blank nodes,
// literals, classes (some also subjects or objects) are written in parts — one folded into
// the index, one left in the novelty, some indexed facts deleted — and what `MATCH (n)` finds
// must be what a naive pass over the list of facts says, with tiny leaflets and scan batches so
// runs cross batch and leaflet boundaries, and with batches of one row.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cypher/statement/statement_runner.h"
#include "index/write/index_builder.h"
#include "query/exec/plan_info.h"
#include "query/update/update_executor.h"
#include "sparql/parser/sparql_parser.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace rdf_nodes_test {

constexpr const char* kEx = "http://example.org/";
constexpr const char* kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

struct Fact {
  std::string s, p, o;  // N-Triples terms
  bool operator<(const Fact& other) const {
    return std::tie(s, p, o) < std::tie(other.s, other.p, other.o);
  }
};

// Literals are quoted strings or bare integers here.
bool isLiteral(const std::string& term) { return term[0] == '"' || std::isdigit(term[0]); }

std::string iri(const std::string& local) { return "<" + std::string(kEx) + local + ">"; }

class RdfNodesTest : public ::testing::Test {
 protected:
  RdfNodesTest() : ledger_(index::IndexConfig::tiny()) {}

  void update(const std::string& text) {
    query::executeUpdate(*live_, sparql::parseUpdate(text), {});
  }
  std::vector<std::string> rows(const std::string& text, size_t batchRows = 0) {
    query::QueryOptions options;
    options.batchRows = batchRows;
    testing::TextRows sink;
    runStatement(*live_, text, {}, options, sink);
    std::sort(sink.rows.begin(), sink.rows.end());
    return sink.rows;
  }
  std::string plan(const std::string& text) { return testing::explainText(*live_, text); }
  void fold() {
    index::IndexBuildOptions options;
    options.mode = index::IndexBuildOptions::Mode::kFold;
    ASSERT_TRUE(live_->indexNow(options).isOk());
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
};

std::string insertData(const std::vector<Fact>& facts, const char* verb = "INSERT") {
  std::string text = std::string(verb) + " DATA {\n";
  for (const Fact& f : facts) text += f.s + " " + f.p + " " + f.o + " .\n";
  return text + "}";
}

// One node's labels as labels(n) shows them: its classes' whole IRIs (imported names), sorted.
std::string labelsText(const std::set<std::string>& classes) {
  std::string text = "[";
  for (const std::string& c : classes) {
    text += (text.size() > 1 ? ", '" : "'") + c.substr(1, c.size() - 2) + "'";
  }
  return text + "]";
}

TEST_F(RdfNodesTest, MatchFindsEveryNodeOfTheFacts) {
  const std::string type = "<" + std::string(kRdfType) + ">";
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    update("DROP ALL");
    std::mt19937_64 rng(seed);
    auto node = [&](bool blank) {
      if (blank && rng() % 5 == 0) return "_:b" + std::to_string(rng() % 6);
      // Classes are sometimes subjects or objects too: then they are nodes.
      if (rng() % 25 == 0) return iri("C" + std::to_string(rng() % 3));
      return iri("n" + std::to_string(rng() % 60));
    };
    auto facts = [&](size_t n, bool blank) {
      std::vector<Fact> out;
      for (size_t i = 0; i < n; ++i) {
        const uint64_t kind = rng() % 10;
        Fact f{node(blank), "", ""};
        if (kind < 3) {
          f.p = type;
          f.o = iri("C" + std::to_string(rng() % 3));
        } else if (kind < 6) {
          f.p = iri("p" + std::to_string(rng() % 2));
          f.o = rng() % 2 ? "\"v" + std::to_string(rng() % 5) + "\"" : std::to_string(rng() % 9);
        } else {
          f.p = iri("p" + std::to_string(rng() % 2));
          f.o = node(blank);
        }
        out.push_back(f);
      }
      return out;
    };
    // Indexed, then deleted in part (blank nodes cannot be named by DELETE DATA), then novelty.
    const std::vector<Fact> indexed = facts(120, false);
    update(insertData(indexed));
    fold();
    std::vector<Fact> deleted;
    for (const Fact& f : indexed) {
      if (rng() % 4 == 0) deleted.push_back(f);
    }
    update(insertData(deleted, "DELETE"));
    const std::vector<Fact> recent = facts(40, true);
    update(insertData(recent));

    std::set<Fact> state(indexed.begin(), indexed.end());
    for (const Fact& f : deleted) state.erase(f);
    state.insert(recent.begin(), recent.end());
    std::map<std::string, std::set<std::string>> nodes;  // node -> its classes
    size_t relationships = 0;
    for (const Fact& f : state) {
      nodes[f.s];
      if (f.p == type) {
        nodes[f.s].insert(f.o);
      } else if (!isLiteral(f.o)) {
        nodes[f.o];
        ++relationships;
      }
    }
    std::vector<std::string> labels;
    for (const auto& [n, classes] : nodes) labels.push_back(labelsText(classes));
    std::sort(labels.begin(), labels.end());

    const std::string count = std::to_string(nodes.size());
    EXPECT_EQ(rows("MATCH (n) RETURN count(n)"), std::vector<std::string>{count}) << seed;
    EXPECT_EQ(rows("MATCH (n) RETURN count(*)", 1), std::vector<std::string>{count}) << seed;
    EXPECT_EQ(rows("MATCH (n) RETURN labels(n)"), labels) << seed;
    EXPECT_EQ(rows("MATCH (a)-[r]->(b) RETURN count(r)"),
              std::vector<std::string>{std::to_string(relationships)})
        << seed;
    // Two unlabelled nodes: a cross product of two scans.
    EXPECT_EQ(rows("MATCH (a), (b) RETURN count(*)"),
              std::vector<std::string>{std::to_string(nodes.size() * nodes.size())})
        << seed;
  }
  EXPECT_NE(plan("MATCH (n) RETURN n").find("NodeScan"), std::string::npos);
}

TEST_F(RdfNodesTest, NodesCypherCreatesAndImportedNodesMeet) {
  update(
      "INSERT DATA { <http://example.org/a> <http://example.org/knows> _:x . "
      "<http://example.org/C> <http://example.org/note> 'a class with a fact' . "
      "<http://example.org/a> a <http://example.org/C> . }");
  {
    testing::TextRows sink;
    runStatement(*live_, "CREATE (:Person {name: 'ann'}), ()", {}, {}, sink);
  }
  // a, _:x, C (a subject), and the two Cypher made; not the class C's rdf:type alone.
  EXPECT_EQ(rows("MATCH (n) RETURN count(n)"), std::vector<std::string>{"5"});
  EXPECT_EQ(rows("MATCH (n) WHERE n.name = 'ann' RETURN labels(n)"),
            std::vector<std::string>{"['Person']"});
  // A node found by a property seek needs no marker either.
  EXPECT_EQ(rows("MATCH (n) WHERE n.`http://example.org/note` = 'a class with a fact' "
                 "RETURN count(n)"),
            std::vector<std::string>{"1"});
  EXPECT_EQ(rows("MATCH (n) WHERE NOT (n)-->() AND NOT (n)<--() RETURN count(n)"),
            std::vector<std::string>{"3"});
  {
    testing::TextRows sink;
    runStatement(*live_, "MATCH (n) DETACH DELETE n", {}, {}, sink);
  }
  EXPECT_EQ(rows("MATCH (n) RETURN count(n)"), std::vector<std::string>{"0"});
}

}  // namespace rdf_nodes_test
}  // namespace cairn::cypher
