#pragma once
// Where a result writer's bytes go: a string (tests, small answers), an ostream (the CLI's
// stdout, a file), or a server response body. Writers batch their output (OutputBuffer) so an
// implementation sees a few large writes rather than one per term; nothing here holds a whole
// result unless the output itself is a string.

#include <ostream>
#include <string>
#include <string_view>

namespace cairn::sparql::results {

// Not thread-safe; one writer uses one output. write() may throw core::Error (e.g. the client
// went away), which the query engine propagates.
class ByteOutput {
 public:
  virtual ~ByteOutput() = default;
  virtual void write(std::string_view bytes) = 0;
  // Pushes written bytes on to the destination (a socket, a terminal). Writers call it at end().
  virtual void flush() {}
};

// Appends to an owned string.
class StringOutput : public ByteOutput {
 public:
  void write(std::string_view bytes) override { text_.append(bytes); }
  const std::string& text() const { return text_; }
  std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

// Writes to a borrowed stream, which must outlive this object.
class OstreamOutput : public ByteOutput {
 public:
  explicit OstreamOutput(std::ostream& out) : out_(out) {}
  void write(std::string_view bytes) override;
  void flush() override;

 private:
  std::ostream& out_;
};

// A write buffer in front of a ByteOutput: writers append freely and the buffer passes bytes on
// in chunks of about `capacity`. The bytes still buffered are lost unless flush() is called.
class OutputBuffer {
 public:
  static constexpr size_t kDefaultCapacity = 64 * 1024;

  explicit OutputBuffer(ByteOutput& out, size_t capacity = kDefaultCapacity);

  void append(std::string_view bytes) {
    buffer_.append(bytes);
    if (buffer_.size() >= capacity_) drain();
  }
  void append(char c) {
    buffer_.push_back(c);
    if (buffer_.size() >= capacity_) drain();
  }
  // The string that appends go to, for escaping loops that push many small pieces; call
  // maybeDrain() after such a burst.
  std::string& raw() { return buffer_; }
  void maybeDrain() {
    if (buffer_.size() >= capacity_) drain();
  }
  // Hands everything buffered to the output and flushes it.
  void flush();

 private:
  void drain();

  ByteOutput& out_;
  size_t capacity_;
  std::string buffer_;
};

}  // namespace cairn::sparql::results
