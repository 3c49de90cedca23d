#include "query/exec/property_join.h"

#include "core/check.h"

namespace cairn::query {

PropertyJoin::PropertyJoin(ExecContext& ctx, OperatorPtr input, const std::string& subject,
                           const std::vector<std::vector<TriplePattern>>& ranges,
                           const GraphScope& scope)
    : Operator(ctx, "PropertyJoin", {}), input_(std::move(input)), scope_(scope) {
  std::vector<std::string> vars = input_->variables();
  subjectColumn_ = input_->column(subject);
  CAIRN_CHECK(subjectColumn_ >= 0, "PropertyJoin: the input does not bind the subject");
  CAIRN_CHECK(!ranges.empty(), "PropertyJoin: no arms");
  std::string text;
  for (const auto& group : ranges) {
    CAIRN_CHECK(!group.empty(), "PropertyJoin: an empty range");
    Range range;
    range.firstArm = arms_.size();
    for (const TriplePattern& pattern : group) {
      PatternSlots slots = compilePattern(ctx, pattern);
      CAIRN_CHECK(slots.variable[0] >= 0 && slots.constant[1].has_value(),
                  "PropertyJoin: an arm needs the subject variable and a constant predicate");
      impossible_ = impossible_ || slots.impossible;
      Arm arm;
      if (slots.constant[1]) arm.predicate = *slots.constant[1];
      if (slots.constant[2]) {
        arm.constantObject = *slots.constant[2];
      } else {
        const std::string& var = pattern.object.variable;
        CAIRN_CHECK(var != subject, "PropertyJoin: an arm's object is the subject");
        arm.inputColumn = input_->column(var);
        if (arm.inputColumn >= 0) {
          arm.outputColumn = arm.inputColumn;
        } else {
          CAIRN_CHECK(std::find(vars.begin(), vars.end(), var) == vars.end(),
                      "PropertyJoin: two arms bind one variable");
          arm.outputColumn = static_cast<int>(vars.size());
          vars.push_back(var);
        }
      }
      if (ctx.describesPlan()) {
        text += (arms_.size() == range.firstArm ? (text.empty() ? "" : " | ") : " . ") +
                describePattern(pattern);
      }
      arms_.push_back(std::move(arm));
    }
    range.endArm = arms_.size();
    range.lowPredicate = arms_[range.firstArm].predicate;
    range.highPredicate = arms_[range.firstArm].predicate;
    for (size_t a = range.firstArm; a < range.endArm; ++a) {
      range.lowPredicate = std::min(range.lowPredicate, arms_[a].predicate,
                                    [](ValueId x, ValueId y) { return x.key < y.key; });
      range.highPredicate = std::max(range.highPredicate, arms_[a].predicate,
                                     [](ValueId x, ValueId y) { return x.key < y.key; });
    }
    ranges_.push_back(range);
  }
  setVariables(std::move(vars));
  odometer_.assign(arms_.size(), 0);
  if (ctx.describesPlan()) {
    addDetail("subject", "?" + subject);
    addDetail("arms", text);  // ranges in reading order, separated by " | "
    addDetail("algorithm", "property join: one SPOT read per subject and range (" +
                               std::to_string(ranges_.size()) + " range" +
                               (ranges_.size() == 1 ? "" : "s") + " for " +
                               std::to_string(arms_.size()) + " patterns)");
  }
}

// The subject's rows with p in the range's predicates, dealt to the range's arms.
void PropertyJoin::readRange(const Range& range, ValueId subject) {
  TripleAccess access;
  access.s = subject;
  index::ScanRange keys;
  keys.low = {subject.key, range.lowPredicate.key, 0, 0, 0};
  keys.high = {subject.key, range.highPredicate.key, UINT64_MAX, UINT64_MAX, UINT64_MAX};
  access.range = keys;
  TripleSource source(ctx_, scope_, access, "PropertyJoin");
  size_t n = 0;
  bool more = true;
  while (more) {
    p_.clear();
    o_.clear();
    more = source.next(unused_, p_, o_, ctx_.batchRows(), n);
    for (size_t r = 0; r < n; ++r) {
      for (size_t a = range.firstArm; a < range.endArm; ++a) {
        Arm& arm = arms_[a];
        if (arm.predicate != p_[r]) continue;
        if (arm.constantObject) {
          if (o_[r] == *arm.constantObject && arm.matches.empty()) arm.matches.push_back(o_[r]);
          continue;
        }
        if (arm.inputColumn >= 0) {
          const ValueId bound = inBatch_.columns[arm.inputColumn][inRow_];
          if (bound.isBound()) {
            if (o_[r] == bound && arm.matches.empty()) arm.matches.push_back(o_[r]);
            continue;
          }
        }
        arm.matches.push_back(o_[r]);
      }
    }
  }
}

bool PropertyJoin::collect(ValueId subject) {
  for (Arm& arm : arms_) arm.matches.clear();
  if (impossible_ || !subject.isBound() || !core::isNode(subject.type)) return false;
  for (const Range& range : ranges_) {
    readRange(range, subject);
    // A hub's multi-valued arm may hold many matches: they count against the budget.
    int64_t held = 0;
    for (const Arm& arm : arms_) held += static_cast<int64_t>(arm.matches.size() * sizeof(ValueId));
    if (held > charged_) {
      charge(held - charged_);
      charged_ = held;
    }
    for (size_t a = range.firstArm; a < range.endArm; ++a) {
      if (arms_[a].matches.empty()) return false;
    }
  }
  return true;
}

// Writes combinations of the current row's matches until the batch is full or all are out.
void PropertyJoin::emit(Batch& out) {
  const size_t inWidth = input_->variables().size();
  while (out.rows < ctx_.batchRows()) {
    for (size_t c = 0; c < inWidth; ++c) out.columns[c].push_back(inBatch_.columns[c][inRow_]);
    for (size_t c = inWidth; c < out.columns.size(); ++c) out.columns[c].push_back({});
    for (size_t a = 0; a < arms_.size(); ++a) {
      const Arm& arm = arms_[a];
      if (arm.outputColumn >= 0) out.columns[arm.outputColumn].back() = arm.matches[odometer_[a]];
    }
    ++out.rows;
    // Advance the odometer, the last arm fastest.
    size_t a = arms_.size();
    while (a > 0) {
      --a;
      if (++odometer_[a] < arms_[a].matches.size()) break;
      odometer_[a] = 0;
      if (a == 0) {
        emitting_ = false;
        return;
      }
    }
  }
}

bool PropertyJoin::produce(Batch& out) {
  while (out.rows < ctx_.batchRows()) {
    if (emitting_) {
      emit(out);
      if (emitting_) return true;  // the batch is full
      ++inRow_;
      continue;
    }
    if (inRow_ >= inBatch_.rows) {
      if (inputDone_ || !input_->next(inBatch_)) {
        inputDone_ = true;
        return out.rows > 0;
      }
      inRow_ = 0;
    }
    if (collect(inBatch_.columns[subjectColumn_][inRow_])) {
      std::fill(odometer_.begin(), odometer_.end(), 0);
      emitting_ = true;
    } else {
      ++inRow_;
    }
  }
  return true;
}

}  // namespace cairn::query
