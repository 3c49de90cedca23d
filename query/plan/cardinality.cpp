#include "query/plan/cardinality.h"

#include <algorithm>
#include <map>

#include "query/exec/pattern_slots.h"
#include "query/exec/triple_source.h"

namespace cairn::query::plan {

const PlannerStatistics* Cardinality::stats(core::NodeId graph) {
  auto it = stats_.find(graph);
  if (it == stats_.end()) {
    std::shared_ptr<const PlannerStatistics> loaded;
    if (ctx_.ledger().root().findGraph(graph)) {
      auto result = ctx_.ledger().statistics(graph);
      if (result.isOk() && result.value()) loaded = PlannerStatistics::of(result.value());
    }
    it = stats_.emplace(graph, std::move(loaded)).first;
  }
  return it->second.get();
}

Cardinality::Totals Cardinality::totals(const TriplePattern& pattern, const GraphScope& scope) {
  Totals t;
  std::optional<ValueId> predicate;
  if (!pattern.predicate.isVariable) predicate = ctx_.terms().findStored(pattern.predicate.term);
  const index::Novelty& novelty = ctx_.ledger().novelty();
  for (core::NodeId g : scope.graphs) {
    if (!ctx_.ledger().hasGraph(g, ctx_.asOf())) continue;
    const PlannerStatistics* s = stats(g);
    // The root's statistics plus the novelty's exact row deltas: writes since the last index
    // run shift the counts without sending the planner back to guesses. Distinct counts of a
    // predicate the root has never seen are bounded by its rows.
    const index::PredicateRowDeltas* delta = novelty.predicateRows(g);
    auto deltaOf = [&](uint64_t p) -> double {
      return delta == nullptr ? 0.0 : static_cast<double>(delta->of(p));
    };
    if (!s && delta == nullptr) {
      t.rows += kUnknownTriples;
      t.subjects += kUnknownTriples * kUnknownDistinctFraction;
      t.objects += kUnknownTriples * kUnknownDistinctFraction;
      t.predicates += 100;
      continue;
    }
    t.known = true;
    if (pattern.predicate.isVariable) {
      const double rows =
          std::max(0.0, (s ? s->triples() : 0.0) + static_cast<double>(novelty.rowDelta(g)));
      const double subjects = s ? std::min(s->subjects(), rows) : rows;
      t.rows += rows;
      t.subjects += subjects;
      t.objects += subjects;  // no global object sketch: subjects as proxy
      t.predicates +=
          (s ? s->predicates() : 0.0) + (delta ? static_cast<double>(delta->size()) : 0.0);
    } else if (predicate) {
      const PredicateEstimate* p = s ? s->find(predicate->key) : nullptr;
      const double rows = std::max(0.0, (p ? p->rows : 0.0) + deltaOf(predicate->key));
      if (rows > 0) {
        t.rows += rows;
        // A predicate only commits since the last fold hold has no sketch: count its distinct
        // subjects and objects when it is small, rather than take every row as distinct
        // (which makes every join on it look like one match per binding).
        std::optional<DistinctCounts> counted;
        if (!p) counted = distinctOfNewPredicate(g, predicate->key, rows);
        t.subjects += p ? std::min(p->subjects, rows) : counted ? counted->subjects : rows;
        t.objects += p ? std::min(p->objects, rows) : counted ? counted->objects : rows;
        t.predicates += 1;
      }
    }
  }
  return t;
}

std::optional<Cardinality::DistinctCounts> Cardinality::distinctOfNewPredicate(core::NodeId graph,
                                                                               uint64_t predicate,
                                                                               double rows) {
  const index::Ledger& ledger = ctx_.ledger();
  if (rows > kCountedDistinctRows || ctx_.asOf() < ledger.t()) return std::nullopt;
  const std::string key = "distinct:" + std::to_string(graph) + ":" + std::to_string(predicate);
  if (auto kept = ledger.memo(key)) return *std::static_pointer_cast<const DistinctCounts>(kept);
  const index::SnapshotReader* psot = ctx_.reader(graph, index::Permutation::kPSOT);
  const index::SnapshotReader* post = ctx_.reader(graph, index::Permutation::kPOST);
  if (!psot || !post) return std::nullopt;
  const uint64_t prefix[] = {predicate};
  const auto range = index::ScanRange::prefix(prefix);
  // Rows come in key order: a distinct value starts where the key column changes.
  auto distinct = [&](const index::SnapshotReader& reader, index::ColumnMask columns,
                      index::Column a, index::Column b) -> std::optional<double> {
    auto cursor = reader.scan(range, columns, ctx_.asOf());
    index::ColumnBatch batch;
    double count = 0;
    bool first = true;
    uint64_t lastA = 0, lastB = 0;
    for (;;) {
      auto more = cursor.next(batch);
      if (!more.isOk()) return std::nullopt;
      if (!more.value()) break;
      const auto& ca = batch.column(a);
      const auto& cb = batch.column(b);
      for (size_t r = 0; r < batch.rows; ++r) {
        const uint64_t va = ca[r], vb = cb.empty() ? 0 : cb[r];
        if (first || va != lastA || vb != lastB) ++count;
        first = false;
        lastA = va;
        lastB = vb;
      }
    }
    return count;
  };
  using index::Column;
  const auto subjects = distinct(*psot, index::columnBit(Column::kS), Column::kS, Column::kS);
  const auto objects =
      distinct(*post, index::columnBit(Column::kOType) | index::columnBit(Column::kOKey),
               Column::kOType, Column::kOKey);
  if (!subjects || !objects) return std::nullopt;
  auto counts = std::make_shared<DistinctCounts>(
      DistinctCounts{std::max(1.0, *subjects), std::max(1.0, *objects)});
  ledger.memoize(key, counts);
  return *counts;
}

namespace {

// The memo key of a pattern's scan: its terms' raw fields (the value length-prefixed; IRIs and
// language tags hold no control characters), cheaper than their N-Triples text: this runs for
// every pattern of every query, explained or not.
std::string scanKey(const TriplePattern& pattern) {
  std::string key;
  for (const PatternTerm* t : {&pattern.subject, &pattern.predicate, &pattern.object}) {
    if (t->isVariable) {
      key += '?';
      key += t->variable;
    } else {
      key += static_cast<char>('0' + static_cast<int>(t->term.kind));
      key += std::to_string(t->term.value.size());  // a length: values may hold any byte
      key += ':';
      key += t->term.value;
      key += '\x1f';
      key += t->term.datatype;
      key += '\x1f';
      key += t->term.language;
    }
    key += '\x1e';
  }
  return key;
}

}  // namespace

double Cardinality::scanRows(const TriplePattern& pattern, const GraphScope& scope) {
  std::string key = scanKey(pattern);
  for (core::NodeId g : scope.graphs) key += "|" + std::to_string(g);
  if (auto it = scanned_.find(key); it != scanned_.end()) return it->second;

  PatternSlots slots = compilePattern(ctx_, pattern);
  double rows = 0;
  if (slots.impossible) {
    rows = 0;
  } else {
    TripleAccess access{slots.constant[0], slots.constant[1], slots.constant[2], false};
    TripleSource source(ctx_, scope, access, "planner");
    if (auto counted = source.estimateFromDirectory()) {
      rows = static_cast<double>(*counted);
    } else {
      // (s, ?p, o) over one or several graphs: estimate from the subject's rows.
      rows = statisticsRows(pattern, scope);
    }
  }
  scanned_.emplace(key, rows);
  return rows;
}

double Cardinality::statisticsRows(const TriplePattern& pattern, const GraphScope& scope) {
  Totals t = totals(pattern, scope);
  double rows = t.rows;
  if (!pattern.subject.isVariable) rows /= std::max(1.0, t.subjects);
  if (!pattern.object.isVariable) rows /= std::max(1.0, t.objects);
  return rows;
}

double Cardinality::fanout(const TriplePattern& pattern, const std::set<std::string>& bound,
                           const GraphScope& scope) {
  double rows = scanRows(pattern, scope);
  if (rows <= 0) return 0;
  Totals t = totals(pattern, scope);
  auto isBound = [&](const PatternTerm& term) {
    return term.isVariable && bound.count(term.variable) > 0;
  };
  // Each bound position keeps about 1/distinct of the rows, never fewer distinct values than
  // rows when constants already narrowed the pattern.
  if (isBound(pattern.subject) && !pattern.object.isVariable && !pattern.predicate.isVariable) {
    // (?s p o) with ?s bound: of the predicate's subjects, the share that has the value o
    // (foaf:age "77": a few thousand of half a million), not one match per binding.
    rows /= std::max(1.0, t.subjects);
  } else if (isBound(pattern.subject)) {
    rows /= std::clamp(t.subjects, 1.0, std::max(1.0, rows));
  }
  if (isBound(pattern.object)) rows /= std::clamp(t.objects, 1.0, std::max(1.0, rows));
  if (isBound(pattern.predicate)) rows /= std::max(1.0, t.predicates);
  return rows;
}

double Cardinality::keptFraction(const TriplePattern& pattern, bool subject,
                                 const std::vector<const TriplePattern*>& binders,
                                 const GraphScope& scope) {
  if (binders.empty() || scope.graphs.size() != 1 || pattern.predicate.isVariable) return 1;
  const PlannerStatistics* s = stats(scope.graphs[0]);
  auto predicate = ctx_.terms().findStored(pattern.predicate.term);
  if (!s || !predicate) return 1;
  // The largest fraction: the bound values lie in every binder's set, and a binder whose set
  // they fill only in part (retailers among all subjects with a location) says less about
  // them than one they fill (retailers among subjects with a legal name).
  std::optional<double> kept;
  for (const TriplePattern* binder : binders) {
    if (binder->predicate.isVariable) continue;
    auto other = ctx_.terms().findStored(binder->predicate.term);
    const PredicateEstimate* q = other ? s->find(other->key) : nullptr;
    if (!q) continue;
    auto common = subject ? s->subjectOverlap(predicate->key, other->key)
                          : s->objectOverlap(predicate->key, other->key);
    const double distinct = subject ? q->subjects : q->objects;
    if (common && distinct > 0) kept = std::max(kept.value_or(0.0), *common / distinct);
  }
  return std::min(1.0, kept.value_or(1.0));
}

std::optional<double> Cardinality::rowsBetween(uint64_t low, uint64_t high, uint64_t anchor,
                                               const GraphScope& scope) {
  if (scope.graphs.size() != 1) return std::nullopt;
  const PlannerStatistics* s = stats(scope.graphs[0]);
  const PredicateEstimate* a = s ? s->find(anchor) : nullptr;
  if (!a || a->subjects <= 0) return std::nullopt;
  const auto& order = s->predicatesInOrder();
  double rows = 0;
  for (auto it = std::upper_bound(order.begin(), order.end(), low); it != order.end() && *it < high;
       ++it) {
    const PredicateEstimate* p = s->find(*it);
    if (!p || p->subjects <= 0) continue;
    const double common = s->subjectOverlap(*it, anchor).value_or(0.0);
    rows += p->rows / p->subjects * std::min(1.0, common / a->subjects);
  }
  return rows;
}

const PredicateEstimate* Cardinality::predicateEstimate(uint64_t predicate,
                                                        const GraphScope& scope) {
  if (scope.graphs.size() != 1) return nullptr;
  const PlannerStatistics* s = stats(scope.graphs[0]);
  return s ? s->find(predicate) : nullptr;
}

}  // namespace cairn::query::plan
