#include "index/tree/leaflet_view.h"

#include <algorithm>

#include "index/leaflet/blob_format.h"
#include "index/leaflet/column_codec.h"
#include "index/leaflet/leaflet_codec.h"

namespace cairn::index {
namespace {

// Rough heap overhead of a cached vector or string beyond its payload.
constexpr size_t kEntryOverhead = 64;

// The leading key column of a leaflet is cached with every kSampleStride-th value appended: a
// search bisects those samples (a few KiB that stay in the CPU cache while the leaflet is hot),
// then one stride of the column, instead of touching ~log2(rows) cold cache lines.
constexpr uint32_t kSampleStride = 64;
constexpr uint32_t kMinSampledRows = 4 * kSampleStride;

uint32_t sampleCount(uint32_t rows) {
  return rows >= kMinSampledRows ? (rows + kSampleStride - 1) / kSampleStride : 0;
}

}  // namespace

void LeafletView::reset(Permutation perm, const LeafletEntry& entry) {
  entry_ = entry;
  keyCols_ = keyColumns(perm);
  for (auto& column : columns_) column.reset();
  data_.fill(nullptr);
  keyData_.fill(nullptr);
  for (int k = 0; k < kKeyColumnCount; ++k) keyConstant_[k] = entry.block(keyCols_[k]).reference;
  bytes_.reset();
  samples_ = nullptr;
  sampleCount_ = 0;
}

core::Status LeafletView::load(const TreeAccess& tree, ColumnMask mask, ScanStats& stats) {
  bool counted = false;
  for (int c = 0; c < kColumnCount; ++c) {
    const auto column = static_cast<Column>(c);
    if (!hasColumn(mask, column) || entry_.isConstant(column) || data_[c] != nullptr) continue;
    if (!counted) {
      ++stats.leafletsDecoded;
      counted = true;
    }
    ++stats.columnsLoaded;
    const uint32_t rows = entry_.rowCount;
    const uint32_t samples = column == keyCols_[0] ? sampleCount(rows) : 0;
    const IndexCache::Key key = IndexCache::columnKey(entry_.leaflet, column);
    std::shared_ptr<const std::vector<uint64_t>> values =
        tree.cache().findAs<std::vector<uint64_t>>(key);
    if (values == nullptr) {
      if (bytes_ == nullptr) {
        const IndexCache::Key bytesKey =
            IndexCache::key(entry_.leaflet, IndexCache::Kind::kLeafletBytes);
        bytes_ = tree.cache().findAs<std::string>(bytesKey);
        if (bytes_ == nullptr) {
          ++stats.leafletBlobsRead;
          CAIRN_ASSIGN_OR_RETURN(std::string blob, tree.store().get(entry_.leaflet));
          CAIRN_RETURN_IF_ERROR(checkLeafletBlob(blob, entry_, tree.perm()));
          auto owned = std::make_shared<const std::string>(std::move(blob));
          tree.cache().insert(bytesKey, owned, owned->size() + kEntryOverhead);
          bytes_ = std::move(owned);
        }
      }
      auto decoded = std::make_shared<std::vector<uint64_t>>(size_t{rows} + samples);
      CAIRN_RETURN_IF_ERROR(decodeColumn(*bytes_, entry_.block(column), rows, decoded->data(),
                                         entry_.leaflet, column));
      for (uint32_t j = 0; j < samples; ++j) (*decoded)[rows + j] = (*decoded)[j * kSampleStride];
      ++stats.columnsDecoded;
      values = decoded;
      tree.cache().insert(key, values, values->size() * sizeof(uint64_t) + kEntryOverhead);
    } else if (values->size() != size_t{rows} + samples) {
      // Two directories disagree about one leaflet: only a corrupt index can do that.
      return corruptBlob("leaflet", entry_.leaflet, "cached column size disagrees with directory");
    }
    data_[c] = values->data();
    if (samples > 0) {
      samples_ = values->data() + rows;
      sampleCount_ = samples;
    }
    columns_[c] = std::move(values);
  }
  for (int k = 0; k < kKeyColumnCount; ++k) keyData_[k] = data_[static_cast<int>(keyCols_[k])];
  return core::Status::ok();
}

namespace {

// First position in [lo, hi) whose value is >= value (strict: > value), found by galloping from
// lo: cheap and cache-friendly when the answer is near lo, as it is once a search has narrowed
// to a run of equal leading values.
template <bool kStrict>
uint32_t gallop(const uint64_t* column, uint32_t lo, uint32_t hi, uint64_t value) {
  auto before = [value](uint64_t v) { return kStrict ? v <= value : v < value; };
  uint32_t step = 1;
  uint32_t bound = lo;
  while (bound < hi && before(column[bound])) {
    lo = bound + 1;
    bound = hi - bound > step ? bound + step : hi;
    step *= 2;
  }
  // The answer is in [lo, bound]: column[lo - 1] is before it, column[bound] (if any) is not.
  const uint64_t* found = kStrict ? std::upper_bound(column + lo, column + bound, value)
                                  : std::lower_bound(column + lo, column + bound, value);
  return static_cast<uint32_t>(found - column);
}

}  // namespace

std::pair<uint32_t, uint32_t> LeafletView::equalRange(int k, uint32_t lo, uint32_t hi,
                                                      uint64_t value, bool nearLo) const {
  const uint64_t* column = keyData_[k];
  if (column == nullptr) {  // constant in this leaflet
    CAIRN_DCHECK(entry_.isConstant(keyCols_[k]), "key column used before it was loaded");
    const uint64_t constant = keyConstant_[k];
    if (constant < value) return {hi, hi};
    if (constant > value) return {lo, lo};
    return {lo, hi};
  }
  if (!nearLo && k == 0 && lo == 0 && hi == rows() && sampleCount_ > 0) {
    // samples_[j] = column[j * kSampleStride]: the first sample >= value bounds the answer to
    // the stride before it, so the search touches a few lines of the samples and of one stride
    // instead of ~log2(rows) scattered lines of the column.
    const auto j = static_cast<uint32_t>(
        std::lower_bound(samples_, samples_ + sampleCount_, value) - samples_);
    if (j == 0) return {0, gallop<true>(column, 0, hi, value)};
    const uint32_t strideFrom = (j - 1) * kSampleStride + 1;
    const uint32_t strideTo = std::min(hi, j * kSampleStride);
    const uint32_t first = static_cast<uint32_t>(
        std::lower_bound(column + strideFrom, column + strideTo, value) - column);
    // The rows sought start at `first` in every column: fetch the other loaded columns' lines
    // now, so their misses overlap instead of following one another.
    for (const uint64_t* other : data_) {
      if (other != nullptr && other != column) __builtin_prefetch(other + first);
    }
    return {first, gallop<true>(column, first, hi, value)};
  }
  const uint32_t first =
      nearLo ? gallop<false>(column, lo, hi, value)
             : static_cast<uint32_t>(std::lower_bound(column + lo, column + hi, value) - column);
  return {first, gallop<true>(column, first, hi, value)};
}

RowKey LeafletView::keyAt(uint32_t row) const {
  RowKey key{};
  for (int k = 0; k < kKeyColumnCount; ++k) {
    CAIRN_DCHECK(keyData_[k] != nullptr || entry_.isConstant(keyCols_[k]),
                 "key column used before it was loaded");
    key[k] = keyData_[k] != nullptr ? keyData_[k][row] : keyConstant_[k];
  }
  return key;
}

// Rows are sorted by key, so rows tied on the first k key columns are sorted by column k: narrow
// column by column. Only the first search spans the leaflet; the rest gallop from a nearby start.
uint32_t LeafletView::lowerBound(const RowKey& low, int n) const {
  uint32_t lo = 0;
  uint32_t hi = rows();
  for (int k = 0; k < n; ++k) {
    const auto [first, last] = equalRange(k, lo, hi, low[k], k > 0);
    if (first == last) return first;
    lo = first;
    hi = last;
  }
  return lo;
}

uint32_t LeafletView::upperBound(const RowKey& high, int n, uint32_t from) const {
  uint32_t lo = from;
  uint32_t hi = rows();
  for (int k = 0; k < n; ++k) {
    const auto [first, last] = equalRange(k, lo, hi, high[k], k > 0 || from > 0);
    if (first == last) return first;
    lo = first;
    hi = last;
  }
  return hi;
}

}  // namespace cairn::index
