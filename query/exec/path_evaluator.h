#pragma once
// PathEvaluator: the (start, end) pairs of a property path over a graph scope, on ids (§18.4
// evaluation of property path expressions). Links, inverses, sequences and alternatives keep
// multiplicities; the closures (*, +, ?) return distinct pairs. Closures walk a frontier
// breadth-first from a fixed end (index lookups per frontier node, cycles cut by a visited set),
// or over an in-memory adjacency of the step when both ends are free. Zero-length paths relate a
// fixed term to itself even when no triple mentions it, and with both ends free relate every
// subject and object of the scope to itself.

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "query/algebra/term_pattern.h"
#include "query/exec/exec_context.h"
#include "query/exec/value_id.h"

namespace cairn::query {

using IdPair = std::pair<ValueId, ValueId>;

class PathEvaluator {
 public:
  PathEvaluator(ExecContext& ctx, GraphScope scope, std::string owner)
      : ctx_(ctx), scope_(std::move(scope)), owner_(std::move(owner)) {}
  ~PathEvaluator();

  // Pairs of `path` with the start fixed to `from` and/or the end fixed to `to` when given.
  std::vector<IdPair> pairs(const PropertyPath& path, std::optional<ValueId> from,
                            std::optional<ValueId> to);
  // A breadth-first walk of a closure (*, +, ?) from one fixed end that hands out the nodes it
  // reaches a batch at a time, so a LIMIT above stops it without the whole closure: the same
  // nodes as pairs() with that end fixed, in the order the walk reaches them.
  struct Walk {
    const PropertyPath* step = nullptr;  // the closure's operand (owned by the caller's path)
    ValueId start;
    bool forward = true;        // start is the path's subject (else its object)
    bool many = true;           // * and +, not ?
    bool startPending = false;  // a zero-length path: the start itself comes first
    std::unordered_set<ValueId, ValueIdHash> visited;
    std::vector<ValueId> frontier;
    std::vector<ValueId> next;
    size_t position = 0;  // the frontier node to expand next
    bool done = false;
  };
  static bool isClosure(const PropertyPath& path);
  // A walk of the closure `path` from `start` (the subject when forward, else the object).
  Walk startWalk(const PropertyPath& path, ValueId start, bool forward);
  // Appends the nodes the walk reaches next (about `max`; one expansion may add more) to
  // `ends`. False once the walk is over (nothing more will come).
  bool advance(Walk& walk, size_t max, std::vector<ValueId>& ends);

  // Whether `node` is the subject or object of some triple in scope.
  bool inGraph(ValueId node);
  // The terms written in the query at the path's ends. A zero-length path relates such a term
  // to itself even when no triple mentions it; a value that came from a variable (bind mode)
  // must be a node of the graph, as the variable ranges over graph nodes (§18.4).
  void setQueryTerms(std::vector<ValueId> terms) { queryTerms_ = std::move(terms); }

 private:
  std::vector<IdPair> link(std::optional<ValueId> predicate, std::optional<ValueId> from,
                           std::optional<ValueId> to);
  std::vector<IdPair> sequence(const PropertyPath& path, std::optional<ValueId> from,
                               std::optional<ValueId> to);
  std::vector<IdPair> negated(const PropertyPath& path, std::optional<ValueId> from,
                              std::optional<ValueId> to);
  std::vector<IdPair> closure(const PropertyPath& path, bool zero, bool many,
                              std::optional<ValueId> from, std::optional<ValueId> to);
  // A walk over `step` from `start`; `zero`: the start relates to itself; `many`: * and +.
  Walk startWalk(const PropertyPath& step, bool zero, bool many, ValueId start, bool forward);
  std::vector<ValueId> allNodes();
  void account(size_t pairs);
  bool zeroLengthAllowed(ValueId node);

  ExecContext& ctx_;
  GraphScope scope_;
  std::string owner_;
  int64_t charged_ = 0;
  std::vector<ValueId> queryTerms_;
  std::unordered_map<ValueId, bool, ValueIdHash> inGraph_;
};

}  // namespace cairn::query
