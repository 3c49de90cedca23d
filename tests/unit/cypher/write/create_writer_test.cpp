// CREATE as facts (cypher/write/create_writer.h): the facts of property_graph_vocabulary.h read
// back from the ledger — markers, labels, properties, list positions and relationship
// identities in i, relationship properties in sys:edges — the counters, the node ids the
// writer predicts, variables reused within a statement, UNWIND, and the TCK's errors, which
// leave the store unchanged.

#include "cypher/write/create_writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/error.h"
#include "core/vocab.h"
#include "cypher/parser/parser.h"
#include "index/write/live_ledger.h"
#include "query/graph/cypher_names.h"
#include "query/graph/property_graph_vocabulary.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace create_writer_test {

using core::Term;
using query::value::Value;
namespace graph = query::graph;

const std::string kXsdInteger = std::string(core::vocab::kXsd) + "integer";

Term integer(int64_t v) { return Term::literal(std::to_string(v), kXsdInteger); }
Term pg(std::string_view name) { return Term::iri(graph::CypherNames::defaults().iriOf(name)); }
Term rdfType() { return Term::iri(std::string(core::vocab::kRdfType)); }
Term marker() { return Term::iri(std::string(graph::kNodeMarkerIri)); }

struct Fact {
  Term s, p, o;
  uint64_t i = 0;
  core::NodeId subject = 0;  // s's node id
  bool operator==(const Fact& other) const {
    return s == other.s && p == other.p && o == other.o && i == other.i;
  }
};

