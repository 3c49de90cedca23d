#pragma once
// The SPARQL 1.1 Query and Update entry points: query text in, query::Query (form, algebra per
// spec §18.2, projection, template, dataset) out; update text in, query::UpdateRequest (the
// operations in order, IRIs resolved) out. Syntax errors and the static errors of the spec
// (scoping, grouping, blank node label reuse, VALUES arity; for updates also variables in DATA
// and blank nodes in DELETE) throw core::Error(kSyntaxError) with the line and column where they
// were found. Stateless and thread-safe.

#include <string>
#include <string_view>

#include "query/algebra/query.h"
#include "query/algebra/update.h"

namespace cairn::sparql {

struct QueryParseOptions {
  // Base IRI for relative IRIs before any BASE declaration (e.g. the query's URL or file IRI).
  // Empty (or not absolute): relative IRIs stay as written unless the query declares an
  // absolute BASE.
  std::string baseIri;
};

query::Query parseQuery(std::string_view text, const QueryParseOptions& options = {});

struct UpdateParseOptions {
  // Base IRI for relative IRIs before any BASE declaration, as QueryParseOptions::baseIri.
  std::string baseIri;
};

// Parses a whole update request (spec §19.8 UpdateUnit): operations separated by ';', each
// preceded by optional BASE / PREFIX declarations that apply to it and the ones after. Parsing
// only: nothing is executed.
query::UpdateRequest parseUpdate(std::string_view text, const UpdateParseOptions& options = {});

}  // namespace cairn::sparql
