#pragma once
// errorFrom(call): the core::Error a call throws, for tests that check its code, message and
// position; the test fails when the call throws nothing.

#include <gtest/gtest.h>

#include "core/error.h"

namespace cairn::testing {

template <typename F>
core::Error errorFrom(F&& call) {
  try {
    call();
  } catch (const core::Error& e) {
    return e;
  }
  ADD_FAILURE() << "no core::Error thrown";
  return core::Error(core::ErrorCode::kUnsupported, "none");
}

}  // namespace cairn::testing
