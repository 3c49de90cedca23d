#include "index/import/shared_term_tables.h"

#include "index/import/string_interner.h"

namespace cairn::index {

core::NodeId BlankNodeScope::idOf(std::string_view label) {
  Shard& shard = shards_[hashBytes(label) % kShards];
  std::lock_guard lock(shard.mutex);
  auto [it, inserted] = shard.ids.try_emplace(std::string(label), 0);
  if (inserted) it->second = core::blankNodeId(nextOrdinal_.fetch_add(1) + 1);
  return it->second;
}

uint16_t SharedCodeTable::codeOf(std::string_view s) {
  std::lock_guard lock(mutex_);
  auto code = table_.intern(s);
  return code.isOk() ? *code : 0;
}

std::vector<std::string> SharedCodeTable::entries() const {
  std::lock_guard lock(mutex_);
  return table_.strings();
}

}  // namespace cairn::index
