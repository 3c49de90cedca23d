#pragma once
// PropertySeek: the nodes whose property `key` may equal a value — the index seek behind
// `MATCH (n {k: v})` and `WHERE n.k = v` (query/plan/cypher_planner.cpp, rewrite
// `property-seek`), instead of reading every node of a label and each one's property.
//
// A property is the facts (n, pg:k, literal) (docs/cypher.md "Property graph on the store"), so
// the nodes are subjects of POST ranges of pg:k. Cypher's equality is not the store's: 17,
// 17.0 and "17"^^xsd:int are equal values under three keys. The seek visits each object type
// pg:k actually holds (one seek from the start of a type finds the next type present) and reads
// in it:
//   - the exact key of v where the type has one for it: integer 17 as "17"^^xsd:integer (or
//     xsd:int, ...), as 1.7E1 in xsd:double; a string's dictionary id in xsd:string, language
//     strings and other datatypes (whose values read as their lexical form); true as
//     xsd:boolean;
//   - the whole type where an equal value has no single key (non-canonical lexical forms,
//     xsd:decimal and xsd:float, temporal values, which compare by their Cypher value);
//   - nothing where no value of the type can equal v (a number among strings or dates).
// The answer is a superset of the matches — a list property holding v, a value equal as a key
// but not under Cypher's rules — so the planner keeps the condition in a CypherFilter above. For
// v null (or a map, a node, ...) nothing can be equal: no rows; a list v reads every node that
// has the property.
//
// The value is evaluated when the seek first runs (a parameter, a constant, an expression of
// them), so the plan does not depend on it. Subjects are output once each, in id order, from a
// list retained (and charged) while the seek runs. Reads the default graph.

#include <optional>
#include <string>
#include <vector>

#include "core/object_type.h"
#include "query/algebra/expr.h"
#include "query/exec/operator.h"
#include "query/value/value_program.h"

namespace cairn::query {

class CypherRuntime;

class PropertySeek final : public Operator {
 public:
  // `ctx` must have Cypher enabled. `value` reads no row variables. Output: one column, `node`.
  PropertySeek(ExecContext& ctx, std::string node, const std::string& keyIri, const Expr& value);

 protected:
  bool produce(Batch& out) override;
  bool canRestart() const override { return true; }
  void restart() override;

 private:
  // The subjects of the ranges the value selects, sorted and unique.
  void collect();
  void readRange(core::ObjectType type, uint64_t lowKey, uint64_t highKey);
  // What to read of object type `type` for the value `v`.
  enum class Read { kNothing, kExactKey, kWholeType };
  Read planType(core::ObjectType type, uint64_t& key);

  CypherRuntime& runtime_;
  value::ValueProgram value_;
  std::optional<core::NodeId> predicate_;  // pg:k's id; none: no node has the property
  core::NodeId graph_ = core::kNoNode;
  // Per run: the value, the dictionary id of a string value's lexical form, the subjects.
  value::Value v_;
  std::optional<uint64_t> stringKey_;
  bool collected_ = false;
  std::vector<core::NodeId> subjects_;
  size_t pos_ = 0;
  int64_t charged_ = 0;
};

}  // namespace cairn::query
