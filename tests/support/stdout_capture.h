#pragma once
// stdoutOf(call): what a call prints to stdout (for the CLI command tests). If the call throws,
// the capture is ended and the exception passes on.

#include <gtest/gtest.h>

#include <string>

namespace cairn::testing {

template <typename F>
std::string stdoutOf(F&& call) {
  ::testing::internal::CaptureStdout();
  try {
    call();
  } catch (...) {
    ::testing::internal::GetCapturedStdout();
    throw;
  }
  return ::testing::internal::GetCapturedStdout();
}

}  // namespace cairn::testing
