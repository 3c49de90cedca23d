#include "query/exec/factorized_count.h"

#include <algorithm>
#include <limits>
#include <set>
#include <utility>

#include "core/error.h"
#include "index/novelty/snapshot_reader.h"
#include "query/expr/aggregator.h"
#include "query/expr/values.h"

namespace cairn::query {

using index::Column;
using index::columnBit;
using index::Permutation;

namespace {
namespace factorized {

using Weighted = std::pair<ValueId, uint64_t>;

// The one order every message is kept in: (type, key), as POST orders objects. (PSOT orders
// subjects by id, which puts blank nodes after IRIs; such lists are re-sorted.)
bool before(const ValueId& a, const ValueId& b) {
  return a.type != b.type ? a.type < b.type : a.key < b.key;
}
bool entryBefore(const Weighted& a, const Weighted& b) { return before(a.first, b.first); }

// Bytes retained per message entry.
constexpr int64_t kEntryBytes = sizeof(Weighted);

// A value -> weight table for the per-row lookups of an inner pattern's scan: open addressing,
// linear probing, a power-of-two size at most half full.
class WeightTable {
 public:
  explicit WeightTable(const std::vector<Weighted>& entries) {
    size_t size = 16;
    while (size < entries.size() * 2) size <<= 1;
    mask_ = size - 1;
    slots_.assign(size, {ValueId{}, 0});
    for (const auto& [value, weight] : entries) {
      size_t i = hashValue(value) & mask_;
      while (slots_[i].first.isBound()) i = (i + 1) & mask_;
      slots_[i] = {value, weight};
    }
  }
  // The weight of `value`, or `missing` when it has none.
  uint64_t find(const ValueId& value, uint64_t missing) const {
    for (size_t i = hashValue(value) & mask_;; i = (i + 1) & mask_) {
      if (slots_[i].first == value) return slots_[i].second;
      if (!slots_[i].first.isBound()) return missing;
    }
  }
  size_t bytes() const { return slots_.size() * sizeof(Weighted); }

