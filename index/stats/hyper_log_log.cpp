#include "index/stats/hyper_log_log.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

namespace cairn::index {

namespace {

// Ertl's sigma and tau series (Algorithm 6 of the paper); both converge in a few dozen steps.
double sigma(double x) {
  if (x == 1.0) return std::numeric_limits<double>::infinity();
  double y = 1.0;
  double z = x;
  double previous = 0.0;
  do {
    x *= x;
    previous = z;
    z += x * y;
    y += y;
  } while (z != previous);
  return z;
}

double tau(double x) {
  if (x == 0.0 || x == 1.0) return 0.0;
  double y = 1.0;
  double z = 1.0 - x;
  double previous = 0.0;
  do {
    x = std::sqrt(x);
    previous = z;
    y *= 0.5;
    z -= (1.0 - x) * (1.0 - x) * y;
  } while (z != previous);
  return z / 3.0;
}

constexpr int kBitsPerRegister = 6;

size_t packedSize(uint32_t registers) { return (size_t{registers} * kBitsPerRegister + 7) / 8; }

core::Status malformedSketch(const std::string& why) {
  return core::Status::corruption("hyperloglog sketch: " + why);
}

}  // namespace

HyperLogLog::HyperLogLog(int precision) : precision_(static_cast<uint8_t>(precision)) {
  CAIRN_CHECK(precision >= kMinPrecision && precision <= kMaxPrecision,
              "HyperLogLog precision out of range");
}

void HyperLogLog::raiseSparse(uint32_t index, uint8_t rank) {
  const uint32_t key = index << 8;
  auto it = std::lower_bound(sparse_.begin(), sparse_.end(), key);
  if (it != sparse_.end() && (*it >> 8) == index) {
    if (rank > (*it & 0xFF)) *it = key | rank;
    return;
  }
  sparse_.insert(it, key | rank);
  if (sparse_.size() > sparseLimit()) makeDense();
}

void HyperLogLog::raise(uint32_t index, uint8_t rank) {
  if (!dense_.empty()) {
    if (rank > dense_[index]) dense_[index] = rank;
  } else {
    raiseSparse(index, rank);
  }
}

void HyperLogLog::makeDense() {
  dense_.assign(registerCount(), 0);
  for (uint32_t entry : sparse_) dense_[entry >> 8] = static_cast<uint8_t>(entry & 0xFF);
  sparse_.clear();
  sparse_.shrink_to_fit();
}

template <typename Fn>
void HyperLogLog::forEachNonZero(Fn&& fn) const {
  if (dense_.empty()) {
    for (uint32_t entry : sparse_) fn(entry >> 8, static_cast<uint8_t>(entry & 0xFF));
  } else {
    for (uint32_t i = 0; i < dense_.size(); ++i) {
      if (dense_[i] != 0) fn(i, dense_[i]);
    }
  }
}

std::vector<uint8_t> HyperLogLog::registers() const {
  if (!dense_.empty()) return dense_;
  std::vector<uint8_t> out(registerCount(), 0);
  for (uint32_t entry : sparse_) out[entry >> 8] = static_cast<uint8_t>(entry & 0xFF);
  return out;
}

double HyperLogLog::estimate() const {
  const int q = 64 - precision_;
  const double m = registerCount();
  // histogram[k] = number of registers holding k (k <= 65 - kMinPrecision).
  std::array<uint32_t, 64 - kMinPrecision + 2> histogram{};
  uint32_t nonZero = 0;
  forEachNonZero([&](uint32_t, uint8_t rank) {
    ++histogram[rank];
    ++nonZero;
  });
  histogram[0] = registerCount() - nonZero;
  if (nonZero == 0) return 0.0;

  double z = m * tau(1.0 - histogram[q + 1] / m);
  for (int k = q; k >= 1; --k) z = 0.5 * (z + histogram[k]);
  z += m * sigma(histogram[0] / m);
  constexpr double kAlphaInfinity = 0.72134752044448170368;  // 1 / (2 ln 2)
  return kAlphaInfinity * m * m / z;
}

uint64_t HyperLogLog::count() const { return static_cast<uint64_t>(std::llround(estimate())); }

HyperLogLog HyperLogLog::withPrecision(int precision) const {
  CAIRN_CHECK(precision <= precision_, "withPrecision can only coarsen a sketch");
  if (precision == precision_) return *this;
  HyperLogLog out(precision);
  const int dropped = precision_ - precision;
  const uint32_t droppedMask = (uint32_t{1} << dropped) - 1;
  // The index bits a coarser sketch does not use are the leading bits of its rank.
  forEachNonZero([&](uint32_t index, uint8_t rank) {
    const uint32_t extra = index & droppedMask;
    const auto coarseRank =
        static_cast<uint8_t>(extra != 0 ? dropped - std::bit_width(extra) + 1 : dropped + rank);
    out.raise(index >> dropped, coarseRank);
  });
  return out;
}

void HyperLogLog::merge(const HyperLogLog& other) {
  if (other.precision_ < precision_) *this = withPrecision(other.precision_);
  if (other.precision_ > precision_) {
    merge(other.withPrecision(precision_));
    return;
  }
  if (!other.dense_.empty()) {
    if (dense_.empty()) makeDense();
    for (size_t i = 0; i < dense_.size(); ++i) dense_[i] = std::max(dense_[i], other.dense_[i]);
    return;
  }
  for (uint32_t entry : other.sparse_) raise(entry >> 8, static_cast<uint8_t>(entry & 0xFF));
}

bool HyperLogLog::operator==(const HyperLogLog& other) const {
  if (precision_ != other.precision_) return false;
  if (dense_.empty() && other.dense_.empty()) return sparse_ == other.sparse_;
  return registers() == other.registers();
}

void HyperLogLog::appendTo(std::string& out) const {
  size_t nonZero = 0;
  size_t sparseBytes = 0;
  uint32_t previous = 0;
  forEachNonZero([&](uint32_t index, uint8_t) {
    sparseBytes += bytes::varintSize(nonZero == 0 ? index : index - previous) + 1;
    previous = index;
    ++nonZero;
  });
  sparseBytes += bytes::varintSize(nonZero);

  out.push_back(static_cast<char>(precision_));
  if (sparseBytes <= packedSize(registerCount())) {
    out.push_back(static_cast<char>(Encoding::kSparse));
    bytes::putVarint(out, nonZero);
    bool first = true;
    forEachNonZero([&](uint32_t index, uint8_t rank) {
      bytes::putVarint(out, first ? index : index - previous);
      out.push_back(static_cast<char>(rank));
      previous = index;
      first = false;
    });
    return;
  }
  out.push_back(static_cast<char>(Encoding::kDense));
  const std::vector<uint8_t> regs = registers();
  const size_t start = out.size();
  out.resize(start + packedSize(registerCount()), '\0');
  for (size_t i = 0; i < regs.size(); ++i) {
    // Register i occupies bits [6i, 6i + 6) of a little-endian bit string.
    const size_t bit = i * kBitsPerRegister;
    const unsigned value = unsigned{regs[i]} << (bit % 8);
    out[start + bit / 8] = static_cast<char>(static_cast<uint8_t>(out[start + bit / 8]) | value);
    if ((bit % 8) + kBitsPerRegister > 8) {
      out[start + bit / 8 + 1] =
          static_cast<char>(static_cast<uint8_t>(out[start + bit / 8 + 1]) | (value >> 8));
    }
  }
}

core::Result<HyperLogLog> HyperLogLog::readFrom(bytes::ByteReader& in) {
  uint8_t precision = 0;
  uint8_t encoding = 0;
  if (!in.readByte(precision) || !in.readByte(encoding)) return malformedSketch("truncated");
  if (precision < kMinPrecision || precision > kMaxPrecision) {
    return malformedSketch("precision " + std::to_string(precision) + " out of range");
  }
  HyperLogLog sketch(precision);
  const uint8_t maxRank = sketch.maxRank();
  const uint32_t m = sketch.registerCount();
  if (encoding == static_cast<uint8_t>(Encoding::kSparse)) {
    uint64_t count = 0;
    if (!in.readVarint(count) || count > m) return malformedSketch("bad register count");
    uint64_t index = 0;
    for (uint64_t k = 0; k < count; ++k) {
      uint64_t delta = 0;
      uint8_t rank = 0;
      if (!in.readVarint(delta) || !in.readByte(rank)) return malformedSketch("truncated");
      if ((k > 0 && delta == 0) || delta >= m || index + delta >= m) {
        return malformedSketch("register indexes not increasing or out of range");
      }
      index += delta;
      if (rank == 0 || rank > maxRank) return malformedSketch("register value out of range");
      sketch.raise(static_cast<uint32_t>(index), rank);
    }
    return sketch;
  }
  if (encoding != static_cast<uint8_t>(Encoding::kDense)) {
    return malformedSketch("unknown encoding " + std::to_string(encoding));
  }
  std::string_view packed;
  if (!in.readBytes(packedSize(m), packed)) return malformedSketch("truncated registers");
  for (uint32_t i = 0; i < m; ++i) {
    const size_t bit = size_t{i} * kBitsPerRegister;
    unsigned word = static_cast<uint8_t>(packed[bit / 8]);
    if (bit / 8 + 1 < packed.size()) {
      word |= unsigned{static_cast<uint8_t>(packed[bit / 8 + 1])} << 8;
    }
    const auto rank = static_cast<uint8_t>((word >> (bit % 8)) & 0x3F);
    if (rank > maxRank) return malformedSketch("register value out of range");
    if (rank != 0) sketch.raise(i, rank);
  }
  return sketch;
}

}  // namespace cairn::index
