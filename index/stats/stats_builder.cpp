#include "index/stats/stats_builder.h"

#include <algorithm>

#include "index/stats/id_hash.h"

namespace cairn::index {

StatsBuilder::StatsBuilder(uint64_t rdfTypeIriId, int precision)
    : rdfType_(rdfTypeIriId), precision_(precision), subjects_(precision) {}

StatsBuilder::Accumulator& StatsBuilder::accumulatorFor(uint64_t predicate) {
  auto [it, inserted] = byPredicate_.try_emplace(predicate, nullptr);
  if (inserted) {
    auto acc = std::make_unique<Accumulator>();
    acc->stats.predicate = predicate;
    acc->stats.subjects = HyperLogLog(precision_);
    acc->stats.objects = HyperLogLog(precision_);
    it->second = acc.get();
    accumulators_.push_back(std::move(acc));
  }
  return *it->second;
}

void StatsBuilder::addToRange(Accumulator& acc, core::ObjectType type, uint64_t key) {
  std::vector<ValueRange>& ranges = acc.stats.ranges;
  if (acc.lastRange >= ranges.size() || ranges[acc.lastRange].type != type) {
    auto it = std::find_if(ranges.begin(), ranges.end(),
                           [type](const ValueRange& r) { return r.type == type; });
    if (it == ranges.end()) {
      ranges.push_back({type, key, key, 0});
      it = ranges.end() - 1;
    }
    acc.lastRange = static_cast<size_t>(it - ranges.begin());
  }
  ValueRange& range = ranges[acc.lastRange];
  range.minKey = std::min(range.minKey, key);
  range.maxKey = std::max(range.maxKey, key);
  ++range.rows;
}

void StatsBuilder::add(const IndexRow& row) {
  if (last_ == nullptr || last_->stats.predicate != row.p) last_ = &accumulatorFor(row.p);
  Accumulator& acc = *last_;
  const uint64_t subjectHash = hashNode(row.s);
  ++triples_;
  subjects_.add(subjectHash);
  ++acc.stats.rows;
  acc.stats.subjects.add(subjectHash);
  acc.stats.objects.add(hashObject(row.ot, row.ok));
  if (core::isInline(row.ot)) addToRange(acc, row.ot, row.ok);
  if (rdfType_ != 0 && row.p == rdfType_ && row.ot == core::otype::kIri) ++acc.classCounts[row.ok];
}

LedgerStats StatsBuilder::finish() {
  std::sort(accumulators_.begin(), accumulators_.end(),
            [](const auto& a, const auto& b) { return a->stats.predicate < b->stats.predicate; });
  LedgerStats out;
  out.triples = triples_;
  out.subjectSketch = std::move(subjects_);
  out.subjects = out.subjectSketch.count();
  out.byPredicate.reserve(accumulators_.size());
  for (auto& acc : accumulators_) {
    PredicateStats& stats = acc->stats;
    stats.classCounts.assign(acc->classCounts.begin(), acc->classCounts.end());
    std::sort(stats.classCounts.begin(), stats.classCounts.end());
    std::sort(stats.ranges.begin(), stats.ranges.end(),
              [](const ValueRange& a, const ValueRange& b) { return a.type < b.type; });
    out.byPredicate.push_back(std::move(stats));
  }
  out.predicates = out.byPredicate.size();

  accumulators_.clear();
  byPredicate_.clear();
  last_ = nullptr;
  subjects_ = HyperLogLog(precision_);
  triples_ = 0;
  return out;
}

}  // namespace cairn::index
