#pragma once
// QuadRow: one statement as the importer carries it between phases. Before remapping, the
// dictionary-backed fields hold batch-local ids (see ImportBatch); afterwards, ledger ids.
// `g` is kNoNode for the default graph.

#include <cstdint>
#include <tuple>

#include "core/object_type.h"
#include "index/permutation.h"

namespace cairn::index {

struct QuadRow {
  uint64_t g = 0;
  uint64_t s = 0;
  uint64_t p = 0;
  uint64_t ok = 0;
  core::ObjectType ot = 0;

  bool operator==(const QuadRow&) const = default;
  IndexRow toIndexRow(uint64_t t) const { return IndexRow{s, p, ok, 0, t, ot}; }
};

// Order of quads in permutation P: graph first, then the permutation key. A template so sorts
// get a comparator without a switch in their inner loop.
template <Permutation P>
struct QuadOrder {
  bool operator()(const QuadRow& a, const QuadRow& b) const {
    if constexpr (P == Permutation::kSPOT) {
      return std::tie(a.g, a.s, a.p, a.ot, a.ok) < std::tie(b.g, b.s, b.p, b.ot, b.ok);
    } else if constexpr (P == Permutation::kPSOT) {
      return std::tie(a.g, a.p, a.s, a.ot, a.ok) < std::tie(b.g, b.p, b.s, b.ot, b.ok);
    } else if constexpr (P == Permutation::kPOST) {
      return std::tie(a.g, a.p, a.ot, a.ok, a.s) < std::tie(b.g, b.p, b.ot, b.ok, b.s);
    } else {
      return std::tie(a.g, a.ot, a.ok, a.p, a.s) < std::tie(b.g, b.ot, b.ok, b.p, b.s);
    }
  }
};

bool quadLess(Permutation perm, const QuadRow& a, const QuadRow& b);

// Which fields of a quad refer to the IRI dictionary / the string dictionary.
inline bool subjectIsIri(const QuadRow& q) { return !core::isBlankNode(q.s); }
inline bool graphIsIri(const QuadRow& q) { return q.g != core::kNoNode && !core::isBlankNode(q.g); }
inline bool objectIsIri(const QuadRow& q) { return q.ot == core::otype::kIri; }
inline bool objectIsString(const QuadRow& q) { return core::keyIsString(q.ot); }

}  // namespace cairn::index
