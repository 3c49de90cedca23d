#include "query/exec/path_evaluator.h"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "query/exec/triple_source.h"

namespace cairn::query {

namespace {
using Kind = PropertyPath::Kind;

std::vector<IdPair> swapped(std::vector<IdPair> in) {
  for (auto& p : in) std::swap(p.first, p.second);
  return in;
}

}  // namespace

PathEvaluator::~PathEvaluator() {
  if (charged_ > 0) ctx_.charge(-charged_, owner_);
}

void PathEvaluator::account(size_t pairs) {
  int64_t bytes = static_cast<int64_t>(pairs * (2 * sizeof(ValueId) + 16));
  charged_ += bytes;
  ctx_.charge(bytes, owner_);
}

std::vector<IdPair> PathEvaluator::link(std::optional<ValueId> predicate,
                                        std::optional<ValueId> from, std::optional<ValueId> to) {
  std::vector<IdPair> out;
  if (!predicate) return out;
  TripleSource(ctx_, scope_, TripleAccess{from, predicate, to, false}, owner_)
      .forEachRow(
          [&](ValueId s, ValueId, ValueId o) { out.emplace_back(from ? *from : s, to ? *to : o); });
  account(out.size());
  return out;
}

std::vector<IdPair> PathEvaluator::pairs(const PropertyPath& path, std::optional<ValueId> from,
                                         std::optional<ValueId> to) {
  switch (path.kind) {
    case Kind::kLink:
      return link(ctx_.terms().findStored(path.iri), from, to);
    case Kind::kInverse:
      return swapped(pairs(path.children.at(0), to, from));
    case Kind::kSequence:
      return sequence(path, from, to);
    case Kind::kAlternative: {
      std::vector<IdPair> out;
      for (const auto& child : path.children) {
        auto part = pairs(child, from, to);
        out.insert(out.end(), part.begin(), part.end());
      }
      return out;
    }
    case Kind::kNegatedSet:
      return negated(path, from, to);
    case Kind::kZeroOrMore:
      return closure(path.children.at(0), true, true, from, to);
    case Kind::kOneOrMore:
      return closure(path.children.at(0), false, true, from, to);
    case Kind::kZeroOrOne:
      return closure(path.children.at(0), true, false, from, to);
  }
  return {};
}

std::vector<IdPair> PathEvaluator::sequence(const PropertyPath& path, std::optional<ValueId> from,
                                            std::optional<ValueId> to) {
  const auto& steps = path.children;
  if (steps.empty()) return {};
  if (steps.size() == 1) return pairs(steps[0], from, to);
  // Walk from the fixed end when only the end is fixed; otherwise from the start.
  const bool backward = !from && to;
  std::vector<IdPair> acc;  // (fixed-side start, current frontier node)
  if (!backward) {
    acc = pairs(steps[0], from, std::nullopt);
  } else {
    acc = swapped(pairs(steps.back(), std::nullopt, to));
  }
  for (size_t i = 1; i < steps.size(); ++i) {
    const bool last = i + 1 == steps.size();
    const PropertyPath& step = backward ? steps[steps.size() - 1 - i] : steps[i];
    std::unordered_map<ValueId, std::vector<ValueId>, ValueIdHash> next;
    std::vector<IdPair> joined;
    for (const auto& [start, middle] : acc) {
      auto it = next.find(middle);
      if (it == next.end()) {
        std::vector<ValueId> ends;
        std::optional<ValueId> bound = last ? (backward ? from : to) : std::nullopt;
        auto stepPairs =
            backward ? swapped(pairs(step, bound, middle)) : pairs(step, middle, bound);
        for (const auto& p : stepPairs) ends.push_back(p.second);
        it = next.emplace(middle, std::move(ends)).first;
      }
      for (const ValueId& end : it->second) joined.emplace_back(start, end);
    }
    account(joined.size());
    acc = std::move(joined);
  }
  return backward ? swapped(std::move(acc)) : acc;
}

std::vector<IdPair> PathEvaluator::negated(const PropertyPath& path, std::optional<ValueId> from,
                                           std::optional<ValueId> to) {
  std::vector<IdPair> out;
  auto excluded = [&](const std::vector<core::Term>& iris) {
    std::unordered_set<ValueId, ValueIdHash> ids;
    for (const auto& iri : iris) {
      if (auto id = ctx_.terms().findStored(iri)) ids.insert(*id);
    }
    return ids;
  };
  auto scan = [&](std::optional<ValueId> s, std::optional<ValueId> o,
                  const std::unordered_set<ValueId, ValueIdHash>& skip, bool inverse) {
    TripleSource(ctx_, scope_, TripleAccess{s, std::nullopt, o, false}, owner_)
        .forEachRow([&](ValueId sv, ValueId pv, ValueId ov) {
          if (skip.count(pv)) return;
          ValueId a = s ? *s : sv, b = o ? *o : ov;
          if (inverse) std::swap(a, b);
          out.emplace_back(a, b);
        });
  };
  // !(a|b) is the forward part; !(^c) the inverse part; a set with both has both (§18.4 NPS).
  if (!path.iris.empty() || path.inverseIris.empty()) scan(from, to, excluded(path.iris), false);
  if (!path.inverseIris.empty()) scan(to, from, excluded(path.inverseIris), true);
  account(out.size());
  return out;
}

bool PathEvaluator::isClosure(const PropertyPath& path) {
  return path.kind == Kind::kZeroOrMore || path.kind == Kind::kOneOrMore ||
         path.kind == Kind::kZeroOrOne;
}

PathEvaluator::Walk PathEvaluator::startWalk(const PropertyPath& path, ValueId start,
                                             bool forward) {
  return startWalk(path.children.at(0), path.kind != Kind::kOneOrMore,
                   path.kind != Kind::kZeroOrOne, start, forward);
}

PathEvaluator::Walk PathEvaluator::startWalk(const PropertyPath& step, bool zero, bool many,
                                             ValueId start, bool forward) {
  Walk walk;
  walk.step = &step;
  walk.start = start;
  walk.forward = forward;
  walk.many = many;
  walk.frontier.push_back(start);
  // The start relates to itself when the path may be empty and the start is a node of the
  // graph or written in the query. Marked visited, a cycle back to it adds nothing.
  if (zero && zeroLengthAllowed(start)) {
    walk.startPending = true;
    walk.visited.insert(start);
  }
  return walk;
}

bool PathEvaluator::advance(Walk& walk, size_t max, std::vector<ValueId>& ends) {
  const size_t first = ends.size();
  while (!walk.done && ends.size() - first < max) {
    if (walk.startPending) {
      walk.startPending = false;
      ends.push_back(walk.start);
      continue;
    }
    if (walk.position >= walk.frontier.size()) {
      // A level is done: account for it, then go on with the nodes it reached.
      account(walk.next.size());
      ctx_.checkLimits();
      if (walk.next.empty() || !walk.many) {
        walk.done = true;
        break;
      }
      walk.frontier.swap(walk.next);
      walk.next.clear();
      walk.position = 0;
      continue;
    }
    const ValueId node = walk.frontier[walk.position++];
    const auto stepPairs = walk.forward ? pairs(*walk.step, node, std::nullopt)
                                        : swapped(pairs(*walk.step, std::nullopt, node));
    for (const auto& p : stepPairs) {
      if (walk.visited.insert(p.second).second) {
        ends.push_back(p.second);
        walk.next.push_back(p.second);
      }
    }
  }
  return !walk.done;
}

bool PathEvaluator::zeroLengthAllowed(ValueId node) {
  if (std::find(queryTerms_.begin(), queryTerms_.end(), node) != queryTerms_.end()) return true;
  auto it = inGraph_.find(node);
  if (it == inGraph_.end()) it = inGraph_.emplace(node, inGraph(node)).first;
  return it->second;
}

bool PathEvaluator::inGraph(ValueId node) {
  for (bool asSubject : {true, false}) {
    TripleAccess access;
    (asSubject ? access.s : access.o) = node;
    TripleSource source(ctx_, scope_, access, owner_);
    std::vector<ValueId> s, p, o;
    size_t n = 0;
    source.next(s, p, o, 1, n);
    if (n > 0) return true;
  }
  return false;
}

std::vector<ValueId> PathEvaluator::allNodes() {
  std::unordered_set<ValueId, ValueIdHash> seen;
  std::vector<ValueId> out;
  TripleSource(ctx_, scope_, TripleAccess{}, owner_).forEachRow([&](ValueId s, ValueId, ValueId o) {
    if (seen.insert(s).second) out.push_back(s);
    if (seen.insert(o).second) out.push_back(o);
  });
  account(out.size());
  return out;
}

std::vector<IdPair> PathEvaluator::closure(const PropertyPath& step, bool zero, bool many,
                                           std::optional<ValueId> from, std::optional<ValueId> to) {
  std::vector<IdPair> out;
  auto fromStart = [&](ValueId start, bool forward) {
    Walk walk = startWalk(step, zero, many, start, forward);
    std::vector<ValueId> ends;
    while (advance(walk, std::numeric_limits<size_t>::max(), ends)) {
    }
    return ends;
  };
  if (from) {
    for (const ValueId& end : fromStart(*from, true)) {
      if (!to || end == *to) out.emplace_back(*from, end);
    }
  } else if (to) {
    for (const ValueId& start : fromStart(*to, false)) out.emplace_back(start, *to);
  } else {
    // Both ends free: the step's pairs once, then a walk per start node in memory.
    std::unordered_map<ValueId, std::vector<ValueId>, ValueIdHash> adjacency;
    std::vector<ValueId> starts;
    for (const auto& [a, b] : pairs(step, std::nullopt, std::nullopt)) {
      auto [it, fresh] = adjacency.try_emplace(a);
      if (fresh) starts.push_back(a);
      it->second.push_back(b);
    }
    if (zero) starts = allNodes();
    for (const ValueId& start : starts) {
      std::unordered_set<ValueId, ValueIdHash> visited;
      std::vector<ValueId> frontier{start};
      if (zero) {
        visited.insert(start);
        out.emplace_back(start, start);
      }
      while (!frontier.empty()) {
        std::vector<ValueId> next;
        for (const ValueId& node : frontier) {
          auto it = adjacency.find(node);
          if (it == adjacency.end()) continue;
          for (const ValueId& b : it->second) {
            if (visited.insert(b).second) {
              out.emplace_back(start, b);
              next.push_back(b);
            }
          }
        }
        if (!many) break;
        frontier = std::move(next);
      }
      ctx_.checkLimits();
    }
  }
  account(out.size());
  return out;
}

}  // namespace cairn::query
