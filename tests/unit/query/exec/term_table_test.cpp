// TermTable: one id per RDF term — stored ids for stored terms (inline literals without a
// lookup), local ids for the rest — and decoding through the cache.

#include "query/exec/term_table.h"

#include <gtest/gtest.h>

#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

const std::string kInt = "http://www.w3.org/2001/XMLSchema#integer";

TEST(TermTable, StoredTermsKeepTheirIdsAndNewTermsGetLocalOnes) {
  TestLedger ledger = exampleLedger(
      R"(ex:a ex:p "x"@en , "hello" , 5 , "05"^^<http://www.w3.org/2001/XMLSchema#integer> .)");
  query::TermTable terms(*ledger.ledger);
  auto a = terms.encode(core::Term::iri(std::string(kEx) + "a"));
  EXPECT_EQ(a.type, core::otype::kIri);
  EXPECT_EQ(terms.encode(core::Term::literal("hello")).type, core::otype::kString);
  // Inline: the value itself, whether or not the store has it.
  auto five = terms.encode(core::Term::literal("5", kInt));
  EXPECT_EQ(five.type, core::otype::kInteger);
  EXPECT_EQ(terms.encode(core::Term::literal("6", kInt)).type, core::otype::kInteger);
  // A non-canonical form is another term: stored lexically, not equal to 5.
  auto leadingZero = terms.encode(core::Term::literal("05", kInt));
  EXPECT_NE(leadingZero, five);
  EXPECT_EQ(terms.decode(leadingZero).value, "05");
  // Language tags match whatever their case.
  EXPECT_EQ(terms.encode(core::Term::literal("x", "", "EN")),
            terms.encode(core::Term::literal("x", "", "en")));
  // Unknown terms: local ids, stable, decodable.
  auto fresh = terms.encode(core::Term::literal("never stored"));
  EXPECT_EQ(fresh.type, query::kLocalTermType);
  EXPECT_EQ(terms.encode(core::Term::literal("never stored")), fresh);
  EXPECT_NE(terms.encode(core::Term::iri("http://elsewhere/")), fresh);
  EXPECT_EQ(terms.decode(fresh).value, "never stored");
  EXPECT_FALSE(terms.findStored(core::Term::literal("never stored")).has_value());
  core::Term out;
  terms.decodeInto(a, out);
  EXPECT_EQ(out, core::Term::iri(std::string(kEx) + "a"));
  EXPECT_GT(terms.retainedBytes(), 0u);
}

}  // namespace
}  // namespace cairn::testing
