#include "query/exec/triple_source.h"

#include "core/error.h"

namespace cairn::query {

using index::Column;
using index::Permutation;

AccessPlan planAccess(const TripleAccess& a) {
  const bool s = a.s.has_value(), p = a.p.has_value(), o = a.o.has_value();
  if (s && p && o) return {Permutation::kSPOT, 4, false};
  if (s && p) return {Permutation::kSPOT, 2, false};
  if (s && o) return {Permutation::kSPOT, 1, true};
  if (p && o) return {Permutation::kPOST, 3, false};
  if (s) return {Permutation::kSPOT, 1, false};
  if (p) return {a.objectOrder ? Permutation::kPOST : Permutation::kPSOT, 1, false};
  if (o) return {Permutation::kOPST, 2, false};
  return {Permutation::kSPOT, 0, false};
}

namespace {

// Node positions only hold IRIs and blank nodes; the predicate only IRIs.
bool validNode(const ValueId& v) { return core::isNode(v.type); }

std::vector<uint64_t> prefixValues(const TripleAccess& a, const AccessPlan& plan) {
  std::vector<uint64_t> out;
  const auto& cols = index::keyColumns(plan.perm);
  for (int i = 0; i < plan.prefixColumns; ++i) {
    switch (cols[i]) {
      case Column::kS:
        out.push_back(a.s->key);
        break;
      case Column::kP:
        out.push_back(a.p->key);
        break;
      case Column::kOType:
        out.push_back(a.o->type);
        break;
      case Column::kOKey:
        out.push_back(a.o->key);
        break;
      default:
        break;
    }
  }
  return out;
}

}  // namespace

TripleSource::TripleSource(ExecContext& ctx, const GraphScope& scope, TripleAccess access,
                           std::string reportName)
    : ctx_(ctx),
      scope_(scope),
      access_(access),
      plan_(planAccess(access)),
      reportName_(std::move(reportName)) {
  if ((access_.s && !validNode(*access_.s)) ||
      (access_.p && access_.p->type != core::otype::kIri) ||
      (access_.o && access_.o->type == kLocalTermType)) {
    impossible_ = true;
  }
  if (!impossible_) {
    auto values = prefixValues(access_, plan_);
    range_ = access_.range ? *access_.range : index::ScanRange::prefix(values);
  }
  if (!access_.s) columns_ |= index::columnBit(Column::kS);
  if (!access_.p) columns_ |= index::columnBit(Column::kP);
  if (!access_.o || plan_.filterObject) {
    columns_ |= index::columnBit(Column::kOType) | index::columnBit(Column::kOKey);
  }
}

bool TripleSource::openGraph() {
  while (graphIndex_ < scope_.graphs.size()) {
    const index::SnapshotReader* reader = ctx_.reader(scope_.graphs[graphIndex_++], plan_.perm);
    if (!reader) continue;
    cursor_.emplace(reader->scan(range_, columns_, ctx_.asOf()));
    batch_.clear();
    batchPos_ = 0;
    return true;
  }
  return false;
}

bool TripleSource::next(std::vector<ValueId>& s, std::vector<ValueId>& p, std::vector<ValueId>& o,
                        size_t maxRows, size_t& rows) {
  rows = 0;
  if (impossible_) return false;
  const bool dedupe = scope_.graphs.size() > 1;
  size_t& added = rows;
  while (added < maxRows) {
    if (batchPos_ >= batch_.rows) {
      if (!cursor_ && !openGraph()) return false;
      // A full request reads the index's own batch; a smaller one (a LIMIT's first rows) as
      // much as it asks for.
      auto more = maxRows >= ctx_.batchRows()
                      ? cursor_->next(batch_)
                      : cursor_->next(batch_, std::max(maxRows, kMinReadRows));
      if (!more.isOk()) throwStorageError(more.status());
      batchPos_ = 0;
      if (!more.value()) {
        cursor_.reset();
        batch_.clear();
        continue;
      }
    }
    const auto& sc = batch_.column(Column::kS);
    const auto& pc = batch_.column(Column::kP);
    const auto& otc = batch_.column(Column::kOType);
    const auto& okc = batch_.column(Column::kOKey);
    for (; batchPos_ < batch_.rows && added < maxRows; ++batchPos_) {
      const size_t r = batchPos_;
      ValueId ov;
      if (!otc.empty()) ov = ValueId{okc[r], static_cast<core::ObjectType>(otc[r])};
      if (plan_.filterObject && ov != *access_.o) continue;
      ValueId sv = sc.empty() ? ValueId{} : ValueId::node(sc[r]);
      ValueId pv = pc.empty() ? ValueId{} : ValueId::node(pc[r]);
      if (dedupe) {
        ValueRow key{sv, pv, ov};
        if (!seen_.insert(key).second) continue;
        ctx_.charge(64, reportName_);
        seenBytes_ += 64;
      }
      if (!access_.s) s.push_back(sv);
      if (!access_.p) p.push_back(pv);
      if (!access_.o) o.push_back(ov);
      ++added;
    }
  }
  return true;
}

TripleSource::~TripleSource() {
  if (seenBytes_ > 0) ctx_.charge(-seenBytes_, reportName_);
}

std::optional<uint64_t> TripleSource::countFromDirectory() const { return directoryCount(false); }

std::optional<uint64_t> TripleSource::estimateFromDirectory() const { return directoryCount(true); }

std::optional<uint64_t> TripleSource::directoryCount(bool estimate) const {
  if (impossible_) return 0;
  if (plan_.filterObject || scope_.graphs.size() > 1) return std::nullopt;
  if (scope_.graphs.empty()) return 0;
  const index::SnapshotReader* reader = ctx_.reader(scope_.graphs[0], plan_.perm);
  if (!reader) return 0;
  auto count =
      estimate ? reader->estimateCount(range_, ctx_.asOf()) : reader->count(range_, ctx_.asOf());
  if (!count.isOk()) throwStorageError(count.status());
  return count.value();
}

}  // namespace cairn::query
