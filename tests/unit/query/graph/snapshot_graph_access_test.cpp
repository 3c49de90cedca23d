// SnapshotGraphAccess: labels, properties and relationship types and properties read from facts
// in the shape of property_graph_vocabulary.h, at the query's t. List properties (facts with
// i = position) are committed on top of an imported ledger, since text import sets i = 0.

#include "query/graph/snapshot_graph_access.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/error.h"
#include "query/graph/cypher_names.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/value/value_text.h"
#include "tests/support/test_ledger.h"

// Named, not anonymous: unity batches put several test files in one translation unit.
namespace cairn::query::graph::snapshot_graph_access_test {

using value::Value;

constexpr std::string_view kPrefixes = R"(
@prefix pg: <urn:cairn:pg:> .
@prefix sys: <urn:cairn:sys:> .
@prefix ex: <http://example.org/> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
)";

constexpr std::string_view kGraph = R"(
ex:alice rdf:type sys:Node , pg:Person , pg:Admin ;
  pg:name "Alice" ; pg:age 42 ; pg:score 4.5E0 ; pg:active true ;
  pg:born "1980-02-29"^^xsd:date ; pg:tags ""^^sys:EmptyList ;
  pg:KNOWS ex:bob .
ex:bob rdf:type sys:Node , ex:Imported ; ex:nick "b" , "bobby" .
ex:carol rdf:type sys:Node .
ex:bob pg:LIKES ex:carol .
<urn:cairn:sys:edges> {
  ex:r1 pg:since 2001 ; pg:weight 0.5E0 .
  _:r2 pg:note "blank identity" .
}
)";

class SnapshotGraphAccessTest : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    ledger_ = cairn::testing::makeTestLedgerFromText(
        std::string(kPrefixes) + std::string(kGraph), core::rdf::RdfFormat::kTriG,
        GetParam() ? index::IndexConfig::tiny() : index::IndexConfig::defaults());
  }

  core::NodeId id(std::string_view iri) const {
    auto found = core::valueOrThrow(ledger_->encodeIri(iri));
    EXPECT_TRUE(found.has_value()) << iri;
    return found.value_or(core::kNoNode);
  }
  core::NodeId ex(std::string_view local) const {
    return id("http://example.org/" + std::string(local));
  }
  core::NodeId pg(std::string_view name) const { return id(CypherNames::defaults().iriOf(name)); }

  static std::string text(const Value& v) { return value::toText(v); }

  cairn::testing::TestLedger ledger_;
};

TEST_P(SnapshotGraphAccessTest, LabelsAreSortedNamesWithoutTheMarker) {
  SnapshotGraphAccess g(*ledger_.ledger, UINT64_MAX);
  EXPECT_EQ(g.labels(ex("alice")), (std::vector<std::string>{"Admin", "Person"}));
  EXPECT_EQ(g.labels(ex("bob")), (std::vector<std::string>{"http://example.org/Imported"}));
  EXPECT_TRUE(g.labels(ex("carol")).empty());
  EXPECT_TRUE(g.hasLabel(ex("alice"), "Person"));
  EXPECT_TRUE(g.hasLabel(ex("alice"), "Admin"));
  EXPECT_FALSE(g.hasLabel(ex("alice"), "Robot"));  // a name the store never saw
  EXPECT_FALSE(g.hasLabel(ex("bob"), "Person"));   // a name it did
  EXPECT_FALSE(g.hasLabel(ex("carol"), "Node"));
  EXPECT_FALSE(g.hasLabel(ex("carol"), std::string(kNodeMarkerIri)));
  // Names read back as labels() shows them.
  EXPECT_TRUE(g.hasLabel(ex("bob"), "http://example.org/Imported"));
  EXPECT_TRUE(g.hasLabel(ex("alice"), "urn:cairn:pg:Person"));
}

