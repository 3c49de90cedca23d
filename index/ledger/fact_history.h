#pragma once
// Every change ever made to the facts of one subject, across the three places a ledger keeps
// them: the index root's tree (each row was asserted at its t), the history segments (intervals
// that were asserted and later retracted) and the novelty overlay (changes since the root). What
// GET /ledgers/{name}/history?subject= lists.
//
// Thread-safety: reads one immutable snapshot.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/object_type.h"
#include "core/status.h"
#include "index/ledger/ledger.h"

namespace cairn::index {

struct FactChange {
  uint64_t t = 0;
  bool assert = true;              // false: retracted at t
  core::NodeId g = core::kNoNode;  // the graph
  IndexRow row;                    // s, p, ot, ok, i (row.t is the fact's t, as `t` above)
};

// The changes of the facts whose subject is `subject` (and predicate `predicate` when given) in
// `graph` (every graph when nullopt), ordered by t, then graph, then fact.
core::Result<std::vector<FactChange>> subjectHistory(const Ledger& ledger, core::NodeId subject,
                                                     std::optional<uint64_t> predicate,
                                                     std::optional<core::NodeId> graph);

}  // namespace cairn::index
