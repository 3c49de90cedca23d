// top-k-from-index over a snapshot with novelty: commits after the last index run assert rows
// past the tree's tail and retract rows of it, so the tail scan of ORDER BY DESC … LIMIT k
// yields more than k rows (tailStart is exact for the tree alone). The answer must still be the
// best k — at the latest t and at the base's t — and equal the generic path's.

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/query/engine/live_fixture.h"

namespace cairn::testing {
namespace {

constexpr int kSubjects = 300;

int valueOf(int i) { return (i * 37) % 1000; }

std::string baseData() {
  std::string d;
  for (int i = 0; i < kSubjects; ++i) {
    d += "ex:s" + std::to_string(i) + " ex:v " + std::to_string(valueOf(i)) + " .\n";
  }
  return d;
}

// The index in tiny leaflets, the live ledger with the default configuration.
struct TopKFixture : LiveFixture {
  TopKFixture() : LiveFixture(baseData(), /*tiny=*/true, index::IndexConfig::defaults()) {}
};

// DELETE DATA of the `n` subjects with the largest values: the tree's tail, retracted.
std::string deleteLargest(int n) {
  std::vector<int> subjects(kSubjects);
  for (int i = 0; i < kSubjects; ++i) subjects[i] = i;
  std::sort(subjects.begin(), subjects.end(), [](int a, int b) { return valueOf(a) > valueOf(b); });
  std::string text = "DELETE DATA {";
  for (int k = 0; k < n; ++k) {
    const int i = subjects[k];
    text += " ex:s" + std::to_string(i) + " ex:v " + std::to_string(valueOf(i)) + " .";
  }
  return text + " }";
}

void expectSameAsGeneric(const TopKFixture& f, const std::string& sparql, uint64_t asOf,
                         bool mixed) {
  query::QueryOptions options;
  options.asOf = asOf;
  const RunResult fast = f.run(sparql, options);
  EXPECT_TRUE(planHasDetail(fast.report.plan, "rewrite", "top-k-from-index-desc"))
      << sparql << " at t=" << asOf;
  EXPECT_EQ(planHasDetail(fast.report.plan, "rewrite", "top-k-from-index-mixed"), mixed)
      << sparql << " at t=" << asOf;
  options.disabledRewrites = {"top-k-from-index"};
  const RunResult generic = f.run(sparql, options);
  EXPECT_FALSE(planHasDetail(generic.report.plan, "rewrite", "top-k-from-index-desc"));
  EXPECT_FALSE(fast.result.rows.empty());
  EXPECT_EQ(orderedRows(fast.result), orderedRows(generic.result)) << sparql << " at t=" << asOf;
}

TEST(TopKOverNovelty, DescendingTailWithCommitsMatchesGenericPath) {
  TopKFixture f;
  ASSERT_NE(f.live, nullptr);
  const uint64_t baseT = f.live->snapshot()->t();
  // Retract the tree's last rows, then assert values inside and past the old tail.
  f.update(deleteLargest(4));
  // (No value ties another row's value of the same type: the order of such ties is free.)
  f.update("INSERT DATA { ex:n1 ex:v 5000 . ex:n2 ex:v 998 . ex:n3 ex:v 1500 . ex:n4 ex:v 1 }");
  const uint64_t plainT = f.live->snapshot()->t();
  // Non-canonical integers are stored lexically: the mixed variant merges them ("0995" has the
  // value of ex:s135's 995 and sorts after it by lexical form).
  f.update("INSERT DATA { ex:n5 ex:v \"+7000\"^^xsd:integer . ex:n6 ex:v \"0995\"^^xsd:integer }");
  const uint64_t mixedT = f.live->snapshot()->t();
  ASSERT_GT(mixedT, plainT);

  for (const char* modifiers : {"LIMIT 1", "LIMIT 5", "LIMIT 3 OFFSET 2", "LIMIT 12"}) {
    const std::string sparql =
        std::string("SELECT ?x ?v WHERE { ?x ex:v ?v } ORDER BY DESC(?v) ") + modifiers;
    expectSameAsGeneric(f, sparql, baseT, /*mixed=*/false);
    expectSameAsGeneric(f, sparql, plainT, /*mixed=*/false);
    expectSameAsGeneric(f, sparql, mixedT, /*mixed=*/true);
  }
  // The answers themselves, not only agreement with the generic path.
  query::QueryOptions latest;
  const RunResult top = f.run("SELECT ?x WHERE { ?x ex:v ?v } ORDER BY DESC(?v) LIMIT 6", latest);
  EXPECT_EQ(orderedRows(top.result),
            (std::vector<std::string>{"<http://example.org/n5>", "<http://example.org/n1>",
                                      "<http://example.org/n3>", "<http://example.org/n2>",
                                      "<http://example.org/s135>", "<http://example.org/n6>"}));
  // The other types' rows in value order are kept per snapshot: a commit starts afresh.
  f.update("INSERT DATA { ex:n7 ex:v \"+9000\"^^xsd:integer } ; DELETE DATA { ex:n1 ex:v 5000 }");
  const RunResult after = f.run("SELECT ?x WHERE { ?x ex:v ?v } ORDER BY DESC(?v) LIMIT 3", latest);
  EXPECT_EQ(orderedRows(after.result),
            (std::vector<std::string>{"<http://example.org/n7>", "<http://example.org/n5>",
                                      "<http://example.org/n3>"}));
  const RunResult ascending = f.run("SELECT ?x WHERE { ?x ex:v ?v } ORDER BY ?v LIMIT 1", latest);
  EXPECT_EQ(orderedRows(ascending.result), std::vector<std::string>{"<http://example.org/s0>"});
}

}  // namespace
}  // namespace cairn::testing
