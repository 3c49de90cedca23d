#pragma once
// DELETE and DETACH DELETE: each row's targets (nodes, relationships, paths — their nodes and
// relationships — and null, which deletes nothing) are collected over the whole clause, then
// turned into deletes of every fact that makes them up (query/graph/
// property_graph_vocabulary.h): a node's marker, labels and properties; a relationship's fact and
// its properties in sys:edges. DETACH DELETE also deletes a node's relationships; plain DELETE of
// a node that keeps a relationship the clause does not delete is kConstraintViolation
// "DeleteConnectedNode", and the statement changes nothing.

#include <map>
#include <set>
#include <string>
#include <vector>

#include "cypher/ast/clause.h"
#include "cypher/write/effect_log.h"
#include "cypher/write/row_programs.h"
#include "index/write/transaction.h"
#include "query/graph/stored_facts.h"

namespace cairn::cypher {

// What one DELETE clause deletes, gathered row by row.
struct DeleteTargets {
  std::set<core::NodeId> nodes;
  std::vector<query::value::Relationship> relationships;
};

class DeleteWriter {
 public:
  // Compiles the targets against the variables bound before the clause (kSyntaxError
  // "UndefinedVariable"). `clause` must outlive the writer.
  DeleteWriter(const ast::DeleteClause& clause, const std::vector<std::string>& scope);
  ~DeleteWriter();
  DeleteWriter(DeleteWriter&&) noexcept;
  DeleteWriter& operator=(DeleteWriter&&) noexcept;

  // Adds the row's targets. Throws kTypeError "InvalidArgumentType" for a target that is not
  // a node, relationship, path or null.
  void collect(const BoundVariables& row, query::value::EvalContext& ctx,
               DeleteTargets& targets) const;
  // Appends the deletes of everything in `targets` (as `facts` holds it) and logs them.
  void appendDeletes(const DeleteTargets& targets, const query::graph::StoredFacts& facts,
                     index::TxChanges& out, EffectLog& log) const;

 private:
  bool detach_ = false;
  RowPrograms programs_;
  std::vector<query::value::ValueProgram> targets_;
};

}  // namespace cairn::cypher
