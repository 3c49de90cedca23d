// A ledger's prefix declarations (index/constraints/prefix_declarations.h) end to end: written
// by SPARQL Update into the schema graph, checked on commit (a malformed set is refused and the
// ledger unchanged), and used by Cypher both ways — `foaf__Person` reads and writes the FOAF
// IRI, labels(n), type(r), keys(n) and SHOW CONSTRAINTS show the short names, the empty prefix
// moves bare names — at the t a query reads (time travel sees the declarations of its t).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"
#include "cypher/statement/statement_runner.h"
#include "index/constraints/prefix_declarations.h"
#include "index/write/live_ledger.h"
#include "query/engine/query_engine.h"
#include "query/update/update_executor.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/collecting_sink.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace prefix_names_test {

using Rows = std::vector<std::string>;

constexpr const char* kDeclareFoaf =
    "PREFIX sh: <http://www.w3.org/ns/shacl#> "
    "INSERT DATA { GRAPH <urn:cairn:sys:schema> { "
    "<urn:cairn:sys:prefix:foaf> sh:prefix 'foaf' ; sh:namespace 'http://xmlns.com/foaf/0.1/' . "
    "<urn:cairn:sys:prefix:ex> sh:prefix 'ex' ; sh:namespace <http://example.org/> } }";

class PrefixNamesTest : public ::testing::Test {
 protected:
  void update(const std::string& text) {
    query::executeUpdate(*live_, sparql::parseUpdate(text), {});
  }
  Rows rows(const std::string& text, uint64_t asOf = UINT64_MAX) {
    query::QueryOptions options;
    options.asOf = asOf;
    testing::TextRows sink;
    runStatement(*live_, text, {}, options, sink);
    std::sort(sink.rows.begin(), sink.rows.end());
    return sink.rows;
  }
  size_t sparqlCount(const std::string& where) {
    sparql::results::CollectingSink sink;
    query::executeQuery(*live_->snapshot(), sparql::parseQuery("SELECT * { " + where + " }"),
                        query::QueryOptions{}, sink);
    return sink.take().rows.size();
  }
  // The error `text` (a SPARQL Update) raises, with the ledger's t unchanged by it.
  std::string refusal(const std::string& text) {
    const uint64_t before = live_->snapshot()->t();
    try {
      update(text);
    } catch (const core::Error& e) {
      EXPECT_EQ(live_->snapshot()->t(), before) << text;
      return e.message();
    }
    ADD_FAILURE() << "no error from: " << text;
    return {};
  }
  uint64_t t() const { return live_->snapshot()->t(); }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
};

TEST_F(PrefixNamesTest, DeclaredPrefixesNameImportedIrisBothWays) {
  update(
      "PREFIX foaf: <http://xmlns.com/foaf/0.1/> "
      "INSERT DATA { <http://example.org/alice> a foaf:Person ; foaf:name 'Alice' ; "
      "foaf:knows <http://example.org/bob> . <http://example.org/bob> foaf:name 'Bob' }");
  const uint64_t before = t();
  EXPECT_EQ(rows("MATCH (p:foaf__Person) RETURN count(p)"), Rows{"0"});
  update(kDeclareFoaf);
  EXPECT_EQ(rows("MATCH (p:foaf__Person)-[r:foaf__knows]->(q) "
                 "RETURN p.foaf__name, q.foaf__name, labels(p), type(r), keys(q)"),
            Rows{"'Alice' | 'Bob' | ['foaf__Person'] | 'foaf__knows' | ['foaf__name']"});
  EXPECT_EQ(rows("MATCH (p:`foaf:Person`) RETURN p.`foaf:name`"), Rows{"'Alice'"});
  EXPECT_EQ(rows("CALL db.labels()"), Rows{"'foaf__Person'"});
  EXPECT_EQ(rows("CALL cairn.prefixes()"),
            (Rows{"'' | 'urn:cairn:pg:'", "'ex' | 'http://example.org/'",
                  "'foaf' | 'http://xmlns.com/foaf/0.1/'"}));
  EXPECT_EQ(rows("CALL cairn.prefixes()", before), Rows{"'' | 'urn:cairn:pg:'"});
  // Whole IRIs still name themselves.
  EXPECT_EQ(rows("MATCH (p:`http://xmlns.com/foaf/0.1/Person`) RETURN count(p)"), Rows{"1"});
  // A query at the t before the declarations shows whole IRIs.
  EXPECT_EQ(
      rows("MATCH (p) WHERE p.`http://xmlns.com/foaf/0.1/name` = 'Alice' RETURN labels(p)", before),
      Rows{"['http://xmlns.com/foaf/0.1/Person']"});
}

