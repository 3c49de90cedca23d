#pragma once
// A look at a cancel flag: an atomic<bool> that another thread raises to ask a long piece of work
// (an index run and its parts) to stop. A null flag is never raised.

#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>

#include "core/status.h"

namespace cairn::core {

// Long loops look at the flag once per this many items.
inline constexpr size_t kCancelCheckEvery = 4096;

// Cancelled ("<what> cancelled") once `flag` reads true; ok while it is down or null.
inline Status cancelledIf(const std::atomic<bool>* flag, std::string_view what) {
  if (flag == nullptr || !flag->load(std::memory_order_relaxed)) return Status::ok();
  return Status(StatusCode::kCancelled, std::string(what) + " cancelled");
}

// cancelledIf, looked at only for every kCancelCheckEvery-th item `done` of a loop.
inline Status cancelledEvery(const std::atomic<bool>* flag, size_t done, std::string_view what) {
  if (done % kCancelCheckEvery != 0) return Status::ok();
  return cancelledIf(flag, what);
}

}  // namespace cairn::core
