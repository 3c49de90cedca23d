// The flatten-joins pass: nested Joins become one n-ary Join with one merged BGP; what it does
// not change stays the same node; EXISTS patterns inside expressions are flattened too; and
// answers are the same with the pass off.

#include "query/optimizer/flatten_joins.h"

#include <gtest/gtest.h>

#include "query/optimizer/optimizer.h"
#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

using query::AlgebraKind;
using query::AlgebraPtr;
using query::PatternTerm;

std::shared_ptr<query::BgpNode> bgp(std::vector<std::string> objects) {
  auto node = std::make_shared<query::BgpNode>();
  for (const auto& o : objects) {
    node->triples.push_back({PatternTerm::var("s"),
                             PatternTerm::constant(core::Term::iri("http://ex/" + o)),
                             PatternTerm::var(o)});
  }
  return node;
}

AlgebraPtr join(AlgebraPtr a, AlgebraPtr b) {
  return std::make_shared<query::JoinNode>(std::vector<AlgebraPtr>{std::move(a), std::move(b)});
}

TEST(FlattenJoins, NestedJoinsBecomeOneJoinWithOneBgp) {
  auto values = std::make_shared<query::ValuesNode>();
  values->variables = {"s"};
  AlgebraPtr tree = join(join(bgp({"a"}), std::make_shared<query::TableNode>()),
                         join(values, bgp({"b", "c"})));
  AlgebraPtr flat = query::optimizer::flattenJoins(tree);
  ASSERT_EQ(flat->kind, AlgebraKind::kJoin);
  ASSERT_EQ(flat->children.size(), 2u);
  ASSERT_EQ(flat->children[0]->kind, AlgebraKind::kBgp);
  const auto& triples = flat->children[0]->as<query::BgpNode>().triples;
  ASSERT_EQ(triples.size(), 3u);
  EXPECT_EQ(triples[0].object.variable, "a");
  EXPECT_EQ(triples[2].object.variable, "c");
  EXPECT_EQ(flat->children[1], values);
  // The input tree is left as it was.
  EXPECT_EQ(tree->children[0]->children.size(), 2u);
}

TEST(FlattenJoins, AJoinOfBgpsAloneIsOneBgp) {
  AlgebraPtr flat = query::optimizer::flattenJoins(join(bgp({"a"}), bgp({"b"})));
  ASSERT_EQ(flat->kind, AlgebraKind::kBgp);
  EXPECT_EQ(flat->as<query::BgpNode>().triples.size(), 2u);
  EXPECT_EQ(query::optimizer::flattenJoins(join(std::make_shared<query::TableNode>(),
                                                std::make_shared<query::TableNode>()))
                ->kind,
            AlgebraKind::kTable);
}

TEST(FlattenJoins, UnchangedTreesAreTheSameNodes) {
  auto values = std::make_shared<query::ValuesNode>();
  AlgebraPtr tree = std::make_shared<query::ProjectNode>(
      std::vector<AlgebraPtr>{join(bgp({"a"}), values)});
  EXPECT_EQ(query::optimizer::flattenJoins(tree), tree);
}

TEST(FlattenJoins, ExistsPatternsAreFlattened) {
  auto filter = std::make_shared<query::FilterNode>(std::vector<AlgebraPtr>{bgp({"a"})});
  filter->filters.push_back(query::Expr::makeExists(join(bgp({"b"}), bgp({"c"})), false));
  AlgebraPtr flat = query::optimizer::flattenJoins(filter);
  ASSERT_NE(flat, filter);
  const auto& pattern = flat->as<query::FilterNode>().filters[0].pattern;
  ASSERT_EQ(pattern->kind, AlgebraKind::kBgp);
  EXPECT_EQ(pattern->as<query::BgpNode>().triples.size(), 2u);
  EXPECT_EQ(filter->filters[0].pattern->kind, AlgebraKind::kJoin);
}

TEST(FlattenJoins, SameAnswersWithThePassOff) {
  TestLedger ledger = exampleLedger(R"(
    ex:a ex:p ex:b ; ex:q 1 . ex:b ex:p ex:c ; ex:q 2 . ex:c ex:q 3 .
    ex:b ex:r "x" . ex:c ex:r "y" .)");
  const std::string sparql = R"(
    SELECT * WHERE { ?a ex:p ?b . { ?b ex:q ?n } { ?b ex:r ?r OPTIONAL { ?a ex:q ?m } }
                     FILTER EXISTS { ?b ex:p ?c { ?c ex:q ?k } } })";
  query::QueryOptions off;
  off.disabledRewrites = {std::string(query::optimizer::kRewriteFlattenJoins)};
  auto a = runQuery(ledger, sparql);
  auto b = runQuery(ledger, sparql, off);
  EXPECT_EQ(sortedRows(a.result), sortedRows(b.result));
  EXPECT_EQ(sortedRows(a.result).size(), 1u);
}

}  // namespace
}  // namespace cairn::testing
