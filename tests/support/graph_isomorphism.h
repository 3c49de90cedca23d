#pragma once
// Comparing RDF graphs, datasets and solution sequences whose blank node labels carry no
// meaning: two collections match when some one-to-one mapping of the expected blank nodes onto
// the actual ones makes them equal. Other terms compare exactly (core::Term ==); normalize
// first where the comparison should be looser (xsd:string, language tag case).
//
// The search colours blank nodes by the rows they occur in (iterated hashing until the
// partition is stable, as in canonical labelling), then backtracks over the smallest ambiguous
// colour class, refining after each choice; every candidate mapping is verified row by row.
// Fast on the W3C suites' inputs (tens to thousands of blank nodes); worst cases (large regular
// graphs) can be exponential.

#include <optional>
#include <string>
#include <vector>

#include "core/term.h"

namespace cairn::testing {

// One row: a quad (subject, predicate, object, graph; nullopt graph = the default graph) or a
// solution (one cell per variable; nullopt = unbound). All rows of a collection have one width.
using TermRow = std::vector<std::optional<core::Term>>;

struct MatchResult {
  bool matched = false;
  std::string explanation;  // empty when matched; otherwise what differs (a bounded listing)
};

// Multiset comparison modulo a blank node bijection (the same label in two rows of one side is
// the same node). Used directly for SPARQL solution multisets.
MatchResult matchRowsModuloBlankNodes(const std::vector<TermRow>& expected,
                                      const std::vector<TermRow>& actual);

struct Quad {
  core::Term subject, predicate, object;
  std::optional<core::Term> graph;  // nullopt = the default graph

  bool operator==(const Quad&) const = default;
  auto operator<=>(const Quad&) const = default;
};

// "<s> <p> <o> <g> ." (no newline); the graph is left out for the default graph.
std::string toNQuads(const Quad& quad);

// RDF graph / dataset isomorphism: set semantics (duplicate quads count once).
MatchResult datasetsIsomorphic(const std::vector<Quad>& expected, const std::vector<Quad>& actual);

}  // namespace cairn::testing
