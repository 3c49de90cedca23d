#include "index/novelty/novelty_run.h"

#include <algorithm>

namespace cairn::index {

IndexRow rowOfEntry(Permutation p, const NoveltyEntry& entry) {
  IndexRow row;
  const auto& columns = keyColumns(p);
  for (int k = 0; k < kKeyColumnCount; ++k) {
    const uint64_t v = entry.key[k];
    switch (columns[k]) {
      case Column::kS: row.s = v; break;
      case Column::kP: row.p = v; break;
      case Column::kOType: row.ot = static_cast<core::ObjectType>(v); break;
      case Column::kOKey: row.ok = v; break;
      case Column::kI: row.i = v; break;
      case Column::kT: break;
    }
  }
  row.t = entry.t;
  return row;
}

NoveltyRun::NoveltyRun(std::vector<NoveltyEntry> entries) : entries_(std::move(entries)) {}

std::shared_ptr<const NoveltyRun> NoveltyRun::merge(const NoveltyRun& older,
                                                    const NoveltyRun& newer) {
  std::vector<NoveltyEntry> merged;
  merged.reserve(older.size() + newer.size());
  std::merge(older.entries_.begin(), older.entries_.end(), newer.entries_.begin(),
             newer.entries_.end(), std::back_inserter(merged), noveltyEntryLess);
  return std::make_shared<const NoveltyRun>(std::move(merged));
}

std::span<const NoveltyEntry> NoveltyRun::range(const RowKey& low, const RowKey& high) const {
  auto first = std::lower_bound(entries_.begin(), entries_.end(), low,
                                [](const NoveltyEntry& e, const RowKey& k) { return e.key < k; });
  auto last = std::upper_bound(first, entries_.end(), high,
                               [](const RowKey& k, const NoveltyEntry& e) { return k < e.key; });
  return {entries_.data() + (first - entries_.begin()), static_cast<size_t>(last - first)};
}

}  // namespace cairn::index
