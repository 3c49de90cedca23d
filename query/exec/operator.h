#pragma once
// Operator: the base of every physical operator. Operators form a tree and pull column batches
// from their children (Volcano-style, vectorized). The public, non-virtual next() checks the
// deadline and cancellation, records actual rows, batches and time when the query is analyzed,
// and calls the operator's produce(). Each operator lives in its own file under query/exec/.
//
// An operator's output columns are its variables(), in order; a column holds unbound values
// (type 0) where a solution does not bind the variable. Operators that retain state charge it
// to the query's memory budget through charge(), which names the operator in the error.

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "query/exec/exec_context.h"
#include "query/exec/plan_info.h"
#include "query/exec/plan_node.h"
#include "query/exec/value_id.h"

namespace cairn::query {

class Operator {
 public:
  Operator(ExecContext& ctx, std::string name, std::vector<std::string> variables);
  virtual ~Operator();
  Operator(const Operator&) = delete;
  Operator& operator=(const Operator&) = delete;

  // Replaces `out` with the next non-empty batch; false (and an empty batch) at the end.
  bool next(Batch& out);

  // Starts over: next() produces the operator's rows again, from its inputs' rows, which start
  // over too (and may differ: a Cypher pattern's plan runs once per outer row, query/plan/
  // pattern_runner.h). Actuals keep adding up. Only when rewindable().
  void rewind();
  // Whether this operator and every operator below it can rewind().
  bool rewindable() const;

  const std::string& name() const { return name_; }
  const std::vector<std::string>& variables() const { return variables_; }
  // The column of `variable`, or -1.
  int column(std::string_view variable) const;

  double estimatedRows() const { return estimatedRows_; }
  void setEstimatedRows(double rows) { estimatedRows_ = rows; }
  // A parameter shown by EXPLAIN ("permutation", "POST"); appended in display order.
  void addDetail(std::string key, std::string value) {
    details_.emplace_back(std::move(key), std::move(value));
  }
  const std::vector<std::pair<std::string, std::string>>& details() const { return details_; }
  // The description of this subtree, with actuals when the query is analyzed.
  PlanInfo planInfo() const;
  // The operators below this one that its description shows.
  std::vector<const Operator*> inputOperators() const { return inputs(); }

  // Planning: the draft of the plan node this operator was made with (query/exec/plan_node.h);
  // null when it was made outside a plan (parts planned while a query runs).
  const std::shared_ptr<PlanDraft>& draft() const { return draft_; }
  void setDraft(std::shared_ptr<PlanDraft> draft);
  // A run: this operator was made from `node`, which outlives it. Its description becomes the
  // node's (what its constructor added is dropped); details added from now on, while it runs
  // ("declined: …"), follow the node's.
  void adoptPlan(const PlanNode& node);

 protected:
  // Fills `out` (already reset to this operator's width) with the next rows; returns false when
  // there are none left. May return true with an empty batch; next() then asks again.
  virtual bool produce(Batch& out) = 0;
  virtual std::vector<const Operator*> inputs() const { return {}; }
  // Operators that can rewind() say so and reset their own state in restart(), rewinding their
  // inputs there.
  virtual bool canRestart() const { return false; }
  virtual void restart() {}

  void setVariables(std::vector<std::string> variables) { variables_ = std::move(variables); }
  // Charges (or releases, when negative) retained bytes to the memory budget.
  void charge(int64_t bytes);
  ExecContext& ctx_;

 private:
  std::string name_;
  std::vector<std::string> variables_;
  std::vector<std::pair<std::string, std::string>> details_;
  double estimatedRows_ = -1;
  std::shared_ptr<PlanDraft> draft_;
  const PlanNode* planned_ = nullptr;
  bool done_ = false;
  PlanActuals actual_;
  uint64_t retained_ = 0;
};

using OperatorPtr = std::unique_ptr<Operator>;

}  // namespace cairn::query
