#include "index/stats/stats_update.h"

#include <algorithm>

#include "index/stats/stats_builder.h"

namespace cairn::index {
namespace {

uint64_t minusOne(uint64_t n) { return n == 0 ? 0 : n - 1; }

void removeRow(LedgerStats& stats, const IndexRow& row, uint64_t rdfTypeIriId) {
  stats.triples = minusOne(stats.triples);
  auto it = std::lower_bound(stats.byPredicate.begin(), stats.byPredicate.end(), row.p,
                             [](const PredicateStats& s, uint64_t p) { return s.predicate < p; });
  if (it == stats.byPredicate.end() || it->predicate != row.p) return;
  it->rows = minusOne(it->rows);
  if (it->rows == 0) {
    // No row of this predicate is left: its sketches and ranges describe nothing.
    stats.byPredicate.erase(it);
    return;
  }
  if (row.p == rdfTypeIriId && row.ot == core::otype::kIri) {
    auto cls = std::lower_bound(it->classCounts.begin(), it->classCounts.end(), row.ok,
                                [](const auto& entry, uint64_t c) { return entry.first < c; });
    if (cls != it->classCounts.end() && cls->first == row.ok) {
      cls->second = minusOne(cls->second);
      if (cls->second == 0) it->classCounts.erase(cls);
    }
  }
  auto range = std::lower_bound(it->ranges.begin(), it->ranges.end(), row.ot,
                                [](const ValueRange& r, core::ObjectType t) { return r.type < t; });
  if (range != it->ranges.end() && range->type == row.ot) {
    range->rows = minusOne(range->rows);
    if (range->rows == 0) it->ranges.erase(range);
  }
}

}  // namespace

LedgerStats updatedStats(const LedgerStats& base, std::span<const IndexRow> added,
                         std::span<const IndexRow> removed, uint64_t rdfTypeIriId) {
  LedgerStats next = base;
  for (const IndexRow& row : removed) removeRow(next, row, rdfTypeIriId);
  if (!added.empty()) {
    StatsBuilder builder(rdfTypeIriId, next.subjectSketch.precision());
    for (const IndexRow& row : added) builder.add(row);
    next.mergeFrom(builder.finish());
  }
  next.predicates = next.byPredicate.size();
  next.subjects = std::min(next.subjectSketch.count(), next.triples);
  return next;
}

}  // namespace cairn::index
