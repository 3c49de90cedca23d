#include "query/exec/property_path.h"

namespace cairn::query {

namespace {
std::vector<std::string> pathVariables(const Operator* input, const PatternTerm& s,
                                       const PatternTerm& o) {
  std::vector<std::string> out;
  if (input) out = input->variables();
  auto add = [&](const PatternTerm& t) {
    if (!t.isVariable) return;
    for (const auto& v : out) {
      if (v == t.variable) return;
    }
    out.push_back(t.variable);
  };
  add(s);
  add(o);
  return out;
}
}  // namespace

PropertyPathScan::PropertyPathScan(ExecContext& ctx, OperatorPtr input, const PatternTerm& subject,
                                   const PropertyPath& path, const PatternTerm& object,
                                   const GraphScope& scope)
    : Operator(ctx, "PropertyPath", pathVariables(input.get(), subject, object)),
      input_(std::move(input)),
      subject_(subject),
      object_(object),
      path_(path),
      evaluator_(ctx, scope, "PropertyPath") {
  // Constants get ids even when the store lacks them: a zero-length path still relates them.
  if (!subject_.isVariable) subjectConst_ = ctx.terms().encode(subject_.term);
  if (!object_.isVariable) objectConst_ = ctx.terms().encode(object_.term);
  std::vector<ValueId> queryTerms;
  if (subjectConst_) queryTerms.push_back(*subjectConst_);
  if (objectConst_) queryTerms.push_back(*objectConst_);
  evaluator_.setQueryTerms(std::move(queryTerms));
  if (subject_.isVariable) {
    subjectOut_ = column(subject_.variable);
    if (input_) subjectIn_ = input_->column(subject_.variable);
  }
  if (object_.isVariable) {
    objectOut_ = column(object_.variable);
    if (input_) objectIn_ = input_->column(object_.variable);
  }
  addDetail("path", toString(subject_) + " " + toString(path_) + " " + toString(object_));
  if (input_) addDetail("algorithm", "bind (per input row)");
  if (PathEvaluator::isClosure(path_)) {
    addDetail("closure", "breadth-first from a fixed end, streamed (else in memory)");
  }
}

void PropertyPathScan::evaluate() {
  std::optional<ValueId> from = subjectConst_, to = objectConst_;
  if (input_) {
    if (subjectIn_ >= 0 && in_.columns[subjectIn_][inRow_].isBound()) {
      from = in_.columns[subjectIn_][inRow_];
    }
    if (objectIn_ >= 0 && in_.columns[objectIn_][inRow_].isBound()) {
      to = in_.columns[objectIn_][inRow_];
    }
  }
  const bool sameVariable =
      subject_.isVariable && object_.isVariable && subject_.variable == object_.variable;
  if (sameVariable && from && !to) to = from;
  if (sameVariable && to && !from) from = to;
  pairs_.clear();
  pair_ = 0;
  walk_.reset();
  if (PathEvaluator::isClosure(path_) && from.has_value() != to.has_value()) {
    walk_.emplace(evaluator_.startWalk(path_, from ? *from : *to, from.has_value()));
    walkEnds_.clear();
    walkEnd_ = 0;
    return;
  }
  pairs_ = evaluator_.pairs(path_, from, to);
  if (sameVariable) {
    std::erase_if(pairs_, [](const IdPair& p) { return p.first != p.second; });
  }
}

bool PropertyPathScan::nextPair(IdPair& pair) {
  if (walk_) {
    while (walkEnd_ >= walkEnds_.size()) {
      if (walk_->done) return false;
      walkEnds_.clear();
      walkEnd_ = 0;
      evaluator_.advance(*walk_, ctx_.batchRows(), walkEnds_);
    }
    const ValueId end = walkEnds_[walkEnd_++];
    pair = walk_->forward ? IdPair{walk_->start, end} : IdPair{end, walk_->start};
    return true;
  }
  if (pair_ >= pairs_.size()) return false;
  pair = pairs_[pair_++];
  return true;
}

bool PropertyPathScan::produce(Batch& out) {
  while (out.rows < ctx_.batchRows()) {
    IdPair p;
    if (!nextPair(p)) {
      if (!input_) {
        if (started_) return false;
        started_ = true;
        evaluate();
        continue;
      }
      if (started_) ++inRow_;
      started_ = true;
      if (inRow_ >= in_.rows) {
        if (inputDone_ || !input_->next(in_)) {
          inputDone_ = true;
          return false;
        }
        inRow_ = 0;
      }
      evaluate();
      continue;
    }
    if (input_) {
      for (size_t c = 0; c < in_.columns.size(); ++c) {
        out.columns[c].push_back(in_.columns[c][inRow_]);
      }
    }
    for (size_t c = input_ ? in_.columns.size() : 0; c < out.columns.size(); ++c) {
      out.columns[c].push_back({});
    }
    if (subjectOut_ >= 0) out.columns[subjectOut_].back() = p.first;
    if (objectOut_ >= 0) out.columns[objectOut_].back() = p.second;
    ++out.rows;
  }
  return true;
}

}  // namespace cairn::query
