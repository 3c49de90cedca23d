#pragma once
// The logical algebra (SPARQL 1.1 spec §18.2, language-neutral): what a parsed query means,
// before any choice of index, join order or algorithm. The SPARQL translator (sparql/) builds it
// exactly as §18.2 says; openCypher will build the same tree. The planner (query/plan/) turns it
// into physical operators (query/exec/).
//
// One node type with a kind and the fields that kind uses (listed per kind below), so passes can
// walk and rebuild trees without visitors. Nodes are shared and treated as immutable once built.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/term.h"
#include "query/algebra/expr.h"
#include "query/algebra/term_pattern.h"

namespace cairn::query {

struct Algebra;
using AlgebraPtr = std::shared_ptr<Algebra>;

enum class AlgebraKind : uint8_t {
  kTable,     // the unit table: one solution binding nothing (an empty group pattern)
  kBgp,       // triples
  kPath,      // pathSubject path pathObject
  kJoin,      // children[0] ⋈ children[1]
  kLeftJoin,  // children[0] ⟕ children[1], keeping pairs where `filters` (a conjunction) hold
  kFilter,    // children[0] where every one of `filters` has EBV true
  kUnion,     // children[0] ∪ children[1]
  kMinus,     // children[0] minus children[1]
  kGraph,     // children[0] evaluated in named graph `graph` (constant or variable)
  kExtend,    // children[0] extended with variable := expr (unbound on expression error)
  kGroup,     // children[0] grouped by groupKeys, computing aggregates (§18.2.4.1 Group+Aggregation)
  kOrderBy,   // children[0] ordered by `order`
  kProject,   // children[0] projected to `variables`
  kDistinct,  // children[0] without duplicate solutions
  kReduced,   // children[0], duplicates may be removed
  kSlice,     // children[0] from `offset`, at most `limit`
  kValues,    // inline data: `variables` × `rows`
  kService,   // SERVICE (silent?) graph { children[0] } — refused by the engine
};

std::string_view algebraKindName(AlgebraKind kind);  // "BGP", "LeftJoin", ...

struct GroupKey {
  Expr expr;
  std::string variable;  // the variable the key binds after grouping (?x for GROUP BY ?x, ?v for
                         // GROUP BY (expr AS ?v)); empty for an unnamed expression key
};

struct OrderCondition {
  Expr expr;
  bool descending = false;
};

struct Algebra {
  AlgebraKind kind = AlgebraKind::kTable;
  std::vector<AlgebraPtr> children;

  std::vector<TriplePattern> triples;  // kBgp
  PatternTerm pathSubject;             // kPath
  PropertyPath path;                   // kPath
  PatternTerm pathObject;              // kPath
  std::vector<Expr> filters;           // kFilter, kLeftJoin
  PatternTerm graph;                   // kGraph; kService: the endpoint
  bool silent = false;                 // kService
  std::string variable;                // kExtend
  Expr expr;                           // kExtend
  std::vector<GroupKey> groupKeys;     // kGroup (empty: one group over all solutions)
  std::vector<AggregateCall> aggregates;  // kGroup
  std::vector<OrderCondition> order;   // kOrderBy
  std::vector<std::string> variables;  // kProject, kValues
  std::vector<std::vector<std::optional<core::Term>>> rows;  // kValues (nullopt = UNDEF)
  uint64_t offset = 0;                 // kSlice
  std::optional<uint64_t> limit;       // kSlice

  static AlgebraPtr make(AlgebraKind kind, std::vector<AlgebraPtr> children = {});
};

// Variables that may be bound by solutions of `node` ("in-scope", spec §18.2.1), in first
// appearance order, each once. Includes the '.'-named blank-node variables.
std::vector<std::string> inScopeVariables(const Algebra& node);

// An indented, one-node-per-line rendering, for tests and debugging.
std::string toString(const Algebra& node, int indent = 0);

}  // namespace cairn::query
