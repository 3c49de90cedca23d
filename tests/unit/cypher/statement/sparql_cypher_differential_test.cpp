// SPARQL and Cypher over one ledger give the same answers. For several seeds a random social
// graph (Person nodes with an id and, for most, an age; KNOWS between persons; LIVES_IN to a
// City) is written once — by Cypher CREATE, by SPARQL INSERT DATA, or half by each, relationships
// added by SPARQL between nodes Cypher made — and each pair of equivalent queries (1-hop, 2-hop
// COUNT(DISTINCT), GROUP BY aggregates, triangle count, OPTIONAL, property filters, absence) must
// give the same bag of rows. Both sides are compared as text: integers as digits, strings quoted
// in single quotes, a missing value (Cypher null, SPARQL unbound) as `null`.
//
// The graph has no self-loops and no parallel relationships: Cypher's relationship uniqueness
// and SPARQL's set semantics agree only then (docs/cypher.md, "Property graph on the store").

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cypher/statement/statement_runner.h"
#include "index/write/live_ledger.h"
#include "query/engine/query_engine.h"
#include "query/update/update_executor.h"
#include "query/value/value_text.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/collecting_sink.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace sparql_cypher_differential_test {

using query::value::Value;
using Rows = std::vector<std::string>;

constexpr const char* kPrefixes =
    "PREFIX pg: <urn:cairn:pg:>\n"
    "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n";

struct Graph {
  std::vector<std::optional<int64_t>> ages;     // person i has id i
  std::vector<int64_t> cityOf;                  // -1: lives nowhere
  std::set<std::pair<int64_t, int64_t>> knows;  // (from, to), from != to
  int64_t cities = 0;
};

Graph randomGraph(uint64_t seed) {
  std::mt19937_64 rng(seed);
  Graph g;
  const int64_t persons = 20 + static_cast<int64_t>(rng() % 30);
  g.cities = 2 + static_cast<int64_t>(rng() % 4);
  for (int64_t i = 0; i < persons; ++i) {
    g.ages.push_back(rng() % 4 == 0
                         ? std::nullopt
                         : std::optional<int64_t>(18 + static_cast<int64_t>(rng() % 50)));
    g.cityOf.push_back(rng() % 5 == 0 ? -1 : static_cast<int64_t>(rng() % g.cities));
  }
  const size_t edges = static_cast<size_t>(persons) * (2 + rng() % 3);
  while (g.knows.size() < edges) {
    const auto a = static_cast<int64_t>(rng() % persons);
    const auto b = static_cast<int64_t>(rng() % persons);
    if (a != b) g.knows.emplace(a, b);
  }
  return g;
}

// Which language writes which part of the graph.
enum class Writer { kCypher, kSparql, kMixed };

class Fixture {
 public:
  void write(const Graph& g, Writer writer) {
    if (writer == Writer::kSparql) {
      sparqlNodes(g);
      sparqlRelationships(g);
    } else {
      cypherNodes(g);
      if (writer == Writer::kCypher) {
        cypherRelationships(g);
      } else {
        sparqlRelationships(g);
      }
    }
  }

  Rows cypher(const std::string& text) {
    struct Sink final : query::ValueSink {
      void begin(const std::vector<std::string>&, const query::value::GraphAccess& g) override {
        graph = &g;
      }
      void row(std::span<const Value> values) override {
        std::string line;
        for (size_t i = 0; i < values.size(); ++i) {
          line += (i ? " | " : "") + query::value::toText(values[i], graph);
        }
        rows.push_back(line);
      }
      void end() override {}
      const query::value::GraphAccess* graph = nullptr;
      Rows rows;
    } sink;
    runStatement(*live_, text, {}, query::QueryOptions{}, sink);
    std::sort(sink.rows.begin(), sink.rows.end());
    return sink.rows;
  }

