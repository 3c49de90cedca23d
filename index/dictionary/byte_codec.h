#pragma once
// Little helpers for the persistent formats of dictionaries and statistics: LEB128 varints,
// little-endian fixed-width integers, and a bounds-checked reader. Every read from stored bytes
// goes through ByteReader, so a truncated or malformed blob becomes a failed read (the caller
// turns it into Status::corruption naming the blob), never an out-of-bounds access.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace cairn::index::bytes {

inline constexpr size_t kMaxVarintBytes = 10;

inline void putVarint(std::string& out, uint64_t v) {
  char buf[kMaxVarintBytes];
  size_t n = 0;
  while (v >= 0x80) {
    buf[n++] = static_cast<char>((v & 0x7F) | 0x80);
    v >>= 7;
  }
  buf[n++] = static_cast<char>(v);
  out.append(buf, n);
}

inline size_t varintSize(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

inline void putFixed16(std::string& out, uint16_t v) {
  out.push_back(static_cast<char>(v & 0xFF));
  out.push_back(static_cast<char>(v >> 8));
}

inline void putFixed32(std::string& out, uint32_t v) {
  char buf[4];
  for (int i = 0; i < 4; ++i) buf[i] = static_cast<char>(v >> (8 * i));
  out.append(buf, 4);
}

inline void putFixed64(std::string& out, uint64_t v) {
  char buf[8];
  for (int i = 0; i < 8; ++i) buf[i] = static_cast<char>(v >> (8 * i));
  out.append(buf, 8);
}

// Reads a little-endian u32 from a position already known to be in bounds.
inline uint32_t loadFixed32(const char* p) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t{static_cast<uint8_t>(p[i])} << (8 * i);
  return v;
}

inline uint64_t loadFixed64(const char* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t{static_cast<uint8_t>(p[i])} << (8 * i);
  return v;
}

// A cursor over borrowed bytes. Each read returns false (and consumes nothing useful) when the
// bytes run out or a varint is malformed; callers stop at the first failure.
class ByteReader {
 public:
  explicit ByteReader(std::string_view data) : pos_(data.data()), end_(data.data() + data.size()) {}

  size_t remaining() const { return static_cast<size_t>(end_ - pos_); }
  bool atEnd() const { return pos_ == end_; }
  std::string_view rest() const { return {pos_, remaining()}; }

  bool readByte(uint8_t& v) {
    if (pos_ == end_) return false;
    v = static_cast<uint8_t>(*pos_++);
    return true;
  }

  bool readVarint(uint64_t& v) {
    // Most varints in dictionary blocks are one byte (lengths, namespace codes).
    if (pos_ != end_ && static_cast<uint8_t>(*pos_) < 0x80) {
      v = static_cast<uint8_t>(*pos_++);
      return true;
    }
    return readVarintSlow(v);
  }

  bool readFixed16(uint16_t& v) {
    if (remaining() < 2) return false;
    v = static_cast<uint16_t>(static_cast<uint8_t>(pos_[0]) | (static_cast<uint8_t>(pos_[1]) << 8));
    pos_ += 2;
    return true;
  }

  bool readFixed32(uint32_t& v) {
    if (remaining() < 4) return false;
    v = loadFixed32(pos_);
    pos_ += 4;
    return true;
  }

  bool readFixed64(uint64_t& v) {
    if (remaining() < 8) return false;
    v = loadFixed64(pos_);
    pos_ += 8;
    return true;
  }

  bool readBytes(uint64_t n, std::string_view& out) {
    if (n > remaining()) return false;
    out = std::string_view(pos_, static_cast<size_t>(n));
    pos_ += n;
    return true;
  }

  // A varint length followed by that many bytes.
  bool readLengthPrefixed(std::string_view& out) {
    uint64_t n = 0;
    return readVarint(n) && readBytes(n, out);
  }

  bool skip(uint64_t n) {
    if (n > remaining()) return false;
    pos_ += n;
    return true;
  }

 private:
  bool readVarintSlow(uint64_t& v) {
    uint64_t result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ == end_) return false;
      const uint8_t b = static_cast<uint8_t>(*pos_++);
      // The tenth byte may only carry the top bit of a 64-bit value.
      if (shift == 63 && b > 1) return false;
      result |= uint64_t{b & 0x7Fu} << shift;
      if ((b & 0x80) == 0) {
        v = result;
        return true;
      }
    }
    return false;
  }

  const char* pos_;
  const char* end_;
};

inline void putLengthPrefixed(std::string& out, std::string_view bytes) {
  putVarint(out, bytes.size());
  out.append(bytes);
}

// The number of leading bytes `a` and `b` share (front coding).
inline size_t commonPrefixLength(std::string_view a, std::string_view b) {
  const size_t n = a.size() < b.size() ? a.size() : b.size();
  size_t i = 0;
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

}  // namespace cairn::index::bytes
