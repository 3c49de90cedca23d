#pragma once
// StringInterner: the importer's per-batch vocabulary. Maps each distinct string to a dense local
// id (0, 1, 2, ... in first-seen order), storing the bytes once in an arena. Open addressing with
// the full hash kept beside each slot, so most probes never touch the string bytes.
//
// Thread-compatible: one interner per import batch (per worker thread).

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace cairn::index {

uint64_t hashBytes(std::string_view bytes);

class StringInterner {
 public:
  StringInterner();

  // The local id of `s`, adding it if new.
  uint32_t intern(std::string_view s);
  std::string_view get(uint32_t id) const {
    const Entry& e = entries_[id];
    return {e.data, e.size};
  }
  uint32_t size() const { return static_cast<uint32_t>(entries_.size()); }
  // Approximate bytes held (arena + table + entries), for the import memory budget.
  uint64_t memoryBytes() const;
  // Local ids ordered by their strings' bytes.
  std::vector<uint32_t> sortedIds() const;

 private:
  struct Entry {
    const char* data;
    uint32_t size;
  };
  // The slot repeats the string's location so a hit costs one cache miss, not two.
  struct Slot {
    uint64_t hash = 0;
    const char* data = nullptr;
    uint32_t size = 0;
    uint32_t id = kEmpty;
  };
  static constexpr uint32_t kEmpty = UINT32_MAX;

  const char* store(std::string_view s);
  void grow();

  std::vector<Slot> slots_;
  uint64_t mask_ = 0;
  std::vector<Entry> entries_;
  std::vector<std::unique_ptr<char[]>> arenaBlocks_;
  char* arenaCursor_ = nullptr;
  size_t arenaLeft_ = 0;
  uint64_t arenaBytes_ = 0;
};

}  // namespace cairn::index