  Rows sparql(const std::string& text) {
    sparql::results::CollectingSink sink;
    query::executeQuery(*live_->snapshot(), sparql::parseQuery(kPrefixes + text),
                        query::QueryOptions{}, sink);
    Rows rows;
    for (const auto& row : sink.take().rows) {
      std::string line;
      for (size_t i = 0; i < row.size(); ++i) line += (i ? " | " : "") + termText(row[i]);
      rows.push_back(line);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
  }

  void cypherWrite(const std::string& text, query::value::Parameters params = {}) {
    struct Discard final : query::ValueSink {
      void begin(const std::vector<std::string>&, const query::value::GraphAccess&) override {}
      void row(std::span<const Value>) override {}
      void end() override {}
    } sink;
    runStatement(*live_, text, params, query::QueryOptions{}, sink);
  }

  void sparqlUpdate(const std::string& text) {
    query::executeUpdate(*live_, sparql::parseUpdate(kPrefixes + text), {});
  }

 private:
  static std::string termText(const std::optional<core::Term>& term) {
    if (!term) return "null";
    if (term->kind == core::TermKind::kLiteral &&
        (term->datatype.empty() || term->datatype == "http://www.w3.org/2001/XMLSchema#string")) {
      return "'" + term->value + "'";
    }
    return term->value;  // integers: their canonical digits
  }

  void cypherNodes(const Graph& g) {
    Value::List people;
    for (size_t i = 0; i < g.ages.size(); ++i) {
      people.push_back(Value::list({Value::integer(static_cast<int64_t>(i)),
                                    g.ages[i] ? Value::integer(*g.ages[i]) : Value::null()}));
    }
    Value::List cities;
    for (int64_t c = 0; c < g.cities; ++c) cities.push_back(Value::integer(c));
    cypherWrite("UNWIND $people AS p CREATE (:Person {id: p[0], age: p[1], name: 'p' + p[0]})",
                {{"people", Value::list(std::move(people))}});
    cypherWrite("UNWIND $cities AS c CREATE (:City {id: c})",
                {{"cities", Value::list(std::move(cities))}});
  }

  void cypherRelationships(const Graph& g) {
    Value::List knows;
    for (const auto& [a, b] : g.knows) {
      knows.push_back(Value::list({Value::integer(a), Value::integer(b)}));
    }
    Value::List lives;
    for (size_t i = 0; i < g.cityOf.size(); ++i) {
      if (g.cityOf[i] < 0) continue;
      lives.push_back(
          Value::list({Value::integer(static_cast<int64_t>(i)), Value::integer(g.cityOf[i])}));
    }
    cypherWrite(
        "UNWIND $knows AS k MATCH (a:Person {id: k[0]}), (b:Person {id: k[1]}) "
        "CREATE (a)-[:KNOWS]->(b)",
        {{"knows", Value::list(std::move(knows))}});
    cypherWrite(
        "UNWIND $lives AS l MATCH (p:Person {id: l[0]}), (c:City {id: l[1]}) "
        "CREATE (p)-[:LIVES_IN]->(c)",
        {{"lives", Value::list(std::move(lives))}});
  }

  void sparqlNodes(const Graph& g) {
    std::string data = "INSERT DATA {\n";
    for (size_t i = 0; i < g.ages.size(); ++i) {
      const std::string id = std::to_string(i);
      data +=
          "<urn:test:person/" + id + "> a pg:Person ; pg:id " + id + " ; pg:name \"p" + id + "\"";
      if (g.ages[i]) data += " ; pg:age " + std::to_string(*g.ages[i]);
      data += " .\n";
    }
    for (int64_t c = 0; c < g.cities; ++c) {
      data += "<urn:test:city/" + std::to_string(c) + "> a pg:City ; pg:id " + std::to_string(c) +
              " .\n";
    }
    sparqlUpdate(data + "}");
  }

  // Relationships by the nodes' ids, so they also connect nodes Cypher created (blank nodes).
  void sparqlRelationships(const Graph& g) {
    std::string values;
    for (const auto& [a, b] : g.knows) {
      values += "(" + std::to_string(a) + " " + std::to_string(b) + ")";
    }
    sparqlUpdate("INSERT { ?a pg:KNOWS ?b } WHERE { VALUES (?x ?y) { " + values +
                 " } ?a a pg:Person ; pg:id ?x . ?b a pg:Person ; pg:id ?y }");
    values.clear();
    for (size_t i = 0; i < g.cityOf.size(); ++i) {
      if (g.cityOf[i] >= 0) {
        values += "(" + std::to_string(i) + " " + std::to_string(g.cityOf[i]) + ")";
      }
    }
    sparqlUpdate("INSERT { ?p pg:LIVES_IN ?c } WHERE { VALUES (?x ?y) { " + values +
                 " } ?p a pg:Person ; pg:id ?x . ?c a pg:City ; pg:id ?y }");
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
};

struct QueryPair {
  const char* name;
  const char* cypher;
  const char* sparql;
};

const QueryPair kPairs[] = {
    {"one hop", "MATCH (a:Person)-[:KNOWS]->(b:Person) RETURN a.id, b.id",
     "SELECT ?x ?y { ?a a pg:Person ; pg:KNOWS ?b ; pg:id ?x . ?b a pg:Person ; pg:id ?y }"},
    {"one hop incoming", "MATCH (a:Person)<-[:KNOWS]-(b) RETURN a.name, b.id",
     "SELECT ?n ?y { ?a a pg:Person ; pg:name ?n . ?b pg:KNOWS ?a ; pg:id ?y }"},
    {"two hop count distinct",
     "MATCH (a:Person)-[:KNOWS]->(:Person)-[:KNOWS]->(c:Person) RETURN a.id, count(DISTINCT c)",
     "SELECT ?x (COUNT(DISTINCT ?c) AS ?n) { ?a a pg:Person ; pg:id ?x ; pg:KNOWS ?b . "
     "?b a pg:Person ; pg:KNOWS ?c . ?c a pg:Person } GROUP BY ?x"},
    {"group by city",
     "MATCH (p:Person)-[:LIVES_IN]->(c:City) "
     "RETURN c.id, count(p), count(p.age), min(p.age), max(p.age), sum(p.age)",
     "SELECT ?y (COUNT(?p) AS ?n) (COUNT(?age) AS ?na) (MIN(?age) AS ?lo) (MAX(?age) AS ?hi) "
     "(SUM(?age) AS ?s) { ?p a pg:Person ; pg:LIVES_IN ?c . ?c a pg:City ; pg:id ?y "
     "OPTIONAL { ?p pg:age ?age } } GROUP BY ?y"},
    {"triangles",
     "MATCH (a:Person)-[:KNOWS]->(b:Person)-[:KNOWS]->(c:Person)-[:KNOWS]->(a) RETURN count(*)",
     "SELECT (COUNT(*) AS ?n) { ?a a pg:Person ; pg:KNOWS ?b . ?b a pg:Person ; pg:KNOWS ?c . "
     "?c a pg:Person ; pg:KNOWS ?a }"},
    {"optional", "MATCH (p:Person) OPTIONAL MATCH (p)-[:LIVES_IN]->(c:City) RETURN p.id, c.id",
     "SELECT ?x ?y { ?p a pg:Person ; pg:id ?x OPTIONAL { ?p pg:LIVES_IN ?c . "
     "?c a pg:City ; pg:id ?y } }"},
    {"property filter", "MATCH (p:Person) WHERE p.age > 40 AND p.age <= 60 RETURN p.id, p.age",
     "SELECT ?x ?age { ?p a pg:Person ; pg:id ?x ; pg:age ?age FILTER(?age > 40 && ?age <= 60) }"},
    {"absence", "MATCH (p:Person) WHERE p.age IS NULL RETURN p.id",
     "SELECT ?x { ?p a pg:Person ; pg:id ?x FILTER NOT EXISTS { ?p pg:age ?age } }"},
    {"order and limit",
     "MATCH (p:Person)-[:KNOWS]->(q) RETURN p.id, count(q) AS n ORDER BY n DESC, p.id LIMIT 5",
     "SELECT ?x (COUNT(?q) AS ?n) { ?p a pg:Person ; pg:id ?x ; pg:KNOWS ?q } "
     "GROUP BY ?x ORDER BY DESC(?n) ?x LIMIT 5"},
    {"count of all persons", "MATCH (p:Person) RETURN count(*)",
     "SELECT (COUNT(*) AS ?n) { ?p a pg:Person }"},
};

class SparqlCypherDifferentialTest : public ::testing::TestWithParam<Writer> {};

TEST_P(SparqlCypherDifferentialTest, EquivalentQueriesAgree) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const Graph graph = randomGraph(seed);
    Fixture fixture;
    fixture.write(graph, GetParam());
    for (const QueryPair& pair : kPairs) {
      const Rows fromCypher = fixture.cypher(pair.cypher);
      const Rows fromSparql = fixture.sparql(pair.sparql);
      EXPECT_FALSE(fromCypher.empty()) << pair.name << ", seed " << seed;
      EXPECT_EQ(fromCypher, fromSparql) << pair.name << ", seed " << seed;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Writers, SparqlCypherDifferentialTest,
                         ::testing::Values(Writer::kCypher, Writer::kSparql, Writer::kMixed),
                         [](const auto& info) {
                           switch (info.param) {
                             case Writer::kCypher:
                               return std::string("WrittenByCypher");
                             case Writer::kSparql:
                               return std::string("WrittenBySparql");
                             default:
                               return std::string("NodesByCypherEdgesBySparql");
                           }
                         });

// Names the data never uses: a property, a label. Both languages answer nothing, not an error.
TEST(SparqlCypherDifferential, UnknownNamesAreEmptyInBoth) {
  Fixture fixture;
  fixture.write(randomGraph(7), Writer::kCypher);
  EXPECT_EQ(fixture.cypher("MATCH (p:Person) WHERE p.nickname IS NOT NULL RETURN p.id"), Rows{});
  EXPECT_EQ(fixture.sparql("SELECT ?p { ?p pg:nickname ?n }"), Rows{});
  EXPECT_EQ(fixture.cypher("MATCH (p:Robot) RETURN p"), Rows{});
  EXPECT_EQ(fixture.sparql("SELECT ?p { ?p a pg:Robot }"), Rows{});
}

// Imported RDF keeps its IRIs; Cypher names them whole, in backquotes, and reads and writes
// the same facts SPARQL does: labels(n) and type(r) show the IRI, and MATCH, CREATE and SET with
// that name reach exactly those facts (not urn:cairn:pg: ones).
TEST(SparqlCypherDifferential, WholeIriNamesAreTheIrisThemselves) {
  Fixture fixture;
  fixture.sparqlUpdate(
      "INSERT DATA { <http://ex.org/ann> a <http://ex.org/Writer> ; <http://ex.org/name> \"Ann\" ;"
      " <http://ex.org/bornIn> <http://ex.org/oslo> . <urn:x:bo> a <http://ex.org/Writer> ;"
      " <http://ex.org/name> \"Bo\" }");
  EXPECT_EQ(fixture.cypher("MATCH (w:`http://ex.org/Writer`) RETURN w.`http://ex.org/name`, "
                           "labels(w)"),
            (Rows{"'Ann' | ['http://ex.org/Writer']", "'Bo' | ['http://ex.org/Writer']"}));
  EXPECT_EQ(fixture.cypher("MATCH (w:`http://ex.org/Writer`)-[r:`http://ex.org/bornIn`]->(c) "
                           "RETURN w.`http://ex.org/name`, type(r)"),
            (Rows{"'Ann' | 'http://ex.org/bornIn'"}));
  fixture.cypherWrite(
      "CREATE (:`http://ex.org/Writer` {`http://ex.org/name`: 'Cy'})-[:`urn:x:knows`]->"
      "(:`urn:x:Reader`)");
  EXPECT_EQ(fixture.sparql("SELECT ?n { ?w a <http://ex.org/Writer> ; <http://ex.org/name> ?n }"),
            (Rows{"'Ann'", "'Bo'", "'Cy'"}));
  EXPECT_EQ(fixture.sparql("SELECT (COUNT(*) AS ?n) { ?a <urn:x:knows> ?b . ?b a <urn:x:Reader> }"),
            (Rows{"1"}));
  // A name that only looks like an IRI in part stays in the vocabulary.
  fixture.cypherWrite("CREATE (:`ex:Odd`)");
  EXPECT_EQ(fixture.sparql("SELECT (COUNT(*) AS ?n) { ?x a <urn:cairn:pg:ex:Odd> }"), (Rows{"1"}));
}

}  // namespace sparql_cypher_differential_test
}  // namespace cairn::cypher
