#include "index/import/quad_row.h"

namespace cairn::index {

bool quadLess(Permutation perm, const QuadRow& a, const QuadRow& b) {
  if (a.g != b.g) return a.g < b.g;
  switch (perm) {
    case Permutation::kSPOT:
      if (a.s != b.s) return a.s < b.s;
      if (a.p != b.p) return a.p < b.p;
      if (a.ot != b.ot) return a.ot < b.ot;
      return a.ok < b.ok;
    case Permutation::kPSOT:
      if (a.p != b.p) return a.p < b.p;
      if (a.s != b.s) return a.s < b.s;
      if (a.ot != b.ot) return a.ot < b.ot;
      return a.ok < b.ok;
    case Permutation::kPOST:
      if (a.p != b.p) return a.p < b.p;
      if (a.ot != b.ot) return a.ot < b.ot;
      if (a.ok != b.ok) return a.ok < b.ok;
      return a.s < b.s;
    case Permutation::kOPST:
      if (a.ot != b.ot) return a.ot < b.ot;
      if (a.ok != b.ok) return a.ok < b.ok;
      if (a.p != b.p) return a.p < b.p;
      return a.s < b.s;
  }
  return false;
}

}  // namespace cairn::index
