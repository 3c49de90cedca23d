#pragma once
// A triple pattern from the command line: three positions, each a variable (`?name` or `?`) or
// a term in N-Triples syntax (<iri>, _:b1, "lexical"@lang, "lexical"^^<datatype>).

#include <array>
#include <optional>
#include <string_view>

#include "core/term.h"

namespace cairn::server {

struct TriplePattern {
  std::array<std::optional<core::Term>, 3> positions;  // nullopt = variable
};

// Throws core::Error(kSyntaxError) with the column of the offending token.
TriplePattern parseTriplePattern(std::string_view text);

}  // namespace cairn::server
