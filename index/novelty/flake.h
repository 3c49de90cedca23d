#pragma once
// Flake: one change to one fact — an assert or a retract of (g, s, p, o, i) at commit t. Commits
// are lists of flakes; the novelty overlay and the history sidecar store them.

#include <cstdint>

#include "core/object_type.h"
#include "index/permutation.h"

namespace cairn::index {

struct Flake {
  core::NodeId g = core::kNoNode;  // kNoNode = the default graph
  IndexRow row;                    // s, p, ot, ok, i and t (the commit that made this change)
  bool assert = true;              // false: the fact was retracted at row.t

  bool operator==(const Flake&) const = default;
};

}  // namespace cairn::index
