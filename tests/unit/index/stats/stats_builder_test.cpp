// StatsBuilder and LedgerStats against a naive computation over random rows: exact counts, class
// counts and value ranges; distinct counts within the sketches' error; independence from row
// order; merge of disjoint parts equal to one build; save/load round trip and corruption.

#include "index/stats/stats_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

#include "index/dictionary/byte_codec.h"

namespace cairn::index {
namespace {

constexpr uint64_t kRdfType = 3;

std::vector<IndexRow> randomRows(uint64_t seed, size_t count) {
  std::mt19937_64 rng(seed);
  const std::vector<core::ObjectType> types = {
      core::otype::kIri,      core::otype::kString,    core::otype::kInteger, core::otype::kDouble,
      core::otype::kDateTime, core::langStringType(2), core::otype::kBoolean, core::otype::kBlank};
  std::set<std::tuple<uint64_t, uint64_t, core::ObjectType, uint64_t>> seen;
  std::vector<IndexRow> rows;
  while (rows.size() < count) {
    IndexRow row;
    // Predicates with very different sizes: p=1 is big, p=20..40 tiny.
    const uint64_t pick = rng() % 100;
    row.p = pick < 40 ? 1 : pick < 60 ? kRdfType : pick < 90 ? 2 + pick % 5 : 20 + pick % 21;
    row.s = rng() % 8 == 0 ? core::blankNodeId(rng() % 500) : 1 + rng() % 3000;
    if (row.p == kRdfType) {
      row.ot = rng() % 10 == 0 ? core::otype::kBlank : core::otype::kIri;
      row.ok = row.ot == core::otype::kBlank ? core::blankNodeId(rng() % 50) : 100 + rng() % 12;
    } else {
      row.ot = types[rng() % types.size()];
      row.ok = row.ot == core::otype::kBoolean ? rng() % 2 : rng() % (row.p == 1 ? 100000 : 300);
      if (row.ot == core::otype::kInteger) row.ok = (uint64_t{1} << 63) + row.ok - 150;
    }
    row.t = 1 + rng() % 4;
    if (seen.insert({row.s, row.p, row.ot, row.ok}).second) rows.push_back(row);
  }
  return rows;
}

struct NaivePredicate {
  uint64_t rows = 0;
  std::set<uint64_t> subjects;
  std::set<std::pair<core::ObjectType, uint64_t>> objects;
  std::map<uint64_t, uint64_t> classes;
  std::map<core::ObjectType, ValueRange> ranges;
};

std::map<uint64_t, NaivePredicate> naiveStats(const std::vector<IndexRow>& rows) {
  std::map<uint64_t, NaivePredicate> out;
  for (const IndexRow& row : rows) {
    NaivePredicate& p = out[row.p];
    ++p.rows;
    p.subjects.insert(row.s);
    p.objects.insert({row.ot, row.ok});
    if (row.p == kRdfType && row.ot == core::otype::kIri) ++p.classes[row.ok];
    if (core::isInline(row.ot)) {
      auto [it, inserted] = p.ranges.try_emplace(row.ot, ValueRange{row.ot, row.ok, row.ok, 0});
      it->second.minKey = std::min(it->second.minKey, row.ok);
      it->second.maxKey = std::max(it->second.maxKey, row.ok);
      ++it->second.rows;
    }
  }
  return out;
}

void expectClose(uint64_t estimate, size_t truth, const std::string& what) {
  const double tolerance = std::max(3 * 1.04 / 64 * double(truth), 1.0);
  EXPECT_LE(std::abs(double(estimate) - double(truth)), tolerance)
      << what << ": estimate " << estimate << ", truth " << truth;
}

LedgerStats buildStats(const std::vector<IndexRow>& rows) {
  StatsBuilder builder(kRdfType);
  for (const IndexRow& row : rows) builder.add(row);
  EXPECT_EQ(builder.rows(), rows.size());
  return builder.finish();
}

TEST(StatsBuilderTest, MatchesNaiveComputation) {
  const std::vector<IndexRow> rows = randomRows(1, 60000);
  const LedgerStats stats = buildStats(rows);
  const auto naive = naiveStats(rows);

  EXPECT_EQ(stats.triples, rows.size());
  EXPECT_EQ(stats.predicates, naive.size());
  ASSERT_EQ(stats.byPredicate.size(), naive.size());
  std::set<uint64_t> allSubjects;
  for (const IndexRow& row : rows) allSubjects.insert(row.s);
  expectClose(stats.subjects, allSubjects.size(), "all subjects");

  auto it = naive.begin();
  for (const PredicateStats& p : stats.byPredicate) {
    ASSERT_EQ(p.predicate, it->first);
    const NaivePredicate& truth = it->second;
    const std::string name = "p" + std::to_string(p.predicate);
    EXPECT_EQ(p.rows, truth.rows) << name;
    expectClose(p.distinctSubjects(), truth.subjects.size(), name + " subjects");
    expectClose(p.distinctObjects(), truth.objects.size(), name + " objects");
    const std::vector<std::pair<uint64_t, uint64_t>> classes(truth.classes.begin(),
                                                             truth.classes.end());
    EXPECT_EQ(p.classCounts, classes) << name;
    std::vector<ValueRange> ranges;
    for (const auto& [type, range] : truth.ranges) ranges.push_back(range);
    EXPECT_EQ(p.ranges, ranges) << name;
    EXPECT_EQ(stats.find(p.predicate), &p);
    ++it;
  }
  EXPECT_FALSE(stats.find(kRdfType)->classCounts.empty());
  EXPECT_EQ(stats.find(0), nullptr);
  EXPECT_EQ(stats.find(19), nullptr);
  EXPECT_EQ(stats.find(1000), nullptr);
}

TEST(StatsBuilderTest, NoRdfTypeMeansNoClassCounts) {
  StatsBuilder builder(0);
  for (const IndexRow& row : randomRows(2, 2000)) builder.add(row);
  const LedgerStats stats = builder.finish();
  for (const PredicateStats& p : stats.byPredicate) EXPECT_TRUE(p.classCounts.empty());
}

TEST(StatsBuilderTest, RowOrderDoesNotMatter) {
  std::vector<IndexRow> rows = randomRows(3, 20000);
  const LedgerStats shuffled = buildStats(rows);
  std::stable_sort(rows.begin(), rows.end(), [](const IndexRow& a, const IndexRow& b) {
    return rowLess(Permutation::kPSOT, a, b);
  });
  const LedgerStats grouped = buildStats(rows);
  EXPECT_EQ(shuffled, grouped);
}

TEST(StatsBuilderTest, FinishResetsTheBuilder) {
  StatsBuilder builder(kRdfType);
  for (const IndexRow& row : randomRows(4, 500)) builder.add(row);
  const LedgerStats first = builder.finish();
  EXPECT_EQ(first.triples, 500u);
  const std::vector<IndexRow> again = randomRows(5, 300);
  for (const IndexRow& row : again) builder.add(row);
  EXPECT_EQ(builder.finish(), buildStats(again));
}

TEST(LedgerStatsTest, MergeOfDisjointPartsEqualsOneBuild) {
  const std::vector<IndexRow> rows = randomRows(6, 30000);
  const LedgerStats whole = buildStats(rows);
  // Uneven parts; the small one misses most predicates.
  const std::vector<IndexRow> a(rows.begin(), rows.begin() + 20000);
  const std::vector<IndexRow> b(rows.begin() + 20000, rows.begin() + 29950);
  const std::vector<IndexRow> c(rows.begin() + 29950, rows.end());
  LedgerStats merged = buildStats(c);
  merged.mergeFrom(buildStats(a));
  merged.mergeFrom(buildStats(b));
  EXPECT_EQ(merged, whole);

  LedgerStats fromEmpty;
  fromEmpty.mergeFrom(whole);
  EXPECT_EQ(fromEmpty, whole);
}

TEST(LedgerStatsTest, SaveLoadRoundTrip) {
  auto store = storage::makeMemoryBlobStore();
  for (size_t n : {0u, 1u, 40u, 50000u}) {
    const LedgerStats stats = buildStats(randomRows(7 + n, n));
    auto id = stats.save(*store);
    ASSERT_TRUE(id.isOk()) << id.status().toString();
    auto back = LedgerStats::load(*store, *id);
    ASSERT_TRUE(back.isOk()) << back.status().toString();
    EXPECT_EQ(*back, stats) << n;
  }
}

TEST(LedgerStatsTest, DamagedBlobsAreCorruptionNamingTheBlob) {
  auto store = storage::makeMemoryBlobStore();
  const LedgerStats stats = buildStats(randomRows(8, 3000));
  auto id = stats.save(*store);
  ASSERT_TRUE(id.isOk());
  const std::string good = *store->get(*id);

  std::vector<std::string> bad;
  for (size_t cut :
       {size_t{0}, size_t{3}, size_t{5}, size_t{6}, good.size() / 2, good.size() - 1}) {
    bad.push_back(good.substr(0, cut));
  }
  bad.push_back(good + "x");
  std::string badMagic = good;
  badMagic[1] = 'X';
  bad.push_back(badMagic);
  // A raw body that does not add up: rows of predicates exceed the triple count.
  std::string body;
  bytes::putVarint(body, 1);  // triples
  HyperLogLog().appendTo(body);
  bytes::putVarint(body, 1);  // one predicate
  bytes::putVarint(body, 9);
  bytes::putVarint(body, 2);  // two rows > one triple
  HyperLogLog().appendTo(body);
  HyperLogLog().appendTo(body);
  bytes::putVarint(body, 0);
  bytes::putVarint(body, 0);
  std::string inconsistent = good.substr(0, 6);  // magic and version
  inconsistent.push_back(0);                     // raw
  bytes::putVarint(inconsistent, body.size());
  inconsistent += body;
  bad.push_back(inconsistent);

  for (const std::string& bytes : bad) {
    auto badId = store->put(bytes);
    ASSERT_TRUE(badId.isOk());
    auto result = LedgerStats::load(*store, *badId);
    ASSERT_FALSE(result.isOk()) << bytes.size();
    EXPECT_EQ(result.status().code(), core::StatusCode::kCorruption);
    EXPECT_NE(result.status().message().find(badId->shortHex()), std::string::npos)
        << result.status().toString();
  }
  auto missing = LedgerStats::load(*store, storage::ContentId::of("nothing"));
  ASSERT_FALSE(missing.isOk());
  EXPECT_EQ(missing.status().code(), core::StatusCode::kNotFound);
}

}  // namespace
}  // namespace cairn::index
