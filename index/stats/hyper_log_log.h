#pragma once
// HyperLogLog distinct-count sketch over 64-bit hashes (see index/stats/id_hash.h for hashing
// ids). Precision p gives m = 2^p registers and a standard error of about 1.04 / sqrt(m) (1.6% at
// the default p = 12).
//
// Estimation uses Ertl's improved raw estimator ("New cardinality estimation algorithms for
// HyperLogLog sketches", 2017), which folds the small-range (linear counting) and the saturation
// corrections into one formula and has no bias bump between the two regimes; with 64-bit hashes
// there is no large-range correction to make.
//
// Most predicates have few distinct values, so a sketch starts sparse (a sorted list of the
// non-zero registers) and turns dense only when that list would outgrow an eighth of the dense
// registers. Sketches of different precision merge by folding the finer one to the coarser
// precision, which is exact: the result equals the sketch built at the coarser precision from the
// same hashes.
//
// Thread-safety: none for writers; concurrent const calls are safe.

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"
#include "index/dictionary/byte_codec.h"

namespace cairn::index {

class HyperLogLog {
 public:
  static constexpr int kDefaultPrecision = 12;
  static constexpr int kMinPrecision = 4;
  static constexpr int kMaxPrecision = 18;

  explicit HyperLogLog(int precision = kDefaultPrecision);

  void add(uint64_t hash) {
    const auto index = static_cast<uint32_t>(hash >> (64 - precision_));
    // The sentinel bit caps the rank at 64 - p + 1 when the remaining bits are all zero.
    const uint64_t rest = (hash << precision_) | (uint64_t{1} << (precision_ - 1));
    const auto rank = static_cast<uint8_t>(std::countl_zero(rest) + 1);
    if (!dense_.empty()) {
      if (rank > dense_[index]) dense_[index] = rank;
    } else {
      raiseSparse(index, rank);
    }
  }

  double estimate() const;
  uint64_t count() const;  // estimate() rounded to the nearest integer

  // Afterwards this sketch estimates the union. If the precisions differ, the result has the
  // smaller one.
  void merge(const HyperLogLog& other);
  // The same hashes seen at a precision p <= precision(); exact.
  HyperLogLog withPrecision(int precision) const;

  int precision() const { return precision_; }
  uint32_t registerCount() const { return uint32_t{1} << precision_; }
  bool isEmpty() const { return dense_.empty() && sparse_.empty(); }
  bool isSparse() const { return dense_.empty(); }
  std::vector<uint8_t> registers() const;  // all m registers

  // Serialized form (docs/formats/statistics.md): sparse or 6-bit packed, whichever is smaller.
  void appendTo(std::string& out) const;
  // Reads one sketch; Corruption (without blob name: the caller adds it) on malformed bytes.
  static core::Result<HyperLogLog> readFrom(bytes::ByteReader& in);

  // Same precision and same registers (sparse or dense does not matter).
  bool operator==(const HyperLogLog& other) const;

 private:
  enum class Encoding : uint8_t { kSparse = 0, kDense = 1 };

  uint8_t maxRank() const { return static_cast<uint8_t>(64 - precision_ + 1); }
  size_t sparseLimit() const { return registerCount() / 8; }
  void raiseSparse(uint32_t index, uint8_t rank);
  void raise(uint32_t index, uint8_t rank);
  void makeDense();
  template <typename Fn>
  void forEachNonZero(Fn&& fn) const;

  uint8_t precision_;
  // While sparse: the non-zero registers as (index << 8 | rank), sorted by index.
  std::vector<uint32_t> sparse_;
  // Once dense: all m registers.
  std::vector<uint8_t> dense_;
};

}  // namespace cairn::index
