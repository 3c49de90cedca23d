#pragma once
// StarRunMerge: the number of solutions of a star on one subject variable r — arms `?r p ?x`
// (x a variable no other arm reads) or `?r p c` — with OPTIONAL arms of the same kind, counted
// by one k-way merge of the arms' subject runs, without a per-subject list in memory:
//
//   count = sum over subjects s of  prod over required arms of rows(s)
//                                   x prod over optional arms of max(1, rows(s))
//
// (an optional arm whose variable is COUNTed multiplies by rows(s) itself, as a required one).
// Each arm is read in subject order, its subject column only: PSOT for `?r p ?x`, POST with the
// object fixed for `?r p c`. The required arms leapfrog one another to the subjects they all
// have; the optional ones are advanced to each such subject. FactorizedCount uses it at a root
// whose arms are all such leaves (`?u :id ?i . ?u :age ?a . ?u :gender ?g`, or COUNT over
// `?u :id ?i OPTIONAL { ?u :email ?e }`), where it would otherwise build and intersect one
// list of (subject, count) per arm.

#include <cstdint>
#include <optional>
#include <vector>

#include "query/exec/exec_context.h"

namespace cairn::query {

struct StarArm {
  uint64_t predicate = 0;
  std::optional<ValueId> object;  // a constant object, or none: any
  bool optional = false;          // counts as max(1, rows) per subject
  bool impossible = false;        // a constant the store never saw: no rows
};

// The count over `arms` (at least one required) in `graph`; nullopt when a product or the sum
// passes 2^64. Checks the query's limits once per batch read.
std::optional<uint64_t> countStar(ExecContext& ctx, core::NodeId graph,
                                  const std::vector<StarArm>& arms);

}  // namespace cairn::query