// Facts as sorted N-Triples-like lines with their i, to compare without caring for id order.
std::vector<std::string> texts(const std::vector<Fact>& facts) {
  std::vector<std::string> out;
  for (const Fact& f : facts) {
    out.push_back(core::toNTriples(f.s) + " " + core::toNTriples(f.p) + " " +
                  core::toNTriples(f.o) + " i=" + std::to_string(f.i));
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct Fixture {
  testing::CypherLedger ledger;
  std::shared_ptr<index::LiveLedger> live = ledger.live;

  CreateCounters run(std::string_view text, const query::value::Parameters& parameters = {}) {
    return runCreateStatement(*live, text, parameters);
  }

  // Every fact of `graphIri` (empty: the default graph), in SPOT order.
  std::vector<Fact> facts(std::string_view graphIri = {}) const {
    std::vector<Fact> out;
    auto snapshot = live->snapshot();
    core::NodeId g = core::kNoNode;
    if (!graphIri.empty()) {
      auto id = snapshot->encodeIri(graphIri);
      if (!id.isOk() || !id->has_value()) return out;
      g = **id;
    }
    auto reader = snapshot->reader(g, index::Permutation::kSPOT);
    if (!reader) return out;
    auto cursor = reader->scan(index::ScanRange::all(), index::kAllColumns);
    index::ColumnBatch batch;
    while (true) {
      auto more = cursor.next(batch);
      EXPECT_TRUE(more.isOk()) << more.status().toString();
      if (!more.isOk() || !*more) break;
      for (size_t r = 0; r < batch.rows; ++r) {
        const index::IndexRow row = index::rowAt(batch, r);
        auto s = snapshot->decodeNode(row.s);
        auto p = snapshot->decodeNode(row.p);
        auto o = snapshot->decodeObject(core::EncodedObject{row.ot, row.ok});
        EXPECT_TRUE(s.isOk() && p.isOk() && o.isOk());
        out.push_back(Fact{*s, *p, *o, row.i, row.s});
      }
    }
    return out;
  }

  // The facts of the default graph with predicate p.
  std::vector<Fact> withPredicate(const Term& p) const {
    std::vector<Fact> out;
    for (const Fact& f : facts()) {
      if (f.p == p) out.push_back(f);
    }
    return out;
  }

  // Runs `text`, expecting an error of `code` with `detail`, and that nothing was committed.
  void expectError(std::string_view text, core::ErrorCode code, std::string_view detail) {
    const uint64_t t = live->snapshot()->t();
    try {
      run(text);
      ADD_FAILURE() << text << ": no error";
    } catch (const core::Error& e) {
      EXPECT_EQ(e.code(), code) << text << ": " << e.what();
      EXPECT_EQ(e.detail(), detail) << text << ": " << e.what();
    }
    EXPECT_EQ(live->snapshot()->t(), t) << text;
  }
};

TEST(CreateWriterTest, ANodeIsABlankNodeWithItsMarkerLabelsAndProperties) {
  Fixture f;
  const uint64_t ordinal = f.live->snapshot()->root().blankNodes + 1;
  const CreateCounters counters = f.run("CREATE (n:A:B:A {name: 'x', age: 3, gone: null})");
  EXPECT_EQ(counters, (CreateCounters{1, 0, 2, 2}));
  const Term n = Term::blank("b" + std::to_string(ordinal));  // the id the writer predicts
  EXPECT_EQ(texts(f.facts()), texts({{n, pg("age"), integer(3)},
                                     {n, pg("name"), Term::literal("x")},
                                     {n, rdfType(), marker()},
                                     {n, rdfType(), pg("A")},
                                     {n, rdfType(), pg("B")}}));
  // A node without labels or properties still exists, and each CREATE makes a new one.
  EXPECT_EQ(f.run("CREATE (), ()"), (CreateCounters{2, 0, 0, 0}));
  std::set<Term> nodes;
  for (const Fact& fact : f.withPredicate(rdfType())) {
    if (fact.o == marker()) nodes.insert(fact.s);
  }
  EXPECT_EQ(nodes.size(), 3u);
}

TEST(CreateWriterTest, ListPropertiesKeepOrderAndDuplicatesInI) {
  Fixture f;
  EXPECT_EQ(f.run("CREATE ({xs: [3, 1, 3], names: ['a'], empty: []})"),
            (CreateCounters{1, 0, 3, 0}));
  std::vector<std::pair<Term, uint64_t>> xs;
  for (const Fact& fact : f.withPredicate(pg("xs"))) xs.emplace_back(fact.o, fact.i);
  EXPECT_EQ(xs, (std::vector<std::pair<Term, uint64_t>>{
                    {integer(1), 2}, {integer(3), 1}, {integer(3), 3}}));  // SPOT order
  const auto names = f.withPredicate(pg("names"));
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(names[0].i, 1u);  // a one-element list is still a list
  const auto empty = f.withPredicate(pg("empty"));
  ASSERT_EQ(empty.size(), 1u);
  EXPECT_EQ(empty[0].o, Term::literal("", std::string(graph::kEmptyListDatatype)));
  EXPECT_EQ(empty[0].i, 0u);
}

TEST(CreateWriterTest, RelationshipsHaveAFreshIdentityCarryingTheirProperties) {
  Fixture f;
  EXPECT_EQ(f.run("CREATE (a:A)-[:R {w: 1}]->(b:B), (a)<-[:S]-(b), (a)-[:R]->(b), "
                  "(b)-[:R]->(b)"),
            (CreateCounters{2, 4, 1, 2}));
  auto labelled = [&](std::string_view label) {
    for (const Fact& fact : f.withPredicate(rdfType())) {
      if (fact.o == pg(label)) return fact.s;
    }
    return Term();
  };
  const Term a = labelled("A"), b = labelled("B");
  const auto r = f.withPredicate(pg("R"));
  ASSERT_EQ(r.size(), 3u);  // two parallel a → b, one loop b → b
  std::set<uint64_t> identities;
  for (const Fact& fact : r) {
    EXPECT_TRUE(core::isBlankNode(fact.i));
    identities.insert(fact.i);
  }
  EXPECT_EQ(identities.size(), 3u);
  EXPECT_EQ(std::count_if(r.begin(), r.end(), [&](const Fact& x) { return x.s == a && x.o == b; }),
            2);
  EXPECT_EQ(std::count_if(r.begin(), r.end(), [&](const Fact& x) { return x.s == b && x.o == b; }),
            1);
  const auto s = f.withPredicate(pg("S"));
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].s, b);  // (a)<-[:S]-(b) is b → a
  EXPECT_EQ(s[0].o, a);
  // The one property is in sys:edges, on the identity of one of the R relationships.
  const auto edges = f.facts(graph::kEdgesGraphIri);
  ASSERT_EQ(edges.size(), 1u);
  EXPECT_EQ(edges[0].p, pg("w"));
  EXPECT_EQ(edges[0].o, integer(1));
  EXPECT_TRUE(identities.count(edges[0].subject));
  // Identities are not nodes of the default graph.
  for (const Fact& fact : f.facts()) EXPECT_FALSE(identities.count(fact.subject));
}

