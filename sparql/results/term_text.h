#pragma once
// Terms as text in the syntaxes the result writers share: Turtle-style terms (TSV cells, Turtle,
// the table), with numbers in their short form and IRIs compacted by a prefix map; blank node
// labels made safe for N-Triples/Turtle. String and IRI escapes are core's (core/term.h).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/term.h"

namespace cairn::sparql::results {

// Prefix declarations for Turtle output, usually the query's PREFIX clauses.
class PrefixMap {
 public:
  PrefixMap() = default;
  // (prefix without ':', namespace IRI) pairs; declarations whose prefix is not a valid Turtle
  // PN_PREFIX are dropped, and a later declaration of a prefix replaces an earlier one.
  explicit PrefixMap(const std::vector<std::pair<std::string, std::string>>& declarations);

  const std::vector<std::pair<std::string, std::string>>& declarations() const {
    return declarations_;
  }
  bool empty() const { return declarations_.empty(); }
  // "prefix:local" for the longest namespace that leaves a local name Turtle accepts unescaped;
  // nullopt when none does.
  std::optional<std::string> compact(std::string_view iri) const;

 private:
  std::vector<std::pair<std::string, std::string>> declarations_;
};

// The Turtle short form of a numeric literal: xsd:integer, xsd:decimal and xsd:double whose
// lexical form matches Turtle's INTEGER, DECIMAL or DOUBLE production are written bare
// ("4", "5.5", "1.0e6"); nullopt for every other term (including "5." or "INF").
std::optional<std::string_view> numericShortForm(const core::TermView& term);

// "_:label". Engine labels are already valid BLANK_NODE_LABELs; any other character is
// replaced by "x" and its hex code so the output always parses.
void appendBlankNode(std::string& out, std::string_view label);

// A term as Turtle: compacted IRIs when `prefixes` is given, bare numbers (numericShortForm),
// bare true/false for xsd:boolean, "lex"@lang, "lex"^^<dt> (xsd:string omitted).
void appendTurtleTerm(std::string& out, const core::TermView& term,
                      const PrefixMap* prefixes = nullptr);

// A term as N-Triples (like core::toNTriples, also escaping TAB and controls in literals).
void appendNTriplesTerm(std::string& out, const core::TermView& term);

}  // namespace cairn::sparql::results
