#pragma once
// How a property graph is written as facts (docs/cypher.md "Property graph on the store"): the
// IRIs Cypher's names map to and the system IRIs that are not names. One place, used by the
// Cypher writer (CREATE), the snapshot GraphAccess and the Cypher translator.
//
//   node n                    (n, rdf:type, sys:Node)            marker: a node with no label
//                                                                 or property still exists
//   label L of n              (n, rdf:type, pg:L)
//   property k = v of n       (n, pg:k, literal(v))               i = 0
//   list property k = [a, b]  (n, pg:k, a) i = 1, (n, pg:k, b) i = 2
//   empty list property k     (n, pg:k, ""^^sys:EmptyList)
//   relationship r:T a → b    (a, pg:T, b) in the default graph, i = r's identity (the node id
//                             of a fresh blank node)
//   property k = v of r       (r, pg:k, literal(v)) in the graph sys:edges (r as a blank node)
//
// Labels, relationship types and property keys share the namespace pg:; a predicate's facts are
// properties where the object is a literal and relationships where it is a node.

#include <optional>
#include <string>
#include <string_view>

namespace cairn::query::graph {

// Where Cypher names live by default: label, type or key `Name` is the IRI kVocabularyNamespace
// + "Name" unless the ledger declares another namespace (cypher_names.h).
inline constexpr std::string_view kVocabularyNamespace = "urn:cairn:pg:";
// The marker type every node Cypher creates has; never shown as a label.
inline constexpr std::string_view kNodeMarkerIri = "urn:cairn:sys:Node";
// The named graph relationship properties live in (subjects: relationship identities).
inline constexpr std::string_view kEdgesGraphIri = "urn:cairn:sys:edges";
// Datatype of the literal that stands for an empty list property.
inline constexpr std::string_view kEmptyListDatatype = "urn:cairn:sys:EmptyList";

// Whether a Cypher name is written as a whole IRI (`http://xmlns.com/foaf/0.1/Person`,
// `urn:x:y`): a scheme followed by "//", or the urn scheme. Such names are the IRI itself, so
// imported RDF is matched by the names labels(n) and type(r) show for IRIs no declared prefix
// covers.
inline bool isWholeIriName(std::string_view name) {
  if (name.substr(0, 4) == "urn:") return name.size() > 4;
  const size_t colon = name.find("://");
  if (colon == 0 || colon == std::string_view::npos || colon + 3 == name.size()) return false;
  for (size_t i = 0; i < colon; ++i) {
    const char c = name[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool other = (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    if (!letter && (i == 0 || !other)) return false;
  }
  return true;
}

}  // namespace cairn::query::graph
