// Corruption at the ledger level: every blob of a ledger that has an indexed root, history,
// dictionary append segments, statistics and unindexed commits is damaged in turn (one flipped
// bit), and everything a reader can ask is asked again from a fresh open. Each answer is either
// exactly the undamaged one or a Corruption error that names the damaged blob: never a different
// answer, never a crash.

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/vocab.h"
#include "index/ledger/fact_history.h"
#include "index/write/live_ledger.h"
#include "tests/support/test_ledger.h"

namespace cairn::index {
namespace ledger_corruption_test {

using core::Term;
using testing::Quad;

Term iri(const std::string& local) { return Term::iri("http://example.org/" + local); }
Term integer(int value) {
  return Term::literal(std::to_string(value), std::string(core::vocab::kXsd) + "integer");
}

TxQuad fact(Term s, Term p, Term o) {
  return TxQuad{TxTerm::of(std::move(s)), TxTerm::of(std::move(p)), TxTerm::of(std::move(o)),
                std::nullopt};
}

core::Status appendRows(const Ledger& ledger, Permutation perm, uint64_t asOf, std::ostream& out) {
  auto reader = ledger.reader(core::kNoNode, perm);
  if (!reader) return core::Status::ok();
  CAIRN_ASSIGN_OR_RETURN(const uint64_t count, reader->count(ScanRange::all(), asOf));
  out << permutationName(perm) << "@" << asOf << " count " << count << "\n";
  auto cursor = reader->scan(ScanRange::all(), kAllColumns, asOf);
  ColumnBatch batch;
  while (true) {
    CAIRN_ASSIGN_OR_RETURN(const bool more, cursor.next(batch));
    if (!more) break;
    for (size_t r = 0; r < batch.rows; ++r) {
      const IndexRow row = rowAt(batch, r);
      CAIRN_ASSIGN_OR_RETURN(const Term s, ledger.decodeNode(row.s));
      CAIRN_ASSIGN_OR_RETURN(const Term p, ledger.decodeNode(row.p));
      CAIRN_ASSIGN_OR_RETURN(const Term o, ledger.decodeObject({row.ot, row.ok}));
      out << core::toNTriples(s) << " " << core::toNTriples(p) << " " << core::toNTriples(o) << " @"
          << row.t << "\n";
    }
  }
  return core::Status::ok();
}

// Everything a reader of the ledger sees, as text: opened afresh from the stores, every
// permutation at every t, the statistics, a subject's history and term lookups.
core::Result<std::string> observe(storage::BlobStore& blobs, storage::HeadStore& heads,
                                  const IndexConfig& config, uint64_t lastT) {
  CAIRN_ASSIGN_OR_RETURN(auto live, LiveLedger::open(blobs, heads, "test", nullptr, config));
  const auto ledger = live->snapshot();
  std::ostringstream out;
  out << "t " << ledger->t() << "\n";
  for (uint64_t t = 1; t <= lastT; ++t) {
    for (Permutation perm : kAllPermutations)
      CAIRN_RETURN_IF_ERROR(appendRows(*ledger, perm, t, out));
  }
  CAIRN_ASSIGN_OR_RETURN(const LedgerStats stats, ledger->stats(core::kNoNode));
  out << "predicates " << stats.predicates << " triples " << stats.triples << "\n";
  CAIRN_ASSIGN_OR_RETURN(const auto subject, ledger->encodeNode(iri("s3")));
  if (subject) {
    CAIRN_ASSIGN_OR_RETURN(const auto changes,
                           subjectHistory(*ledger, *subject, std::nullopt, std::nullopt));
    out << "history of s3: " << changes.size() << "\n";
  }
  CAIRN_ASSIGN_OR_RETURN(const auto added, ledger->encodeNode(iri("added7")));
  out << "added7 " << (added ? "known" : "unknown") << "\n";
  return out.str();
}

TEST(LedgerCorruptionTest, EveryDamagedBlobIsNamedOrHarmlessNeverAWrongAnswer) {
  const IndexConfig config = IndexConfig::tiny();
  std::vector<Quad> quads;
  for (int i = 0; i < 60; ++i) {
    quads.push_back(
        {iri("s" + std::to_string(i)), iri("p" + std::to_string(i % 5)), integer(i), std::nullopt});
  }
  testing::TestLedger base = testing::makeTestLedger(quads, config);
  uint64_t lastT = 0;
  {
    auto opened = LiveLedger::open(*base.blobs, *base.heads, "test", nullptr, config);
    ASSERT_TRUE(opened.isOk()) << opened.status().toString();
    auto live = std::move(opened).value();
    auto commit = [&](int k) {
      Transaction tx;
      tx.deletes.push_back(
          fact(iri("s" + std::to_string(k)), iri("p" + std::to_string(k % 5)), integer(k)));
      tx.inserts.push_back(fact(iri("added" + std::to_string(k)), iri("q"),
                                Term::literal("text " + std::to_string(k))));
      tx.inserts.push_back(fact(iri("s" + std::to_string(k)), iri("p0"), integer(1000 + k)));
      auto result = live->commit(std::move(tx));
      ASSERT_TRUE(result.isOk()) << result.status().toString();
      lastT = result->t;
    };
    for (int k = 1; k <= 4; ++k) commit(k);
    // Indexed: a new root with history segments, dictionary append segments and statistics.
    auto report = live->indexNow();
    ASSERT_TRUE(report.isOk()) << report.status().toString();
    // Unindexed: commit records replayed into the novelty on open.
    for (int k = 5; k <= 8; ++k) commit(k);
  }

  auto expected = observe(*base.blobs, *base.heads, config, lastT);
  ASSERT_TRUE(expected.isOk()) << expected.status().toString();

  const std::vector<storage::ContentId> ids = base.blobs->idsForTesting();
  size_t detected = 0;
  for (const storage::ContentId& id : ids) {
    ASSERT_TRUE(base.blobs->corruptForTesting(id));
    auto damaged = observe(*base.blobs, *base.heads, config, lastT);
    if (damaged.isOk()) {
      EXPECT_EQ(*damaged, *expected) << "blob " << id.shortHex() << " changed an answer";
    } else {
      ++detected;
      EXPECT_EQ(damaged.status().code(), core::StatusCode::kCorruption)
          << damaged.status().toString();
      EXPECT_NE(damaged.status().message().find(id.shortHex()), std::string::npos)
          << "blob " << id.shortHex() << ": " << damaged.status().toString();
    }
    ASSERT_TRUE(base.blobs->corruptForTesting(id));  // the same bit flips back
  }
  // The blobs of the first root, now replaced, may go unread; those of the current state may not.
  EXPECT_GT(detected, ids.size() / 2) << detected << " of " << ids.size() << " blobs detected";
  auto after = observe(*base.blobs, *base.heads, config, lastT);
  ASSERT_TRUE(after.isOk()) << after.status().toString();
  EXPECT_EQ(*after, *expected);
}

}  // namespace ledger_corruption_test
}  // namespace cairn::index
