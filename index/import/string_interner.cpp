#include "index/import/string_interner.h"

#include <tbb/parallel_sort.h>

#include <algorithm>
#include <cstring>

#include "core/check.h"

namespace cairn::index {
namespace {

constexpr size_t kArenaBlockBytes = size_t{1} << 20;

inline uint64_t load64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

inline uint64_t mix(uint64_t a, uint64_t b) {
  __uint128_t m = static_cast<__uint128_t>(a) * b;
  return static_cast<uint64_t>(m) ^ static_cast<uint64_t>(m >> 64);
}

}  // namespace

uint64_t hashBytes(std::string_view bytes) {
  // A multiply-mix over 8-byte words (the shape of wyhash): fast on the short strings that make up
  // a vocabulary, and good enough to keep open-addressing probe chains short.
  constexpr uint64_t kP0 = 0xa0761d6478bd642fULL, kP1 = 0xe7037ed1a0b428dbULL,
                     kP2 = 0x8ebc6af09c88c6e3ULL;
  const char* p = bytes.data();
  size_t n = bytes.size();
  uint64_t h = kP0 ^ (n * kP1);
  while (n >= 16) {
    h = mix(load64(p) ^ kP1, load64(p + 8) ^ h);
    p += 16;
    n -= 16;
  }
  uint64_t a = 0, b = 0;
  if (n >= 8) {
    a = load64(p);
    b = load64(p + n - 8);
  } else if (n > 0) {
    char buf[8] = {};
    std::memcpy(buf, p, n);
    a = load64(buf);
    b = n;
  }
  return mix(h ^ kP2, mix(a ^ kP1, b ^ h));
}

StringInterner::StringInterner() {
  slots_.resize(1024);
  mask_ = slots_.size() - 1;
}

const char* StringInterner::store(std::string_view s) {
  if (s.size() > arenaLeft_) {
    size_t blockBytes = std::max(kArenaBlockBytes, s.size());
    arenaBlocks_.push_back(std::make_unique<char[]>(blockBytes));
    arenaCursor_ = arenaBlocks_.back().get();
    arenaLeft_ = blockBytes;
    arenaBytes_ += blockBytes;
  }
  char* out = arenaCursor_;
  if (!s.empty()) std::memcpy(out, s.data(), s.size());
  arenaCursor_ += s.size();
  arenaLeft_ -= s.size();
  return out;
}

void StringInterner::grow() {
  std::vector<Slot> bigger(slots_.size() * 2);
  uint64_t mask = bigger.size() - 1;
  for (const Slot& slot : slots_) {
    if (slot.id == kEmpty) continue;
    uint64_t i = slot.hash & mask;
    while (bigger[i].id != kEmpty) i = (i + 1) & mask;
    bigger[i] = slot;
  }
  slots_.swap(bigger);
  mask_ = mask;
}

uint32_t StringInterner::intern(std::string_view s) {
  uint64_t h = hashBytes(s);
  uint64_t i = h & mask_;
  while (true) {
    Slot& slot = slots_[i];
    if (slot.id == kEmpty) break;
    if (slot.hash == h && slot.size == s.size() &&
        std::memcmp(slot.data, s.data(), s.size()) == 0) {
      return slot.id;
    }
    i = (i + 1) & mask_;
  }
  CAIRN_CHECK(entries_.size() < kEmpty - 1, "import batch vocabulary overflow");
  uint32_t id = static_cast<uint32_t>(entries_.size());
  const char* stored = store(s);
  entries_.push_back({stored, static_cast<uint32_t>(s.size())});
  slots_[i] = {h, stored, static_cast<uint32_t>(s.size()), id};
  // Keep the load factor under 1/2 so probe chains stay short.
  if (entries_.size() * 2 > slots_.size()) grow();
  return id;
}

uint64_t StringInterner::memoryBytes() const {
  return arenaBytes_ + slots_.size() * sizeof(Slot) + entries_.capacity() * sizeof(Entry);
}

std::vector<uint32_t> StringInterner::sortedIds() const {
  std::vector<uint32_t> ids(entries_.size());
  for (uint32_t i = 0; i < ids.size(); ++i) ids[i] = i;
  tbb::parallel_sort(ids.begin(), ids.end(),
                     [this](uint32_t a, uint32_t b) { return get(a) < get(b); });
  return ids;
}

}  // namespace cairn::index
