// The discriminator i through the write path (TxQuad::identity and TxQuad::position): facts that
// differ only in i are distinct facts, a delete removes only its own, an identity is the same
// node as its blank label's other uses, new blank nodes are numbered in the order documented
// on TxTerm, and i survives replay, delta runs and folds unchanged.

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "index/write/live_ledger.h"
#include "tests/support/test_ledger.h"

namespace cairn::index {
namespace fact_identity_test {

using core::Term;

Term iri(const std::string& local) { return Term::iri("http://example.org/" + local); }

TxQuad fact(Term s, Term p, Term o) {
  return TxQuad{TxTerm::of(std::move(s)), TxTerm::of(std::move(p)), TxTerm::of(std::move(o))};
}

TxQuad withIdentity(TxQuad q, TxTerm identity) {
  q.identity = std::move(identity);
  return q;
}

TxQuad atPosition(TxQuad q, uint64_t position) {
  q.position = position;
  return q;
}

TxTerm existingBlank(core::NodeId id) {
  return TxTerm::existing(core::EncodedObject{core::otype::kBlank, id});
}

IndexBuildOptions withMode(IndexBuildOptions::Mode mode) {
  IndexBuildOptions options;
  options.mode = mode;
  return options;
}

struct Fixture {
  testing::TestLedger base;
  std::shared_ptr<LiveLedger> live;