TEST_F(PrefixNamesTest, CypherWritesThroughTheDeclaredNamespaces) {
  update(kDeclareFoaf);
  rows("CREATE (:foaf__Person {foaf__name: 'Ann', age: 3})-[:foaf__knows]->(:ex__Robot)");
  EXPECT_EQ(sparqlCount("?p a <http://xmlns.com/foaf/0.1/Person> ; "
                        "<http://xmlns.com/foaf/0.1/name> 'Ann' ; <urn:cairn:pg:age> 3 ; "
                        "<http://xmlns.com/foaf/0.1/knows> ?r . ?r a <http://example.org/Robot>"),
            1u);
  rows("MATCH (p:foaf__Person) SET p.foaf__nick = 'A', p:ex__Pilot REMOVE p.foaf__name");
  EXPECT_EQ(rows("MATCH (p:ex__Pilot) RETURN p.foaf__nick, p.foaf__name, labels(p)"),
            Rows{"'A' | null | ['ex__Pilot', 'foaf__Person']"});
  rows("MERGE (r:ex__Robot {ex__serial: 7})");
  EXPECT_EQ(sparqlCount("?r <http://example.org/serial> 7"), 1u);
  rows("CREATE CONSTRAINT robots FOR (r:ex__Robot) REQUIRE r.ex__serial IS UNIQUE");
  EXPECT_EQ(rows("SHOW CONSTRAINTS"),
            Rows{"'robots' | 'UNIQUENESS' | 'NODE' | ['ex__Robot'] | ['ex__serial']"});
}

TEST_F(PrefixNamesTest, TheEmptyPrefixIsTheNamespaceOfBareNames) {
  update(
      "PREFIX sh: <http://www.w3.org/ns/shacl#> INSERT DATA { GRAPH <urn:cairn:sys:schema> { "
      "<urn:cairn:sys:prefix:> sh:prefix '' ; sh:namespace 'http://schema.org/' } }");
  rows("CREATE (:Person {name: 'Sam'})");
  EXPECT_EQ(sparqlCount("?p a <http://schema.org/Person> ; <http://schema.org/name> 'Sam'"), 1u);
  EXPECT_EQ(rows("MATCH (p:Person) RETURN p.name, labels(p)"), Rows{"'Sam' | ['Person']"});
}

TEST_F(PrefixNamesTest, MalformedDeclarationsAreRefused) {
  update(kDeclareFoaf);
  const std::string declare =
      "PREFIX sh: <http://www.w3.org/ns/shacl#> INSERT DATA { GRAPH <urn:cairn:sys:schema> { ";
  EXPECT_NE(refusal(declare + "<urn:x> sh:prefix 'foaf' ; sh:namespace 'http://other/' } }")
                .find("declared twice"),
            std::string::npos);
  EXPECT_NE(refusal(declare + "<urn:x> sh:prefix 'a__b' ; sh:namespace 'http://other/' } }")
                .find("single underscores"),
            std::string::npos);
  EXPECT_NE(refusal(declare + "<urn:x> sh:prefix 'x' } }").find("exactly one"), std::string::npos);
  EXPECT_NE(refusal(declare + "<urn:cairn:sys:prefix:foaf> sh:namespace 'http://y/' } }")
                .find("exactly one"),
            std::string::npos);
  // The same declaration again changes nothing; removing one is fine.
  update(kDeclareFoaf);
  update(
      "PREFIX sh: <http://www.w3.org/ns/shacl#> DELETE WHERE { GRAPH <urn:cairn:sys:schema> { "
      "<urn:cairn:sys:prefix:ex> ?p ?o } }");
  EXPECT_EQ(rows("CREATE (n:ex__Thing) RETURN labels(n)"), Rows{"['ex__Thing']"});
  EXPECT_EQ(sparqlCount("?n a <urn:cairn:pg:ex__Thing>"), 1u);
}

}  // namespace prefix_names_test
}  // namespace cairn::cypher
