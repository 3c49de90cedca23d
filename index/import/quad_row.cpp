#include "index/import/quad_row.h"

namespace cairn::index {

bool quadLess(Permutation perm, const QuadRow& a, const QuadRow& b) {
  switch (perm) {
    case Permutation::kSPOT: return QuadOrder<Permutation::kSPOT>{}(a, b);
    case Permutation::kPSOT: return QuadOrder<Permutation::kPSOT>{}(a, b);
    case Permutation::kPOST: return QuadOrder<Permutation::kPOST>{}(a, b);
    case Permutation::kOPST: return QuadOrder<Permutation::kOPST>{}(a, b);
  }
  return false;
}

}  // namespace cairn::index
