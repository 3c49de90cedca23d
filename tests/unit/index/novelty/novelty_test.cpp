// Novelty's row deltas: random commits of asserts and retracts over a few graphs and many
// predicates, checked after each one against a plain count — the rows each predicate and each
// graph gained; every earlier snapshot keeps the counts it had; the changes of each permutation
// hold every flake.

#include "index/novelty/novelty.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <tuple>
#include <vector>

namespace cairn::index {
namespace novelty_test {

using Counts = std::map<std::pair<core::NodeId, uint64_t>, int64_t>;  // (graph, p) → rows

void expectCounts(const Novelty& novelty, const Counts& perPredicate,
                  const std::map<core::NodeId, int64_t>& perGraph) {
  for (const auto& [graph, rows] : perGraph) {
    EXPECT_EQ(novelty.rowDelta(graph), rows) << "graph " << graph;
    const PredicateRowDeltas* deltas = novelty.predicateRows(graph);
    ASSERT_NE(deltas, nullptr) << "graph " << graph;
    size_t nonZero = 0;
    for (uint64_t p = 0; p < 64; ++p) {
      auto it = perPredicate.find({graph, p});
      const int64_t expected = it == perPredicate.end() ? 0 : it->second;
      EXPECT_EQ(deltas->of(p), expected) << "graph " << graph << " p " << p;
      if (expected != 0) ++nonZero;
    }
    EXPECT_EQ(deltas->size(), nonZero) << "graph " << graph;  // predicates back at 0 are dropped
  }
  EXPECT_EQ(novelty.predicateRows(777), nullptr);
  EXPECT_EQ(novelty.rowDelta(777), 0);
}

TEST(NoveltyTest, RowDeltasMatchAPlainCountAfterEveryCommitAndSnapshotsKeepTheirs) {
  std::mt19937_64 rng(17);
  std::shared_ptr<const Novelty> novelty = std::make_shared<Novelty>(0);
  std::set<std::tuple<core::NodeId, uint64_t, uint64_t>> present;  // (graph, s, p)
  Counts perPredicate;
  std::map<core::NodeId, int64_t> perGraph;
  struct Kept {
    std::shared_ptr<const Novelty> snapshot;
    Counts perPredicate;
    std::map<core::NodeId, int64_t> perGraph;
  };
  std::vector<Kept> kept;
  uint64_t flakes = 0;
  for (uint64_t t = 1; t <= 300; ++t) {
    std::vector<Flake> commit;
    std::set<std::tuple<core::NodeId, uint64_t, uint64_t>> touched;
    const int size = 1 + static_cast<int>(rng() % 12);
    for (int k = 0; k < size; ++k) {
      const core::NodeId graph = rng() % 3 == 0 ? core::NodeId{5} : core::kNoNode;
      const uint64_t s = rng() % 40;
      const uint64_t p = rng() % 64;
      const auto fact = std::make_tuple(graph, s, p);
      if (!touched.insert(fact).second) continue;  // a commit holds net changes, one per fact
      Flake f;
      f.g = graph;
      f.row = IndexRow{s, p, 1, 0, t, core::otype::kInteger};
      f.assert = present.count(fact) == 0;
      if (f.assert) {
        present.insert(fact);
      } else {
        present.erase(fact);
      }
      const int64_t step = f.assert ? 1 : -1;
      perPredicate[{graph, p}] += step;
      perGraph[graph] += step;
      commit.push_back(f);
    }
    std::sort(commit.begin(), commit.end(), [](const Flake& a, const Flake& b) {
      return std::tie(a.g, a.row.s, a.row.p) < std::tie(b.g, b.row.s, b.row.p);
    });
    novelty = novelty->withCommit(t, commit);
    flakes += commit.size();
    ASSERT_EQ(novelty->t(), t);
    ASSERT_EQ(novelty->flakeCount(), flakes);
    expectCounts(*novelty, perPredicate, perGraph);
    if (t % 50 == 0) kept.push_back({novelty, perPredicate, perGraph});
  }
  for (const Kept& k : kept) {
    SCOPED_TRACE("snapshot at t=" + std::to_string(k.snapshot->t()));
    expectCounts(*k.snapshot, k.perPredicate, k.perGraph);
  }
  for (Permutation perm : kAllPermutations) {
    uint64_t entries = 0;
    for (core::NodeId graph : novelty->graphs()) {
      entries += novelty->find(graph, perm)->memoryEntries().size();
    }
    EXPECT_EQ(entries, flakes) << permutationName(perm);
  }
}

}  // namespace novelty_test
}  // namespace cairn::index