 private:
  std::vector<Weighted> slots_;
  size_t mask_ = 0;
};

}  // namespace factorized
}  // namespace

using namespace factorized;  // NOLINT: this file's helpers

// A variable's count per value. Closed: values not listed count 0 (the variable is restricted
// to the listed ones). Open: values not listed count 1 (a leaf, possibly with an optional's
// counts listed).
struct FactorizedCount::Message {
  bool open = false;
  std::vector<Weighted> entries;  // sorted by before(), weights > 0
};

namespace {
namespace factorized {

uint64_t multiply(uint64_t a, uint64_t b, bool& overflow) {
  uint64_t out = 0;
  overflow = overflow || __builtin_mul_overflow(a, b, &out);
  return out;
}

}  // namespace factorized
}  // namespace

FactorizedCount::FactorizedCount(ExecContext& ctx, FactorizedCountSpec spec, OperatorPtr fallback)
    : Operator(ctx, "FactorizedCount", spec.outputVariables),
      spec_(std::move(spec)),
      fallback_(std::move(fallback)) {
  if (ctx_.describesPlan()) {
    auto describe = [](const std::vector<CountPattern>& patterns) {
      std::string text;
      for (const auto& p : patterns) text += (text.empty() ? "" : " . ") + p.text;
      return text;
    };
    addDetail("patterns", describe(spec_.required));
    for (const auto& optional : spec_.optionals) {
      addDetail("optional",
                describe(optional.patterns) + " (on ?" + spec_.variables[optional.link] + ")");
    }
    if (spec_.keyVariable >= 0) addDetail("group by", "?" + spec_.variables[spec_.keyVariable]);
    std::string roots;
    for (size_t a = 0; a < spec_.aggregates.size(); ++a) {
      const auto& agg = spec_.aggregates[a];
      roots += (roots.empty() ? "" : ", ") + agg.text +
               (agg.distinct ? " from the values of ?" : " rooted at ?") +
               spec_.variables[agg.root];
    }
    addDetail("counts", roots);
    std::string seeking;
    auto seeks = [&](const std::vector<CountPattern>& patterns) {
      for (const auto& p : patterns) {
        if (p.fewObjects) seeking += (seeking.empty() ? "" : " . ") + p.text;
      }
    };
    seeks(spec_.required);
    for (const auto& optional : spec_.optionals) seeks(optional.patterns);
    if (!seeking.empty()) addDetail("objects by seeking", seeking);
    for (const auto& agg : spec_.aggregates) {
      if (!starArms(agg).empty()) {
        addDetail("star", agg.text + ": one merge of the arms' subject runs");
      }
    }
  }
}

std::vector<int> FactorizedCountSpec::variableUses() const {
  std::vector<int> uses(variables.size(), 0);
  auto count = [&](const std::vector<CountPattern>& patterns) {
    for (const CountPattern& p : patterns) {
      if (p.subjectVar >= 0) ++uses[p.subjectVar];
      if (p.objectVar >= 0) ++uses[p.objectVar];
    }
  };
  count(required);
  for (const auto& optional : optionals) count(optional.patterns);
  return uses;
}

std::vector<StarArm> FactorizedCount::starArms(const FactorizedCountSpec::Aggregate& a) const {
  if (spec_.keyVariable >= 0 || a.distinct || a.root < 0) return {};
  for (const auto& o : spec_.optionals) {
    if (o.link != a.root || o.patterns.size() != 1) return {};
  }
  // Every variable but the root is a leaf.
  const std::vector<int> uses = spec_.variableUses();
  auto arm = [&](const CountPattern& p, bool optional) -> std::optional<StarArm> {
    StarArm out;
    out.predicate = p.predicate;
    out.optional = optional;
    out.impossible = p.impossible;
    if (p.subjectVar == a.root) {
      if (p.objectVar >= 0 && uses[p.objectVar] != 1) return {};
      if (p.objectVar < 0) out.object = p.object;
    } else if (p.objectVar == a.root) {
      if (p.subjectVar >= 0 && uses[p.subjectVar] != 1) return {};
      out.rootIsObject = true;
      if (p.subjectVar < 0) out.subject = p.subject;
    } else {
      return {};
    }
    return out;
  };
  std::vector<StarArm> arms;
  for (const auto& p : spec_.required) {
    auto one = arm(p, false);
    if (!one) return {};
    arms.push_back(*one);
  }
  for (size_t j = 0; j < spec_.optionals.size(); ++j) {
    // COUNT(?e) of an optional's variable counts its rows, as a required arm would.
    auto one = arm(spec_.optionals[j].patterns[0], static_cast<int>(j) != a.countsOptional);
    if (!one) return {};
    arms.push_back(*one);
  }
  // Arms that hold the root as their object need a required one that holds it as its subject
  // (the root is then a node: countStar merges node values only).
  const bool anyObject =
      std::any_of(arms.begin(), arms.end(), [](const StarArm& x) { return x.rootIsObject; });
  const bool requiredSubject = std::any_of(
      arms.begin(), arms.end(), [](const StarArm& x) { return !x.optional && !x.rootIsObject; });
  if (anyObject && !requiredSubject) return {};
  return arms;
}

FactorizedCount::~FactorizedCount() = default;

std::vector<const Operator*> FactorizedCount::inputs() const { return {fallback_.get()}; }

int FactorizedCount::chooseRoot(const std::vector<CountPattern>& patterns, size_t variables,
                                const std::vector<double>& rows) {
  // Rooted at r, a pattern is scanned with lookups unless its far end is a leaf (or constant):
  // sum the rows of patterns whose far end, seen from r, has other patterns behind it.
  std::vector<int> degree(variables, 0);
  for (const auto& p : patterns) {
    if (p.subjectVar >= 0) ++degree[p.subjectVar];
    if (p.objectVar >= 0) ++degree[p.objectVar];
  }
  int best = -1;
  double bestCost = 0;
  for (size_t r = 0; r < variables; ++r) {
    if (degree[r] == 0) continue;
    // Walk the tree from r: a pattern from parent u to child y costs its rows when y has other
    // patterns (degree > 1).
    double cost = 0;
    std::vector<std::pair<int, int>> stack{{static_cast<int>(r), -1}};
    while (!stack.empty()) {
      auto [v, parent] = stack.back();
      stack.pop_back();
      for (size_t i = 0; i < patterns.size(); ++i) {
        const auto& p = patterns[i];
        if (static_cast<int>(i) == parent || (p.subjectVar != v && p.objectVar != v)) continue;
        const int other = p.subjectVar == v ? p.objectVar : p.subjectVar;
        if (other < 0) continue;
        if (degree[other] > 1) cost += rows[i];
        stack.emplace_back(other, static_cast<int>(i));
      }
    }
    if (best < 0 || cost < bestCost) {
      best = static_cast<int>(r);
      bestCost = cost;
    }
  }
  return best;
}

void FactorizedCount::account(const Message& m, int sign) {
  charge(sign * static_cast<int64_t>(m.entries.size()) * kEntryBytes);
}

bool FactorizedCount::holds(const CountPattern& p) {
  if (p.impossible) return false;
  const index::SnapshotReader* reader = ctx_.reader(spec_.graph, Permutation::kSPOT);
  if (!reader) return false;
  const uint64_t key[] = {p.subject.key, p.predicate, p.object.type, p.object.key};
  auto count = reader->count(index::ScanRange::prefix(key), ctx_.asOf());
  if (!count.isOk()) throwStorageError(count.status());
  return count.value() > 0;
}

FactorizedCount::Message FactorizedCount::patternMessage(const CountPattern& p, int v,
                                                         const Message* child) {
  const bool vIsSubject = p.subjectVar == v;
  const int other = vIsSubject ? p.objectVar : p.subjectVar;
  // Per row, the weight of the far end: 1 for a constant or a bare leaf, else its message's.
  const bool weighted = other >= 0 && child && !(child->open && child->entries.empty());
  if (!weighted && !vIsSubject && other >= 0 && p.fewObjects) return objectCountsBySeeking(p);
  std::optional<WeightTable> weights;
  if (weighted) {
    weights.emplace(child->entries);
    charge(static_cast<int64_t>(weights->bytes()));
  }
  const uint64_t missing = weighted && child->open ? 1 : 0;

  // The permutation whose rows come ordered by v after the pattern's constants.
  Permutation perm;
  std::vector<uint64_t> prefix;
  index::ColumnMask columns = 0;
  const index::ColumnMask objectColumns = columnBit(Column::kOType) | columnBit(Column::kOKey);
  if (vIsSubject) {
    columns = columnBit(Column::kS) | (weighted ? objectColumns : 0);
    if (other >= 0) {
      perm = Permutation::kPSOT;
      prefix = {p.predicate};
    } else {
      perm = Permutation::kPOST;
      prefix = {p.predicate, p.object.type, p.object.key};
    }
  } else {
    columns = objectColumns | (weighted ? columnBit(Column::kS) : 0);
    if (other >= 0) {
      perm = Permutation::kPOST;
      prefix = {p.predicate};
    } else {
      perm = Permutation::kSPOT;
      prefix = {p.subject.key, p.predicate};
    }
  }

  Message out;
  const index::SnapshotReader* reader = p.impossible ? nullptr : ctx_.reader(spec_.graph, perm);
  if (reader) {
    index::SnapshotCursor cursor =
        reader->scan(index::ScanRange::prefix(prefix), columns, ctx_.asOf());
    index::ColumnBatch batch;
    ValueId current;
    uint64_t sum = 0;
    bool overflow = false;
    auto flush = [&] {
      if (sum > 0) out.entries.emplace_back(current, sum);
    };
    while (true) {
      auto more = cursor.next(batch);
      if (!more.isOk()) throwStorageError(more.status());
      if (!more.value()) break;
      ctx_.checkLimits();
      const auto& sc = batch.column(Column::kS);
      const auto& otc = batch.column(Column::kOType);
      const auto& okc = batch.column(Column::kOKey);
      for (size_t r = 0; r < batch.rows; ++r) {
        const ValueId x = vIsSubject ? ValueId::node(sc[r])
                                     : ValueId{okc[r], static_cast<core::ObjectType>(otc[r])};
        uint64_t w = 1;
        if (weighted) {
          const ValueId y = vIsSubject ? ValueId{okc[r], static_cast<core::ObjectType>(otc[r])}
                                       : ValueId::node(sc[r]);
          w = weights->find(y, missing);
        }
        if (x != current) {
          flush();
          current = x;
          sum = 0;
        }
        overflow = overflow || __builtin_add_overflow(sum, w, &sum);
      }
    }
    flush();
    if (overflow) throw Decline{};
  }
  if (weights) charge(-static_cast<int64_t>(weights->bytes()));
  // Each value's rows are one run in the scan, so only the order of the runs may need fixing.
  if (!std::is_sorted(out.entries.begin(), out.entries.end(), entryBefore)) {
    std::sort(out.entries.begin(), out.entries.end(), entryBefore);
  }
  account(out, +1);
  return out;
}

FactorizedCount::Message FactorizedCount::objectCountsBySeeking(const CountPattern& p) {
  Message out;
  const index::SnapshotReader* reader =
      p.impossible ? nullptr : ctx_.reader(spec_.graph, Permutation::kPOST);
  index::RowKey from = {p.predicate, 0, 0, 0, 0};
  while (reader) {
    ctx_.checkLimits();
    auto found = reader->seek(from, ctx_.asOf());
    if (!found.isOk()) throwStorageError(found.status());
    if (!found.value() || found.value()->p != p.predicate) break;
    const index::IndexRow& row = *found.value();
    const uint64_t key[] = {p.predicate, row.ot, row.ok};
    auto rows = reader->count(index::ScanRange::prefix(key), ctx_.asOf());
    if (!rows.isOk()) throwStorageError(rows.status());
    if (rows.value() > 0) out.entries.emplace_back(ValueId{row.ok, row.ot}, rows.value());
    // The first key of the next object.
    if (row.ok < UINT64_MAX) {
      from = {p.predicate, row.ot, row.ok + 1, 0, 0};
    } else if (row.ot < UINT8_MAX) {
      from = {p.predicate, uint64_t{row.ot} + 1, 0, 0, 0};
    } else {
      break;
    }
  }
  account(out, +1);
  return out;
}

FactorizedCount::Message FactorizedCount::messageOf(int v, int parent,
                                                    const std::vector<CountPattern>& patterns,
                                                    bool withOptionals, int hardOptional) {
  std::vector<Message> closed, open;
  for (size_t i = 0; i < patterns.size(); ++i) {
    const CountPattern& p = patterns[i];
    if (static_cast<int>(i) == parent || (p.subjectVar != v && p.objectVar != v)) continue;
    const int other = p.subjectVar == v ? p.objectVar : p.subjectVar;
    if (other >= 0) {
      Message child = messageOf(other, static_cast<int>(i), patterns, withOptionals, hardOptional);
      closed.push_back(patternMessage(p, v, &child));
      account(child, -1);
    } else {
      closed.push_back(patternMessage(p, v, nullptr));
    }
  }
  if (withOptionals) {
    for (size_t j = 0; j < spec_.optionals.size(); ++j) {
      const auto& optional = spec_.optionals[j];
      if (optional.link != v) continue;
      Message counts;
      bool allHold = true;
      for (const auto& p : optional.patterns) {
        if (p.subjectVar < 0 && p.objectVar < 0) allHold = allHold && holds(p);
      }
      if (allHold) counts = messageOf(v, -1, optional.patterns, false, -1);
      // COUNT(?e) of this optional's variable multiplies by its count; anything else by
      // max(1, count): a value it does not match still counts once (open, weight 1).
      counts.open = static_cast<int>(j) != hardOptional;
      (counts.open ? open : closed).push_back(std::move(counts));
    }
  }

  int64_t inputs = 0;
  for (const Message& m : closed) inputs += static_cast<int64_t>(m.entries.size());
  for (const Message& m : open) inputs += static_cast<int64_t>(m.entries.size());
  Message result;
  bool overflow = false;
  if (closed.empty()) {
    result.open = true;
  } else {
    // Intersect the closed messages, smallest first.
    std::sort(closed.begin(), closed.end(), [](const Message& a, const Message& b) {
      return a.entries.size() < b.entries.size();
    });
    result.entries = std::move(closed[0].entries);
    for (size_t k = 1; k < closed.size(); ++k) {
      const auto& other = closed[k].entries;
      size_t out = 0, j = 0;
      for (size_t i = 0; i < result.entries.size(); ++i) {
        const ValueId& key = result.entries[i].first;
        while (j < other.size() && before(other[j].first, key)) ++j;
        if (j == other.size()) break;
        if (other[j].first != key) continue;
        result.entries[out++] = {key,
                                 multiply(result.entries[i].second, other[j].second, overflow)};
      }
      result.entries.resize(out);
    }
  }
  for (const Message& factor : open) {
    if (result.open) {
      // Two open messages: the union, weights multiplied where both list a value.
      std::vector<Weighted> merged;
      std::merge(result.entries.begin(), result.entries.end(), factor.entries.begin(),
                 factor.entries.end(), std::back_inserter(merged), entryBefore);
      std::vector<Weighted> combined;
      for (const auto& e : merged) {
        if (!combined.empty() && combined.back().first == e.first) {
          combined.back().second = multiply(combined.back().second, e.second, overflow);
        } else {
          combined.push_back(e);
        }
      }
      result.entries = std::move(combined);
      continue;
    }
    size_t j = 0;
    for (auto& [key, weight] : result.entries) {
      while (j < factor.entries.size() && before(factor.entries[j].first, key)) ++j;
      if (j < factor.entries.size() && factor.entries[j].first == key) {
        weight = multiply(weight, factor.entries[j].second, overflow);
      }
    }
  }
  charge(-inputs * kEntryBytes);
  if (overflow) throw Decline{};
  account(result, +1);
  return result;
}

void FactorizedCount::compute() {
  bool requiredHolds = true;
  for (const auto& p : spec_.required) {
    if (p.subjectVar < 0 && p.objectVar < 0) requiredHolds = requiredHolds && holds(p);
  }
  const size_t aggregates = spec_.aggregates.size();
  // Per aggregate, its count per root value (one entry, any key, without GROUP BY).
  std::vector<std::vector<Weighted>> counts(aggregates);
  std::vector<Weighted> groups;  // GROUP BY: the groups, each with its COUNT(*)
  if (requiredHolds) {
    for (size_t a = 0; a < aggregates; ++a) {
      const auto& agg = spec_.aggregates[a];
      if (auto arms = starArms(agg); !arms.empty()) {
        auto total = countStar(ctx_, spec_.graph, arms);
        if (!total) throw Decline{};
        counts[a] = {{ValueId{}, *total}};
        continue;
      }
      Message m = messageOf(agg.root, -1, spec_.required, !agg.distinct, agg.countsOptional);
      account(m, -1);
      if (spec_.keyVariable >= 0) {
        counts[a] = std::move(m.entries);
        if (groups.empty() && agg.countsOptional < 0) groups = counts[a];
        continue;
      }
      uint64_t total = 0;
      bool overflow = false;
      if (agg.distinct) {
        // Ids are canonical, except that DISTINCT compares language tags without case.
        std::set<core::Term> languageStrings;
        for (const auto& [value, weight] : m.entries) {
          if (core::isLangString(value.type)) {
            languageStrings.insert(expr::distinctKey(ctx_.terms().decode(value)));
          } else {
            ++total;
          }
        }
        total += languageStrings.size();
      } else {
        for (const auto& [value, weight] : m.entries) {
          overflow = overflow || __builtin_add_overflow(total, weight, &total);
        }
      }
      if (overflow) throw Decline{};
      counts[a] = {{ValueId{}, total}};
    }
    if (spec_.keyVariable >= 0 && groups.empty()) {
      // Only COUNT(?e) of optionals: the groups are the values the required tree binds.
      Message m = messageOf(spec_.keyVariable, -1, spec_.required, false, -1);
      account(m, -1);
      groups = std::move(m.entries);
    }
  }

  auto integer = [&](uint64_t n) { return ctx_.terms().encode(expr::makeInteger(n)); };
  if (spec_.keyVariable < 0) {
    ValueRow row;
    for (size_t a = 0; a < aggregates; ++a) {
      row.push_back(integer(counts[a].empty() ? 0 : counts[a][0].second));
    }
    rows_.push_back(std::move(row));
    return;
  }
  charge(static_cast<int64_t>(groups.size() * (aggregates + 1) * sizeof(ValueId)));
  for (const auto& [key, ignored] : groups) {
    ValueRow row;
    if (spec_.keyNamed) row.push_back(key);
    for (size_t a = 0; a < aggregates; ++a) {
      const auto& list = counts[a];
      auto it = std::lower_bound(list.begin(), list.end(), Weighted{key, 0}, entryBefore);
      row.push_back(integer(it != list.end() && it->first == key ? it->second : 0));
    }
    rows_.push_back(std::move(row));
  }
}

bool FactorizedCount::produce(Batch& out) {
  if (!computed_) {
    computed_ = true;
    try {
      compute();
    } catch (const Decline&) {
      declined_ = true;
      rows_.clear();
      charge(std::numeric_limits<int64_t>::min() / 2);  // releases what is still charged
      addDetail("declined", "a count passed 2^64: ran the plan below");
    }
  }
  if (declined_) return fallback_->next(out);
  while (next_ < rows_.size() && out.rows < ctx_.batchRows()) out.appendRow(rows_[next_++]);
  return next_ < rows_.size();
}

}  // namespace cairn::query
