#include "query/exec/named_graphs.h"

namespace cairn::query {

NamedGraphs::NamedGraphs(ExecContext& ctx, std::string graphVariable,
                         std::vector<core::NodeId> graphs, ChildFactory factory)
    : Operator(ctx, "NamedGraphs", {}),
      graphVariable_(std::move(graphVariable)),
      graphs_(std::move(graphs)),
      factory_(std::move(factory)) {
  // The first graph's plan gives the columns (every graph's plan has the same variables).
  child_ = factory_(ctx_, GraphScope{{graphs_.empty() ? core::kNoNode : graphs_[0]}});
  std::vector<std::string> vars = child_->variables();
  childGraphColumn_ = child_->column(graphVariable_);
  if (childGraphColumn_ < 0) vars.push_back(graphVariable_);
  setVariables(vars);
  graphColumn_ = column(graphVariable_);
  for (const auto& v : variables()) map_.push_back(child_->column(v));
  addDetail("graph", "?" + graphVariable_);
  addDetail("graphs", std::to_string(graphs_.size()));
  current_ = graphs_.empty() ? 0 : 1;
}

bool NamedGraphs::produce(Batch& out) {
  if (graphs_.empty()) return false;
  if (!child_->next(in_)) {
    if (current_ >= graphs_.size()) return false;
    child_ = factory_(ctx_, GraphScope{{graphs_[current_++]}});
    // Plans for different graphs may order their columns differently: map by name again.
    childGraphColumn_ = child_->column(graphVariable_);
    for (size_t c = 0; c < map_.size(); ++c) map_[c] = child_->column(variables()[c]);
    return true;
  }
  const ValueId g = ValueId::node(graphs_[current_ - 1]);
  for (size_t r = 0; r < in_.rows; ++r) {
    if (childGraphColumn_ >= 0) {
      ValueId v = in_.columns[childGraphColumn_][r];
      if (v.isBound() && v != g) continue;
    }
    for (size_t c = 0; c < map_.size(); ++c) {
      out.columns[c].push_back(map_[c] >= 0 ? in_.columns[map_[c]][r] : ValueId{});
    }
    out.columns[graphColumn_].back() = g;
    ++out.rows;
  }
  return true;
}

}  // namespace cairn::query
