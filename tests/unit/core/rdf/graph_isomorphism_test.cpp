// Tests for tests/support/graph_isomorphism (the comparison the conformance runners rely on).

#include "tests/support/graph_isomorphism.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace cairn::testing {
namespace {

using core::Term;

Term iri(const std::string& s) { return Term::iri("http://ex/" + s); }
Term bnode(const std::string& s) { return Term::blank(s); }

Quad q(Term s, Term p, Term o, std::optional<Term> g = std::nullopt) {
  return {std::move(s), std::move(p), std::move(o), std::move(g)};
}

// Renames every blank node label through `rename` and shuffles the quads.
std::vector<Quad> relabel(std::vector<Quad> quads, uint32_t seed) {
  auto rename = [&](Term& t) {
    if (t.kind == core::TermKind::kBlank) t.value = "r" + std::to_string(seed) + "_" + t.value;
  };
  for (Quad& x : quads) {
    rename(x.subject);
    rename(x.object);
    if (x.graph) rename(*x.graph);
  }
  std::shuffle(quads.begin(), quads.end(), std::mt19937(seed));
  return quads;
}

TEST(GraphIsomorphism, GroundGraphsCompareExactly) {
  std::vector<Quad> a = {q(iri("s"), iri("p"), Term::literal("x", "", "en"))};
  EXPECT_TRUE(datasetsIsomorphic(a, a).matched);
  std::vector<Quad> b = {q(iri("s"), iri("p"), Term::literal("x", "", "EN"))};
  MatchResult r = datasetsIsomorphic(a, b);
  EXPECT_FALSE(r.matched);
  EXPECT_NE(r.explanation.find("missing"), std::string::npos) << r.explanation;
  EXPECT_NE(r.explanation.find("\"x\"@en"), std::string::npos) << r.explanation;
}

TEST(GraphIsomorphism, DuplicatesCountOnceInDatasets) {
  std::vector<Quad> a = {q(iri("s"), iri("p"), bnode("x")), q(iri("s"), iri("p"), bnode("x"))};
  std::vector<Quad> b = {q(iri("s"), iri("p"), bnode("y"))};
  EXPECT_TRUE(datasetsIsomorphic(a, b).matched);
}

TEST(GraphIsomorphism, GraphNamesMatter) {
  std::vector<Quad> a = {q(iri("s"), iri("p"), iri("o"), iri("g"))};
  std::vector<Quad> b = {q(iri("s"), iri("p"), iri("o"))};
  EXPECT_FALSE(datasetsIsomorphic(a, b).matched);
  std::vector<Quad> c = {q(iri("s"), iri("p"), iri("o"), bnode("g1"))};
  std::vector<Quad> d = {q(iri("s"), iri("p"), iri("o"), bnode("g2"))};
  EXPECT_TRUE(datasetsIsomorphic(c, d).matched);
}

TEST(GraphIsomorphism, BlankNodeMappingMustBeConsistent) {
  // a: two distinct blank nodes; b: one node used twice.
  std::vector<Quad> a = {q(bnode("a"), iri("p"), iri("o")), q(bnode("b"), iri("q"), iri("o"))};
  std::vector<Quad> b = {q(bnode("x"), iri("p"), iri("o")), q(bnode("x"), iri("q"), iri("o"))};
  EXPECT_FALSE(datasetsIsomorphic(a, b).matched);
  EXPECT_FALSE(datasetsIsomorphic(b, a).matched);
}

// Regular structures defeat colour refinement alone: a 6-cycle against two 3-cycles.
TEST(GraphIsomorphism, BacktrackingSeparatesRegularGraphs) {
  auto cycle = [](const std::vector<std::string>& nodes) {
    std::vector<Quad> out;
    for (size_t i = 0; i < nodes.size(); ++i) {
      out.push_back(q(bnode(nodes[i]), iri("next"), bnode(nodes[(i + 1) % nodes.size()])));
    }
    return out;
  };
  std::vector<Quad> six = cycle({"a", "b", "c", "d", "e", "f"});
  std::vector<Quad> threes = cycle({"a", "b", "c"});
  for (Quad& x : cycle({"d", "e", "f"})) threes.push_back(x);
  EXPECT_FALSE(datasetsIsomorphic(six, threes).matched);
  EXPECT_TRUE(datasetsIsomorphic(six, relabel(six, 3)).matched);
  EXPECT_TRUE(datasetsIsomorphic(threes, relabel(threes, 4)).matched);
}

// The naive oracle: try every bijection between the blank nodes "n0".."n<k-1>" of both sides.
bool bruteForceIsomorphic(std::vector<Quad> a, std::vector<Quad> b, int nodes) {
  auto normalize = [](std::vector<Quad>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  normalize(a);
  normalize(b);
  std::vector<int> perm(nodes);
  for (int i = 0; i < nodes; ++i) perm[i] = i;
  do {
    std::vector<Quad> mapped = a;
    for (Quad& x : mapped) {
      for (Term* t : {&x.subject, &x.object}) {
        if (t->kind == core::TermKind::kBlank)
          t->value = "n" + std::to_string(perm[std::stoi(t->value.substr(1))]);
      }
    }
    normalize(mapped);
    if (mapped == b) return true;
  } while (std::next_permutation(perm.begin(), perm.end()));
  return false;
}

std::vector<Quad> randomGraph(std::mt19937& rng, int nodes) {
  std::vector<Quad> g;
  const int edges = nodes + static_cast<int>(rng() % (2 * nodes));
  for (int e = 0; e < edges; ++e) {
    Term s = bnode("n" + std::to_string(rng() % nodes));
    Term o = rng() % 4 == 0 ? Term::literal(std::to_string(rng() % 2))
                            : bnode("n" + std::to_string(rng() % nodes));
    g.push_back(q(s, iri(rng() % 3 ? "p" : "q"), o));
  }
  return g;
}

// Randomized differential test against the naive oracle: relabelled copies must match, and
// copies with one edge redirected must match exactly when the oracle says so.
TEST(GraphIsomorphism, AgreesWithBruteForceOnRandomGraphs) {
  std::mt19937 rng(2024);
  int isomorphic = 0, different = 0;
  for (int round = 0; round < 200; ++round) {
    const int nodes = 2 + static_cast<int>(rng() % 5);
    std::vector<Quad> g = randomGraph(rng, nodes);
    EXPECT_TRUE(datasetsIsomorphic(g, relabel(g, round)).matched) << "round " << round;
    // Permute the labels (still n0..n<k-1>) and redirect one edge's subject.
    std::vector<int> perm(nodes);
    for (int i = 0; i < nodes; ++i) perm[i] = i;
    std::shuffle(perm.begin(), perm.end(), rng);
    std::vector<Quad> other = g;
    for (Quad& x : other) {
      for (Term* t : {&x.subject, &x.object}) {
        if (t->kind == core::TermKind::kBlank)
          t->value = "n" + std::to_string(perm[std::stoi(t->value.substr(1))]);
      }
    }
    if (rng() % 2) other[rng() % other.size()].subject = bnode("n" + std::to_string(rng() % nodes));
    const bool expected = bruteForceIsomorphic(g, other, nodes);
    (expected ? isomorphic : different)++;
    EXPECT_EQ(datasetsIsomorphic(g, relabel(other, round)).matched, expected) << "round " << round;
  }
  // Both outcomes were exercised.
  EXPECT_GT(isomorphic, 30);
  EXPECT_GT(different, 30);
}

TEST(GraphIsomorphism, SolutionRowsAreMultisetsWithUnboundCells) {
  std::vector<TermRow> a = {
      {iri("x"), std::nullopt}, {bnode("b"), Term::literal("1")}, {bnode("b"), Term::literal("1")}};
  std::vector<TermRow> b = {
      {bnode("z"), Term::literal("1")}, {iri("x"), std::nullopt}, {bnode("z"), Term::literal("1")}};
  EXPECT_TRUE(matchRowsModuloBlankNodes(a, b).matched);
  // Multiplicity counts for solutions.
  std::vector<TermRow> c = {{iri("x"), std::nullopt}, {bnode("z"), Term::literal("1")}};
  EXPECT_FALSE(matchRowsModuloBlankNodes(a, c).matched);
  // The same label in two rows is one node.
  std::vector<TermRow> d = {
      {iri("x"), std::nullopt}, {bnode("u"), Term::literal("1")}, {bnode("v"), Term::literal("1")}};
  EXPECT_FALSE(matchRowsModuloBlankNodes(a, d).matched);
}

TEST(GraphIsomorphism, ToNQuads) {
  EXPECT_EQ(toNQuads(q(iri("s"), iri("p"), Term::literal("a\"b"), bnode("g"))),
            "<http://ex/s> <http://ex/p> \"a\\\"b\" _:g .");
  EXPECT_EQ(toNQuads(q(bnode("s"), iri("p"), iri("o"))), "_:s <http://ex/p> <http://ex/o> .");
}

}  // namespace
}  // namespace cairn::testing
