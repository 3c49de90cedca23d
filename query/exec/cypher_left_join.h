#pragma once
// CypherLeftJoin: OPTIONAL MATCH (algebra LeftJoinNode under a CypherRuntime). Each left row is
// joined with the right rows that agree with it on the shared variables and for which the
// conditions (a conjunction over the joined row, with WHERE's semantics: null drops the pair)
// hold; a left row without such a right row is kept once, its right-only columns null.
//
// Unlike SPARQL's LeftJoin, a null is no wildcard: a left row with a null shared variable (a
// node an earlier OPTIONAL MATCH did not find) matches nothing, and neither does a right row
// with one.
//
// The right side comes from a factory, in one of two modes:
//   - whole: the factory (given no input) builds the entire right side once; it is read into a
//     JoinTable and the left streams;
//   - seeded: per left batch, the factory builds the right side over that batch's distinct key
//     rows (the values of `seedVariables`, rows with a null left out), so the pattern is
//     matched from the left's nodes only instead of from every node of the graph. The right
//     rows found are exactly those the batch can join with.
// Either way the rows of one left row come out together, in left order.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "query/algebra/expr.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/join_table.h"
#include "query/exec/operator.h"

namespace cairn::query {

class CypherLeftJoin final : public Operator {
 public:
  // Builds the right side; `keys` is null in whole mode.
  using RightFactory = std::function<OperatorPtr(ExecContext&, OperatorPtr keys)>;

  // `rightVariables`: the variables the right side binds (its shared ones included). Empty
  // `seedVariables`: whole mode; otherwise seeded with those (shared) variables as keys. `ctx`
  // must have Cypher enabled.
  CypherLeftJoin(ExecContext& ctx, OperatorPtr left, std::vector<std::string> rightVariables,
                 RightFactory right, std::vector<std::string> seedVariables,
                 const std::vector<Expr>& conditions);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override;

 private:
  // The right side for the current left batch (seeded) or for all of them (whole, once).
  void buildRight();
  // Whether right row `i` equals the current key on every shared variable (both bound).
  bool matches(size_t i) const;
  // Evaluates the conditions over the row appended (but not yet counted) at out.rows.
  bool conditionsHold(const Batch& out);

  OperatorPtr left_;
  RightFactory factory_;
  std::vector<std::string> shared_;
  std::vector<std::string> seedVariables_;
  CypherRuntime& runtime_;
  std::vector<value::ValueProgram> conditions_;
  CypherRowView row_;

  // The right side: whole mode the one, seeded the current batch's (before the first, one
  // planned over no keys, for EXPLAIN).
  OperatorPtr right_;
  std::unique_ptr<JoinTable> table_;
  std::vector<int> tableKeys_;   // table columns of shared_
  std::vector<int> rightToOut_;  // per table column: its output column, -1 for shared ones
  std::vector<int> leftKeys_;    // left columns of shared_

  Batch in_;
  size_t inRow_ = 0;
  bool inputDone_ = false;
  bool haveRow_ = false;
  bool matched_ = false;
  bool nullKey_ = false;
  ValueRow key_;
  std::vector<size_t> candidates_;
  size_t candidate_ = 0;
};

}  // namespace cairn::query
