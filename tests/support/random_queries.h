#pragma once
// Seeded random SPARQL test cases for differential testing (engine vs tests/support's naive
// evaluator): a small dataset (a handful of subjects, four predicates, integers, strings, a
// language tag, one or two named graphs, cycles for paths) and a SELECT query over it built from
// BGPs, OPTIONAL (with filters), FILTER, UNION, MINUS, [NOT] EXISTS, BIND, VALUES, GRAPH,
// property paths, GROUP BY with aggregates, DISTINCT and ORDER BY with LIMIT / OFFSET.
//
// The same seed always gives the same case. Generated queries are meant to have one correct
// answer: a query whose order matters (`ordered`) orders by every projected variable, so the
// answer sequence is fully determined, and such cases use no blank nodes (whose order depends
// on their labels); MIN / MAX appear only when the data has no blank nodes either.

#include <cstdint>
#include <string>
#include <vector>

#include "tests/support/graph_isomorphism.h"

namespace cairn::testing {

struct RandomCase {
  uint64_t seed = 0;
  std::vector<Quad> data;
  std::string query;     // SPARQL text, with PREFIX ex: <http://example.org/>
  bool ordered = false;  // a top-level ORDER BY over all projected variables: compare sequences
};

RandomCase makeRandomCase(uint64_t seed);

// The data as N-Quads text (one quad a line), for failure messages.
std::string toNQuadsText(const std::vector<Quad>& quads);

}  // namespace cairn::testing