TEST(CreateWriterTest, VariablesOfEarlierClausesAndPartsAreReused) {
  Fixture f;
  EXPECT_EQ(f.run("CREATE (a {x: 1}), (b {y: a.x + 1}) CREATE (a)-[:R]->(b), (a)-[:L]->(a)"),
            (CreateCounters{2, 2, 2, 0}));
  const auto y = f.withPredicate(pg("y"));
  ASSERT_EQ(y.size(), 1u);
  EXPECT_EQ(y[0].o, integer(2));  // read from a node not committed yet
  const auto x = f.withPredicate(pg("x"));
  ASSERT_EQ(x.size(), 1u);
  const auto loop = f.withPredicate(pg("L"));
  ASSERT_EQ(loop.size(), 1u);
  EXPECT_EQ(loop[0].s, x[0].s);
  EXPECT_EQ(loop[0].o, x[0].s);
  const auto r = f.withPredicate(pg("R"));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].s, x[0].s);
  EXPECT_EQ(r[0].o, y[0].s);
}

TEST(CreateWriterTest, UnwindAndParameters) {
  Fixture f;
  query::value::Parameters parameters{
      {"list", Value::list({Value::integer(1), Value::integer(2)})},
      {"props", Value::map({{"name", Value::string("p")}, {"none", Value()}})}};
  EXPECT_EQ(f.run("UNWIND $list AS i UNWIND [10, 20] AS j CREATE ({v: i * j})", parameters),
            (CreateCounters{4, 0, 4, 0}));
  std::multiset<Term> values;
  for (const Fact& fact : f.withPredicate(pg("v"))) values.insert(fact.o);
  EXPECT_EQ(values, (std::multiset<Term>{integer(10), integer(20), integer(20), integer(40)}));
  EXPECT_EQ(f.run("CREATE (n:P $props)", parameters), (CreateCounters{1, 0, 1, 1}));
  EXPECT_EQ(f.withPredicate(pg("name")).size(), 1u);
  EXPECT_EQ(f.run("UNWIND [] AS i CREATE ()"), (CreateCounters{}));
  // A path variable binds the path; naming it twice is an error.
  EXPECT_EQ(f.run("CREATE p = (:Q)-[:R]->() CREATE ({len: length(p)})"),
            (CreateCounters{3, 1, 1, 1}));
  ASSERT_EQ(f.withPredicate(pg("len")).size(), 1u);
  EXPECT_EQ(f.withPredicate(pg("len"))[0].o, integer(1));
}

TEST(CreateWriterTest, CompileTimeErrorsFollowTheTck) {
  Fixture f;
  const auto syntax = core::ErrorCode::kSyntaxError;
  f.expectError("CREATE ()-->()", syntax, "NoSingleRelationshipType");
  f.expectError("CREATE ()-[:A|:B]->()", syntax, "NoSingleRelationshipType");
  f.expectError("CREATE (a)-[:FOO]-(b)", syntax, "RequiresDirectedRelationship");
  f.expectError("CREATE (a)<-[:FOO]->(b)", syntax, "RequiresDirectedRelationship");
  f.expectError("CREATE ()-[:FOO*2]->()", syntax, "CreatingVarLength");
  f.expectError("CREATE (n:Foo)-[:T1]->(), (n:Bar)-[:T2]->()", syntax, "VariableAlreadyBound");
  f.expectError("CREATE ()<-[:T2]-(n:Foo), (n:Bar)<-[:T1]-()", syntax, "VariableAlreadyBound");
  f.expectError("CREATE (n:Foo) CREATE (n:Bar)-[:OWNS]->(:Dog)", syntax, "VariableAlreadyBound");
  f.expectError("CREATE (n {}) CREATE (n:Bar)-[:OWNS]->(:Dog)", syntax, "VariableAlreadyBound");
  f.expectError("CREATE (n:Foo) CREATE (n {})-[:OWNS]->(:Dog)", syntax, "VariableAlreadyBound");
  f.expectError("CREATE (a) CREATE (a)", syntax, "VariableAlreadyBound");
  f.expectError("CREATE ()-[r:R]->() CREATE ()-[r:R]->()", syntax, "VariableAlreadyBound");
  f.expectError("CREATE (b {name: missing})", syntax, "UndefinedVariable");
  f.expectError("CREATE (a {x: b.y}), (b)", syntax, "UndefinedVariable");
  f.expectError("CREATE ()-[r:R]->(), (r)-[:S]->()", syntax, "VariableTypeConflict");
  // Across clauses a writer knows only the names bound before it: caught when the row runs.
  f.expectError("CREATE ()-[r:R]->() CREATE (r)-[:S]->()", core::ErrorCode::kTypeError,
                "InvalidArgumentType");
  f.expectError("CREATE (n) RETURN n", core::ErrorCode::kUnsupported, "");
  EXPECT_TRUE(f.facts().empty());
}

