#pragma once
// TempDir: a fresh directory under /tmp for one test, removed with everything in it at the end.
//
// Threadsafe death tests re-run the test body in a new process. A TempDir made with an
// `inheritVariable` publishes its path in that environment variable, and the same constructor in
// the child process finds it there and adopts the parent's directory (without removing it later),
// so parent and child work on the same store.

#include <stdlib.h>

#include <filesystem>
#include <string>

#include "core/check.h"

namespace cairn::storage::testing {

class TempDir {
 public:
  explicit TempDir(const char* inheritVariable = nullptr) : variable_(inheritVariable) {
    if (variable_ != nullptr) {
      if (const char* inherited = ::getenv(variable_)) {
        path_ = inherited;
        return;
      }
    }
    std::string pattern = "/tmp/cairn-storage-test-XXXXXX";
    CAIRN_CHECK(::mkdtemp(pattern.data()) != nullptr, "mkdtemp failed");
    path_ = pattern;
    owned_ = true;
    if (variable_ != nullptr) ::setenv(variable_, pattern.c_str(), 1);
  }
  ~TempDir() {
    if (!owned_) return;
    if (variable_ != nullptr) ::unsetenv(variable_);
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // False in the child process of a death test, which borrowed its parent's directory.
  bool owned() const { return owned_; }

 private:
  const char* variable_;
  std::filesystem::path path_;
  bool owned_ = false;
};

}  // namespace cairn::storage::testing
