#include "index/import/spill_file.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace cairn::index {
namespace {

constexpr size_t kBufferBytes = size_t{1} << 20;

core::Status ioError(const std::filesystem::path& path, std::string_view what) {
  return core::Status::ioError(std::string(what) + " " + path.string() + ": " +
                               std::strerror(errno));
}

}  // namespace

core::Result<std::unique_ptr<ScratchDirectory>> ScratchDirectory::create(
    const std::filesystem::path& parent) {
  std::error_code ec;
  std::filesystem::create_directories(parent, ec);
  static std::atomic<uint64_t> sequence{0};
  std::filesystem::path path = parent / ("import-scratch-" + std::to_string(::getpid()) + "-" +
                                         std::to_string(sequence.fetch_add(1)));
  std::filesystem::remove_all(path, ec);
  if (!std::filesystem::create_directories(path, ec)) {
    return core::Status::ioError("cannot create scratch directory " + path.string() + ": " +
                                 ec.message());
  }
  return std::unique_ptr<ScratchDirectory>(new ScratchDirectory(path));
}

ScratchDirectory::~ScratchDirectory() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::filesystem::path ScratchDirectory::newFile(std::string_view stem) {
  return path_ / (std::string(stem) + "-" + std::to_string(counter_++) + ".bin");
}

core::Result<std::unique_ptr<SpillWriter>> SpillWriter::open(const std::filesystem::path& path) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return ioError(path, "cannot create");
  auto w = std::unique_ptr<SpillWriter>(new SpillWriter(f, path));
  w->buffer_.reserve(kBufferBytes);
  return w;
}

SpillWriter::~SpillWriter() {
  if (file_ != nullptr) std::fclose(file_);
}

core::Status SpillWriter::flush() {
  if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size())
    return ioError(path_, "cannot write");
  buffer_.clear();
  return core::Status::ok();
}

core::Status SpillWriter::write(const void* data, size_t bytes) {
  if (buffer_.size() + bytes > kBufferBytes) CAIRN_RETURN_IF_ERROR(flush());
  if (bytes > kBufferBytes) {
    if (std::fwrite(data, 1, bytes, file_) != bytes) return ioError(path_, "cannot write");
  } else {
    const char* p = static_cast<const char*>(data);
    buffer_.insert(buffer_.end(), p, p + bytes);
  }
  written_ += bytes;
  return core::Status::ok();
}

core::Status SpillWriter::close() {
  CAIRN_RETURN_IF_ERROR(flush());
  int rc = std::fclose(file_);
  file_ = nullptr;
  if (rc != 0) return ioError(path_, "cannot close");
  return core::Status::ok();
}

core::Result<std::unique_ptr<SpillReader>> SpillReader::open(const std::filesystem::path& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return ioError(path, "cannot open");
  auto r = std::unique_ptr<SpillReader>(new SpillReader(f, path));
  r->buffer_.resize(kBufferBytes);
  return r;
}

SpillReader::~SpillReader() {
  if (file_ != nullptr) std::fclose(file_);
}

core::Result<bool> SpillReader::read(void* data, size_t bytes) {
  char* out = static_cast<char*>(data);
  size_t done = 0;
  while (done < bytes) {
    if (pos_ == end_) {
      end_ = std::fread(buffer_.data(), 1, buffer_.size(), file_);
      pos_ = 0;
      if (end_ == 0) {
        if (std::ferror(file_)) return ioError(path_, "cannot read");
        if (done == 0) return false;
        return core::Status::corruption("truncated record in " + path_.string());
      }
    }
    size_t n = std::min(bytes - done, end_ - pos_);
    std::memcpy(out + done, buffer_.data() + pos_, n);
    pos_ += n;
    done += n;
  }
  return true;
}

}  // namespace cairn::index
