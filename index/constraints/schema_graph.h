#pragma once
// The ledger's schema graph: where declarations about the data live as ordinary facts
// (uniqueness constraints, prefix declarations), so they are durable, readable at every past t
// and visible to SPARQL, apart from the default graph that queries read.

#include <string>
#include <string_view>

#include "core/term.h"
#include "index/write/transaction.h"

namespace cairn::index {

inline constexpr std::string_view kSchemaGraphIri = "urn:cairn:sys:schema";

// The fact (subject, predicate, object) in the schema graph, as a commit inserts or deletes it.
inline TxQuad schemaFact(const core::Term& subject, std::string_view predicate, core::Term object) {
  TxQuad q{TxTerm::of(subject), TxTerm::of(core::Term::iri(std::string(predicate))),
           TxTerm::of(std::move(object))};
  q.g = TxTerm::of(core::Term::iri(std::string(kSchemaGraphIri)));
  return q;
}

}  // namespace cairn::index
