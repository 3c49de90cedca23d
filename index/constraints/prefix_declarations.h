#pragma once
// Prefix declarations: the ledger's namespaces by short name, which Cypher's names use
// (query/graph/cypher_names.h: `foaf__Person` is <http://xmlns.com/foaf/0.1/Person> once
// `foaf` is declared; the empty prefix is the namespace of bare names, urn:cairn:pg: unless
// declared). Like constraints they are data in the ledger's schema graph, written with SHACL's
// vocabulary for prefix declarations, so they are durable, readable at every past t and can be
// edited with SPARQL Update:
//   <urn:cairn:sys:prefix:foaf> sh:prefix "foaf" ;
//       sh:namespace "http://xmlns.com/foaf/0.1/"^^xsd:anyURI .
// (sh: is <http://www.w3.org/ns/shacl#>; the namespace may also be a plain string or an IRI.)
// `cairn import` declares the prefixes of the Turtle and TriG files it loads.
//
// LiveLedger checks every commit that changes sh:prefix or sh:namespace facts of the schema
// graph: the declarations of the state it makes must be well formed (below), or the commit
// fails with kInvalidArgument and nothing is applied.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/novelty/flake.h"
#include "index/write/transaction.h"

namespace cairn::index {

class Ledger;

inline constexpr std::string_view kShaclPrefixIri = "http://www.w3.org/ns/shacl#prefix";
inline constexpr std::string_view kShaclNamespaceIri = "http://www.w3.org/ns/shacl#namespace";

struct PrefixDeclaration {
  std::string prefix;        // "" or a name: a letter, then letters, digits and single '_'
  std::string namespaceIri;  // the IRI the prefix stands for (not empty)
  bool operator==(const PrefixDeclaration&) const = default;
};

// Whether `prefix` may be declared: empty, or a letter followed by letters, digits and
// underscores, with no "__" (which separates prefix and local name) and no trailing '_'.
bool isDeclarablePrefix(std::string_view prefix);

// The IRI that names the declaration of `prefix` in the schema graph.
std::string prefixDeclarationIri(std::string_view prefix);

// The facts declaring `declaration`, in the schema graph: what a commit inserts to add it.
std::vector<TxQuad> prefixDeclarationFacts(const PrefixDeclaration& declaration);

// The declarations `state` holds at `asOf`, sorted by prefix. kInvalidArgument when one is
// malformed: a subject with sh:prefix without exactly one sh:prefix string and one
// sh:namespace, a prefix isDeclarablePrefix rejects, an empty namespace, or one prefix
// declared twice with different namespaces.
core::Result<std::vector<PrefixDeclaration>> prefixDeclarations(const Ledger& state,
                                                                uint64_t asOf = UINT64_MAX);

// Ok unless `flakes` (a commit's net change) touch sh:prefix or sh:namespace facts of the
// schema graph and the declarations of `after`, the state the commit makes, are malformed.
core::Status checkPrefixDeclarations(const Ledger& after, std::span<const Flake> flakes);

}  // namespace cairn::index
