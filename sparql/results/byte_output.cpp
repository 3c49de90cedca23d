#include "sparql/results/byte_output.h"

#include "core/error.h"

namespace cairn::sparql::results {

void OstreamOutput::write(std::string_view bytes) {
  out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out_) throw core::Error(core::ErrorCode::kStorageError, "writing the result failed");
}

void OstreamOutput::flush() {
  out_.flush();
  if (!out_) throw core::Error(core::ErrorCode::kStorageError, "writing the result failed");
}

OutputBuffer::OutputBuffer(ByteOutput& out, size_t capacity)
    : out_(out), capacity_(capacity == 0 ? 1 : capacity) {
  buffer_.reserve(capacity_ + 256);
}

void OutputBuffer::drain() {
  if (buffer_.empty()) return;
  out_.write(buffer_);
  buffer_.clear();
}

void OutputBuffer::flush() {
  drain();
  out_.flush();
}

}  // namespace cairn::sparql::results
