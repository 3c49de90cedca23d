// LiveLedger: commits are visible at once, earlier snapshots keep their state, set semantics,
// new terms of every kind round-trip, bad transactions change nothing, concurrent writers get
// distinct t's through group commit, and reopening replays every commit. Then a randomized
// check of the merged readers (scan, count, seek, tailStart) against a naive list of facts at
// every t.

#include "index/write/live_ledger.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "core/vocab.h"
#include "index/import/bulk_importer.h"
#include "index/ledger/ledger_name.h"
#include "tests/support/test_ledger.h"

namespace cairn::index {
namespace live_ledger_test {

using core::Term;
using testing::Quad;

constexpr std::string_view kEx = "http://example.org/";

Term iri(std::string_view local) { return Term::iri(std::string(kEx) + std::string(local)); }

TxQuad fact(Term s, Term p, Term o, std::optional<Term> g = std::nullopt) {
  TxQuad q{TxTerm::of(std::move(s)), TxTerm::of(std::move(p)), TxTerm::of(std::move(o)),
           std::nullopt};
  if (g) q.g = TxTerm::of(std::move(*g));
  return q;
}

struct Fixture {
  testing::TestLedger base;
  std::shared_ptr<LiveLedger> live;

  explicit Fixture(std::vector<Quad> quads = {{iri("a"), iri("p"), iri("b"), std::nullopt}},
                   const IndexConfig& config = IndexConfig::defaults()) {
    base = testing::makeTestLedger(quads, config);
    live = reopen(config);
  }
  std::shared_ptr<LiveLedger> reopen(const IndexConfig& config = IndexConfig::defaults(),
                                     ReplayReport* report = nullptr) {
    auto opened = LiveLedger::open(*base.blobs, *base.heads, "test", nullptr, config, report);
    EXPECT_TRUE(opened.isOk()) << opened.status().toString();
    return opened.isOk() ? std::move(opened).value() : nullptr;
  }
};

// Whether (s, p, o) in the default graph is present in `ledger` at asOf.
bool has(const Ledger& ledger, const Term& s, const Term& p, const Term& o,
         uint64_t asOf = UINT64_MAX) {
  auto sid = ledger.encodeNode(s);
  auto pid = ledger.encodeNode(p);
  auto oid = ledger.encodeObject(o);
  EXPECT_TRUE(sid.isOk() && pid.isOk() && oid.isOk());
  if (!*sid || !*pid || !*oid) return false;
  auto reader = ledger.reader(core::kNoNode, Permutation::kSPOT);
  if (!reader) return false;
  const uint64_t key[] = {**sid, **pid, (*oid)->type, (*oid)->key};
  auto count = reader->count(ScanRange::prefix(key), asOf);
  EXPECT_TRUE(count.isOk());
  return *count == 1;
}

TEST(LiveLedgerTest, CommitsAreVisibleAtOnceAndEarlierSnapshotsKeepTheirState) {
  Fixture f;
  auto before = f.live->snapshot();
  const uint64_t t0 = before->t();
  Transaction tx;
  tx.inserts.push_back(fact(iri("a"), iri("p"), iri("c")));
  tx.deletes.push_back(fact(iri("a"), iri("p"), iri("b")));
  auto result = f.live->commit(std::move(tx));
  ASSERT_TRUE(result.isOk()) << result.status().toString();
  EXPECT_EQ(result->t, t0 + 1);
  EXPECT_EQ(result->inserted, 1u);
  EXPECT_EQ(result->deleted, 1u);
  EXPECT_FALSE(result->time.empty());

  auto after = f.live->snapshot();
  EXPECT_EQ(after->t(), t0 + 1);
  EXPECT_TRUE(has(*after, iri("a"), iri("p"), iri("c")));
  EXPECT_FALSE(has(*after, iri("a"), iri("p"), iri("b")));
  // The same snapshot read at the earlier t, and the earlier snapshot itself.
  EXPECT_TRUE(has(*after, iri("a"), iri("p"), iri("b"), t0));
  EXPECT_FALSE(has(*after, iri("a"), iri("p"), iri("c"), t0));
  EXPECT_TRUE(has(*before, iri("a"), iri("p"), iri("b")));
  EXPECT_FALSE(has(*before, iri("a"), iri("p"), iri("c")));
}

// A snapshot's memos: the first value stored under a key is kept and shared, at most kMaxMemos
// keys are kept, and the next snapshot (a commit) starts without them.
TEST(LiveLedgerTest, MemosLiveAsLongAsTheirSnapshot) {
  Fixture f;
  auto snapshot = f.live->snapshot();
  EXPECT_EQ(snapshot->memo("k"), nullptr);
  auto first = std::make_shared<const int>(1);
  EXPECT_EQ(snapshot->memoize("k", first), first);
  EXPECT_EQ(snapshot->memoize("k", std::make_shared<const int>(2)), first);
  EXPECT_EQ(snapshot->memo("k"), first);
  for (size_t i = 1; i < Ledger::kMaxMemos; ++i) {
    snapshot->memoize("fill" + std::to_string(i), std::make_shared<const int>(0));
  }
  auto late = std::make_shared<const int>(3);
  EXPECT_EQ(snapshot->memoize("late", late), late);  // handed back, not kept
  EXPECT_EQ(snapshot->memo("late"), nullptr);
  EXPECT_EQ(snapshot->memo("k"), first);

  Transaction tx;
  tx.inserts.push_back(fact(iri("a"), iri("p"), iri("c")));
  ASSERT_TRUE(f.live->commit(std::move(tx)).isOk());
  EXPECT_EQ(f.live->snapshot()->memo("k"), nullptr);
  EXPECT_EQ(snapshot->memo("k"), first);  // the older snapshot keeps its own
}

TEST(LiveLedgerTest, SetSemantics) {
  Fixture f;
  const uint64_t t0 = f.live->snapshot()->t();
  Transaction noop;
  noop.inserts.push_back(fact(iri("a"), iri("p"), iri("b")));  // already present
  noop.deletes.push_back(fact(iri("x"), iri("p"), iri("y")));  // absent (unknown terms)
  noop.deletes.push_back(fact(iri("a"), iri("p"), iri("a")));  // absent (known terms)
  auto result = f.live->commit(std::move(noop));
  ASSERT_TRUE(result.isOk());
  EXPECT_EQ(result->t, t0);  // no commit
  EXPECT_EQ(result->inserted + result->deleted, 0u);
  EXPECT_EQ(f.live->snapshot()->t(), t0);

  Transaction both;  // deleted and inserted: stays present, nothing changes
  both.deletes.push_back(fact(iri("a"), iri("p"), iri("b")));
  both.inserts.push_back(fact(iri("a"), iri("p"), iri("b")));
  result = f.live->commit(std::move(both));
  ASSERT_TRUE(result.isOk());
  EXPECT_EQ(result->t, t0);
  EXPECT_TRUE(has(*f.live->snapshot(), iri("a"), iri("p"), iri("b")));

  Transaction twice;  // the same fact twice in one insert counts once
  twice.inserts.push_back(fact(iri("n"), iri("p"), Term::literal("v")));
  twice.inserts.push_back(fact(iri("n"), iri("p"), Term::literal("v")));
  result = f.live->commit(std::move(twice));
  ASSERT_TRUE(result.isOk());
  EXPECT_EQ(result->inserted, 1u);
}

TEST(LiveLedgerTest, NewTermsOfEveryKindRoundTrip) {
  Fixture f;
  const std::vector<Term> objects = {
      iri("brand-new"),
      Term::literal("a new string"),
      Term::literal("bonjour", {}, "fr-CA"),
      Term::literal("42", std::string(core::vocab::kXsd) + "integer"),
      Term::literal("042", std::string(core::vocab::kXsd) + "integer"),  // non-canonical
      Term::literal("abc", std::string(core::vocab::kXsd) + "integer"),  // ill-typed
      Term::literal("x", "http://example.org/myType"),
  };
  Transaction tx;
  for (const Term& o : objects) tx.inserts.push_back(fact(iri("s"), iri("q"), o, iri("g")));
  tx.inserts.push_back(fact(Term::blank("n1"), iri("q"), Term::blank("n2")));
  tx.inserts.push_back(fact(Term::blank("n1"), iri("r"), Term::blank("n1")));
  auto result = f.live->commit(std::move(tx));
  ASSERT_TRUE(result.isOk()) << result.status().toString();
  EXPECT_EQ(result->inserted, objects.size() + 2);

  for (auto snapshot : {f.live->snapshot(), f.reopen()->snapshot()}) {
    auto g = snapshot->encodeNode(iri("g"));
    ASSERT_TRUE(g.isOk() && g->has_value());
    EXPECT_TRUE(snapshot->hasGraph(**g));
    for (const Term& o : objects) {
      auto encoded = snapshot->encodeObject(o);
      ASSERT_TRUE(encoded.isOk() && encoded->has_value()) << core::toNTriples(o);
      auto decoded = snapshot->decodeObject(**encoded);
      ASSERT_TRUE(decoded.isOk());
      EXPECT_EQ(*decoded, o);
      Ledger::DecodeCursor cursor(*snapshot);
      Term into;
      ASSERT_TRUE(snapshot->decodeInto(**encoded, cursor, into).isOk());
      EXPECT_EQ(into, o);
    }
    // Two distinct new blank nodes, the first used twice.
    auto reader = snapshot->reader(core::kNoNode, Permutation::kSPOT);
    ASSERT_TRUE(reader.has_value());
    auto cursor = reader->scan(ScanRange::all(), kAllColumns);
    ColumnBatch batch;
    std::set<uint64_t> blankSubjects;
    while (*cursor.next(batch)) {
      for (size_t r = 0; r < batch.rows; ++r) {
        if (core::isBlankNode(batch.column(Column::kS)[r])) {
          blankSubjects.insert(batch.column(Column::kS)[r]);
        }
      }
    }
    EXPECT_EQ(blankSubjects.size(), 1u);
  }
}

TEST(LiveLedgerTest, BadTransactionsChangeNothing) {
  Fixture f;
  const uint64_t t0 = f.live->snapshot()->t();
  Transaction tx;
  tx.inserts.push_back(fact(iri("ok"), iri("p"), iri("fine")));
  tx.inserts.push_back(fact(iri("s"), Term::literal("not a predicate"), iri("o")));
  auto result = f.live->commit(std::move(tx));
  ASSERT_FALSE(result.isOk());
  EXPECT_EQ(result.status().code(), core::StatusCode::kInvalidArgument);
  Transaction literalSubject;
  literalSubject.inserts.push_back(fact(Term::literal("s"), iri("p"), iri("o")));
  EXPECT_FALSE(f.live->commit(std::move(literalSubject)).isOk());
  auto snapshot = f.live->snapshot();
  EXPECT_EQ(snapshot->t(), t0);
  EXPECT_FALSE(has(*snapshot, iri("ok"), iri("p"), iri("fine")));
  EXPECT_FALSE(snapshot->encodeNode(iri("fine"))->has_value());  // no new term leaked
}

// A step that asks to run again sees its own earlier runs' writes, and all runs are one commit.
TEST(LiveLedgerTest, AStepRunAgainSeesItsOwnWritesInOneCommit) {
  Fixture f;
  const uint64_t t0 = f.live->snapshot()->t();
  Transaction tx;
  int runs = 0;
  tx.steps.push_back([&runs](const Ledger& state) -> core::Result<TxChanges> {
    ++runs;
    // Inserts the first of n0, n1, ... that the state lacks, until n2 is present.
    TxChanges changes;
    for (int k = 0; k < 3; ++k) {
      const Term object = iri("n" + std::to_string(k));
      if (has(state, iri("a"), iri("q"), object)) continue;
      changes.inserts.push_back(fact(iri("a"), iri("q"), object));
      changes.again = k < 2;
      break;
    }
    return changes;
  });
  auto committed = f.live->commit(std::move(tx));
  ASSERT_TRUE(committed.isOk()) << committed.status().toString();
  EXPECT_EQ(runs, 3);
  EXPECT_EQ(committed->t, t0 + 1);
  EXPECT_EQ(committed->inserted, 3u);
  auto after = f.live->snapshot();
  for (int k = 0; k < 3; ++k)
    EXPECT_TRUE(has(*after, iri("a"), iri("q"), iri("n" + std::to_string(k))));

  // A failing later run drops the earlier runs' writes too.
  Transaction failing;
  failing.steps.push_back([](const Ledger& state) -> core::Result<TxChanges> {
    if (has(state, iri("a"), iri("q"), iri("m"))) return core::Status::invalidArgument("stop");
    TxChanges changes;
    changes.inserts.push_back(fact(iri("a"), iri("q"), iri("m")));
    changes.again = true;
    return changes;
  });
  EXPECT_FALSE(f.live->commit(std::move(failing)).isOk());
  EXPECT_EQ(f.live->snapshot()->t(), t0 + 1);
  EXPECT_FALSE(has(*f.live->snapshot(), iri("a"), iri("q"), iri("m")));
}

TEST(LiveLedgerTest, ConcurrentWritersGetDistinctTsAndAllCommitsSurviveReopen) {
  Fixture f;
  const uint64_t t0 = f.live->snapshot()->t();
  constexpr int kThreads = 8, kCommits = 40;
  std::vector<std::vector<uint64_t>> ts(kThreads);
  std::vector<std::thread> threads;
  for (int w = 0; w < kThreads; ++w) {
    threads.emplace_back([&, w] {
      for (int i = 0; i < kCommits; ++i) {
        Transaction tx;
        tx.inserts.push_back(
            fact(iri("w" + std::to_string(w)), iri("n"), Term::literal(std::to_string(i))));
        auto result = f.live->commit(std::move(tx));
        ASSERT_TRUE(result.isOk()) << result.status().toString();
        ts[w].push_back(result->t);
      }
    });
  }
  for (auto& t : threads) t.join();
  std::set<uint64_t> all;
  for (const auto& list : ts) {
    EXPECT_TRUE(std::is_sorted(list.begin(), list.end()));
    all.insert(list.begin(), list.end());
  }
  EXPECT_EQ(all.size(), size_t{kThreads * kCommits});
  EXPECT_EQ(*all.begin(), t0 + 1);
  EXPECT_EQ(*all.rbegin(), t0 + kThreads * kCommits);

  ReplayReport report;
  auto reopened = f.reopen(IndexConfig::defaults(), &report);
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(report.commits, uint64_t{kThreads * kCommits});
  EXPECT_EQ(report.flakes, uint64_t{kThreads * kCommits});
  for (int w = 0; w < kThreads; ++w) {
    for (int i = 0; i < kCommits; ++i) {
      EXPECT_TRUE(has(*reopened->snapshot(), iri("w" + std::to_string(w)), iri("n"),
                      Term::literal(std::to_string(i))));
    }
  }
}

TEST(LiveLedgerTest, ADroppedLedgersCommitsAreNotReplayedIntoItsSuccessor) {
  Fixture f;
  Transaction tx;
  tx.inserts.push_back(fact(iri("old"), iri("p"), iri("o")));
  ASSERT_TRUE(f.live->commit(std::move(tx)).isOk());
  // Drop the ledger head only (as a crash between the two deletes would leave it), then import
  // a new ledger of the same name: the importer drops the stale commit head.
  ASSERT_TRUE(f.base.heads->deleteHead(ledgerHeadName("test")).isOk());
  ImportOptions options;
  const auto path = std::filesystem::temp_directory_path() /
                    ("cairn-live-ledger-" + std::to_string(::getpid()) + ".nt");
  { std::ofstream(path) << "<http://example.org/new> <http://example.org/p> \"1\" .\n"; }
  options.ledger = "test";
  options.inputs.push_back({path.string(), core::rdf::RdfFormat::kNTriples});
  options.scratchDirectory = std::filesystem::temp_directory_path();
  ImportProgress progress;
  bulkImport(*f.base.blobs, *f.base.heads, options, progress);
  std::filesystem::remove(path);
  auto reopened = f.reopen();
  ASSERT_NE(reopened, nullptr);
  EXPECT_FALSE(reopened->snapshot()->encodeNode(iri("old"))->has_value());
  EXPECT_EQ(reopened->snapshot()->t(), reopened->snapshot()->root().t);
}

// seek() reads the novelty a window at a time (SnapshotReader::seek): the first present row may
// lie behind many windows of retracted keys.
TEST(LiveLedgerTest, SeekFindsTheFirstRowBehindLongRunsOfRetractedKeys) {
  for (const IndexConfig& config : {IndexConfig::tiny(), IndexConfig::defaults()}) {
    Fixture f({{iri("a"), iri("p"), iri("b"), std::nullopt}}, config);
    Transaction insert;
    std::vector<Term> subjects;
    for (int i = 0; i < 300; ++i) {
      subjects.push_back(iri("s" + std::to_string(i)));
      insert.inserts.push_back(fact(subjects.back(), iri("p"), iri("o")));
    }
    auto inserted = f.live->commit(std::move(insert));
    ASSERT_TRUE(inserted.isOk());
    auto afterInsert = f.live->snapshot();
    // Every SPOT key in order, with its subject.
    std::vector<std::pair<RowKey, Term>> keys;
    for (const Term& s : subjects) {
      const uint64_t id = **afterInsert->encodeNode(s);
      const uint64_t p = **afterInsert->encodeNode(iri("p"));
      const auto o = **afterInsert->encodeObject(iri("o"));
      keys.push_back({RowKey{id, p, static_cast<uint64_t>(o.type), o.key, 0}, s});
    }
    std::sort(keys.begin(), keys.end(),
              [](const auto& x, const auto& y) { return rowKeyLess(x.first, y.first); });
    // Retract all but the last 5 keys of the new subjects, and the base triple.
    Transaction retract;
    retract.deletes.push_back(fact(iri("a"), iri("p"), iri("b")));
    for (size_t i = 0; i + 5 < keys.size(); ++i) {
      retract.deletes.push_back(fact(keys[i].second, iri("p"), iri("o")));
    }
    auto retracted = f.live->commit(std::move(retract));
    ASSERT_TRUE(retracted.isOk());
    ASSERT_EQ(retracted->deleted, keys.size() - 5 + 1);
    auto reader = f.live->snapshot()->reader(core::kNoNode, Permutation::kSPOT);
    ASSERT_TRUE(reader.has_value());
    auto first = reader->seek(kMinRowKey);
    ASSERT_TRUE(first.isOk());
    ASSERT_TRUE(first->has_value());
    EXPECT_EQ(rowKey(Permutation::kSPOT, **first), keys[keys.size() - 5].first);
    auto last = reader->seek(nextRowKey(keys.back().first));
    ASSERT_TRUE(last.isOk());
    EXPECT_FALSE(last->has_value());
    // Before the retraction every row was there.
    auto then = reader->seek(keys[1].first, inserted->t);
    ASSERT_TRUE(then.isOk() && then->has_value());
    EXPECT_EQ(rowKey(Permutation::kSPOT, **then), keys[1].first);
  }
}

// ---- randomized: merged readers against a naive list at every t ----

struct Fact {
  uint64_t s, p, o;
  auto operator<=>(const Fact&) const = default;
};

TEST(LiveLedgerTest, MergedReadersMatchANaiveListAtEveryT) {
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const IndexConfig config = seed % 2 ? IndexConfig::tiny() : IndexConfig::defaults();
    auto term = [](char kind, uint64_t n) {
      return kind == 'o' && n % 3 == 0
                 ? Term::literal(std::to_string(n), std::string(core::vocab::kXsd) + "integer")
                 : iri(std::string(1, kind) + std::to_string(n));
    };
    std::set<Fact> present;
    std::vector<Quad> baseQuads;
    for (int i = 0; i < 60; ++i) {
      Fact f{rng() % 8, rng() % 3, rng() % 10};
      if (present.insert(f).second) {
        baseQuads.push_back({term('s', f.s), term('p', f.p), term('o', f.o), std::nullopt});
      }
    }
    Fixture fx(baseQuads, config);
    std::map<uint64_t, std::set<Fact>> stateAt;
    stateAt[fx.live->snapshot()->t()] = present;
    for (int c = 0; c < 8; ++c) {
      Transaction tx;
      std::set<Fact> next = present;
      for (int k = 0, n = 1 + rng() % 12; k < n; ++k) {
        Fact f{rng() % 10, rng() % 4, rng() % 12};
        TxQuad q = fact(term('s', f.s), term('p', f.p), term('o', f.o));
        if (rng() % 2) {
          tx.deletes.push_back(q);
          next.erase(f);
        } else {
          tx.inserts.push_back(q);
        }
      }
      // Inserts apply after deletes: re-derive the inserted facts from the terms.
      for (const TxQuad& q : tx.inserts) {
        auto num = [](const Term& t) {
          const std::string& v = t.value;
          size_t i = v.size();
          while (i > 0 && std::isdigit(static_cast<unsigned char>(v[i - 1]))) --i;
          return std::stoull(v.substr(i));
        };
        next.insert(Fact{num(q.s.value()), num(q.p.value()), num(q.o.value())});
      }
      auto result = fx.live->commit(std::move(tx));
      ASSERT_TRUE(result.isOk()) << result.status().toString();
      present = std::move(next);
      stateAt[result->t] = present;
    }
    auto snapshot = fx.live->snapshot();
    auto encodeFact = [&](const Fact& f) {
      const auto o = *snapshot->encodeObject(term('o', f.o));
      return IndexRow{**snapshot->encodeNode(term('s', f.s)),
                      **snapshot->encodeNode(term('p', f.p)),
                      o->key,
                      0,
                      0,
                      o->type};
    };
    for (const auto& [t, facts] : stateAt) {
      SCOPED_TRACE("t " + std::to_string(t));
      for (Permutation perm : kAllPermutations) {
        std::vector<IndexRow> oracle;
        for (const Fact& f : facts) oracle.push_back(encodeFact(f));
        std::sort(oracle.begin(), oracle.end(),
                  [&](const IndexRow& a, const IndexRow& b) { return rowLess(perm, a, b); });
        auto reader = snapshot->reader(core::kNoNode, perm);
        ASSERT_TRUE(reader.has_value());
        // Ranges: everything, and prefixes of every length taken from random oracle rows.
        std::vector<ScanRange> ranges = {ScanRange::all()};
        for (int r = 0; r < 12 && !oracle.empty(); ++r) {
          const RowKey key = rowKey(perm, oracle[rng() % oracle.size()]);
          const size_t n = rng() % 5;
          ranges.push_back(ScanRange::prefix(std::span<const uint64_t>(key.data(), n)));
        }
        for (const ScanRange& range : ranges) {
          std::vector<RowKey> expected;
          for (const IndexRow& row : oracle) {
            if (range.contains(rowKey(perm, row))) expected.push_back(rowKey(perm, row));
          }
          std::vector<RowKey> got;
          auto cursor = reader->scan(range, kAllColumns, t);
          ColumnBatch batch;
          while (true) {
            auto more = cursor.next(batch, 1 + rng() % 5);
            ASSERT_TRUE(more.isOk());
            if (!*more) break;
            for (size_t i = 0; i < batch.rows; ++i) {
              const IndexRow row = rowAt(batch, i);
              EXPECT_LE(row.t, t);
              got.push_back(rowKey(perm, row));
            }
          }
          EXPECT_EQ(got, expected);
          auto count = reader->count(range, t);
          ASSERT_TRUE(count.isOk());
          EXPECT_EQ(*count, expected.size());
          auto first = reader->seek(range.low, t);
          ASSERT_TRUE(first.isOk());
          std::optional<RowKey> firstExpected;
          for (const IndexRow& row : oracle) {
            if (rowKey(perm, row) >= range.low) {
              firstExpected = rowKey(perm, row);
              break;
            }
          }
          EXPECT_EQ(first->has_value(), firstExpected.has_value());
          if (first->has_value() && firstExpected) {
            EXPECT_EQ(rowKey(perm, **first), *firstExpected);
          }
          // tailStart: scanning from it yields at least the last k rows of the range.
          const uint64_t k = rng() % 4;
          auto low = reader->tailStart(range, k, t);
          ASSERT_TRUE(low.isOk());
          const size_t fromLow = static_cast<size_t>(std::count_if(
              expected.begin(), expected.end(), [&](const RowKey& key) { return key >= *low; }));
          EXPECT_GE(fromLow, std::min<size_t>(k, expected.size()));
        }
        // contains: the keys of facts present at any t (some of them retracted by this one or
        // not asserted yet), and keys next to them that no fact ever had.
        std::set<RowKey> here;
        for (const IndexRow& row : oracle) here.insert(rowKey(perm, row));
        std::set<RowKey> probes;
        for (const auto& [otherT, otherFacts] : stateAt) {
          for (const Fact& f : otherFacts) {
            RowKey key = rowKey(perm, encodeFact(f));
            probes.insert(key);
            key[3] += 1;
            probes.insert(key);
          }
        }
        for (const RowKey& key : probes) {
          auto found = reader->contains(key, t);
          ASSERT_TRUE(found.isOk());
          EXPECT_EQ(*found, here.count(key) == 1);
        }
        // The same through a SnapshotKeyProbe (ascending keys, so mostly inside the leaflet of
        // the last read), and its prefix rows: the novelty's changes over the base's rows.
        SnapshotKeyProbe probe(*reader, t);
        size_t asked = 0;
        for (const RowKey& key : probes) {
          auto found = probe.contains(key);
          ASSERT_TRUE(found.isOk());
          EXPECT_EQ(*found, here.count(key) == 1);
          const int n = 1 + static_cast<int>(asked++ % 4);
          std::vector<RowKey> expected;
          for (const IndexRow& row : oracle) {
            const RowKey rowKeyHere = rowKey(perm, row);
            if (std::equal(key.begin(), key.begin() + n, rowKeyHere.begin())) {
              expected.push_back(rowKeyHere);
            }
          }
          std::vector<IndexRow> rows;
          ASSERT_TRUE(probe.rows(key, n, rows).isOk());
          std::vector<RowKey> got;
          for (const IndexRow& row : rows) got.push_back(rowKey(perm, row));
          EXPECT_EQ(got, expected) << "prefix of " << n;
        }
      }
    }
  }
}

}  // namespace live_ledger_test
}  // namespace cairn::index
