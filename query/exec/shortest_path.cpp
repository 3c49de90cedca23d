#include "query/exec/shortest_path.h"

#include <algorithm>

#include "core/error.h"
#include "query/exec/cypher_runtime.h"
#include "query/exec/expand.h"
#include "query/value/value.h"

namespace cairn::query {

namespace {

ExpandDirection reversed(ExpandDirection direction) {
  switch (direction) {
    case ExpandDirection::kOutgoing:
      return ExpandDirection::kIncoming;
    case ExpandDirection::kIncoming:
      return ExpandDirection::kOutgoing;
    default:
      return ExpandDirection::kBoth;
  }
}

}  // namespace

ShortestPath::ShortestPath(ExecContext& ctx, OperatorPtr input, const ExpandNode& node)
    : Operator(ctx, node.shortest == ShortestPaths::kAll ? "AllShortestPaths" : "ShortestPath", {}),
      input_(std::move(input)),
      runtime_(ctx.requireCypher("shortestPath")),
      node_(node),
      relationships_(ctx, node.types) {
  std::vector<std::string> vars = input_->variables();
  fromColumn_ = input_->column(node.from);
  toColumn_ = input_->column(node.to);
  if (fromColumn_ < 0 || toColumn_ < 0 || input_->column(node.relationship) >= 0) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "shortestPath needs both ends bound and its relationships free");
  }
  if (!node.relationship.empty()) {
    relationshipColumn_ = static_cast<int>(vars.size());
    vars.push_back(node.relationship);
  }
  for (const auto& other : node.distinctFrom) {
    const int c = input_->column(other);
    if (c >= 0) distinctColumns_.push_back(c);
  }
  setVariables(std::move(vars));
  rows_ = RowFanOut({relationshipColumn_, -1});
  forward_.direction = node.direction;
  backward_.direction = reversed(node.direction);
  if (ctx.describesPlan()) {
    addDetail("pattern", expandPatternText(node));
    addDetail("search", "bidirectional BFS per row, smaller frontier first");
  }
}

void ShortestPath::growLevel(Side& side, const Side& other, std::vector<core::NodeId>& meeting) {
  const uint32_t level = side.level + 1;
  std::vector<ValueId> next;
  for (const ValueId& node : side.frontier) {
    steps_.clear();
    relationships_.read(node, side.direction, steps_);
    ctx_.checkLimits();
    for (const RelationshipStep& step : steps_) {
      if (std::find(rowRelationships_.begin(), rowRelationships_.end(), step.identity) !=
          rowRelationships_.end()) {
        continue;
      }
      const auto [it, first] = side.depth.try_emplace(step.endNode, level);
      // A node reached before at a lower depth is no shortcut; reached at this depth again, it
      // is another way in, which only allShortestPaths keeps.
      if (!first && (it->second != level || node_.shortest == ShortestPaths::kOne)) continue;
      side.reachedBy[step.endNode].push_back(static_cast<uint32_t>(side.arcs.size()));
      side.arcs.push_back(Arc{step, node.key});
      if (!first) continue;
      next.push_back(step.end);
      if (other.depth.count(step.endNode) > 0) meeting.push_back(step.endNode);
    }
  }
  side.frontier = std::move(next);
  side.level = level;
  const auto bytes = static_cast<int64_t>(
      (forward_.depth.size() + backward_.depth.size()) * 64 +
      (forward_.arcs.size() + backward_.arcs.size()) * (sizeof(Arc) + 8) +
      (forward_.frontier.size() + backward_.frontier.size()) * sizeof(ValueId));
  charge(bytes - charged_);
  charged_ = bytes;
}

