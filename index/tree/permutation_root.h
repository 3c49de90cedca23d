#pragma once
// PermutationRoot: how an index root names one permutation tree. The tree itself is immutable
// content-addressed blobs; this small value is all that a new root needs to record.

#include <cstdint>

#include "storage/content_id.h"

namespace cairn::index {

struct PermutationRoot {
  storage::ContentId root;  // null for an empty permutation
  uint32_t height = 0;      // 0 = root is a leaf; h > 0 = root is a branch of level h
  uint64_t rows = 0;

  bool empty() const { return root.isNull(); }
  bool operator==(const PermutationRoot&) const = default;
};

}  // namespace cairn::index
