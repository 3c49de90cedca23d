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
// have; the optional ones are advanced to each such subject. Arms with r as their object
// (`?x p ?r` from POST, `c p ?r` from SPOT, the object key column only) join them when some
// required arm has r as its subject: r is then a node, and the merge runs once over IRIs and
// once over blank nodes, where subject ids and object keys sort alike. FactorizedCount uses it at a
// root whose arms are all such leaves (`?u :id ?i . ?u :age ?a . ?u :gender ?g`, or COUNT over
// `?u :id ?i OPTIONAL { ?u :email ?e }`), where it would otherwise build and intersect one
// list of (subject, count) per arm.

#include <cstdint>
#include <optional>
#include <vector>

#include "query/exec/exec_context.h"

namespace cairn::query {

struct StarArm {
  uint64_t predicate = 0;
  // The root is the arm's object (`?x p ?r`, `c p ?r`) rather than its subject.
  bool rootIsObject = false;
  std::optional<ValueId> object;   // root as subject: a constant object, or none (any)
  std::optional<ValueId> subject;  // root as object: a constant subject, or none (any)
  bool optional = false;           // counts as max(1, rows) per root value
  bool impossible = false;         // a constant the store never saw: no rows
};

// The count over `arms` (at least one required, and one required with r as its subject when
// any has r as its object) in `graph`; nullopt when a product or the sum passes 2^64. Checks
// the query's limits once per batch read.
std::optional<uint64_t> countStar(ExecContext& ctx, core::NodeId graph,
                                  const std::vector<StarArm>& arms);

}  // namespace cairn::query