TEST(CreateWriterTest, InvalidPropertyValuesFailTheWholeStatement) {
  Fixture f;
  const auto type = core::ErrorCode::kTypeError;
  f.expectError("CREATE ({m: {a: 1}})", type, "InvalidPropertyType");
  f.expectError("CREATE ({l: [{a: 1}]})", type, "InvalidPropertyType");
  f.expectError("CREATE ({l: [[1]]})", type, "InvalidPropertyType");
  f.expectError("CREATE ({l: [1, null]})", type, "InvalidPropertyType");
  f.expectError("CREATE (a) CREATE ({n: a})", type, "InvalidPropertyType");
  // The first rows were fine; the statement still changes nothing.
  f.expectError("UNWIND [1, 2, {a: 1}] AS x CREATE ({v: x})", type, "InvalidPropertyType");
  f.expectError("CREATE ({v: 1 / 0})", core::ErrorCode::kArithmeticError, "DivisionByZero");
  EXPECT_TRUE(f.facts().empty());
}

// The API a clause translator uses for MATCH ... CREATE: a writer per clause checked against
// the bound variables, rows with stored nodes, and a TxStep so the predicted ids hold.
TEST(CreateWriterTest, RowsWithBoundNodesInAStep) {
  Fixture f;
  f.run("CREATE (:Person {name: 'a'}), (:Person {name: 'b'})");
  std::vector<core::NodeId> people;
  for (const Fact& fact : f.withPredicate(pg("name"))) people.push_back(fact.subject);
  ASSERT_EQ(people.size(), 2u);

  const ast::Statement statement = parseStatement("CREATE (p)-[r:KNOWS]->(c:City)");
  const auto& clause = statement.query.parts[0].clauses[0]->as<ast::CreateClause>();
  try {
    CreateWriter bad(
        parseStatement("CREATE (p)").query.parts[0].clauses[0]->as<ast::CreateClause>(), {"p"});
    ADD_FAILURE() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.detail(), "VariableAlreadyBound");
  }
  const CreateWriter writer(clause, {"p"});
  EXPECT_EQ(writer.scopeAfter(), (std::vector<std::string>{"p", "c", "r"}));

  const query::value::Parameters parameters;
  std::vector<BoundVariables> rows;
  CreateCounters counters;
  index::Transaction tx;
  tx.steps.push_back([&](const index::Ledger& state) -> core::Result<index::TxChanges> {
    CreateState create(parameters, state.root().blankNodes + 1);
    index::TxChanges changes;
    rows.clear();
    for (core::NodeId person : people) {
      BoundVariables row{{"p", Value::node(person)}};
      writer.write(row, create, changes);
      rows.push_back(std::move(row));
    }
    counters = create.counters();
    return changes;
  });
  ASSERT_TRUE(f.live->commit(std::move(tx)).isOk());
  // Two nodes with one label: "+labels" counts the label name once (TCK Create1 [4]).
  EXPECT_EQ(counters, (CreateCounters{2, 2, 0, 1}));

  const auto knows = f.withPredicate(pg("KNOWS"));
  ASSERT_EQ(knows.size(), 2u);
  for (const BoundVariables& row : rows) {
    const core::NodeId p = row.at("p").asNode();
    const core::NodeId c = row.at("c").asNode();
    const query::value::Relationship& r = row.at("r").asRelationship();
    EXPECT_EQ(r.start, p);
    EXPECT_EQ(r.end, c);
    // The predicted ids are the committed ones: the fact (p, KNOWS, c) with i = r's id.
    const bool found = std::any_of(knows.begin(), knows.end(), [&](const Fact& fact) {
      auto cid = f.live->snapshot()->encodeObject(fact.o);
      return fact.subject == p && cid.isOk() && cid->has_value() && (*cid)->key == c &&
             fact.i == r.id;
    });
    EXPECT_TRUE(found);
    EXPECT_TRUE(f.live->snapshot()->root().blankNodes >= (c & ~core::kBlankNodeBit));
  }
}

}  // namespace create_writer_test
}  // namespace cairn::cypher
