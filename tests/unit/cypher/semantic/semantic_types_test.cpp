// Static argument types in the semantic pass: InvalidArgumentType at compile time where a
// literal, a bound entity or a projected value is known to be of the wrong kind; InvalidDelete;
// UnknownFunction and InvalidNumberOfArguments.

#include <gtest/gtest.h>

#include "tests/unit/cypher/semantic/semantic_test_support.h"

namespace cairn::cypher::semantic_test {
namespace {

TEST(SemanticTypesTest, RejectsArgumentsOfTheWrongKind) {
  const RejectedCase cases[] = {
      {"RETURN 123 AND true", "InvalidArgumentType"},
      {"RETURN true OR 'foo'", "InvalidArgumentType"},
      {"RETURN [] XOR false", "InvalidArgumentType"},
      {"RETURN NOT {a: 1}", "InvalidArgumentType"},
      {"RETURN 1 IN true", "InvalidArgumentType"},
      {"RETURN none(x IN ['Clara'] WHERE x % 2 = 0) AS result", "InvalidArgumentType"},
      {"RETURN all(x IN [false, true] WHERE x % 2 = 0) AS result", "InvalidArgumentType"},
      {"WITH 123 AS nonMap RETURN nonMap.num", "InvalidArgumentType"},
      {"WITH [123, true] AS l RETURN l.num", "InvalidArgumentType"},
      {"MATCH (n) MATCH r = (n)-[*]->() WHERE r.name = 'apa' RETURN r", "InvalidArgumentType"},
      {"MATCH p = (a) RETURN labels(p) AS l", "InvalidArgumentType"},
      {"MATCH (r) RETURN type(r)", "InvalidArgumentType"},
      {"RETURN properties(1)", "InvalidArgumentType"},
      {"MATCH p = (a)-[*]->(b) RETURN size(p)", "InvalidArgumentType"},
      {"MATCH ()-[r]->() RETURN length(r)", "InvalidArgumentType"},
      {"MATCH (n) WHERE (n) RETURN n", "InvalidArgumentType"},
      {"MATCH () DELETE 1 + 1", "InvalidArgumentType"},
      {"MATCH (n) DELETE n:Person", "InvalidDelete"},
      {"MATCH (a) RETURN foo(a)", "UnknownFunction"},
      {"RETURN toUpper('a', 'b')", "InvalidNumberOfArguments"},
  };
  for (const RejectedCase& c : cases) expectRejected(c);
}

TEST(SemanticTypesTest, AcceptsWhatMayBeOfTheRightKind) {
  const char* cases[] = {
      "RETURN null AND true, NOT null, 1 IN null, 1 IN [1]",
      "MATCH (n) WHERE n.flag AND NOT n.other RETURN n",
      "WITH {a: 1} AS m RETURN m.a",
      "WITH date('2020-01-01') AS d RETURN d.year",
      "MATCH (n)-[r]->() RETURN n.x, r.y, labels(n), type(r), properties(r)",
      "MATCH p = ()-->() RETURN length(p), nodes(p), relationships(p)",
      "WITH $x AS x RETURN x.k, NOT x, 1 IN x",
      "RETURN any(x IN [1, 2] WHERE x % 2 = 0) AS r",
      "RETURN [x IN range(1, 3) | x % 2] AS l",
      "MATCH (n) WITH collect(n) AS ns UNWIND ns AS m RETURN m.name",
      "MATCH (n) DELETE n",
      "MATCH p = ()-->() DELETE p",
      "MATCH (n) WITH collect(n) AS ns FOREACH (m IN ns | DELETE m)",
      "RETURN toUpper('a'), coalesce(null, 1), head([1, 2]) % 2",
  };
  for (const char* query : cases) expectAccepted(query);
}

}  // namespace
}  // namespace cairn::cypher::semantic_test
