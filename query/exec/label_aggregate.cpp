#include "query/exec/label_aggregate.h"

#include <algorithm>
#include <array>

#include "core/error.h"
#include "core/vocab.h"
#include "core/xsd_numeric_codec.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/cypher_runtime.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/value/value_compare.h"

namespace cairn::query {

namespace label_aggregate_detail {

constexpr int64_t kGroupBytes = 160;
constexpr int64_t kMemoBytes = 96;
constexpr size_t kChunkRows = 1024;
constexpr int kCacheBits = 10;
constexpr size_t kCacheSlots = size_t{1} << kCacheBits;

}  // namespace label_aggregate_detail

namespace {

// A property's PSOT range: every fact of predicate p.
index::ScanRange propertyRange(ValueId p) {
  const std::array<uint64_t, 1> predicate = {p.key};
  return index::ScanRange::prefix(predicate);
}

}  // namespace

// One index range read front to back, a batch at a time.
struct LabelAggregate::Stream {
  std::optional<index::SnapshotCursor> cursor;
  index::ColumnBatch batch;
  size_t pos = 0;
  bool more = false;  // the cursor may have rows after `batch`
  // The batch's columns (empty when not read).
  const uint64_t* subjects = nullptr;
  const uint64_t* objectTypes = nullptr;
  const uint64_t* objectKeys = nullptr;
  const uint64_t* positions = nullptr;

  void open(const index::SnapshotReader* reader, const index::ScanRange& range,
            index::ColumnMask columns, uint64_t asOf) {
    if (reader == nullptr) return;
    cursor.emplace(reader->scan(range, columns, asOf));
    more = true;
    fill();
  }
  // Whether a row is current (reading the next batch when this one is spent).
  bool valid() {
    while (pos >= batch.rows) {
      if (!more) return false;
      fill();
    }
    return true;
  }
  uint64_t subject() const { return subjects[pos]; }