TEST_P(SnapshotGraphAccessTest, NodePropertiesAreTheLiteralObjects) {
  SnapshotGraphAccess g(*ledger_.ledger, UINT64_MAX);
  const core::NodeId alice = ex("alice");
  EXPECT_EQ(text(g.nodeProperty(alice, "name")), "'Alice'");
  EXPECT_EQ(text(g.nodeProperty(alice, "age")), "42");
  EXPECT_EQ(text(g.nodeProperty(alice, "score")), "4.5");
  EXPECT_EQ(text(g.nodeProperty(alice, "active")), "true");
  EXPECT_EQ(g.nodeProperty(alice, "born").kind(), value::ValueKind::kDate);
  EXPECT_EQ(text(g.nodeProperty(alice, "tags")), "[]");
  EXPECT_TRUE(g.nodeProperty(alice, "missing").isNull());
  EXPECT_TRUE(g.nodeProperty(alice, "KNOWS").isNull());  // a relationship, not a property
  EXPECT_TRUE(g.nodeProperty(ex("carol"), "name").isNull());
  // Imported multi-valued RDF: a list; a foreign predicate's name is its IRI.
  EXPECT_EQ(text(g.nodeProperty(ex("bob"), "http://example.org/nick")), "['b', 'bobby']");
  EXPECT_EQ(text(g.nodeProperties(alice)),
            "{active: true, age: 42, born: '1980-02-29', name: 'Alice', score: 4.5, tags: []}");
  EXPECT_EQ(text(g.nodeProperties(ex("bob"))), "{http://example.org/nick: ['b', 'bobby']}");
  EXPECT_EQ(text(g.nodeProperties(ex("carol"))), "{}");
}

TEST_P(SnapshotGraphAccessTest, RelationshipsHaveTypesAndPropertiesOnTheirIdentity) {
  SnapshotGraphAccess g(*ledger_.ledger, UINT64_MAX);
  value::Relationship knows{ex("r1"), ex("alice"), ex("bob"), pg("KNOWS")};
  EXPECT_EQ(g.relationshipType(knows), "KNOWS");
  EXPECT_EQ(text(g.relationshipProperty(knows, "since")), "2001");
  EXPECT_TRUE(g.relationshipProperty(knows, "note").isNull());
  EXPECT_EQ(text(g.relationshipProperties(knows)), "{since: 2001, weight: 0.5}");
  // An imported triple (identity 0) has none.
  value::Relationship likes{0, ex("bob"), ex("carol"), pg("LIKES")};
  EXPECT_EQ(g.relationshipType(likes), "LIKES");
  EXPECT_TRUE(g.relationshipProperty(likes, "since").isNull());
  EXPECT_EQ(text(g.relationshipProperties(likes)), "{}");
  // A blank-node identity, as CREATE makes them: the one subject besides ex:r1 in sys:edges.
  const core::NodeId edges = id(kEdgesGraphIri);
  auto reader = ledger_->reader(edges, index::Permutation::kSPOT);
  ASSERT_TRUE(reader.has_value());
  auto cursor = reader->scan(index::ScanRange::all(), index::columnBit(index::Column::kS));
  index::ColumnBatch batch;
  core::NodeId blank = core::kNoNode;
  while (core::valueOrThrow(cursor.next(batch))) {
    for (uint64_t s : batch.column(index::Column::kS)) {
      if (core::isBlankNode(s)) blank = s;
    }
  }
  ASSERT_TRUE(core::isBlankNode(blank));
  value::Relationship created{blank, ex("alice"), ex("bob"), pg("KNOWS")};
  EXPECT_EQ(text(g.relationshipProperties(created)), "{note: 'blank identity'}");
  // Identities are not nodes of the default graph.
  EXPECT_EQ(text(g.nodeProperties(ex("r1"))), "{}");
}

// Commits facts with i != 0 (list positions) on top of the imported ledger.
TEST_P(SnapshotGraphAccessTest, ListPropertiesFollowPositionsAtTheQuerysT) {
  const core::NodeId carol = ex("carol");
  const core::NodeId xs = pg("name");  // a key the dictionary has
  auto fact = [&](uint64_t t, int64_t v, uint64_t i, bool assert = true) {
    index::Flake f;
    f.row = index::IndexRow{carol, xs, static_cast<uint64_t>(v) ^ (uint64_t{1} << 63),
                            i,     t,  core::otype::kInteger};
    f.assert = assert;
    return f;
  };
  const uint64_t t0 = ledger_->t();
  // [3, 1, 3]: positions keep order and duplicates, whatever the values' index order.
  std::vector<index::Flake> first = {fact(t0 + 1, 3, 1), fact(t0 + 1, 1, 2), fact(t0 + 1, 3, 3)};
  auto l1 = core::valueOrThrow(ledger_->withCommit(t0 + 1, first, {}));
  // Then position 2 is retracted and position 4 added.
  std::vector<index::Flake> second = {fact(t0 + 2, 1, 2, false), fact(t0 + 2, -7, 4)};
  auto l2 = core::valueOrThrow(l1->withCommit(t0 + 2, second, {}));

  EXPECT_TRUE(SnapshotGraphAccess(*l2, t0).nodeProperty(carol, "name").isNull());
  EXPECT_EQ(text(SnapshotGraphAccess(*l2, t0 + 1).nodeProperty(carol, "name")), "[3, 1, 3]");
  SnapshotGraphAccess latest(*l2, UINT64_MAX);
  EXPECT_EQ(text(latest.nodeProperty(carol, "name")), "[3, 3, -7]");
  EXPECT_EQ(text(latest.nodeProperties(carol)), "{name: [3, 3, -7]}");
  // A one-element list is still a list.
  std::vector<index::Flake> third = {fact(t0 + 3, 3, 1, false), fact(t0 + 3, 3, 3, false)};
  auto l3 = core::valueOrThrow(l2->withCommit(t0 + 3, third, {}));
  EXPECT_EQ(text(SnapshotGraphAccess(*l3, UINT64_MAX).nodeProperty(carol, "name")), "[-7]");
}

