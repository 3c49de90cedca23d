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
// Two forms:
//   - constant: the value (a parameter, a constant, an expression of them) is evaluated when the
//     seek first runs, so the plan does not depend on it; the output is the one column `node`;
//   - bound (an input): the value reads the input row's variables (`UNWIND $ids AS x MATCH
//     (u {id: x})`, MERGE on a key per row) and is evaluated per row; each input row is output
//     once per subject found, with `node` appended. This is the index-nested-loop join of the
//     rows with the property, in place of the rows' cross product with a label scan. A value that
//     raises raises at once, as an index seek does in Neo4j, even where no node would have been
//     compared with it.
// Subjects are found once each, in id order, from a list retained (and charged) while the seek
// runs (per row in the bound form). The object types the property holds are found once per run.
// Reads the default graph.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/object_type.h"
#include "query/algebra/expr.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/operator.h"
#include "query/value/value_program.h"

namespace cairn::query {

class CypherRuntime;

class PropertySeek final : public Operator {
 public:
  // `ctx` must have Cypher enabled. `value` reads no row variables. Output: one column, `node`.
  PropertySeek(ExecContext& ctx, std::string node, const std::string& keyIri, const Expr& value);
  // The bound form: `value` reads `input`'s variables. Output: the input's columns, then `node`
  // (which the input must not bind).
  PropertySeek(ExecContext& ctx, OperatorPtr input, const std::string& node,
               const std::string& keyIri, const Expr& value);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override;
  bool canRestart() const override { return true; }
  void restart() override;

 private:
  void describe(const std::string& keyIri, const Expr& value);
  bool produceBound(Batch& out);
  // The object types pg:k holds in the snapshot (found once per run).
  const std::vector<core::ObjectType>& presentTypes();
  // subjects_ := the subjects of the ranges v_ selects, sorted and unique.
  void collect();
  void releaseSubjects();
  void readRange(core::ObjectType type, uint64_t lowKey, uint64_t highKey);
  // What to read of object type `type` for the value `v`.
  enum class Read { kNothing, kExactKey, kWholeType };
  Read planType(core::ObjectType type, uint64_t& key);

  OperatorPtr input_;  // the bound form's rows; null for the constant form
  CypherRuntime& runtime_;
  value::ValueProgram value_;
  std::optional<core::NodeId> predicate_;  // pg:k's id; none: no node has the property
  core::NodeId graph_ = core::kNoNode;
  // Per run: the value, the dictionary id of a string value's lexical form, the subjects.
  value::Value v_;
  std::optional<uint64_t> stringKey_;
  bool collected_ = false;
  std::optional<std::vector<core::ObjectType>> types_;
  std::vector<core::NodeId> subjects_;
  size_t pos_ = 0;
  int64_t charged_ = 0;
  // The bound form: the input batch and the row whose subjects are being output.
  Batch in_;
  size_t inRow_ = 0;
  bool inputDone_ = false;
  bool rowOpen_ = false;
  std::unique_ptr<CypherRowView> row_;
};

}  // namespace cairn::query
