#pragma once
// A naive SPARQL evaluator, used as the oracle the engine is compared against: the most direct
// reading of the spec's algebra evaluation (§18.5, paths §18.4 with ALP, EXISTS §18.6) over a
// vector of quads. Solutions are maps from variable to term and a multiset is a vector of them;
// BGPs are nested loops, joins compare every pair, paths walk the graph node by node. It is slow
// on purpose: it shares no code with the engine's planner or operators, only the expression
// library (query/expr), whose semantics are the engine's own; what it checks is the operators.
//
// Thread-safety: evaluateNaively keeps all state on its stack; concurrent calls are safe.

#include <optional>
#include <string>
#include <vector>

#include "query/algebra/query.h"
#include "tests/support/graph_isomorphism.h"

namespace cairn::testing {

struct NaiveResult {
  query::QueryForm form = query::QueryForm::kSelect;
  // SELECT: the query's projection and one row per solution (cells in projection order), in the
  // order the algebra produces them (meaningful only under a top-level ORDER BY).
  std::vector<std::string> variables;
  std::vector<TermRow> rows;
  // ASK.
  bool boolean = false;
  // CONSTRUCT / DESCRIBE: distinct triples (graph always nullopt).
  std::vector<Quad> triples;
};

struct NaiveOptions {
  // Fixes NOW() (xsd:dateTime with timezone) and the RAND/UUID generator, so runs repeat.
  std::string now = "2026-01-01T00:00:00Z";
  uint64_t seed = 1;
};

// Evaluates `query` over `data` (the store: quads with nullopt graph form the default graph,
// the others the named graphs). Throws core::Error kUnsupported for SERVICE.
NaiveResult evaluateNaively(const query::Query& query, const std::vector<Quad>& data,
                            const NaiveOptions& options = {});

}  // namespace cairn::testing
