#pragma once
// PropertyJoin: joins an input with a star of patterns on one subject variable the input binds,
// `?s p1 X1 . ?s p2 X2 . ...` (constant predicates; each X a constant, a variable the input
// binds, or a variable of its own), by reading each input row's subject from SPOT once per
// *range* instead of once per pattern. The arms are grouped into ranges of adjacent predicate
// ids (the planner groups them so that the rows of other predicates between two arms cost less
// than a second seek): a range reads the subject's rows with p in [first arm, last arm] and
// hands each row to the arms of its predicate. A subject missing an arm ends its row before the
// remaining ranges are read. The output is the input row times every combination of the arms'
// matches, arms in order (exactly what a chain of BindJoins over the same arms gives, in
// another row order within one input row).
//
// Inner join only. Every input row binds the subject. Arms are distinct patterns whose objects
// are not the subject, and a variable that some input row leaves unbound is the object of one
// arm at most; the planner (property_join_planner.cpp) keeps to that.

#include <memory>
#include <vector>

#include "query/algebra/term_pattern.h"
#include "query/exec/operator.h"
#include "query/exec/pattern_slots.h"
#include "query/exec/triple_source.h"

namespace cairn::query {

class PropertyJoin final : public Operator {
 public:
  // `ranges`: the arms, in groups read together (a group's SPOT rows from its least to its
  // greatest predicate), in the order they are read.
  PropertyJoin(ExecContext& ctx, OperatorPtr input, const std::string& subject,
               const std::vector<std::vector<TriplePattern>>& ranges, const GraphScope& scope);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  struct Arm {
    ValueId predicate;
    std::optional<ValueId> constantObject;
    int inputColumn = -1;          // the object variable's input column, or -1
    int outputColumn = -1;         // the object variable's output column, or -1 (constant)
    std::vector<ValueId> matches;  // this input row's objects (one entry when fixed)
  };
  struct Range {
    size_t firstArm = 0, endArm = 0;  // arms_[firstArm, endArm)
    ValueId lowPredicate, highPredicate;
  };

  // Reads the input row's matches for every arm; false when some arm has none.
  bool collect(ValueId subject);
  void readRange(const Range& range, ValueId subject);
  void emit(Batch& out);

  OperatorPtr input_;
  GraphScope scope_;
  int subjectColumn_ = -1;
  std::vector<Arm> arms_;
  std::vector<Range> ranges_;
  bool impossible_ = false;  // an arm whose constants the store never saw

  Batch inBatch_;
  size_t inRow_ = 0;
  bool inputDone_ = false;
  bool emitting_ = false;         // the combinations of inRow_ are being written
  std::vector<size_t> odometer_;  // per arm: the match being written
  std::vector<ValueId> p_, o_, unused_;
  int64_t charged_ = 0;  // bytes of the arms' matches charged to the memory budget
};

}  // namespace cairn::query
