#pragma once
// MemoryHeadStore: a HeadStore in an ordered map, for tests and throw-away ledgers. Same rules,
// codes and messages as the durable backends (storage/head_rules.h); nothing survives the process.
//
// Thread-safety: every method may be called concurrently; one mutex makes compare-and-set atomic.

#include <functional>
#include <map>
#include <mutex>
#include <string>

#include "storage/blob_store.h"

namespace cairn::storage {

class MemoryHeadStore final : public HeadStore {
 public:
  core::Result<ContentId> getHead(std::string_view name) const override;
  core::Status compareAndSetHead(std::string_view name, const ContentId& expected,
                                 const ContentId& desired) override;
  core::Status deleteHead(std::string_view name) override;
  core::Result<std::vector<std::string>> listHeads() const override;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, ContentId, std::less<>> heads_;
};

}  // namespace cairn::storage
