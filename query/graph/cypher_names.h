#pragma once
// CypherNames: how a ledger's Cypher names (labels, relationship types, property keys) map to
// IRIs and back, by its prefix declarations (index/constraints/prefix_declarations.h) — the
// convention of Neo4j's RDF tooling (n10s), so imported RDF reads with short names:
//
//   name                       IRI
//   Person                     vocabulary + "Person" (the empty prefix's namespace; by default
//                              urn:cairn:pg:)
//   foaf__Person               ns(foaf) + "Person", when foaf is declared (also written
//   `foaf:Person`              in backquotes as `foaf:Person`)
//   `http://x.org/y#Z`         the IRI itself: a whole IRI (a scheme and "//", or urn:)
//
// and back: an IRI in the vocabulary shows as its local part, one under a declared namespace
// (the longest that fits) as prefix__local, any other as the whole IRI — whichever form reads
// back as the same IRI, so every name labels(n), type(r) and keys(n) show can be written in a
// query. Without declarations this is exactly docs/cypher.md's mapping: urn:cairn:pg: + name.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "index/constraints/prefix_declarations.h"

namespace cairn::index {
class Ledger;
}

namespace cairn::query::graph {

class CypherNames {
 public:
  // The defaults: bare names in urn:cairn:pg:, no prefixes.
  CypherNames();
  explicit CypherNames(const std::vector<index::PrefixDeclaration>& declarations);
  static const CypherNames& defaults();

  std::string iriOf(std::string_view name) const;
  std::string nameOf(std::string_view iri) const;

  // The namespace of bare names.
  const std::string& vocabulary() const { return vocabulary_; }
  // The declared prefixes (the empty one excepted) and their namespaces.
  const std::map<std::string, std::string, std::less<>>& prefixes() const { return prefixes_; }

 private:
  std::string vocabulary_;
  std::map<std::string, std::string, std::less<>> prefixes_;
};

// The names of `ledger` at `asOf`: its declarations read once per snapshot (kept in the
// snapshot's memo) at the latest t, read afresh for a past one. Throws core::Error
// (kInvalidArgument for malformed declarations, kStorageError).
std::shared_ptr<const CypherNames> cypherNames(const index::Ledger& ledger, uint64_t asOf);

}  // namespace cairn::query::graph
