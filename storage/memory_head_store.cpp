#include "storage/memory_head_store.h"

#include <optional>

#include "storage/head_rules.h"

namespace cairn::storage {

core::Result<ContentId> MemoryHeadStore::getHead(std::string_view name) const {
  CAIRN_RETURN_IF_ERROR(validateHeadName(name));
  std::lock_guard lock(mutex_);
  auto it = heads_.find(name);
  if (it == heads_.end()) return headNotFound(name);
  return it->second;
}

core::Status MemoryHeadStore::compareAndSetHead(std::string_view name, const ContentId& expected,
                                                const ContentId& desired) {
  CAIRN_RETURN_IF_ERROR(validateHeadUpdate(name, desired));
  std::lock_guard lock(mutex_);
  auto it = heads_.find(name);
  const std::optional<ContentId> current =
      it == heads_.end() ? std::nullopt : std::optional<ContentId>(it->second);
  CAIRN_RETURN_IF_ERROR(checkExpectedHead(name, current, expected));
  if (it == heads_.end()) {
    heads_.emplace(std::string(name), desired);
  } else {
    it->second = desired;
  }
  return core::Status::ok();
}

core::Status MemoryHeadStore::deleteHead(std::string_view name) {
  CAIRN_RETURN_IF_ERROR(validateHeadName(name));
  std::lock_guard lock(mutex_);
  auto it = heads_.find(name);
  if (it == heads_.end()) return headNotFound(name);
  heads_.erase(it);
  return core::Status::ok();
}

core::Result<std::vector<std::string>> MemoryHeadStore::listHeads() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  names.reserve(heads_.size());
  for (const auto& [name, id] : heads_) names.push_back(name);
  return names;
}

std::unique_ptr<HeadStore> makeMemoryHeadStore() { return std::make_unique<MemoryHeadStore>(); }

}  // namespace cairn::storage
