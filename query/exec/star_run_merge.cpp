#include "query/exec/star_run_merge.h"

#include <algorithm>
#include <memory>

#include "index/novelty/snapshot_reader.h"

namespace cairn::query {

namespace {

using index::Column;

// One arm's rows in subject order, as runs (subject, rows), reading the subject column only.
class RunStream {
 public:
  RunStream(ExecContext& ctx, const index::SnapshotReader* reader, const index::ScanRange& range)
      : ctx_(ctx) {
    if (reader) cursor_.emplace(reader->scan(range, index::columnBit(Column::kS), ctx.asOf()));
    advance();
  }

  bool done() const { return done_; }
  uint64_t key() const { return key_; }
  uint64_t rows() const { return rows_; }

  // To the next run.
  void next() { advance(); }

  // To the first run whose subject is >= target (the current one when it is): a binary search
  // in each batch the target lies beyond, so runs skipped cost nothing per row.
  void seek(uint64_t target) {
    if (done_ || key_ >= target) return;
    while (true) {
      const std::vector<uint64_t>& s = batch_.column(Column::kS);
      pos_ = static_cast<size_t>(std::lower_bound(s.begin() + static_cast<ptrdiff_t>(pos_),
                                                  s.begin() + static_cast<ptrdiff_t>(batch_.rows),
                                                  target) -
                                 s.begin());
      if (pos_ < batch_.rows) break;
      if (!load()) {
        done_ = true;
        return;
      }
    }
    advance();
  }

 private:
  // The next batch into batch_ (pos_ at its start); false at the end.
  bool load() {
    pos_ = 0;
    if (!cursor_) {
      batch_.clear();
      return false;
    }
    auto more = cursor_->next(batch_);
    if (!more.isOk()) throwStorageError(more.status());
    if (!more.value()) {
      cursor_.reset();
      batch_.clear();
      return false;
    }
    ctx_.checkLimits();
    return true;
  }

  // Reads the run that starts at pos_ (it may continue into the next batches).
  void advance() {
    if (pos_ >= batch_.rows && !load()) {
      done_ = true;
      return;
    }
    key_ = batch_.column(Column::kS)[pos_];
    uint64_t n = 0;
    while (true) {
      const uint64_t* s = batch_.column(Column::kS).data();
      size_t end = pos_;
      while (end < batch_.rows && s[end] == key_) ++end;
      n += end - pos_;
      pos_ = end;
      if (pos_ < batch_.rows || !load()) break;
      if (batch_.column(Column::kS)[0] != key_) break;
    }
    rows_ = n;
  }

  ExecContext& ctx_;
  std::optional<index::SnapshotCursor> cursor_;
  index::ColumnBatch batch_;
  size_t pos_ = 0;
  bool done_ = false;
  uint64_t key_ = 0;
  uint64_t rows_ = 0;
};

}  // namespace

namespace {

// One required arm with optional ones: the required arm's rows (from the directories) plus,
// for the subjects where some optional arm has two rows or more, the excess
// rows(s) x (prod max(1, optional rows(s)) - 1) — so only the optional arms are read in full.
std::optional<uint64_t> countWithOptionals(uint64_t requiredRows, RunStream& required,
                                           std::vector<std::unique_ptr<RunStream>>& optional) {
  uint64_t total = requiredRows;
  bool overflow = false;
  while (true) {
    uint64_t subject = UINT64_MAX;
    for (const auto& o : optional) {
      if (!o->done()) subject = std::min(subject, o->key());
    }
    if (subject == UINT64_MAX) break;
    uint64_t factor = 1;
    for (const auto& o : optional) {
      if (!o->done() && o->key() == subject) {
        overflow = overflow || __builtin_mul_overflow(factor, o->rows(), &factor);
        o->next();
      }
    }
    if (factor > 1) {
      required.seek(subject);
      if (!required.done() && required.key() == subject) {
        uint64_t excess = 0;
        overflow = overflow || __builtin_mul_overflow(required.rows(), factor - 1, &excess);
        overflow = overflow || __builtin_add_overflow(total, excess, &total);
      }
    }
    if (overflow) return std::nullopt;
  }
  return total;
}

}  // namespace

std::optional<uint64_t> countStar(ExecContext& ctx, core::NodeId graph,
                                  const std::vector<StarArm>& arms) {
  std::vector<std::unique_ptr<RunStream>> required, optional;
  std::optional<uint64_t> requiredRows;  // of the one required arm, from the directories
  size_t requiredArms = 0;
  for (const StarArm& arm : arms) requiredArms += arm.optional ? 0 : 1;
  if (requiredArms == 0) return std::nullopt;
  for (const StarArm& arm : arms) {
    const index::Permutation perm =
        arm.object ? index::Permutation::kPOST : index::Permutation::kPSOT;
    const index::SnapshotReader* reader = arm.impossible ? nullptr : ctx.reader(graph, perm);
    std::vector<uint64_t> prefix{arm.predicate};
    if (arm.object) prefix.insert(prefix.end(), {arm.object->type, arm.object->key});
    const index::ScanRange range = index::ScanRange::prefix(prefix);
    if (!arm.optional && requiredArms == 1) {
      uint64_t rows = 0;
      if (reader) {
        auto counted = reader->count(range, ctx.asOf());
        if (!counted.isOk()) throwStorageError(counted.status());
        rows = counted.value();
      }
      requiredRows = rows;
    }
    auto stream = std::make_unique<RunStream>(ctx, reader, range);
    (arm.optional ? optional : required).push_back(std::move(stream));
  }
  if (requiredRows && !optional.empty()) {
    return countWithOptionals(*requiredRows, *required[0], optional);
  }
  uint64_t total = 0;
  bool overflow = false;
  while (true) {
    // Leapfrog the required arms to a subject they all have.
    uint64_t target = 0;
    for (const auto& r : required) {
      if (r->done()) return total;
      target = std::max(target, r->key());
    }
    for (bool aligned = false; !aligned;) {
      aligned = true;
      for (const auto& r : required) {
        r->seek(target);
        if (r->done()) return overflow ? std::nullopt : std::optional<uint64_t>(total);
        if (r->key() > target) {
          target = r->key();
          aligned = false;
        }
      }
    }
    uint64_t product = 1;
    for (const auto& r : required) {
      overflow = overflow || __builtin_mul_overflow(product, r->rows(), &product);
    }
    for (const auto& o : optional) {
      o->seek(target);
      if (!o->done() && o->key() == target) {
        overflow = overflow || __builtin_mul_overflow(product, o->rows(), &product);
      }
    }
    overflow = overflow || __builtin_add_overflow(total, product, &total);
    if (overflow) return std::nullopt;
    for (const auto& r : required) r->next();
  }
}

}  // namespace cairn::query