void ShortestPath::pathsTo(const Side& side, core::NodeId node, std::vector<uint32_t>& prefix,
                           std::vector<std::vector<uint32_t>>& out) {
  if (side.depth.at(node) == 0) {
    out.emplace_back(prefix.rbegin(), prefix.rend());
    return;
  }
  for (const uint32_t arc : side.reachedBy.at(node)) {
    prefix.push_back(arc);
    pathsTo(side, side.arcs[arc].from, prefix, out);
    prefix.pop_back();
    ctx_.checkLimits();
    if (node_.shortest == ShortestPaths::kOne && !out.empty()) return;
  }
}

ValueId ShortestPath::pathValue(const std::vector<uint32_t>& forward,
                                const std::vector<uint32_t>& backward) {
  value::Value::List rels;
  rels.reserve(forward.size() + backward.size());
  auto add = [&](const RelationshipStep& s) {
    rels.push_back(
        value::Value::relationship(value::Relationship{s.identity, s.start, s.object, s.type}));
  };
  for (const uint32_t arc : forward) add(forward_.arcs[arc].step);
  for (auto it = backward.rbegin(); it != backward.rend(); ++it) add(backward_.arcs[*it].step);
  return runtime_.toId(value::Value::list(std::move(rels)));
}

void ShortestPath::emitPaths(const std::vector<core::NodeId>& meeting) {
  // Every meeting node of the level lies on a shortest path (see the header); the minimum is
  // taken all the same, so a path is never longer than another one found.
  uint32_t shortest = UINT32_MAX;
  for (const core::NodeId m : meeting) {
    shortest = std::min(shortest, forward_.depth.at(m) + backward_.depth.at(m));
  }
  for (const core::NodeId m : meeting) {
    if (forward_.depth.at(m) + backward_.depth.at(m) != shortest) continue;
    std::vector<uint32_t> prefix;
    std::vector<std::vector<uint32_t>> toMeeting, fromMeeting;
    pathsTo(forward_, m, prefix, toMeeting);
    pathsTo(backward_, m, prefix, fromMeeting);
    for (const auto& f : toMeeting) {
      for (const auto& b : fromMeeting) {
        rows_.add(pathValue(f, b));
        if (node_.shortest == ShortestPaths::kOne) return;
        ctx_.checkLimits();
      }
    }
  }
}

void ShortestPath::releaseSearch() {
  for (Side* side : {&forward_, &backward_}) {
    side->depth.clear();
    side->reachedBy.clear();
    side->arcs.clear();
    side->frontier.clear();
    side->level = 0;
  }
  charge(-charged_);
  charged_ = 0;
}

void ShortestPath::searchRow(const Batch& in, size_t row) {
  const ValueId from = in.columns[fromColumn_][row];
  const ValueId to = in.columns[toColumn_][row];
  if (!core::isNode(from.type) || !core::isNode(to.type)) return;
  rowRelationships_.clear();
  for (int c : distinctColumns_) {
    appendRelationshipIdentities(runtime_, in.columns[c][row], rowRelationships_);
  }
  if (from == to) {
    if (node_.minHops == 0) rows_.add(runtime_.toId(value::Value::list({})));
    return;
  }
  forward_.depth.emplace(from.key, 0);
  forward_.frontier.push_back(from);
  backward_.depth.emplace(to.key, 0);
  backward_.frontier.push_back(to);
  std::vector<core::NodeId> meeting;
  while (!forward_.frontier.empty() && !backward_.frontier.empty()) {
    if (node_.maxHops && forward_.level + backward_.level >= *node_.maxHops) break;
    const bool growForward = forward_.frontier.size() <= backward_.frontier.size();
    growLevel(growForward ? forward_ : backward_, growForward ? backward_ : forward_, meeting);
    if (!meeting.empty()) {
      emitPaths(meeting);
      break;
    }
  }
  releaseSearch();
}

void ShortestPath::restart() {
  input_->rewind();
  rows_.restart();
}

bool ShortestPath::produce(Batch& out) {
  return rows_.produce(*input_, ctx_.batchRows(), out,
                       [&](const Batch& in, size_t row) { searchRow(in, row); });
}

}  // namespace cairn::query
