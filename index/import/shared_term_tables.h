#pragma once
// State the import workers share: blank-node label scopes and the small code tables for language
// tags and non-built-in datatypes. Both are rarely written and read through per-thread caches.
//
// Thread-safe.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/object_type.h"
#include "core/status.h"
#include "index/dictionary/term_code_table.h"

namespace cairn::index {

// Maps blank-node labels of one document to ledger blank-node ids. Labels are scoped per input
// file: "_:a" in two files are two different nodes.
class BlankNodeScope {
 public:
  explicit BlankNodeScope(std::atomic<uint64_t>& nextOrdinal) : nextOrdinal_(nextOrdinal) {}
  core::NodeId idOf(std::string_view label);

 private:
  static constexpr int kShards = 16;
  struct Shard {
    std::mutex mutex;
    std::unordered_map<std::string, core::NodeId> ids;
  };
  std::atomic<uint64_t>& nextOrdinal_;
  Shard shards_[kShards];
};

// A TermCodeTable (language tags or datatype IRIs) shared by the import workers.
class SharedCodeTable {
 public:
  explicit SharedCodeTable(uint16_t maxCode) : table_(maxCode) {}
  // The code of `s`, assigning the next one if new; 0 when the table is full.
  uint16_t codeOf(std::string_view s);
  std::vector<std::string> entries() const;  // entries()[code - 1]

 private:
  mutable std::mutex mutex_;
  TermCodeTable table_;
};

}  // namespace cairn::index
