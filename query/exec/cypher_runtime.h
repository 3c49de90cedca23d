#pragma once
// CypherRuntime: what operators running a Cypher statement share beyond ExecContext — the
// statement's parameters, the graph (labels and properties read from the query's snapshot), and
// the bridge between ValueIds in batches and openCypher Values (docs/cypher.md "Values").
//
// ValueIds of Cypher values:
//   - scalars are the ids of their literals (query/graph/value_terms.h) through the term table,
//     so a computed 42 and a stored 42 have one id and join, group and compare as ids;
//   - nodes are node ids (ValueId::node);
//   - lists, maps, relationships and paths are interned per query under kLocalValueType, one id
//     per value: identical values (same kinds, same numbers down to the float's sign of zero,
//     same offsets and zones) share an id, so toValue(toId(v)) is v exactly;
//   - null is the unbound id.
//
// Ids therefore keep apart what DISTINCT and grouping merge (value_compare.h's equivalent():
// 1 ≡ 1.0, [1] ≡ [1.0], "01"^^xsd:integer ≡ 1): printing a value must give back what was
// computed, and a scalar's id is its literal's. groupingId() gives the one id per equivalence
// class that DISTINCT and grouping keys need.
//
// One per query execution, made by ExecContext::enableCypher(); single-threaded.

#include <memory>

#include "query/exec/value_id.h"
#include "query/value/value.h"
#include "query/value/value_program.h"

namespace cairn::query {

class ExecContext;
namespace graph {
struct DeletedEntities;
}

// A type code no stored object and no local term uses: Cypher composites of this query.
inline constexpr core::ObjectType kLocalValueType = 0x3F01;

class CypherRuntime {
 public:
  CypherRuntime(ExecContext& ctx, value::Parameters parameters);
  ~CypherRuntime();
  CypherRuntime(const CypherRuntime&) = delete;
  CypherRuntime& operator=(const CypherRuntime&) = delete;

  // The id of `v` (unbound for null).
  ValueId toId(const value::Value& v);
  // The value of an id (null for unbound). Throws core::Error kStorageError when decoding fails.
  // Stored IRIs and blank nodes are nodes; a computed IRI the store does not have reads as its
  // text (a string).
  value::Value toValue(ValueId id);
  // The id every value equivalent() to id's value maps to (for this query): the id of the first
  // such value groupingId() saw. Node ids map to themselves without a lookup.
  ValueId groupingId(ValueId id);

  // Parameters, graph access (query/graph/snapshot_graph_access.h over the context's ledger at
  // its asOf) and pattern runner for ValueProgram::evaluate.
  value::EvalContext& eval() { return eval_; }
  const value::Parameters& parameters() const { return parameters_; }
  const value::GraphAccess& graph() const;

  // Installs the engine's runner of EXISTS patterns and pattern comprehensions
  // (query/plan/pattern_runner.h; executeCypherQuery does). Not owned.
  void setPatternRunner(value::PatternRunner* runner) { eval_.patterns = runner; }
  // From now on, reading labels or properties of an entity in `deleted` (which must outlive the
  // runtime) raises EntityNotFound (query/graph/deleted_entity_guard.h).
  void guardDeleted(const graph::DeletedEntities& deleted);

 private:
  struct Interned;
  ExecContext& ctx_;
  value::Parameters parameters_;
  std::unique_ptr<value::GraphAccess> graph_;
  value::EvalContext eval_;
  std::unique_ptr<Interned> interned_;
};

}  // namespace cairn::query