  Fixture() {
    base = testing::makeTestLedger({{iri("a"), iri("p"), iri("b"), std::nullopt}});
    live = reopen();
  }
  std::shared_ptr<LiveLedger> reopen() {
    auto opened =
        LiveLedger::open(*base.blobs, *base.heads, "test", nullptr, IndexConfig::defaults());
    EXPECT_TRUE(opened.isOk()) << opened.status().toString();
    return opened.isOk() ? std::move(opened).value() : nullptr;
  }
  CommitResult commit(Transaction tx) {
    auto result = live->commit(std::move(tx));
    EXPECT_TRUE(result.isOk()) << result.status().toString();
    return result.isOk() ? *result : CommitResult{};
  }
};

// (s, p, ok, i) of every row of SPOT in `graph`, in SPOT order.
using Row = std::tuple<uint64_t, uint64_t, uint64_t, uint64_t>;
std::vector<Row> rowsOf(const Ledger& ledger, core::NodeId graph = core::kNoNode) {
  std::vector<Row> rows;
  auto reader = ledger.reader(graph, Permutation::kSPOT);
  if (!reader) return rows;
  auto cursor = reader->scan(ScanRange::all(), kAllColumns);
  ColumnBatch batch;
  while (true) {
    auto more = cursor.next(batch);
    EXPECT_TRUE(more.isOk()) << more.status().toString();
    if (!more.isOk() || !*more) break;
    for (size_t r = 0; r < batch.rows; ++r) {
      const IndexRow row = rowAt(batch, r);
      rows.emplace_back(row.s, row.p, row.ok, row.i);
    }
  }
  return rows;
}

uint64_t nodeId(const Ledger& ledger, const Term& t) {
  auto id = ledger.encodeNode(t);
  EXPECT_TRUE(id.isOk() && id->has_value()) << core::toNTriples(t);
  return id.isOk() && id->has_value() ? **id : 0;
}

// The i values of (s, p, o) rows in the default graph, in order.
std::vector<uint64_t> discriminators(const Ledger& ledger, const Term& s, const Term& p,
                                     const Term& o) {
  std::vector<uint64_t> out;
  const uint64_t sid = nodeId(ledger, s), pid = nodeId(ledger, p), oid = nodeId(ledger, o);
  for (const auto& [rs, rp, rok, ri] : rowsOf(ledger)) {
    if (rs == sid && rp == pid && rok == oid) out.push_back(ri);
  }
  return out;
}

TEST(FactIdentityTest, ParallelFactsDifferingOnlyInIAreDistinctAndDeletedOneByOne) {
  Fixture f;
  const uint64_t ordinals = f.live->snapshot()->root().blankNodes;
  Transaction tx;
  tx.inserts.push_back(
      withIdentity(fact(iri("a"), iri("T"), iri("b")), TxTerm::of(Term::blank("r1"))));
  tx.inserts.push_back(
      withIdentity(fact(iri("a"), iri("T"), iri("b")), TxTerm::of(Term::blank("r2"))));
  tx.inserts.push_back(fact(iri("a"), iri("T"), iri("b")));              // i = 0
  tx.inserts.push_back(withIdentity(fact(iri("a"), iri("T"), iri("b")),  // r1 again: one fact
                                    TxTerm::of(Term::blank("r1"))));
  EXPECT_EQ(f.commit(std::move(tx)).inserted, 3u);

  // Ids in the order the labels were first met (TxTerm's contract).
  const uint64_t r1 = core::blankNodeId(ordinals + 1);
  const uint64_t r2 = core::blankNodeId(ordinals + 2);
  auto snapshot = f.live->snapshot();
  EXPECT_EQ(discriminators(*snapshot, iri("a"), iri("T"), iri("b")),
            (std::vector<uint64_t>{0, r1, r2}));
  EXPECT_EQ(snapshot->root().blankNodes, ordinals + 2);

  // Inserting a present fact again changes nothing; deleting one leaves the others.
  Transaction again;
  again.inserts.push_back(withIdentity(fact(iri("a"), iri("T"), iri("b")), existingBlank(r2)));
  EXPECT_EQ(f.commit(std::move(again)).inserted, 0u);
  Transaction del;
  del.deletes.push_back(withIdentity(fact(iri("a"), iri("T"), iri("b")), existingBlank(r1)));
  // A blank label in a delete names a new node: it matches nothing.
  del.deletes.push_back(
      withIdentity(fact(iri("a"), iri("T"), iri("b")), TxTerm::of(Term::blank("r2"))));
  const CommitResult deleted = f.commit(std::move(del));
  EXPECT_EQ(deleted.deleted, 1u);
  EXPECT_EQ(discriminators(*f.live->snapshot(), iri("a"), iri("T"), iri("b")),
            (std::vector<uint64_t>{0, r2}));
  Transaction plain;  // deleting the i = 0 fact leaves the relationship
  plain.deletes.push_back(fact(iri("a"), iri("T"), iri("b")));
  EXPECT_EQ(f.commit(std::move(plain)).deleted, 1u);
  EXPECT_EQ(discriminators(*f.live->snapshot(), iri("a"), iri("T"), iri("b")),
            (std::vector<uint64_t>{r2}));
}

TEST(FactIdentityTest, AnIdentityIsTheSameNodeAsItsLabelsOtherUses) {
  Fixture f;
  Transaction tx;
  TxQuad property = fact(Term::blank("r"), iri("since"), Term::literal("2020"));
  property.g = TxTerm::of(iri("edges"));
  tx.inserts.push_back(property);  // the label first met as a subject
  tx.inserts.push_back(
      withIdentity(fact(iri("a"), iri("T"), iri("b")), TxTerm::of(Term::blank("r"))));
  EXPECT_EQ(f.commit(std::move(tx)).inserted, 2u);
  auto snapshot = f.live->snapshot();
  const auto edges = rowsOf(*snapshot, nodeId(*snapshot, iri("edges")));
  ASSERT_EQ(edges.size(), 1u);
  const uint64_t subject = std::get<0>(edges[0]);
  EXPECT_TRUE(core::isBlankNode(subject));
  EXPECT_EQ(discriminators(*snapshot, iri("a"), iri("T"), iri("b")),
            (std::vector<uint64_t>{subject}));
}

TEST(FactIdentityTest, PositionsKeepDuplicatesApart) {
  Fixture f;
  Transaction tx;
  for (uint64_t position : {1, 2, 3}) {
    tx.inserts.push_back(atPosition(fact(iri("n"), iri("k"), iri("x")), position));
  }
  EXPECT_EQ(f.commit(std::move(tx)).inserted, 3u);
  EXPECT_EQ(discriminators(*f.live->snapshot(), iri("n"), iri("k"), iri("x")),
            (std::vector<uint64_t>{1, 2, 3}));
  Transaction del;
  del.deletes.push_back(atPosition(fact(iri("n"), iri("k"), iri("x")), 2));
  EXPECT_EQ(f.commit(std::move(del)).deleted, 1u);
  EXPECT_EQ(discriminators(*f.live->snapshot(), iri("n"), iri("k"), iri("x")),
            (std::vector<uint64_t>{1, 3}));
}

TEST(FactIdentityTest, IdentitiesThatAreNotBlankNodesAreRejected) {
  Fixture f;
  const uint64_t t0 = f.live->snapshot()->t();
  auto rejects = [&](TxQuad q) {
    Transaction tx;
    tx.inserts.push_back(fact(iri("fine"), iri("p"), iri("o")));
    tx.inserts.push_back(std::move(q));
    auto result = f.live->commit(std::move(tx));
    ASSERT_FALSE(result.isOk());
    EXPECT_EQ(result.status().code(), core::StatusCode::kInvalidArgument);
  };
  rejects(withIdentity(fact(iri("a"), iri("T"), iri("b")), TxTerm::of(iri("r"))));
  rejects(withIdentity(fact(iri("a"), iri("T"), iri("b")), TxTerm::of(Term::literal("r"))));
  rejects(withIdentity(fact(iri("a"), iri("T"), iri("b")),
                       TxTerm::existing(core::EncodedObject{
                           core::otype::kIri, nodeId(*f.live->snapshot(), iri("a"))})));
  rejects(atPosition(fact(iri("a"), iri("T"), iri("b")), core::kBlankNodeBit | 1));
  rejects(atPosition(withIdentity(fact(iri("a"), iri("T"), iri("b")), TxTerm::of(Term::blank("r"))),
                     1));
  EXPECT_EQ(f.live->snapshot()->t(), t0);
  EXPECT_FALSE(f.live->snapshot()->encodeNode(iri("fine"))->has_value());
}

// Steps go through the multi-step net-change path (LiveLedger's touched facts), which must key
// on i as well.
TEST(FactIdentityTest, StepsKeepI) {
  Fixture f;
  Transaction tx;
  tx.inserts.push_back(atPosition(fact(iri("n"), iri("k"), iri("x")), 1));
  tx.steps.push_back([](const Ledger&) -> core::Result<TxChanges> {
    TxChanges changes;
    changes.inserts.push_back(atPosition(fact(iri("n"), iri("k"), iri("x")), 2));
    changes.inserts.push_back(
        withIdentity(fact(iri("n"), iri("k"), iri("x")), TxTerm::of(Term::blank("e"))));
    return changes;
  });
  tx.steps.push_back([](const Ledger&) -> core::Result<TxChanges> {
    TxChanges changes;
    changes.deletes.push_back(atPosition(fact(iri("n"), iri("k"), iri("x")), 1));
    return changes;
  });
  const CommitResult result = f.commit(std::move(tx));
  EXPECT_EQ(result.inserted, 2u);
  EXPECT_EQ(result.deleted, 0u);
  const auto is = discriminators(*f.live->snapshot(), iri("n"), iri("k"), iri("x"));
  ASSERT_EQ(is.size(), 2u);
  EXPECT_EQ(is[0], 2u);
  EXPECT_TRUE(core::isBlankNode(is[1]));
}

TEST(FactIdentityTest, ISurvivesReplayDeltaRunsAndFolds) {
  Fixture f;
  Transaction tx;
  for (uint64_t position : {1, 2}) {
    tx.inserts.push_back(atPosition(fact(iri("n"), iri("k"), iri("x")), position));
  }
  for (const char* label : {"r1", "r2"}) {
    tx.inserts.push_back(
        withIdentity(fact(iri("a"), iri("T"), iri("b")), TxTerm::of(Term::blank(label))));
  }
  f.commit(std::move(tx));
  const auto expected = rowsOf(*f.live->snapshot());
  ASSERT_EQ(expected.size(), 5u);  // with the imported (a, p, b)

  EXPECT_EQ(rowsOf(*f.reopen()->snapshot()), expected);  // replayed from the commit record
  ASSERT_TRUE(f.live->indexNow(withMode(IndexBuildOptions::Mode::kDelta)).isOk());
  EXPECT_EQ(rowsOf(*f.live->snapshot()), expected);
  // A delete after the delta run, then a fold of both.
  Transaction del;
  del.deletes.push_back(atPosition(fact(iri("n"), iri("k"), iri("x")), 1));
  EXPECT_EQ(f.commit(std::move(del)).deleted, 1u);
  auto remaining = expected;
  remaining.erase(
      std::find(remaining.begin(), remaining.end(),
                Row{nodeId(*f.live->snapshot(), iri("n")), nodeId(*f.live->snapshot(), iri("k")),
                    nodeId(*f.live->snapshot(), iri("x")), 1}));
  EXPECT_EQ(rowsOf(*f.live->snapshot()), remaining);
  ASSERT_TRUE(f.live->indexNow(withMode(IndexBuildOptions::Mode::kFold)).isOk());
  EXPECT_EQ(rowsOf(*f.live->snapshot()), remaining);
  f.live.reset();
  EXPECT_EQ(rowsOf(*f.reopen()->snapshot()), remaining);
}

}  // namespace fact_identity_test
}  // namespace cairn::index
