#pragma once
// RDF 1.1 terms as text: the form terms have at the edges (parsers, dictionaries, result writers).
// Inside the engine terms are encoded ids (core/object_type.h); a Term appears only where a value
// is materialized.

#include <cstdint>
#include <string>
#include <string_view>

namespace cairn::core {

enum class TermKind : uint8_t { kIri, kBlank, kLiteral };

// A borrowed view of a term, valid as long as the buffer it points into. Parsers hand these out.
// For literals: `datatype` is empty for a simple literal (xsd:string) and for a language-tagged
// string (then `language` is set, datatype rdf:langString implied). `value` is the IRI, the blank
// node label (without "_:"), or the literal's lexical form, always unescaped.
struct TermView {
  TermKind kind = TermKind::kIri;
  std::string_view value;
  std::string_view datatype;
  std::string_view language;
};

// An owning term.
struct Term {
  TermKind kind = TermKind::kIri;
  std::string value;
  std::string datatype;
  std::string language;

  static Term iri(std::string v) { return {TermKind::kIri, std::move(v), {}, {}}; }
  static Term blank(std::string label) { return {TermKind::kBlank, std::move(label), {}, {}}; }
  static Term literal(std::string lexical, std::string datatype = {}, std::string language = {}) {
    return {TermKind::kLiteral, std::move(lexical), std::move(datatype), std::move(language)};
  }
  static Term fromView(const TermView& v) {
    return {v.kind, std::string(v.value), std::string(v.datatype), std::string(v.language)};
  }
  TermView view() const { return {kind, value, datatype, language}; }

  bool operator==(const Term&) const = default;
  auto operator<=>(const Term&) const = default;
};

// N-Triples rendering: <iri>, _:label, "lex"@lang, "lex"^^<dt> (xsd:string datatype omitted).
std::string toNTriples(const TermView& term);
inline std::string toNTriples(const Term& term) { return toNTriples(term.view()); }

}  // namespace cairn::core
