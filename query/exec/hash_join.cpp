#include "query/exec/hash_join.h"

namespace cairn::query {

HashJoin::HashJoin(ExecContext& ctx, OperatorPtr probe, OperatorPtr build)
    : Operator(ctx, "HashJoin", joinedVariables(*probe, *build)),
      probe_(std::move(probe)),
      build_(std::move(build)),
      table_(ctx, "HashJoin", columnsOf(*build_, sharedVariables(*probe_, *build_))) {
  auto shared = sharedVariables(*probe_, *build_);
  probeKeys_ = columnsOf(*probe_, shared);
  for (const auto& v : build_->variables()) buildToOut_.push_back(column(v));
  key_.resize(shared.size());
  std::string keys;
  for (const auto& v : shared) keys += (keys.empty() ? "?" : " ?") + v;
  addDetail("algorithm", shared.empty() ? "cross product" : "hash");
  if (!shared.empty()) addDetail("keys", keys);
}

bool HashJoin::produce(Batch& out) {
  if (!built_) {
    table_.build(*build_);
    built_ = true;
    if (table_.size() == 0) return false;
  }
  const size_t probeWidth = probe_->variables().size();
  while (out.rows < ctx_.batchRows()) {
    if (!haveRow_) {
      if (probeRow_ >= probeBatch_.rows) {
        if (probeDone_ || !probe_->next(probeBatch_)) {
          probeDone_ = true;
          return false;
        }
        probeRow_ = 0;
      }
      for (size_t k = 0; k < probeKeys_.size(); ++k) {
        key_[k] = probeBatch_.columns[probeKeys_[k]][probeRow_];
      }
      table_.candidates(key_, candidates_);
      candidate_ = 0;
      haveRow_ = true;
    }
    for (; candidate_ < candidates_.size() && out.rows < ctx_.batchRows(); ++candidate_) {
      size_t b = candidates_[candidate_];
      if (!table_.compatible(b, key_)) continue;
      for (size_t c = 0; c < probeWidth; ++c) {
        out.columns[c].push_back(probeBatch_.columns[c][probeRow_]);
      }
      for (size_t c = probeWidth; c < out.columns.size(); ++c) out.columns[c].push_back({});
      const auto row = table_.row(b);
      for (size_t c = 0; c < row.size(); ++c) {
        ValueId& cell = out.columns[buildToOut_[c]].back();
        if (!cell.isBound()) cell = row[c];
      }
      ++out.rows;
    }
    if (candidate_ >= candidates_.size()) {
      haveRow_ = false;
      ++probeRow_;
    }
  }
  return true;
}

}  // namespace cairn::query
