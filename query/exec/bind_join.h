#pragma once
// BindJoin: index nested-loop join of an input with one triple pattern. For each input row the
// pattern's variables that the row binds become fixed positions of an index access (so the
// lookup reads only matching triples); variables the row leaves unbound stay free and the match
// binds them. Chosen by the planner when the input is small relative to the pattern's rows.
//
// Modes: kInner (join); kLeftOuter (OPTIONAL with one pattern: the filter is evaluated on each
// merged row, a row with no passing match is kept alone); kSemi / kAnti (FILTER EXISTS / NOT
// EXISTS with one pattern: the row is kept when some match exists / none does, and the lookup
// stops at the first match). For one triple pattern, fixing the row's values is exactly keeping
// the compatible solutions, so every mode has the algebra's semantics.

#include <memory>

#include "query/algebra/term_pattern.h"
#include "query/exec/operator.h"
#include "query/exec/pattern_slots.h"
#include "query/exec/row_values.h"
#include "query/exec/triple_source.h"

namespace cairn::query {

class BindJoin final : public Operator {
 public:
  enum class Mode { kInner, kLeftOuter, kSemi, kAnti };

  BindJoin(ExecContext& ctx, OperatorPtr input, const TriplePattern& pattern,
           const GraphScope& scope, Mode mode = Mode::kInner,
           const std::vector<Expr>& filters = {});

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  bool startRow();
  bool filterHolds(Batch& out);
  void finishRow(Batch& out);

  OperatorPtr input_;
  PatternSlots slots_;
  GraphScope scope_;
  std::vector<int> inputColumnOfVar_;  // per pattern variable: its input column or -1
  std::vector<int> outColumnOfVar_;    // per pattern variable: its output column
  Batch inBatch_;
  size_t inRow_ = 0;
  bool inputDone_ = false;
  std::unique_ptr<TripleSource> source_;  // for the current input row
  std::array<bool, 3> fixed_{};
  std::array<ValueId, 3> fixedValue_{};
  std::vector<ValueId> s_, p_, o_;
  Mode mode_;
  std::vector<expr::ExpressionProgram> filters_;
  std::optional<BatchRowValues> row_;
  bool matched_ = false;
  bool active_ = false;   // a lookup for input row inRow_ is open
  bool rowDone_ = false;  // ... and has ended
};

}  // namespace cairn::query
