#include "query/exec/operator.h"

#include "core/check.h"

namespace cairn::query {

Operator::Operator(ExecContext& ctx, std::string name, std::vector<std::string> variables)
    : ctx_(ctx), name_(std::move(name)), variables_(std::move(variables)) {}

Operator::~Operator() {
  if (draft_ != nullptr && draft_->prototype == this) draft_->prototype = nullptr;
  // Retained state goes away with the operator.
  if (retained_ > 0) ctx_.charge(-static_cast<int64_t>(retained_), name_);
}

int Operator::column(std::string_view variable) const {
  for (size_t i = 0; i < variables_.size(); ++i) {
    if (variables_[i] == variable) return static_cast<int>(i);
  }
  return -1;
}

bool Operator::next(Batch& out) {
  out.reset(variables_.size());
  if (done_) return false;
  const bool timed = ctx_.analyze();
  auto start = timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
  bool more = true;
  while (true) {
    ctx_.checkLimits();
    more = produce(out);
    if (!more || out.rows > 0) break;
    out.reset(variables_.size());
  }
  if (!more) done_ = true;  // a last batch may come with the end
  if (timed) {
    actual_.seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  if (out.rows == 0) return false;
  actual_.rows += out.rows;
  actual_.batches += 1;
  return true;
}

void Operator::rewind() {
  CAIRN_CHECK(canRestart(), "rewind() of an operator that cannot restart");
  restart();
  done_ = false;
}

bool Operator::rewindable() const {
  if (!canRestart()) return false;
  for (const Operator* input : inputs()) {
    if (!input->rewindable()) return false;
  }
  return true;
}

void Operator::charge(int64_t bytes) {
  if (bytes < 0 && static_cast<uint64_t>(-bytes) > retained_)
    bytes = -static_cast<int64_t>(retained_);
  retained_ += bytes;
  if (retained_ > actual_.peakBytes) actual_.peakBytes = retained_;
  ctx_.charge(bytes, name_);
}

void Operator::setDraft(std::shared_ptr<PlanDraft> draft) {
  draft_ = std::move(draft);
  draft_->prototype = this;
}

void Operator::adoptPlan(const PlanNode& node) {
  planned_ = &node;
  details_.clear();
  estimatedRows_ = node.estimatedRows;
}

PlanInfo Operator::planInfo() const {
  PlanInfo info;
  info.op = name_;
  if (planned_ != nullptr) {
    info.details = planned_->details;
    info.details.insert(info.details.end(), details_.begin(), details_.end());
  } else {
    info.details = details_;
  }
  info.estimatedRows = estimatedRows_;
  if (ctx_.analyze()) info.actual = actual_;
  for (const Operator* input : inputs()) info.children.push_back(input->planInfo());
  return info;
}

}  // namespace cairn::query
