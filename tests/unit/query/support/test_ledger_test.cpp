#include "tests/support/test_ledger.h"

#include <gtest/gtest.h>

namespace cairn::testing {
namespace {

TEST(TestLedger, ImportsDefaultAndNamedGraphs) {
  TestLedger ledger = makeTestLedgerFromText(R"(
    @prefix : <http://example.org/> .
    :a :p 1 , 2 .
    :g { :a :q "x"@en . _:b :q :a . }
  )");
  EXPECT_EQ(ledger->root().quads, 4u);
  ASSERT_EQ(ledger->root().graphs.size(), 2u);
  EXPECT_EQ(ledger->root().graphs[0].graph, core::kNoNode);
  EXPECT_EQ(ledger->root().graphs[0].triples, 2u);
  auto g = ledger->encodeNode(core::Term::iri("http://example.org/g"));
  ASSERT_TRUE(g.isOk());
  ASSERT_TRUE(g->has_value());
  EXPECT_EQ(ledger->root().graphs[1].graph, **g);
}

TEST(TestLedger, EmptyDataGivesAnEmptyLedger) {
  TestLedger ledger = makeTestLedger({});
  EXPECT_EQ(ledger->root().quads, 0u);
  EXPECT_FALSE(ledger->reader(core::kNoNode, index::Permutation::kSPOT).has_value());
}

}  // namespace
}  // namespace cairn::testing
