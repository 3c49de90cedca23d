#include "core/io/input_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>

#include "core/io/decompressor.h"

namespace cairn::core::io {
namespace {

constexpr size_t kRawBufferBytes = 256 * 1024;

bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

Compression compressionFromName(std::string_view path) {
  if (endsWith(path, ".gz") || endsWith(path, ".GZ")) return Compression::kGzip;
  if (endsWith(path, ".zst") || endsWith(path, ".ZST")) return Compression::kZstd;
  return Compression::kNone;
}

std::string_view compressionName(Compression c) {
  switch (c) {
    case Compression::kGzip:
      return "gzip";
    case Compression::kZstd:
      return "zstd";
    case Compression::kNone:
      break;
  }
  return "uncompressed";
}

}  // namespace

// Raw bytes come from a file descriptor or a string; compressed input is staged in rawBuffer_
// and decoded into the caller's buffer, uncompressed input is read straight into it.
class InputSource::Impl {
 public:
  Impl(std::string name, int fd, uint64_t size) : name_(std::move(name)), fd_(fd), size_(size) {}
  Impl(std::string name, std::string data)
      : name_(std::move(name)), data_(std::move(data)), size_(data_.size()) {}
  ~Impl() {
    if (fd_ >= 0) ::close(fd_);
  }

  // Reads the first bytes to recognise the compression, keeping them staged.
  Status detect() {
    rawBuffer_.resize(kRawBufferBytes);
    while (rawEnd_ < 4 && !rawEof_) {
      CAIRN_ASSIGN_OR_RETURN(size_t n, readRaw(rawBuffer_.data() + rawEnd_, 4 - rawEnd_));
      rawEnd_ += n;
    }
    compression_ =
        detectCompression(reinterpret_cast<const unsigned char*>(rawBuffer_.data()), rawEnd_);
    const Compression named = compressionFromName(name_);
    if (named != Compression::kNone && named != compression_) {
      return Status::corruption(name_ + ": the name says " + std::string(compressionName(named)) +
                                " but the content is " +
                                std::string(compressionName(compression_)));
    }
    decompressor_ = makeDecompressor(compression_, name_);
    return Status::ok();
  }

  Result<size_t> read(char* buffer, size_t capacity) {
    if (capacity == 0) return size_t{0};
    if (!decompressor_) {
      size_t n = 0;
      if (rawPos_ < rawEnd_) {  // bytes staged by detect()
        n = std::min(capacity, rawEnd_ - rawPos_);
        std::memcpy(buffer, rawBuffer_.data() + rawPos_, n);
        rawPos_ += n;
        if (n == capacity || rawEof_) return n;
      }
      CAIRN_ASSIGN_OR_RETURN(size_t more, readRaw(buffer + n, capacity - n));
      return n + more;
    }
    for (;;) {
      if (rawPos_ == rawEnd_ && !rawEof_) {
        CAIRN_ASSIGN_OR_RETURN(size_t n, readRaw(rawBuffer_.data(), rawBuffer_.size()));
        rawPos_ = 0;
        rawEnd_ = n;
      }
      const char* in = rawBuffer_.data() + rawPos_;
      const char* inEnd = rawBuffer_.data() + rawEnd_;
      CAIRN_ASSIGN_OR_RETURN(size_t produced,
                             decompressor_->decompress(&in, inEnd, buffer, capacity));
      const bool consumed = in != rawBuffer_.data() + rawPos_;
      rawPos_ = in - rawBuffer_.data();
      if (produced > 0) return produced;
      if (rawPos_ < rawEnd_) {
        if (!consumed) return Status::corruption(name_ + ": compressed data makes no progress");
        continue;
      }
      if (!rawEof_) continue;
      if (!decompressor_->atStreamBoundary()) {
        return Status::corruption(name_ + ": " + std::string(compressionName(compression_)) +
                                  " stream is truncated");
      }
      return size_t{0};
    }
  }

  uint64_t compressedBytesRead() const {
    // Staged bytes not yet handed on are not counted, so the figure only grows with reads.
    return rawConsumed_ - (rawEnd_ - rawPos_);
  }
  uint64_t totalCompressedBytes() const { return size_; }
  Compression compression() const { return compression_; }
  const std::string& name() const { return name_; }

 private:
  Result<size_t> readRaw(char* buffer, size_t capacity) {
    size_t n = 0;
    if (fd_ >= 0) {
      ssize_t got;
      do {
        got = ::read(fd_, buffer, capacity);
      } while (got < 0 && errno == EINTR);
      if (got < 0) return Status::ioError(name_ + ": read failed: " + std::strerror(errno));
      n = static_cast<size_t>(got);
    } else {
      n = std::min(capacity, data_.size() - dataPos_);
      std::memcpy(buffer, data_.data() + dataPos_, n);
      dataPos_ += n;
    }
    if (n == 0) rawEof_ = true;
    rawConsumed_ += n;
    return n;
  }

  std::string name_;
  int fd_ = -1;
  std::string data_;
  size_t dataPos_ = 0;
  uint64_t size_ = 0;
  uint64_t rawConsumed_ = 0;
  bool rawEof_ = false;
  std::string rawBuffer_;
  size_t rawPos_ = 0, rawEnd_ = 0;
  Compression compression_ = Compression::kNone;
  std::unique_ptr<Decompressor> decompressor_;
};

InputSource::InputSource(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
InputSource::~InputSource() = default;

Result<std::unique_ptr<InputSource>> InputSource::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    std::string message = path + ": cannot open: " + std::strerror(err);
    if (err == ENOENT) return Status::notFound(std::move(message));
    return Status::ioError(std::move(message));
  }
  struct stat st {};
  uint64_t size = 0;
  if (::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      ::close(fd);
      return Status::invalidArgument(path + ": is a directory");
    }
    if (S_ISREG(st.st_mode)) size = static_cast<uint64_t>(st.st_size);
  }
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  auto impl = std::make_unique<Impl>(path, fd, size);
  CAIRN_RETURN_IF_ERROR(impl->detect());
  return std::unique_ptr<InputSource>(new InputSource(std::move(impl)));
}

std::unique_ptr<InputSource> InputSource::fromString(std::string data) {
  auto impl = std::make_unique<Impl>("<string>", std::move(data));
  return std::unique_ptr<InputSource>(new InputSource(std::move(impl)));
}

Result<size_t> InputSource::read(char* buffer, size_t capacity) {
  return impl_->read(buffer, capacity);
}
uint64_t InputSource::compressedBytesRead() const { return impl_->compressedBytesRead(); }
uint64_t InputSource::totalCompressedBytes() const { return impl_->totalCompressedBytes(); }
Compression InputSource::compression() const { return impl_->compression(); }
const std::string& InputSource::name() const { return impl_->name(); }

}  // namespace cairn::core::io
