#pragma once
// NodeSet: a set of node ids (never core::kNoNode, which marks an empty slot) in one flat,
// open-addressed table — for traversals that test and insert a node per relationship read, where
// a node-based std::unordered_set's allocation and pointer chase per entry dominate.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/object_type.h"

namespace cairn::query {

class NodeSet {
 public:
  // Inserts `node`; false when it was there already.
  bool insert(core::NodeId node) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    const size_t mask = slots_.size() - 1;
    for (size_t i = slotOf(node, mask);; i = (i + 1) & mask) {
      if (slots_[i] == node) return false;
      if (slots_[i] == core::kNoNode) {
        slots_[i] = node;
        ++size_;
        return true;
      }
    }
  }
  void clear() {
    if (size_ == 0) return;
    std::fill(slots_.begin(), slots_.end(), core::kNoNode);
    size_ = 0;
  }
  size_t size() const { return size_; }
  size_t bytes() const { return slots_.size() * sizeof(core::NodeId); }

 private:
  static size_t slotOf(core::NodeId node, size_t mask) {
    return static_cast<size_t>((node * 0x9E3779B97F4A7C15ULL) >> 32) & mask;
  }
  void grow() {
    std::vector<core::NodeId> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, core::kNoNode);
    size_ = 0;
    for (core::NodeId n : old) {
      if (n != core::kNoNode) insert(n);
    }
  }

  std::vector<core::NodeId> slots_;
  size_t size_ = 0;
};

}  // namespace cairn::query