 private:
  void fill() {
    auto result = cursor->next(batch);
    if (!result.isOk()) throwStorageError(result.status());
    more = *result;
    pos = 0;
    subjects = batch.column(index::Column::kS).data();
    objectTypes = batch.column(index::Column::kOType).data();
    objectKeys = batch.column(index::Column::kOKey).data();
    positions = batch.column(index::Column::kI).data();
  }
};

LabelAggregate::LabelAggregate(ExecContext& ctx, LabelAggregateSpec spec, OperatorPtr fallback)
    : Operator(ctx, "LabelAggregate", spec.outputVariables),
      spec_(std::move(spec)),
      fallback_(std::move(fallback)),
      runtime_(*ctx.cypher()),
      cache_(label_aggregate_detail::kCacheSlots) {
  const std::vector<std::string> slot{std::string(kLabelAggregateValue)};
  for (const auto& c : spec_.conditions) conditionPrograms_.push_back(compileCypher(c.expr, slot));
  using F = AggregateCall::Function;
  for (const auto& a : spec_.aggregates) {
    value::makeValueAggregator(a.call);  // checks the function now, as CypherGroup does
    Native n = Native::kNone;
    if (!a.call.distinct) {
      n = a.call.function == F::kCount ? Native::kCount
          : a.call.function == F::kSum ? Native::kSum
          : a.call.function == F::kAvg ? Native::kAvg
          : a.call.function == F::kMin ? Native::kMin
          : a.call.function == F::kMax ? Native::kMax
                                       : Native::kNone;
    }
    // count(*) and count(n) count rows; other aggregates of n itself are not planned here.
    native_.push_back(a.property < 0 ? Native::kCount : n);
  }
  memos_.resize(spec_.properties.size() + 1);
  if (auto id =
          ctx.terms().findStored(core::Term::literal("", std::string(graph::kEmptyListDatatype)))) {
    emptyList_ = *id;
  }
  if (ctx.describesPlan()) {
    std::string properties;
    for (const auto& p : spec_.properties) {
      properties += (properties.empty() ? "" : ", ") + core::toNTriples(core::Term::iri(p));
    }
    addDetail("label", core::toNTriples(core::Term::iri(spec_.label)));
    if (!properties.empty()) addDetail("properties", properties);
    addDetail("access", properties.empty() ? "POST label range"
                                           : "POST label range merged with PSOT property ranges");
    addDetail("evaluation", "once per distinct stored value");
    addDetail("declines to", "the plan below, on a property held as a list");
  }
}

LabelAggregate::~LabelAggregate() = default;

LabelAggregate::Memo& LabelAggregate::memo(int property, ValueId id) {
  const size_t k = static_cast<size_t>(property < 0 ? spec_.properties.size() : property);
  // Multiplicative hashing: the top bits of key * golden ratio spread inline numbers well.
  const uint64_t h = (id.key + id.type * 0x100000001B3ULL + k) * 0x9E3779B97F4A7C15ULL;
  CacheSlot& slot = cache_[h >> (64 - label_aggregate_detail::kCacheBits)];
  if (slot.memo != nullptr && slot.id == id && slot.property == static_cast<int>(k)) [[likely]] {
    return *slot.memo;
  }
  auto [it, fresh] = memos_[k].try_emplace(id);
  if (fresh) {
    it->second.value = runtime_.toValue(id);
    it->second.verdicts.assign(spec_.conditions.size(), -1);
    charge(label_aggregate_detail::kMemoBytes);
    charged_ += label_aggregate_detail::kMemoBytes;
  }
  slot = CacheSlot{static_cast<int>(k), id, &it->second};
  return it->second;
}

bool LabelAggregate::passes(size_t condition, int property, ValueId id) {
  Memo& m = memo(property, property < 0 ? ValueId{} : id);
  int8_t& verdict = m.verdicts[condition];
  if (verdict < 0) {
    const value::SpanRow row(std::span<const value::Value>(&m.value, 1));
    verdict = conditionPrograms_[condition].evaluatePredicate(row, runtime_.eval()) ? 1 : 0;
  }
  return verdict == 1;
}

size_t LabelAggregate::groupOf(ValueId keyId) {
  if (spec_.keyProperty < 0) return 0;
  Memo& m = memo(spec_.keyProperty, keyId);
  if (m.group != SIZE_MAX) return m.group;
  // As CypherGroup: the key is the value's id, groups merge by grouping id (1 with 1.0), and a
  // group keeps the first key it saw.
  const ValueId key = runtime_.toId(m.value);
  const ValueId grouping = runtime_.groupingId(key);
  auto [it, fresh] = groupIndex_.try_emplace(grouping, groups_.size());
  if (fresh) {
    groups_.push_back(newGroup(key));
    charge(label_aggregate_detail::kGroupBytes);
    charged_ += label_aggregate_detail::kGroupBytes;
  }
  m.group = it->second;
  return m.group;
}

LabelAggregate::Group LabelAggregate::newGroup(ValueId key) const {
  Group g;
  g.key = key;
  g.accumulators.resize(spec_.aggregates.size());
  for (size_t a = 0; a < spec_.aggregates.size(); ++a) {
    if (native_[a] == Native::kNone) {
      g.accumulators[a].general = value::makeValueAggregator(spec_.aggregates[a].call);
    }
  }
  return g;
}

value::Value LabelAggregate::valueOf(int property, ValueId id) {
  // Inline numbers and booleans decode without a lookup; other values come from the memo.
  if (!id.isBound() || id.type == core::otype::kInteger || id.type == core::otype::kDouble ||
      id.type == core::otype::kBoolean) {
    return runtime_.toValue(id);
  }
  return memo(property, id).value;
}

bool LabelAggregate::accumulateChunk(size_t aggregate, const std::vector<ValueId>* column,
                                     const std::vector<uint32_t>& rows,
                                     const std::vector<uint32_t>& groups) {
  const int property = spec_.aggregates[aggregate].property;
  auto accumulator = [&](size_t j) -> Accumulator& {
    return groups_[groups[j]].accumulators[aggregate];
  };
  switch (native_[aggregate]) {
    case Native::kCount:
      // A stored literal is never null (termToValue), so counting needs no value.
      for (size_t j = 0; j < rows.size(); ++j) {
        accumulator(j).count += column == nullptr || (*column)[rows[j]].isBound() ? 1 : 0;
      }
      return true;
    case Native::kSum:
    case Native::kAvg:
      for (size_t j = 0; j < rows.size(); ++j) {
        const ValueId id = (*column)[rows[j]];
        if (!id.isBound()) continue;
        Accumulator& acc = accumulator(j);
        // Integers add exactly (overflow: the ordinary plan's error) until a float joins.
        if (id.type == core::otype::kInteger && !acc.floating) {
          ++acc.count;
          if (__builtin_add_overflow(acc.integerSum, core::xsd::integerOfKey(id.key),
                                     &acc.integerSum)) {
            return false;
          }
          continue;
        }
        const value::Value v = valueOf(property, id);
        if (!v.isNumber()) return false;  // the ordinary plan's type error
        ++acc.count;
        if (acc.floating) {
          acc.floatSum += v.asNumber();
        } else if (v.kind() == value::ValueKind::kFloat) {
          acc.floating = true;
          acc.floatSum = static_cast<double>(acc.integerSum) + v.asFloat();
        } else if (__builtin_add_overflow(acc.integerSum, v.asInteger(), &acc.integerSum)) {
          return false;
        }
      }
      return true;
    case Native::kMin:
    case Native::kMax: {
      const bool max = native_[aggregate] == Native::kMax;
      for (size_t j = 0; j < rows.size(); ++j) {
        const ValueId id = (*column)[rows[j]];
        if (!id.isBound()) continue;
        Accumulator& acc = accumulator(j);
        if (id.type == core::otype::kInteger &&
            (acc.best == Best::kInteger || acc.best == Best::kNone)) {
          const int64_t v = core::xsd::integerOfKey(id.key);
          if (acc.best == Best::kNone || (max ? v > acc.bestInteger : v < acc.bestInteger)) {
            acc.bestInteger = v;
            acc.best = Best::kInteger;
          }
          continue;
        }
        // Across types: ORDER BY's order; an equal value keeps the first.
        value::Value v = valueOf(property, id);
        if (acc.best == Best::kNone) {
          acc.bestValue = std::move(v);
          acc.best = Best::kValue;
          continue;
        }
        const value::Value current =
            acc.best == Best::kInteger ? value::Value::integer(acc.bestInteger) : acc.bestValue;
        const int c = value::orderCompare(v, current);
        if (max ? c > 0 : c < 0) {
          acc.bestValue = std::move(v);
          acc.best = Best::kValue;
        }
      }
      return true;
    }
    case Native::kNone:
      for (size_t j = 0; j < rows.size(); ++j) {
        accumulator(j).general->add(column == nullptr ? value::Value::boolean(true)
                                                      : valueOf(property, (*column)[rows[j]]));
      }
      return true;
  }
  return true;
}

value::Value LabelAggregate::result(size_t aggregate, const Accumulator& acc) const {
  switch (native_[aggregate]) {
    case Native::kCount:
      return value::Value::integer(static_cast<int64_t>(acc.count));
    case Native::kSum:
      return acc.floating ? value::Value::floating(acc.floatSum)
                          : value::Value::integer(acc.integerSum);
    case Native::kAvg: {
      if (acc.count == 0) return value::Value();
      const double sum = acc.floating ? acc.floatSum : static_cast<double>(acc.integerSum);
      return value::Value::floating(sum / static_cast<double>(acc.count));
    }
    case Native::kMin:
    case Native::kMax:
      return acc.best == Best::kInteger ? value::Value::integer(acc.bestInteger)
             : acc.best == Best::kValue ? acc.bestValue
                                        : value::Value();
    case Native::kNone:
      return acc.general->result();
  }
  return value::Value();
}

bool LabelAggregate::readColumn(Stream& stream, const std::vector<core::NodeId>& subjects,
                                std::vector<ValueId>& out) {
  out.assign(subjects.size(), ValueId{});
  size_t r = 0;
  // Both sides ascend: walk the stream's rows, moving through the subjects as they pass.
  while (r < subjects.size() && stream.valid()) {
    const size_t end = stream.batch.rows;
    for (size_t pos = stream.pos; pos < end; ++pos) {
      const core::NodeId s = stream.subjects[pos];
      while (r < subjects.size() && subjects[r] < s) ++r;
      if (r == subjects.size()) {
        stream.pos = pos;
        return true;
      }
      if (subjects[r] != s) continue;
      const auto ot = static_cast<core::ObjectType>(stream.objectTypes[pos]);
      if (core::isNode(ot)) continue;  // a relationship, not a property
      const ValueId v{stream.objectKeys[pos], ot};
      // A list (positions, several values, the empty-list marker) is not one stored id.
      if (out[r].isBound() || stream.positions[pos] != 0 || v == emptyList_) return false;
      out[r] = v;
    }
    stream.pos = end;
  }
  return true;
}

bool LabelAggregate::countsOnly() const {
  if (!spec_.conditions.empty() || spec_.keyProperty >= 0) return false;
  for (size_t a = 0; a < spec_.aggregates.size(); ++a) {
    if (native_[a] != Native::kCount || spec_.aggregates[a].call.distinct) return false;
  }
  return true;
}

uint64_t LabelAggregate::nodesWithProperty(const index::SnapshotReader* post,
                                           const index::ScanRange& labelRange,
                                           const index::SnapshotReader* psot, ValueId p) {
  Stream nodes;
  nodes.open(post, labelRange, index::columnBit(index::Column::kS), ctx_.asOf());
  Stream facts;
  facts.open(psot, propertyRange(p),
             index::columnBit(index::Column::kS) | index::columnBit(index::Column::kOType),
             ctx_.asOf());
  uint64_t counted = 0;
  uint64_t steps = 0;
  while (nodes.valid() && facts.valid()) {
    if ((++steps & 0xFFFF) == 0) ctx_.checkLimits();
    const core::NodeId s = nodes.subject();
    const core::NodeId f = facts.subject();
    if (f < s) {
      ++facts.pos;
    } else if (s < f) {
      ++nodes.pos;
    } else {
      // Any literal fact makes n.p non-null (a value, a list, the empty list's marker); facts
      // with node objects are relationships.
      bool literal = false;
      for (; facts.valid() && facts.subject() == s; ++facts.pos) {
        literal =
            literal || core::isLiteral(static_cast<core::ObjectType>(facts.objectTypes[facts.pos]));
      }
      counted += literal ? 1 : 0;
      ++nodes.pos;
    }
  }
  return counted;
}

bool LabelAggregate::aggregate() {
  auto stored = [&](const std::string& iri) {
    return ctx_.terms().findStored(core::Term::iri(iri));
  };
  if (spec_.keyProperty < 0) groups_.push_back(newGroup(ValueId{}));
  const std::optional<ValueId> rdfType = stored(std::string(core::vocab::kRdfType));
  const std::optional<ValueId> label = stored(spec_.label);
  if (!rdfType || !label) return true;  // no node has the label
  const core::NodeId graph =
      ctx_.defaultScope().graphs.empty() ? core::kNoNode : ctx_.defaultScope().graphs.front();

  index::ScanRange range;
  range.low = {rdfType->key, label->type, label->key, 0, 0};
  range.high = {rdfType->key, label->type, label->key, UINT64_MAX, UINT64_MAX};
  const index::SnapshotReader* post = ctx_.reader(graph, index::Permutation::kPOST);
  if (countsOnly()) {
    // count(*), count(n): the label's rows, from directories; count(n.p): the label's nodes
    // with a p fact, a merge of two subject streams. No value is read, so no list declines.
    uint64_t nodeCount = 0;
    if (post != nullptr) {
      auto counted = post->count(range, ctx_.asOf());
      if (!counted.isOk()) throwStorageError(counted.status());
      nodeCount = *counted;
    }
    for (size_t a = 0; a < spec_.aggregates.size(); ++a) {
      const int property = spec_.aggregates[a].property;
      uint64_t n = nodeCount;
      if (property >= 0) {
        const std::optional<ValueId> p = stored(spec_.properties[property]);
        n = p ? nodesWithProperty(post, range, ctx_.reader(graph, index::Permutation::kPSOT), *p)
              : 0;
      }
      groups_.front().accumulators[a].count = n;
    }
    return true;
  }

  Stream nodes;
  nodes.open(post, range, index::columnBit(index::Column::kS), ctx_.asOf());
  std::vector<Stream> properties(spec_.properties.size());
  for (size_t k = 0; k < properties.size(); ++k) {
    const std::optional<ValueId> p = stored(spec_.properties[k]);
    if (!p) continue;  // nobody has it: the stream stays empty
    properties[k].open(
        ctx_.reader(graph, index::Permutation::kPSOT), propertyRange(*p),
        index::columnBit(index::Column::kS) | index::columnBit(index::Column::kOType) |
            index::columnBit(index::Column::kOKey) | index::columnBit(index::Column::kI),
        ctx_.asOf());
  }

  // A chunk of nodes at a time: their property columns, the rows the conditions keep with
  // their groups, then each aggregate over the chunk in one loop.
  std::vector<core::NodeId> subjects;
  std::vector<std::vector<ValueId>> columns(properties.size());
  std::vector<uint32_t> kept, groups;
  while (true) {
    subjects.clear();
    while (subjects.size() < label_aggregate_detail::kChunkRows && nodes.valid()) {
      subjects.push_back(nodes.subject());
      ++nodes.pos;
    }
    if (subjects.empty()) return true;
    ctx_.checkLimits();
    for (size_t k = 0; k < properties.size(); ++k) {
      if (!readColumn(properties[k], subjects, columns[k])) return false;
    }
    kept.clear();
    groups.clear();
    for (uint32_t r = 0; r < subjects.size(); ++r) {
      bool keep = true;
      for (size_t c = 0; keep && c < spec_.conditions.size(); ++c) {
        const int p = spec_.conditions[c].property;
        keep = passes(c, p, p < 0 ? ValueId{} : columns[p][r]);
      }
      if (!keep) continue;
      kept.push_back(r);
      groups.push_back(static_cast<uint32_t>(
          spec_.keyProperty < 0 ? 0 : groupOf(columns[spec_.keyProperty][r])));
    }
    for (size_t a = 0; a < spec_.aggregates.size(); ++a) {
      const int p = spec_.aggregates[a].property;
      if (!accumulateChunk(a, p < 0 ? nullptr : &columns[p], kept, groups)) return false;
    }
  }
}

void LabelAggregate::releaseState() {
  groups_.clear();
  groupIndex_.clear();
  for (auto& m : memos_) m.clear();
  cache_.assign(cache_.size(), CacheSlot{});
  charge(-charged_);
  charged_ = 0;
}

void LabelAggregate::emitGroups(Batch& out) {
  while (next_ < groups_.size() && out.rows < ctx_.batchRows()) {
    const Group& g = groups_[next_++];
    for (auto& c : out.columns) c.push_back(ValueId{});
    if (spec_.keyProperty >= 0) out.columns[column(spec_.keyVariable)].back() = g.key;
    for (size_t a = 0; a < spec_.aggregates.size(); ++a) {
      out.columns[column(spec_.aggregates[a].call.resultVariable)].back() =
          runtime_.toId(result(a, g.accumulators[a]));
    }
    ++out.rows;
  }
}

bool LabelAggregate::produce(Batch& out) {
  if (!ran_) {
    ran_ = true;
    declined_ = !aggregate();
    if (declined_) releaseState();
  }
  if (declined_) return fallback_->next(out);
  emitGroups(out);
  return next_ < groups_.size();
}

}  // namespace cairn::query
