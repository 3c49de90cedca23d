#include "query/exec/trail_ends.h"

#include <algorithm>

#include "query/exec/expand.h"

namespace cairn::query {

TrailEnds::TrailEnds(ExecContext& ctx, OperatorPtr input,
                     const std::vector<const ExpandNode*>& chain)
    : Operator(ctx, "TrailEnds", {}), input_(std::move(input)) {
  std::vector<std::string> vars = input_->variables();
  fromColumn_ = input_->column(chain.front()->from);
  vars.push_back(chain.back()->to);
  setVariables(std::move(vars));
  rows_ = RowFanOut({static_cast<int>(variables().size()) - 1, -1});
  std::string pattern;
  for (size_t i = 0; i < chain.size(); ++i) {
    const ExpandNode* e = chain[i];
    hops_.push_back(Hop{e->direction, RelationshipReader(ctx, e->types)});
    pattern += pattern.empty() ? expandPatternText(*e) : " " + expandPatternText(*e);
    // Hops alike ((a)-[:Friend]->()-[:Friend]->...) share one read per node.
    size_t same = i;
    for (size_t j = 0; j < i; ++j) {
      if (chain[j]->direction == e->direction && chain[j]->types == e->types) {
        same = readOf_[j];
        break;
      }
    }
    readOf_.push_back(same);
  }
  read_.resize(hops_.size());
  adjacency_.resize(hops_.size());
  if (ctx.describesPlan()) {
    addDetail("chain", pattern);
    addDetail("emits", "each distinct end once per row (the consumer reads only distinct ends)");
    addDetail("access",
              "trails of the first hops walked, the last hop's relationships per node "
              "read once and handed out once");
  }
}

void TrailEnds::lastHop(ValueId node) {
  auto [it, fresh] = unused_.try_emplace(node.key);
  std::vector<RelationshipStep>& unused = it->second;
  if (fresh) unused = relationshipsOf(hops_.size() - 1, node);
  for (size_t i = 0; i < unused.size();) {
    if (std::find(used_.begin(), used_.end(), unused[i].identity) != used_.end()) {
      ++i;
      continue;
    }
    if (seen_.insert(unused[i].endNode)) {
      ends_.push_back(unused[i].end);
      charge(sizeof(ValueId) * 3);
      charged_ += sizeof(ValueId) * 3;
    }
    unused[i] = unused.back();
    unused.pop_back();
  }
}

const std::vector<RelationshipStep>& TrailEnds::relationshipsOf(size_t depth, ValueId node) {
  auto [it, fresh] = read_[readOf_[depth]].try_emplace(node.key);
  if (fresh) {
    hops_[depth].reader.read(node, hops_[depth].direction, it->second);
    const auto bytes = static_cast<int64_t>(it->second.size() * sizeof(RelationshipStep) + 96);
    charge(bytes);
    charged_ += bytes;
  }
  return it->second;
}

TrailEnds::Visited& TrailEnds::visit(size_t depth, ValueId node) {
  // Many trails pass one node at one depth: its relationships are read once per row.
  auto [it, fresh] = adjacency_[depth].try_emplace(node.key);
  if (fresh) it->second.steps = &relationshipsOf(depth, node);
  return it->second;
}

bool TrailEnds::spent(size_t depth, core::NodeId node) const {
  if (depth + 1 == hops_.size()) {
    auto it = unused_.find(node);
    return it != unused_.end() && it->second.empty();
  }
  auto it = adjacency_[depth].find(node);
  return it != adjacency_[depth].end() && it->second.spent;
}

void TrailEnds::walk(ValueId node, size_t depth) {
  if (depth + 1 == hops_.size()) {
    lastHop(node);
    return;
  }
  Visited& here = visit(depth, node);
  if (here.spent) return;
  if ((++trails_ & 1023) == 0) ctx_.checkLimits();
  // The map's entries stay put while deeper calls add other nodes (node-based map).
  for (const RelationshipStep& step : *here.steps) {
    if (std::find(used_.begin(), used_.end(), step.identity) != used_.end()) continue;
    used_.push_back(step.identity);
    walk(step.end, depth + 1);
    used_.pop_back();
  }
  // Spent when every way on leads to a spent node: whatever relationships a later trail
  // arrives with, it would emit nothing new.
  here.spent = std::all_of(here.steps->begin(), here.steps->end(),
                           [&](const RelationshipStep& s) { return spent(depth + 1, s.endNode); });
}

void TrailEnds::prefetch(ValueId from) {
  // The nodes each depth can reach by walks (a superset of those trails reach), level by
  // level; each level's relationships read together, in node order.
  std::vector<ValueId> level{from}, missing, next;
  std::vector<std::vector<RelationshipStep>> lists;
  NodeSet reached;
  for (size_t depth = 0; depth < hops_.size() && !level.empty(); ++depth) {
    auto& cache = read_[readOf_[depth]];
    missing.clear();
    for (const ValueId& n : level) {
      if (cache.count(n.key) == 0) missing.push_back(n);
    }
    std::sort(missing.begin(), missing.end());
    lists.clear();
    hops_[depth].reader.readMany(missing, hops_[depth].direction, lists);
    for (size_t i = 0; i < missing.size(); ++i) {
      const auto bytes = static_cast<int64_t>(lists[i].size() * sizeof(RelationshipStep) + 96);
      charge(bytes);
      charged_ += bytes;
      cache.emplace(missing[i].key, std::move(lists[i]));
    }
    ctx_.checkLimits();
    if (depth + 1 == hops_.size()) break;
    next.clear();
    reached.clear();
    for (const ValueId& n : level) {
      for (const RelationshipStep& step : cache.at(n.key)) {
        if (reached.insert(step.endNode)) next.push_back(step.end);
      }
    }
    level.swap(next);
  }
}

void TrailEnds::endsOf(ValueId from) {
  ends_.clear();
  seen_.clear();
  unused_.clear();
  for (auto& a : adjacency_) a.clear();
  for (auto& r : read_) r.clear();
  charge(-charged_);
  charged_ = 0;
  if (!core::isNode(from.type)) return;
  prefetch(from);
  walk(from, 0);
  // In id order, the properties the consumer reads of them continue one walk of the property's
  // PSOT range (query/graph/property_walk.h) rather than a seek each.
  std::sort(ends_.begin(), ends_.end());
  for (const ValueId& end : ends_) rows_.add(end);
}

void TrailEnds::restart() {
  input_->rewind();
  rows_.restart();
}

bool TrailEnds::produce(Batch& out) {
  return rows_.produce(*input_, ctx_.batchRows(), out, [&](const Batch& in, size_t row) {
    endsOf(fromColumn_ >= 0 ? in.columns[fromColumn_][row] : ValueId{});
  });
}

}  // namespace cairn::query
