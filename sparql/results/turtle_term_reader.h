#pragma once
// One RDF term in Turtle / SPARQL syntax without prefixes, as TSV results write their cells:
// <iri> (with \u escapes), _:label, "…" / '…' / """…""" / '''…''' strings with escapes and an
// optional @lang or ^^<datatype>, bare integers, decimals and doubles, true and false.

#include <cstdint>
#include <string_view>

#include "core/term.h"

namespace cairn::sparql::results {

// Parses all of `text` as one term; throws core::Error(kSyntaxError) at `line` otherwise.
core::Term parseTurtleTerm(std::string_view text, uint64_t line);

}  // namespace cairn::sparql::results