INSTANTIATE_TEST_SUITE_P(Sizes, SnapshotGraphAccessTest, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? std::string("Tiny") : std::string("Default");
                         });

// Reads in id order walk the predicate (property_walk.h); sparse, repeated, interleaved and
// shuffled reads must see the same values as the facts say.
class PropertyWalkOrderTest : public ::testing::TestWithParam<bool> {};

TEST_P(PropertyWalkOrderTest, EveryReadOrderSeesTheFacts) {
  constexpr int kNodes = 3000;
  std::string text(kPrefixes);
  for (int n = 1; n <= kNodes; ++n) {
    text += "ex:n" + std::to_string(n) + " rdf:type pg:N";
    if (n % 3 != 0) text += " ; pg:v " + std::to_string(n * 7);
    if (n % 50 == 0) text += " ; pg:v \"s" + std::to_string(n) + "\"";
    text += " .\n";
  }
  auto ledger = cairn::testing::makeTestLedgerFromText(
      text, core::rdf::RdfFormat::kTurtle,
      GetParam() ? index::IndexConfig::tiny() : index::IndexConfig::defaults());
  std::vector<std::pair<core::NodeId, int>> nodes;
  for (int n = 1; n <= kNodes; ++n) {
    auto id =
        core::valueOrThrow(ledger.ledger->encodeIri("http://example.org/n" + std::to_string(n)));
    ASSERT_TRUE(id.has_value());
    nodes.emplace_back(*id, n);
  }
  std::sort(nodes.begin(), nodes.end());
  auto expected = [](int n) -> std::string {
    if (n % 50 == 0 && n % 3 != 0) {
      return "['s" + std::to_string(n) + "', " + std::to_string(n * 7) + "]";  // index order
    }
    if (n % 50 == 0) return "'s" + std::to_string(n) + "'";
    return n % 3 != 0 ? std::to_string(n * 7) : "null";
  };
  auto check = [&](const std::vector<size_t>& order, const std::string& what) {
    SnapshotGraphAccess g(*ledger.ledger, UINT64_MAX);
    for (size_t k : order) {
      const auto& [id, n] = nodes[k];
      ASSERT_EQ(value::toText(g.nodeProperty(id, "v")), expected(n)) << what << ", node " << n;
    }
  };
  std::vector<size_t> all(nodes.size());
  for (size_t k = 0; k < all.size(); ++k) all[k] = k;
  check(all, "ascending");
  std::vector<size_t> sparse;
  for (size_t k = 0; k < all.size(); k += 97) sparse.push_back(k);
  check(sparse, "sparse");
  std::vector<size_t> twice;  // batches of 500, each read twice (operators above a filter)
  for (size_t b = 0; b < all.size(); b += 500) {
    for (int pass = 0; pass < 2; ++pass) {
      for (size_t k = b; k < std::min(all.size(), b + 500); ++k) twice.push_back(k);
    }
  }
  check(twice, "batches read twice");
  std::vector<size_t> shuffled = all;
  std::mt19937 random(7);
  std::shuffle(shuffled.begin(), shuffled.end(), random);
  check(shuffled, "shuffled");
  std::vector<size_t> mixed = all;  // ascending with jumps back now and then
  for (size_t k = 0; k < mixed.size(); k += 301)
    mixed.insert(mixed.begin() + k, (k * 13) % all.size());
  check(mixed, "ascending with jumps back");
}

INSTANTIATE_TEST_SUITE_P(Leaflets, PropertyWalkOrderTest, ::testing::Values(false, true));

}  // namespace cairn::query::graph::snapshot_graph_access_test
