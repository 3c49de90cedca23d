#pragma once
// A SPARQL 1.1 Update request as the engine receives it (spec: SPARQL 1.1 Update §3), free of
// syntax: prefixes and BASE already applied, so every IRI is as it will be stored. A request is
// a list of operations run in order as one atomic commit: either all of them take effect or
// none does. The SPARQL parser builds it (sparql::parseUpdate); openCypher's write clauses can
// target the same operations.
//
// DELETE WHERE { Q } arrives as the Modify it abbreviates (§3.1.3.3): delete template Q, WHERE
// clause Q. Blank nodes never appear in DELETE templates or DELETE DATA (the parser rejects
// them); in an INSERT template they are blank-node constants the executor replaces by fresh
// blank nodes for every solution, as CONSTRUCT does; in INSERT DATA each label stands for one
// fresh blank node of the request. Labels are never shared between operations.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/term.h"
#include "query/algebra/algebra.h"
#include "query/algebra/query.h"
#include "query/algebra/term_pattern.h"

namespace cairn::query {

// One quad of INSERT DATA / DELETE DATA: ground terms only.
struct Quad {
  std::optional<std::string> graph;  // graph IRI; nullopt: the default graph
  core::Term subject, predicate, object;
  bool operator==(const Quad&) const = default;
};

// One quad of a DELETE or INSERT template: constants and variables (and, in INSERT templates
// only, blank-node constants).
struct QuadPattern {
  // GRAPH <iri> or GRAPH ?g; nullopt: the default graph, or the WITH graph when there is one.
  std::optional<PatternTerm> graph;
  PatternTerm subject, predicate, object;
  bool operator==(const QuadPattern&) const = default;
};

struct InsertData {
  std::vector<Quad> quads;
};

struct DeleteData {
  std::vector<Quad> quads;
};

// DELETE { ... } INSERT { ... } WHERE { ... } (§3.1.3), including INSERT-only, DELETE-only and
// DELETE WHERE. For every solution of `where`, the instantiated delete quads are removed, then
// the instantiated insert quads added (all deletions of the operation before any insertion);
// a quad with an unbound variable is skipped.
struct Modify {
  // WITH <iri>: the graph of template quads without GRAPH, and the WHERE clause's default graph
  // unless `using` is specified.
  std::optional<std::string> with;
  std::vector<QuadPattern> deleteTemplate;
  std::vector<QuadPattern> insertTemplate;
  // USING (defaultGraphs) / USING NAMED (namedGraphs), read as FROM / FROM NAMED in a query;
  // when specified it replaces WITH as the WHERE clause's dataset.
  Dataset dataset;
  // The WHERE clause, translated exactly as a query's WHERE clause (no projection).
  AlgebraPtr where;
};

struct Load {
  std::string source;               // IRI of the document to read
  std::optional<std::string> into;  // INTO GRAPH <iri>; nullopt: the default graph
  bool silent = false;
};

// The target of CLEAR and DROP.
struct GraphTarget {
  enum class Kind : uint8_t {
    kGraph,    // GRAPH <iri>
    kDefault,  // DEFAULT
    kNamed,    // NAMED: every named graph
    kAll,      // ALL: the default graph and every named graph
  };
  Kind kind = Kind::kDefault;
  std::string iri;  // kGraph
  bool operator==(const GraphTarget&) const = default;
};

struct Clear {
  GraphTarget target;
  bool silent = false;
};

struct Drop {
  GraphTarget target;
  bool silent = false;
};

struct Create {
  std::string graph;
  bool silent = false;
};

// A source or destination of ADD, MOVE and COPY: DEFAULT or a graph IRI.
struct GraphOrDefault {
  std::optional<std::string> iri;  // nullopt: the default graph
  bool operator==(const GraphOrDefault&) const = default;
};

struct Add {
  GraphOrDefault from, to;
  bool silent = false;
};

struct Move {
  GraphOrDefault from, to;
  bool silent = false;
};

struct Copy {
  GraphOrDefault from, to;
  bool silent = false;
};

using UpdateOperation =
    std::variant<InsertData, DeleteData, Modify, Load, Clear, Drop, Create, Add, Move, Copy>;

struct UpdateRequest {
  // In request order; empty for a request with only a prologue (or nothing).
  std::vector<UpdateOperation> operations;
};

std::string toString(const Quad& quad);
std::string toString(const QuadPattern& quad);
// A few lines per operation ("InsertData", "Modify WITH <g>", one quad per indented line, the
// WHERE algebra as query::toString renders it), for tests and debugging.
std::string toString(const UpdateOperation& operation);
std::string toString(const UpdateRequest& request);

}  // namespace cairn::query
