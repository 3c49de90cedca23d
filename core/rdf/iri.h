#pragma once
// IRI references as RDF syntaxes use them: telling absolute IRIs from relative references, and
// resolving a reference against a base exactly as RFC 3986 §5.2 specifies (merge, then
// remove_dot_segments; an empty query "?" and an empty fragment "#" are kept).
//
// Resolution is purely syntactic and works on UTF-8 IRIs as well as ASCII URIs: no percent
// decoding, case folding or other normalization. serd 0.30's resolver is not used because it
// leaves dot segments inside a reference ("g/../h") and drops an empty query.

#include <string>
#include <string_view>

namespace cairn::core::rdf {

// True when `iri` starts with a scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
bool hasIriScheme(std::string_view iri);

// Appends to `out` the resolution of `reference` against `base` (RFC 3986 §5.2.2, strict: a
// reference with a scheme is taken as is, apart from removing its dot segments). `base` must
// be absolute (hasIriScheme); a reference that already has a scheme needs no base.
void resolveIriInto(std::string_view base, std::string_view reference, std::string& out);

inline std::string resolveIri(std::string_view base, std::string_view reference) {
  std::string out;
  resolveIriInto(base, reference, out);
  return out;
}

}  // namespace cairn::core::rdf
