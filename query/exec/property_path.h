#pragma once
// PropertyPath: the solutions of `subject path object` (§18.4) via PathEvaluator. Without an
// input it evaluates once with the pattern's constants; with an input (bind mode, chosen by the
// planner when the input is small) it evaluates per input row with the row's values of the end
// variables fixed, like a bind join. The same variable at both ends keeps pairs with equal ends.

#include <optional>

#include "query/algebra/term_pattern.h"
#include "query/exec/operator.h"
#include "query/exec/path_evaluator.h"

namespace cairn::query {

class PropertyPathScan final : public Operator {
 public:
  PropertyPathScan(ExecContext& ctx, OperatorPtr input, const PatternTerm& subject,
                   const PropertyPath& path, const PatternTerm& object, const GraphScope& scope);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override {
    return input_ ? std::vector<const Operator*>{input_.get()} : std::vector<const Operator*>{};
  }

 private:
  // Evaluates for the current input row (or once without input): a closure with one end fixed
  // starts a walk (streamed, so a LIMIT above stops it early); anything else fills pairs_.
  void evaluate();
  // The next pair of the current evaluation; false when it has no more.
  bool nextPair(IdPair& pair);

  OperatorPtr input_;
  PatternTerm subject_, object_;
  PropertyPath path_;
  PathEvaluator evaluator_;
  std::optional<ValueId> subjectConst_, objectConst_;
  int subjectIn_ = -1, objectIn_ = -1;    // input columns of the end variables
  int subjectOut_ = -1, objectOut_ = -1;  // output columns of the end variables
  Batch in_;
  size_t inRow_ = 0;
  bool started_ = false;
  bool inputDone_ = false;
  std::vector<IdPair> pairs_;
  size_t pair_ = 0;
  std::optional<PathEvaluator::Walk> walk_;
  std::vector<ValueId> walkEnds_;  // the walk's latest batch of reached nodes
  size_t walkEnd_ = 0;
};

}  // namespace cairn::query
