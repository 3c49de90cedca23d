#pragma once
// Temporary files for data that does not fit the import memory budget: a scratch directory
// removed with its contents on destruction, and buffered sequential writers/readers of records.

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace cairn::index {

class ScratchDirectory {
 public:
  // Creates a fresh directory below `parent`.
  static core::Result<std::unique_ptr<ScratchDirectory>> create(const std::filesystem::path& parent);
  ~ScratchDirectory();
  std::filesystem::path newFile(std::string_view stem);

 private:
  explicit ScratchDirectory(std::filesystem::path path) : path_(std::move(path)) {}
  std::filesystem::path path_;
  uint64_t counter_ = 0;
};

class SpillWriter {
 public:
  static core::Result<std::unique_ptr<SpillWriter>> open(const std::filesystem::path& path);
  ~SpillWriter();
  core::Status write(const void* data, size_t bytes);
  core::Status close();
  uint64_t bytesWritten() const { return written_; }

 private:
  SpillWriter(FILE* file, std::filesystem::path path) : file_(file), path_(std::move(path)) {}
  core::Status flush();
  FILE* file_;
  std::filesystem::path path_;
  std::vector<char> buffer_;
  uint64_t written_ = 0;
};

class SpillReader {
 public:
  static core::Result<std::unique_ptr<SpillReader>> open(const std::filesystem::path& path);
  ~SpillReader();
  // Reads exactly `bytes`; false at a clean end of file, error on a truncated record.
  core::Result<bool> read(void* data, size_t bytes);

 private:
  SpillReader(FILE* file, std::filesystem::path path) : file_(file), path_(std::move(path)) {}
  FILE* file_;
  std::filesystem::path path_;
  std::vector<char> buffer_;
  size_t pos_ = 0;
  size_t end_ = 0;
};

}  // namespace cairn::index
