#pragma once
// Deterministic randomness for the benchmark data generator. Every draw is defined by integer
// arithmetic only (splitmix64 seeding, xoshiro256**, Lemire's multiply-shift for bounded integers,
// integer cumulative tables for skewed choices), so one seed yields the same bytes with every
// compiler, standard library and CPU. <random>'s distributions are deliberately not used: their
// output is implementation-defined. Floating point is never used to make a decision.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "core/check.h"

namespace cairn::bench::datagen {

// One step of splitmix64: advances `state` and returns a well-mixed 64-bit value.
inline uint64_t splitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A seed for one entity's private stream. Entities draw from their own stream so that an entity's
// literal values do not shift when another part of the generator changes or N grows.
inline uint64_t streamSeed(uint64_t seed, uint64_t domain, uint64_t number) {
  uint64_t state = seed ^ (domain * 0xD1B54A32D192ED03ull);
  splitMix64(state);
  state ^= number * 0x8CB92BA72F3D8DD7ull;
  return splitMix64(state);
}

// xoshiro256** (Blackman & Vigna), seeded through splitmix64.
class Rng {
 public:
  explicit Rng(uint64_t seed) {
    uint64_t state = seed;
    for (uint64_t& word : s_) word = splitMix64(state);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, bound); bound > 0. Lemire's multiply-shift with rejection, so unbiased.
  uint64_t below(uint64_t bound) {
    CAIRN_DCHECK(bound > 0);
    unsigned __int128 product = static_cast<unsigned __int128>(next()) * bound;
    uint64_t low = static_cast<uint64_t>(product);
    if (low < bound) {
      const uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        product = static_cast<unsigned __int128>(next()) * bound;
        low = static_cast<uint64_t>(product);
      }
    }
    return static_cast<uint64_t>(product >> 64);
  }

  // Uniform in [lo, hi], inclusive.
  int64_t between(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
  }

  // True with probability perMillion / 1e6.
  bool chance(uint32_t perMillion) { return below(1'000'000) < perMillion; }

  template <typename T>
  const T& pick(std::span<const T> items) {
    return items[below(items.size())];
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  uint64_t s_[4];
};

// A discrete distribution over 0..size-1 given by integer weights, sampled by binary search in
// the cumulative sums. Integer weights keep sampling exact and portable.
class DiscreteTable {
 public:
  DiscreteTable() = default;
  explicit DiscreteTable(std::span<const uint64_t> weights) {
    cumulative_.reserve(weights.size());
    uint64_t sum = 0;
    for (uint64_t w : weights) {
      sum += w;
      cumulative_.push_back(sum);
    }
    CAIRN_CHECK(sum > 0, "a discrete table needs a positive total weight");
  }

  // Zipf with exponent 1 over ranks 1..n: P(rank k) is proportional to 1/k. Index 0 is rank 1.
  static DiscreteTable zipf(uint64_t n) {
    std::vector<uint64_t> weights(n);
    for (uint64_t k = 1; k <= n; ++k) weights[k - 1] = kUnit / k;
    return DiscreteTable(weights);
  }

  // A heavy-tailed count: P(d) proportional to 1/(d+offset)^2 for d in 0..maxValue.
  static DiscreteTable inverseSquare(uint64_t maxValue, uint64_t offset) {
    std::vector<uint64_t> weights(maxValue + 1);
    for (uint64_t d = 0; d <= maxValue; ++d) weights[d] = kUnit / ((d + offset) * (d + offset));
    return DiscreteTable(weights);
  }

  uint64_t size() const { return cumulative_.size(); }

  uint64_t sample(Rng& rng) const {
    const uint64_t r = rng.below(cumulative_.back());
    return static_cast<uint64_t>(std::upper_bound(cumulative_.begin(), cumulative_.end(), r) -
                                 cumulative_.begin());
  }

 private:
  // 2^40: large enough that 1/k weights stay distinct for millions of ranks, small enough that
  // the sum of 1/k over 10^9 ranks (< 22 * 2^40) fits in 64 bits.
  static constexpr uint64_t kUnit = uint64_t{1} << 40;

  std::vector<uint64_t> cumulative_;
};

// Chooses link targets (entity numbers 1..count): with probability zipfPerMillion a Zipf-ranked
// target (number 1 is the biggest hub), otherwise a uniform one. The uniform share gives the long
// tail some in-links; the Zipf share makes the hubs. Pickers over the same range share one Zipf
// table, which must outlive them.
class TargetPicker {
 public:
  TargetPicker(const DiscreteTable& zipf, uint32_t zipfPerMillion)
      : zipf_(&zipf), count_(zipf.size()), zipfPerMillion_(zipfPerMillion) {}

  uint64_t count() const { return count_; }

  uint64_t pick(Rng& rng) const {
    if (rng.chance(zipfPerMillion_)) return zipf_->sample(rng) + 1;
    return rng.below(count_) + 1;
  }

 private:
  const DiscreteTable* zipf_;
  uint64_t count_;
  uint32_t zipfPerMillion_;
};

}  // namespace cairn::bench::datagen
