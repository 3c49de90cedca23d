#include "index/history/history_block.h"

#include <algorithm>

#include "index/leaflet/column_blob.h"

namespace cairn::index {
namespace {

constexpr std::string_view kKind = "history block";
constexpr std::string_view kColumnNames[kHistoryColumnCount] = {"s", "p",    "ot", "ok",
                                                                "i", "from", "to"};
constexpr int kFromColumn = 5;
constexpr int kToColumn = 6;
constexpr ColumnBlobFormat kHistoryBlockFormat{kKind, kHistoryBlockMagic, kHistoryFormatVersion,
                                               kColumnNames, kMaxHistoryBlockEntries};

uint64_t columnValue(const HistoryEntry& entry, int column) {
  if (column == kFromColumn) return entry.row.t;
  if (column == kToColumn) return entry.retractedT;
  return entry.row.get(static_cast<Column>(column));
}

std::string describeKey(const RowKey& key) {
  std::string out = "(";
  for (int k = 0; k < kKeyColumnCount; ++k) {
    if (k > 0) out += ' ';
    out += std::to_string(key[k]);
  }
  return out + ")";
}

}  // namespace

HistoryBlockInfo encodeHistoryBlock(Permutation perm, std::span<const HistoryEntry> entries,
                                    ColumnEncoder& encoder, std::string& blob) {
  CAIRN_CHECK(!entries.empty() && entries.size() <= kMaxHistoryBlockEntries,
              "history block entry count out of range");
  HistoryBlockInfo info;
  info.entries = static_cast<uint32_t>(entries.size());
  info.firstKey = rowKey(perm, entries.front().row);
  info.lastKey = rowKey(perm, entries.back().row);
  info.minFrom = UINT64_MAX;
  for (const HistoryEntry& entry : entries) {
    info.minFrom = std::min(info.minFrom, entry.row.t);
    info.maxTo = std::max(info.maxTo, entry.retractedT);
  }

  std::vector<uint64_t> values(kHistoryColumnCount * entries.size());
  for (int c = 0; c < kHistoryColumnCount; ++c) {
    for (size_t e = 0; e < entries.size(); ++e) {
      values[c * entries.size() + e] = columnValue(entries[e], c);
    }
  }
  encodeColumnBlob(kHistoryBlockFormat, perm, info.entries, values, encoder, blob);
  return info;
}

std::string compareHistoryBlockSummary(const HistoryBlockInfo& decoded,
                                       const HistoryBlockInfo& expected) {
  if (decoded.entries != expected.entries) {
    return "holds " + std::to_string(decoded.entries) + " entries, its directory says " +
           std::to_string(expected.entries);
  }
  if (decoded.firstKey != expected.firstKey || decoded.lastKey != expected.lastKey) {
    return "key span " + describeKey(decoded.firstKey) + ".." + describeKey(decoded.lastKey) +
           " differs from its directory's " + describeKey(expected.firstKey) + ".." +
           describeKey(expected.lastKey);
  }
  if (decoded.minFrom != expected.minFrom || decoded.maxTo != expected.maxTo) {
    return "t bounds [" + std::to_string(decoded.minFrom) + ", " + std::to_string(decoded.maxTo) +
           ") differ from its directory's [" + std::to_string(expected.minFrom) + ", " +
           std::to_string(expected.maxTo) + ")";
  }
  return {};
}

core::Result<HistoryBlock> parseHistoryBlock(std::string_view blob, const storage::ContentId& id,
                                             Permutation perm, const HistoryBlockInfo& expected) {
  CAIRN_ASSIGN_OR_RETURN(const std::vector<uint64_t> values,
                         parseColumnBlob(kHistoryBlockFormat, blob, id, perm, expected.entries));
  const uint32_t count = expected.entries;
  HistoryBlock block;
  block.perm = perm;
  block.entries.resize(count);
  for (uint32_t e = 0; e < count; ++e) {
    auto value = [&](int column) { return values[static_cast<size_t>(column) * count + e]; };
    HistoryEntry& entry = block.entries[e];
    entry.row.s = value(0);
    entry.row.p = value(1);
    if (value(2) > UINT16_MAX) {
      return corruptBlob(kKind, id, "entry " + std::to_string(e) + ": ot out of range");
    }
    entry.row.ot = static_cast<core::ObjectType>(value(2));
    entry.row.ok = value(3);
    entry.row.i = value(4);
    entry.row.t = value(kFromColumn);
    entry.retractedT = value(kToColumn);
  }

  HistoryBlockInfo& summary = block.summary;
  summary.entries = count;
  summary.minFrom = UINT64_MAX;
  RowKey previous{};
  for (uint32_t e = 0; e < count; ++e) {
    const HistoryEntry& entry = block.entries[e];
    if (entry.row.t >= entry.retractedT) {
      return corruptBlob(kKind, id,
                         "entry " + std::to_string(e) + ": interval [" +
                             std::to_string(entry.row.t) + ", " + std::to_string(entry.retractedT) +
                             ") is empty");
    }
    const RowKey key = rowKey(perm, entry.row);
    if (e > 0) {
      if (key < previous) {
        return corruptBlob(kKind, id, "entry " + std::to_string(e) + " out of key order");
      }
      // Same key: newest first, and the older interval must end before the newer one starts.
      const HistoryEntry& newer = block.entries[e - 1];
      if (key == previous && entry.retractedT > newer.row.t) {
        return corruptBlob(
            kKind, id,
            "entry " + std::to_string(e) + " overlaps or is not older than the entry before it");
      }
    }
    previous = key;
    summary.minFrom = std::min(summary.minFrom, entry.row.t);
    summary.maxTo = std::max(summary.maxTo, entry.retractedT);
  }
  summary.firstKey = rowKey(perm, block.entries.front().row);
  summary.lastKey = previous;
  if (std::string problem = compareHistoryBlockSummary(summary, expected); !problem.empty()) {
    return corruptBlob(kKind, id, problem);
  }
  return block;
}

}  // namespace cairn::index
