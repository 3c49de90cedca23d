#include "index/delta/delta_block.h"

#include <algorithm>
#include <array>

#include "core/check.h"
#include "index/leaflet/column_blob.h"

namespace cairn::index {
namespace {

constexpr std::string_view kBlockKind = "delta block";
constexpr std::string_view kDeltaColumnNames[kDeltaColumnCount] = {"k0", "k1", "k2",    "k3",
                                                                   "k4", "t",  "assert"};
constexpr int kDeltaTColumn = 5;
constexpr int kDeltaAssertColumn = 6;
constexpr ColumnBlobFormat kDeltaBlockFormat{kBlockKind, kDeltaBlockMagic, kDeltaFormatVersion,
                                             kDeltaColumnNames, kMaxDeltaBlockEntries};

uint64_t deltaColumnValue(const NoveltyEntry& entry, int column) {
  if (column == kDeltaTColumn) return entry.t;
  if (column == kDeltaAssertColumn) return entry.assert ? 1 : 0;
  return entry.key[column];
}

DeltaBlockInfo summarizeDeltaBlock(std::span<const NoveltyEntry> entries) {
  DeltaBlockInfo info;
  info.entries = static_cast<uint32_t>(entries.size());
  info.firstKey = entries.front().key;
  info.lastKey = entries.back().key;
  info.minT = UINT64_MAX;
  for (const NoveltyEntry& entry : entries) {
    info.minT = std::min(info.minT, entry.t);
    info.maxT = std::max(info.maxT, entry.t);
  }
  return info;
}

}  // namespace

DeltaBlockInfo encodeDeltaBlock(Permutation perm, std::span<const NoveltyEntry> entries,
                                ColumnEncoder& encoder, std::string& blob) {
  CAIRN_CHECK(!entries.empty() && entries.size() <= kMaxDeltaBlockEntries,
              "delta block entry count out of range");
  const DeltaBlockInfo info = summarizeDeltaBlock(entries);

  std::vector<uint64_t> values(kDeltaColumnCount * entries.size());
  for (int c = 0; c < kDeltaColumnCount; ++c) {
    for (size_t e = 0; e < entries.size(); ++e) {
      values[c * entries.size() + e] = deltaColumnValue(entries[e], c);
    }
  }
  encodeColumnBlob(kDeltaBlockFormat, perm, info.entries, values, encoder, blob);
  return info;
}

core::Result<DeltaBlock> parseDeltaBlock(std::string_view blob, const storage::ContentId& id,
                                         Permutation perm, const DeltaBlockInfo& expected) {
  CAIRN_ASSIGN_OR_RETURN(const std::vector<uint64_t> values,
                         parseColumnBlob(kDeltaBlockFormat, blob, id, perm, expected.entries));
  const uint32_t count = expected.entries;
  DeltaBlock block;
  block.perm = perm;
  block.entries.resize(count);
  for (uint32_t e = 0; e < count; ++e) {
    auto value = [&](int column) { return values[static_cast<size_t>(column) * count + e]; };
    NoveltyEntry& entry = block.entries[e];
    for (int k = 0; k < kKeyColumnCount; ++k) entry.key[k] = value(k);
    entry.t = value(kDeltaTColumn);
    if (value(kDeltaAssertColumn) > 1) {
      return corruptBlob(kBlockKind, id,
                         "entry " + std::to_string(e) + ": assert flag out of range");
    }
    entry.assert = value(kDeltaAssertColumn) == 1;
  }
  for (uint32_t e = 1; e < count; ++e) {
    const NoveltyEntry& before = block.entries[e - 1];
    const NoveltyEntry& entry = block.entries[e];
    if (!noveltyEntryLess(before, entry)) {
      return corruptBlob(kBlockKind, id, "entry " + std::to_string(e) + " out of order");
    }
  }

  block.summary = summarizeDeltaBlock(block.entries);
  const DeltaBlockInfo& got = block.summary;
  if (got.firstKey != expected.firstKey || got.lastKey != expected.lastKey ||
      got.minT != expected.minT || got.maxT != expected.maxT) {
    return corruptBlob(kBlockKind, id, "key span or t bounds differ from its directory's record");
  }
  return block;
}

}  // namespace cairn::index
