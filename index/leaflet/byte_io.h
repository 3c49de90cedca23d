#pragma once
// Little-endian, fixed-width field I/O for the index's blob formats
// (docs/formats/permutation-tree.md). ByteWriter appends to a string; ByteReader reads from a
// view and never reads past its end: every read reports failure instead, so a parser turns a
// short or malformed blob into a Corruption status rather than undefined behaviour.
//
// The formats are little-endian and so is every host Cairn builds for; the static_assert keeps
// it that way rather than silently writing foreign-endian blobs.

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "storage/content_id.h"

namespace cairn::index {

static_assert(std::endian::native == std::endian::little,
              "index blob formats are little-endian; add byte swapping for this host");

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}

  void u8(uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u16(uint16_t v) { raw(&v, sizeof v); }
  void u32(uint32_t v) { raw(&v, sizeof v); }
  void u64(uint64_t v) { raw(&v, sizeof v); }
  void id(const storage::ContentId& id) { raw(id.bytes.data(), id.bytes.size()); }
  void zeros(size_t n) { out_.append(n, '\0'); }
  void raw(const void* data, size_t n) { out_.append(static_cast<const char*>(data), n); }
  size_t size() const { return out_.size(); }

 private:
  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in, size_t pos = 0) : in_(in), pos_(pos) {}

  // Each returns false (and leaves the output untouched) when the field would run past the end.
  bool u8(uint8_t& v) { return raw(&v, sizeof v); }
  bool u16(uint16_t& v) { return raw(&v, sizeof v); }
  bool u32(uint32_t& v) { return raw(&v, sizeof v); }
  bool u64(uint64_t& v) { return raw(&v, sizeof v); }
  bool id(storage::ContentId& id) { return raw(id.bytes.data(), id.bytes.size()); }
  bool skip(size_t n) {
    if (n > remaining()) return false;
    pos_ += n;
    return true;
  }
  bool raw(void* out, size_t n) {
    if (n > remaining()) return false;
    std::memcpy(out, in_.data() + pos_, n);
    pos_ += n;
    return true;
  }

  size_t pos() const { return pos_; }
  size_t remaining() const { return in_.size() - pos_; }

 private:
  std::string_view in_;
  size_t pos_;
};

}  // namespace cairn::index
