#include "query/graph/property_walk.h"

#include "core/error.h"

namespace cairn::query::graph {

namespace {

// The first batch after a seek: enough for a run of nearby nodes, small enough that a seek for
// one node reads little more than a point scan would.
constexpr size_t kFirstBatchRows = 64;
// Past this many reads, a walk that seeks on more than one read in kSeekShare stops.
constexpr uint64_t kTrialReads = 256;
constexpr uint64_t kSeekShare = 4;
// Reads since the last seek after which the walk reads on into the next batch instead of seeking.
constexpr uint64_t kDenseReads = 16;
// After this many seeks a read past the walk's batch that is not dense is left to the caller's
// point read (SnapshotKeyProbe) instead of a seek: a fresh cursor per node cost ~1 µs.
constexpr uint64_t kSeeksBeforePointReads = 2;
// Nodes whose facts are kept for reads behind the walk (about a batch of rows).
constexpr size_t kRecentNodes = 4096;

const index::ColumnMask kColumns =
    index::columnBit(index::Column::kS) | index::columnBit(index::Column::kOType) |
    index::columnBit(index::Column::kOKey) | index::columnBit(index::Column::kI);

}  // namespace

PropertyWalk::PropertyWalk(index::SnapshotReader psot, core::NodeId p, uint64_t asOf)
    : psot_(std::move(psot)), p_(p), asOf_(asOf) {}

void PropertyWalk::seek(core::NodeId s) {
  ++seeks_;
  readsSinceSeek_ = 0;
  index::ScanRange range;
  range.low = {p_, s, 0, 0, 0};
  range.high = {p_, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};
  cursor_.emplace(psot_.scan(range, kColumns, asOf_));
  fill(kFirstBatchRows);
}

bool PropertyWalk::fill(size_t maxRows) {
  pos_ = 0;
  const bool more = core::valueOrThrow(cursor_->next(batch_, maxRows));
  ended_ = !more;
  return more;
}

bool PropertyWalk::read(core::NodeId s, std::vector<PropertyFact>& out) {
  if (off_) return false;
  if (started_ && s <= last_) {
    // A node read lately (another operator of the pipeline reading the rows a filter passed),
    // else one out of order: a point read, and the walk turns off when those are common.
    if (auto it = recent_.find(s); it != recent_.end()) {
      out = it->second;
      return true;
    }
    ++behind_;
    if (behind_ >= kTrialReads && behind_ * kSeekShare > reads_) off_ = true;
    return false;
  }
  if (reads_ >= kTrialReads && seeks_ * kSeekShare > reads_) {
    off_ = true;
    return false;
  }
  ++reads_;
  started_ = true;
  last_ = s;
  if (recent_.size() >= kRecentNodes) recent_.clear();
  std::vector<PropertyFact>& facts = recent_[s];
  if (!cursor_) seek(s);
  // To the first row at or past s: within the batch; else in the next batch when the walk has
  // been dense since its last seek; else by a seek from s.
  bool readOn = readsSinceSeek_ >= kDenseReads;
  ++readsSinceSeek_;
  while (true) {
    const auto& subjects = batch_.column(index::Column::kS);
    while (pos_ < batch_.rows && subjects[pos_] < s) ++pos_;
    if (pos_ < batch_.rows) break;
    if (ended_) {
      out.clear();
      return true;
    }
    if (readOn) {
      readOn = false;
      if (fill(SIZE_MAX)) continue;
      out.clear();
      return true;
    }
    if (seeks_ >= kSeeksBeforePointReads) {
      // Sparse: a point read (which remembers its leaflet) costs less than a new cursor.
      recent_.erase(s);
      return false;
    }
    seek(s);
  }
  // Every row of s, which may go on into the next batches.
  while (true) {
    const auto& subjects = batch_.column(index::Column::kS);
    const auto& types = batch_.column(index::Column::kOType);
    const auto& keys = batch_.column(index::Column::kOKey);
    const auto& positions = batch_.column(index::Column::kI);
    for (; pos_ < batch_.rows && subjects[pos_] == s; ++pos_) {
      const auto type = static_cast<core::ObjectType>(types[pos_]);
      if (core::isLiteral(type)) {
        facts.push_back(PropertyFact{core::EncodedObject{type, keys[pos_]}, positions[pos_]});
      }
    }
    if (pos_ < batch_.rows || ended_ || !fill(SIZE_MAX)) break;
  }
  out = facts;
  return true;
}

}  // namespace cairn::query::graph
