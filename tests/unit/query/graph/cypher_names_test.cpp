// CypherNames: names to IRIs and back under a ledger's prefix declarations, and the promise
// that every name nameOf shows reads back as the same IRI (random IRIs around the declared
// namespaces, including ones that look like prefixed names).

#include "query/graph/cypher_names.h"

#include <gtest/gtest.h>

#include <random>

namespace cairn::query::graph {
namespace {

const std::vector<index::PrefixDeclaration> kFoaf = {
    {"foaf", "http://xmlns.com/foaf/0.1/"},
    {"ex", "http://example.org/"},
    {"exv", "http://example.org/vocab#"},
};

TEST(CypherNamesTest, DefaultsAreTheVocabularyNamespace) {
  const CypherNames& names = CypherNames::defaults();
  EXPECT_EQ(names.iriOf("Person"), "urn:cairn:pg:Person");
  EXPECT_EQ(names.iriOf("foaf__Person"), "urn:cairn:pg:foaf__Person");
  EXPECT_EQ(names.iriOf("http://xmlns.com/foaf/0.1/Person"), "http://xmlns.com/foaf/0.1/Person");
  EXPECT_EQ(names.nameOf("urn:cairn:pg:Person"), "Person");
  EXPECT_EQ(names.nameOf("http://xmlns.com/foaf/0.1/Person"), "http://xmlns.com/foaf/0.1/Person");
}

TEST(CypherNamesTest, DeclaredPrefixesNameTheirNamespaces) {
  const CypherNames names(kFoaf);
  EXPECT_EQ(names.iriOf("foaf__Person"), "http://xmlns.com/foaf/0.1/Person");
  EXPECT_EQ(names.iriOf("foaf:Person"), "http://xmlns.com/foaf/0.1/Person");
  EXPECT_EQ(names.iriOf("Person"), "urn:cairn:pg:Person");
  EXPECT_EQ(names.iriOf("nope__Person"), "urn:cairn:pg:nope__Person");
  EXPECT_EQ(names.iriOf("foaf__"), "urn:cairn:pg:foaf__");  // no local part: a bare name
  EXPECT_EQ(names.nameOf("http://xmlns.com/foaf/0.1/knows"), "foaf__knows");
  // The longest namespace that fits.
  EXPECT_EQ(names.nameOf("http://example.org/vocab#age"), "exv__age");
  EXPECT_EQ(names.nameOf("http://example.org/alice"), "ex__alice");
  // A bare name that would read as a prefixed one shows whole.
  EXPECT_EQ(names.nameOf("urn:cairn:pg:foaf__x"), "urn:cairn:pg:foaf__x");
  EXPECT_EQ(names.nameOf("http://other.org/x"), "http://other.org/x");
}

TEST(CypherNamesTest, TheEmptyPrefixMovesBareNames) {
  std::vector<index::PrefixDeclaration> declarations = kFoaf;
  declarations.push_back({"", "http://schema.org/"});
  const CypherNames names(declarations);
  EXPECT_EQ(names.iriOf("Person"), "http://schema.org/Person");
  EXPECT_EQ(names.nameOf("http://schema.org/name"), "name");
  EXPECT_EQ(names.nameOf("urn:cairn:pg:name"), "urn:cairn:pg:name");
}

TEST(CypherNamesTest, EveryNameShownReadsBack) {
  std::mt19937_64 rng(3);
  const std::vector<std::string> stems = {"http://xmlns.com/foaf/0.1/", "http://example.org/",
                                          "http://example.org/vocab#",  "urn:cairn:pg:",
                                          "http://schema.org/",         "http://other/"};
  const std::vector<std::string> locals = {"a", "foaf__b", "ex:c", "", "x__", "__y", "exv__z"};
  for (int withEmpty = 0; withEmpty < 2; ++withEmpty) {
    std::vector<index::PrefixDeclaration> declarations = kFoaf;
    if (withEmpty) declarations.push_back({"", "http://schema.org/"});
    const CypherNames names(declarations);
    for (int i = 0; i < 2000; ++i) {
      const std::string iri = stems[rng() % stems.size()] + locals[rng() % locals.size()] +
                              (rng() % 2 ? locals[rng() % locals.size()] : "");
      EXPECT_EQ(names.iriOf(names.nameOf(iri)), iri) << iri << " shown as " << names.nameOf(iri);
    }
  }
}

}  // namespace
}  // namespace cairn::query::graph
