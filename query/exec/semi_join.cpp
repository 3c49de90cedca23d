#include "query/exec/semi_join.h"

namespace cairn::query {

SemiJoin::SemiJoin(ExecContext& ctx, OperatorPtr input, OperatorPtr pattern, bool anti)
    : Operator(ctx, anti ? "AntiJoin" : "SemiJoin", input->variables()),
      input_(std::move(input)),
      pattern_(std::move(pattern)),
      anti_(anti),
      table_(ctx, anti ? "AntiJoin" : "SemiJoin",
             columnsOf(*pattern_, sharedVariables(*input_, *pattern_))) {
  inputKeys_ = columnsOf(*input_, sharedVariables(*input_, *pattern_));
  addDetail("algorithm", "hash");
}

bool SemiJoin::produce(Batch& out) {
  if (!built_) {
    table_.build(*pattern_);
    built_ = true;
  }
  if (!input_->next(in_)) return false;
  ValueRow key(inputKeys_.size());
  for (size_t r = 0; r < in_.rows; ++r) {
    for (size_t k = 0; k < inputKeys_.size(); ++k) key[k] = in_.columns[inputKeys_[k]][r];
    table_.candidates(key, candidates_);
    bool found = false;
    for (size_t b : candidates_) {
      if (table_.compatible(b, key)) {
        found = true;
        break;
      }
    }
    if (found != anti_) out.appendFrom(in_, r);
  }
  return true;
}

}  // namespace cairn::query
