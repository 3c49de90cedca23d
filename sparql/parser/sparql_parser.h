#pragma once
// The SPARQL 1.1 Query entry point: text in, query::Query (form, algebra per spec §18.2,
// projection, template, dataset) out. Syntax errors and the static errors of the spec (scoping,
// grouping, blank node label reuse, VALUES arity) throw core::Error(kSyntaxError) with the line
// and column where they were found. Stateless and thread-safe.

#include <string>
#include <string_view>

#include "query/algebra/query.h"

namespace cairn::sparql {

struct QueryParseOptions {
  // Base IRI for relative IRIs before any BASE declaration (e.g. the query's URL or file IRI).
  // Empty (or not absolute): relative IRIs stay as written unless the query declares an
  // absolute BASE.
  std::string baseIri;
};

query::Query parseQuery(std::string_view text, const QueryParseOptions& options = {});

}  // namespace cairn::sparql
