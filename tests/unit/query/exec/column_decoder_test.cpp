// ColumnDecoder: every kind of value decodes to the term the ledger's one-at-a-time decode gives,
// whatever the order and repetition of the column's ids, through the cache, its growth, and the
// bypass a column of distinct values switches to (and back from).

#include "query/exec/column_decoder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

struct Column {
  std::vector<query::ValueId> ids;
  std::vector<core::Term> expected;
};

// Subjects ex:s0..ex:s{n-1} with literals of every stored kind and a blank node.
std::string manyTermsTurtle(int n) {
  std::string ttl = "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n";
  for (int i = 0; i < n; ++i) {
    const std::string s = "ex:s" + std::to_string(i);
    ttl += s + " ex:p \"text " + std::to_string(i) + "\" , \"mot " + std::to_string(i) +
           "\"@fr , \"" + std::to_string(i) + "\"^^ex:custom , " + std::to_string(i) + " , " +
           std::to_string(i) + ".5e0 , \"0" + std::to_string(i) + "\"^^xsd:integer , [] .\n";
  }
  return ttl;
}

// The terms manyTermsTurtle(n) stores, as ids, each with what the ledger's one-at-a-time decode
// (Ledger::decodeNode / decodeObject, not the cursors) gives for it.
Column storedColumn(const TestLedger& ledger, query::TermTable& terms, int n) {
  const std::string xsd = "http://www.w3.org/2001/XMLSchema#";
  std::vector<core::Term> inputs;
  for (int i = 0; i < n; ++i) {
    const std::string k = std::to_string(i);
    inputs.push_back(core::Term::iri(std::string(kEx) + "s" + k));
    inputs.push_back(core::Term::literal("text " + k));
    inputs.push_back(core::Term::literal("mot " + k, "", "fr"));
    inputs.push_back(core::Term::literal(k, std::string(kEx) + "custom"));
    inputs.push_back(core::Term::literal(k, xsd + "integer"));
    inputs.push_back(core::Term::literal(k + ".5e0", xsd + "double"));
    inputs.push_back(core::Term::literal("0" + k, xsd + "integer"));
    inputs.push_back(core::Term::blank("b" + std::to_string(i + 1)));
  }
  Column c;
  for (const core::Term& input : inputs) {
    const auto id = terms.findStored(input);
    EXPECT_TRUE(id.has_value()) << core::toNTriples(input);
    if (!id) continue;
    auto decoded = core::isNode(id->type)
                       ? ledger->decodeNode(id->key)
                       : ledger->decodeObject(core::EncodedObject{id->type, id->key});
    EXPECT_TRUE(decoded.isOk());
    c.ids.push_back(*id);
    c.expected.push_back(*decoded);
  }
  return c;
}

void expectDecodes(query::ColumnDecoder& decoder, const Column& c, const std::vector<size_t>& order,
                   const char* what) {
  for (size_t i : order) {
    const core::Term* term = decoder.decode(c.ids[i]);
    ASSERT_NE(term, nullptr);
    ASSERT_EQ(*term, c.expected[i]) << what << " #" << i << " " << core::toNTriples(c.expected[i]);
  }
}

TEST(ColumnDecoder, DecodesLikeTheLedgerInEveryOrder) {
  for (bool tiny : {false, true}) {
    TestLedger ledger = exampleLedger(manyTermsTurtle(300), tiny);
    query::TermTable terms(*ledger.ledger);
    const Column c = storedColumn(ledger, terms, 300);
    ASSERT_EQ(c.ids.size(), 2400u);
    std::vector<size_t> order(c.ids.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;

    query::ColumnDecoder decoder(terms);
    expectDecodes(decoder, c, order, "as scanned");
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return c.ids[a] < c.ids[b]; });
    expectDecodes(decoder, c, order, "sorted by id");
    std::reverse(order.begin(), order.end());
    expectDecodes(decoder, c, order, "descending");
    std::mt19937_64 rng(3);
    std::shuffle(order.begin(), order.end(), rng);
    expectDecodes(decoder, c, order, "shuffled");
    std::vector<size_t> few;  // a handful of values over and over: cache hits
    for (int i = 0; i < 20000; ++i) few.push_back(order[rng() % 7]);
    expectDecodes(decoder, c, few, "repeated");
  }
}

TEST(ColumnDecoder, DistinctValuesBypassTheCacheAndRepeatedOnesReturnToIt) {
  TestLedger ledger = exampleLedger(manyTermsTurtle(1500));
  query::TermTable terms(*ledger.ledger);
  const Column c = storedColumn(ledger, terms, 1500);
  std::vector<size_t> distinct;
  for (size_t i = 0; i < c.ids.size(); ++i) distinct.push_back(i);
  ASSERT_GT(distinct.size(), size_t{2} * query::ColumnDecoder::kWindow);

  query::ColumnDecoder decoder(terms);
  EXPECT_FALSE(decoder.cacheBypassed());
  expectDecodes(decoder, c, distinct, "distinct");
  EXPECT_TRUE(decoder.cacheBypassed());

  // Alternating among few values: every decode misses the last-value check, so windows pass;
  // once the bypass runs out the cache serves them and stays on.
  std::vector<size_t> few;
  const size_t windows = query::ColumnDecoder::kBypassWindows + 3;
  for (size_t i = 0; i < windows * query::ColumnDecoder::kWindow; ++i) few.push_back(i % 5);
  expectDecodes(decoder, c, few, "few");
  EXPECT_FALSE(decoder.cacheBypassed());
}

TEST(ColumnDecoder, LocalTermsDecodeToThemselves) {
  TestLedger ledger = exampleLedger("ex:a ex:p 1 .");
  query::TermTable terms(*ledger.ledger);
  const core::Term computed = core::Term::literal("computed", "", "en");
  const query::ValueId local = terms.encode(computed);
  const query::ValueId stored = terms.encode(core::Term::iri(std::string(kEx) + "a"));
  query::ColumnDecoder decoder(terms);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(*decoder.decode(local), computed);
    EXPECT_EQ(*decoder.decode(stored), core::Term::iri(std::string(kEx) + "a"));
  }
}

}  // namespace
}  // namespace cairn::testing
