#include "query/exec/index_scan.h"

#include "core/term.h"

namespace cairn::query {

namespace {

TripleAccess accessOf(const PatternSlots& slots, bool objectOrder,
                      std::optional<index::ScanRange> range = std::nullopt) {
  TripleAccess a;
  a.range = range;
  a.s = slots.constant[0];
  a.p = slots.constant[1];
  a.o = slots.constant[2];
  a.objectOrder = objectOrder;
  return a;
}

std::string rangeText(const TriplePattern& pattern, const AccessPlan& plan) {
  std::string out;
  const auto& cols = index::keyColumns(plan.perm);
  for (int i = 0; i < plan.prefixColumns; ++i) {
    const char* name = nullptr;
    const PatternTerm* term = nullptr;
    switch (cols[i]) {
      case index::Column::kS:
        name = "s=";
        term = &pattern.subject;
        break;
      case index::Column::kP:
        name = "p=";
        term = &pattern.predicate;
        break;
      case index::Column::kOKey:
        name = "o=";
        term = &pattern.object;
        break;
      default:
        break;
    }
    if (!name) continue;
    if (!out.empty()) out += " ";
    out += name + core::toNTriples(term->term);
  }
  if (plan.filterObject) out += " (filter o=" + core::toNTriples(pattern.object.term) + ")";
  return out.empty() ? "all" : out;
}

}  // namespace

IndexScan::IndexScan(ExecContext& ctx, const TriplePattern& pattern, const GraphScope& scope,
                     bool objectOrder, std::optional<index::ScanRange> range)
    : Operator(ctx, "IndexScan", {}),
      slots_(compilePattern(ctx, pattern)),
      source_(ctx, scope, accessOf(slots_, objectOrder, range), "IndexScan"),
      nextRows_(std::min(TripleSource::kMinReadRows, ctx.batchRows())) {
  // The operator's columns are the pattern's distinct variables.
  setVariables(slots_.variables);
  if (!ctx.describesPlan()) return;
  AccessPlan plan = planAccess(accessOf(slots_, objectOrder));
  addDetail("pattern", describePattern(pattern));
  addDetail("permutation", std::string(index::permutationName(plan.perm)));
  addDetail("range", slots_.impossible
                         ? "empty (a constant is not in the store)"
                         : rangeText(pattern, plan) + (range ? " (narrowed by the plan)" : ""));
}

std::optional<uint64_t> IndexScan::exactCount() const {
  if (slots_.impossible) return 0;
  for (int i = 0; i < 3; ++i) {
    for (int j = i + 1; j < 3; ++j) {
      if (slots_.variable[i] >= 0 && slots_.variable[i] == slots_.variable[j]) {
        return std::nullopt;
      }
    }
  }
  return source_.countFromDirectory();
}

bool IndexScan::produce(Batch& out) {
  if (slots_.impossible) return false;
  s_.clear();
  p_.clear();
  o_.clear();
  size_t n = 0;
  bool more = source_.next(s_, p_, o_, nextRows_, n);
  nextRows_ = std::min(nextRows_ * 4, ctx_.batchRows());
  std::vector<ValueId>* free[3] = {&s_, &p_, &o_};
  std::array<ValueId, 3> spo;
  for (size_t r = 0; r < n; ++r) {
    for (int i = 0; i < 3; ++i) spo[i] = slots_.constant[i] ? *slots_.constant[i] : (*free[i])[r];
    if (!slots_.consistent(spo)) continue;
    for (int i = 0; i < 3; ++i) {
      int v = slots_.variable[i];
      // A repeated variable fills its column once (from its first position).
      if (v >= 0 && static_cast<int>(out.columns[v].size()) == static_cast<int>(out.rows)) {
        out.columns[v].push_back(spo[i]);
      }
    }
    ++out.rows;
  }
  return more;
}

}  // namespace cairn::query
