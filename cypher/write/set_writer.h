#pragma once
// SET and REMOVE items (and MERGE's ON CREATE / ON MATCH SET) applied to one row at a time into
// the clause's GraphEdits, in written order, so a later item reads what an earlier one set.
//
//   SET e.k = v     property k of node or relationship e; null removes it
//   SET e = map     replaces every property of e (a node or relationship as the map copies its
//                   properties; null removes them all)
//   SET e += map    sets the map's keys, null values removing
//   SET n:A:B       adds labels
//   REMOVE e.k      removes a property; REMOVE n:A removes labels
//
// An item whose entity is null does nothing (OPTIONAL MATCH misses). Run-time errors
// (core::Error): kTypeError "InvalidPropertyType" for a value no property can hold,
// "InvalidArgumentType" for an entity that is not a node or relationship or a map operand that
// is not a map.

#include <memory>
#include <string>
#include <vector>

#include "cypher/ast/clause.h"
#include "cypher/write/graph_edits.h"
#include "cypher/write/row_programs.h"

namespace cairn::cypher {

class SetWriter {
 public:
  // Compiles the items against the variables bound before them. Throws kSyntaxError
  // "UndefinedVariable". The items must outlive the writer.
  SetWriter(const std::vector<ast::SetItem>& items, const std::vector<std::string>& scope);
  SetWriter(const std::vector<ast::RemoveItem>& items, const std::vector<std::string>& scope);
  ~SetWriter();
  SetWriter(SetWriter&&) noexcept;
  SetWriter& operator=(SetWriter&&) noexcept;

  // Applies the items to `row`. `ctx.graph` must read through `edits`.
  void apply(const BoundVariables& row, GraphEdits& edits, query::value::EvalContext& ctx) const;

  struct Item;

 private:
  RowPrograms programs_;
  std::vector<Item> items_;
};

}  // namespace cairn::cypher
