#pragma once
// The reading part of a Cypher query as the shared algebra (docs/cypher.md "Pipeline"): MATCH
// as label scans and expansions (query ExpandNode) with Cypher's relationship uniqueness,
// OPTIONAL MATCH as a left join, WHERE as filters, UNWIND, WITH and RETURN as extension,
// grouping (aggregates lifted out of their expressions), DISTINCT, ORDER BY, SKIP and LIMIT,
// UNION [ALL] as a union. Expressions follow Cypher's semantics in the engine because the engine
// runs the result under a CypherRuntime (query/engine/cypher_query.h).
//
// Variables the query does not name (anonymous nodes and relationships, aggregate results,
// projection temporaries) get names that start with a space, which no Cypher identifier can
// produce unquoted; RETURN * never shows them.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cypher/ast/statement.h"
#include "query/algebra/algebra.h"
#include "query/graph/cypher_names.h"
#include "query/value/procedures.h"
#include "query/value/value_program.h"

namespace cairn::index {
class Ledger;
}

namespace cairn::cypher {

// What translation reads of the ledger a statement runs on.
struct TranslateContext {
  // How names become IRIs (query/graph/cypher_names.h); null: CypherNames::defaults().
  std::shared_ptr<const query::graph::CypherNames> names;
  // What CALL resolves against; null: no procedure (kProcedureError ProcedureNotFound).
  const query::value::ProcedureCatalog* procedures = nullptr;
  // The number of nodes with the label of this IRI, for where a chain starts
  // (filter_placement.h); unset: not known, the first labelled node starts.
  std::function<std::optional<double>(const std::string& labelIri)> labelNodes;

  const query::graph::CypherNames& cypherNames() const {
    return names ? *names : query::graph::CypherNames::defaults();
  }
};

// The context of a statement on `ledger` at `asOf` (which must outlive its use): the ledger's
// names, label counts from the index directories, and `procedures` (null, as in
// QueryOptions::procedures: the built-ins).
TranslateContext translateContextOf(const index::Ledger& ledger, uint64_t asOf,
                                    const query::value::ProcedureCatalog* procedures);

struct TranslatedQuery {
  query::AlgebraPtr pattern;         // rows binding at least `columns`
  std::vector<std::string> columns;  // RETURN's columns in order; empty without RETURN
  // Whether the translation took values of parameters (SKIP $n, LIMIT $n, a CALL's arguments):
  // then the algebra holds for these parameters only; else for any (they are read per run).
  bool readsParameters = false;
};

// Translates clauses [0, end) of `query.parts[0]` (end = all), or the whole UNION when `end` is
// not given. SKIP and LIMIT are evaluated here, against `parameters`. Throws core::Error:
// kSyntaxError / kSemanticError for what the TCK classes so, kArgumentError for a negative SKIP
// or LIMIT, kUnsupported for what is not built yet (a WHERE on a shortest path). CALL resolves
// against the context's procedures; labels, types and property keys become IRIs by its names.
TranslatedQuery translateQuery(const ast::Query& query, const query::value::Parameters& parameters,
                               const TranslateContext& context = {});

// Clauses [begin, end) of `part`, reading clauses only, continuing from the rows an updating
// clause left (statement_pipeline.h): the pattern starts from `*input`, a new ValuesNode binding
// `inputColumns` (the named variables in scope before clause `begin`) whose rows the engine gets
// through query::CypherInput; with no input columns and begin == 0 it starts from one empty row
// and `*input` is null. A segment ending with RETURN has RETURN's columns, any other every named
// variable in scope after it.
TranslatedQuery translateSegment(const ast::SingleQuery& part, size_t begin, size_t end,
                                 const std::vector<std::string>& inputColumns,
                                 const query::value::Parameters& parameters,
                                 std::shared_ptr<query::ValuesNode>* input,
                                 const TranslateContext& context);

// MATCH of one pattern part from rows binding `inputColumns` (MERGE's match, row by row): the
// pattern starts from `*input` as in translateSegment; the columns are every named variable in
// scope after it.
TranslatedQuery translatePatternMatch(const ast::PatternPart& part,
                                      const std::vector<std::string>& inputColumns,
                                      const query::value::Parameters& parameters,
                                      std::shared_ptr<query::ValuesNode>* input,
                                      const TranslateContext& context);

// Whether `name` is one of the translator's own (hidden) variable names.
inline bool isHiddenVariable(std::string_view name) { return !name.empty() && name[0] == ' '; }

}  // namespace cairn::cypher
