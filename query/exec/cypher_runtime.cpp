#include "query/exec/cypher_runtime.h"

#include <bit>
#include <chrono>
#include <cmath>
#include <functional>
#include <unordered_map>
#include <vector>

#include "core/check.h"
#include "core/object_type.h"
#include "core/xsd_numeric_codec.h"
#include "query/exec/exec_context.h"
#include "query/graph/deleted_entity_guard.h"
#include "query/graph/snapshot_graph_access.h"
#include "query/graph/value_terms.h"
#include "query/value/value_compare.h"

namespace cairn::query {

// Named, not anonymous: in unity batches this file shares a translation unit with others.
namespace cypher_runtime_detail {

using value::Value;
using value::ValueKind;

uint64_t mixBits(uint64_t h, uint64_t v) { return mixValueBits(h ^ mixValueBits(v)); }

bool sameRelationship(const value::Relationship& a, const value::Relationship& b) {
  return a.id == b.id && a.start == b.start && a.end == b.end && a.type == b.type;
}

// Identity of values: what toValue must give back. Floats by their bits (every NaN alike: a
// NaN's payload is not a Cypher value), zoned values with their offset and zone.
bool identical(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case ValueKind::kNull:
      return true;
    case ValueKind::kBoolean:
      return a.asBoolean() == b.asBoolean();
    case ValueKind::kInteger:
      return a.asInteger() == b.asInteger();
    case ValueKind::kFloat:
      if (std::isnan(a.asFloat())) return std::isnan(b.asFloat());
      return std::bit_cast<uint64_t>(a.asFloat()) == std::bit_cast<uint64_t>(b.asFloat());
    case ValueKind::kString:
      return a.asString() == b.asString();
    case ValueKind::kList: {
      const auto& x = a.asList();
      const auto& y = b.asList();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!identical(x[i], y[i])) return false;
      }
      return true;
    }
    case ValueKind::kMap: {
      const auto& x = a.asMap();
      const auto& y = b.asMap();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (x[i].first != y[i].first || !identical(x[i].second, y[i].second)) return false;
      }
      return true;
    }
    case ValueKind::kNode:
      return a.asNode() == b.asNode();
    case ValueKind::kRelationship:
      return sameRelationship(a.asRelationship(), b.asRelationship());
    case ValueKind::kPath: {
      const auto& x = a.asPath();
      const auto& y = b.asPath();
      if (x.nodes != y.nodes || x.relationships.size() != y.relationships.size()) return false;
      for (size_t i = 0; i < x.relationships.size(); ++i) {
        if (!sameRelationship(x.relationships[i], y.relationships[i])) return false;
      }
      return true;
    }
    case ValueKind::kDate:
      return a.asDate() == b.asDate();
    case ValueKind::kLocalTime:
      return a.asLocalTime() == b.asLocalTime();
    case ValueKind::kTime:
      return a.asTime() == b.asTime();
    case ValueKind::kLocalDateTime:
      return a.asLocalDateTime() == b.asLocalDateTime();
    case ValueKind::kDateTime:
      return a.asDateTime() == b.asDateTime();
    case ValueKind::kDuration:
      return a.asDuration() == b.asDuration();
  }
  return false;
}

uint64_t hashRelationship(uint64_t h, const value::Relationship& r) {
  return mixBits(mixBits(mixBits(mixBits(h, r.id), r.start), r.end), r.type);
}

// Equal for identical() values.
uint64_t hashIdentical(const Value& v) {
  uint64_t h = static_cast<uint64_t>(v.kind()) + 1;
  switch (v.kind()) {
    case ValueKind::kNull:
      return h;
    case ValueKind::kBoolean:
      return mixBits(h, v.asBoolean() ? 1 : 0);
    case ValueKind::kInteger:
      return mixBits(h, static_cast<uint64_t>(v.asInteger()));
    case ValueKind::kFloat:
      return mixBits(h, std::isnan(v.asFloat()) ? core::xsd::kCanonicalNaNBits
                                                : std::bit_cast<uint64_t>(v.asFloat()));
    case ValueKind::kString:
      return mixBits(h, std::hash<std::string>()(v.asString()));
    case ValueKind::kList:
      for (const Value& e : v.asList()) h = mixBits(h, hashIdentical(e));
      return h;
    case ValueKind::kMap:
      for (const auto& [k, e] : v.asMap()) {
        h = mixBits(mixBits(h, std::hash<std::string>()(k)), hashIdentical(e));
      }
      return h;
    case ValueKind::kNode:
      return mixBits(h, v.asNode());
    case ValueKind::kRelationship:
      return hashRelationship(h, v.asRelationship());
    case ValueKind::kPath:
      for (core::NodeId n : v.asPath().nodes) h = mixBits(h, n);
      for (const auto& r : v.asPath().relationships) h = hashRelationship(h, r);
      return h;
    case ValueKind::kDate:
      return mixBits(h, static_cast<uint64_t>(v.asDate().epochDay));
    case ValueKind::kLocalTime:
      return mixBits(h, static_cast<uint64_t>(v.asLocalTime().nanoOfDay));
    case ValueKind::kTime:
      return mixBits(mixBits(h, static_cast<uint64_t>(v.asTime().nanoOfDay)),
                     static_cast<uint64_t>(v.asTime().offsetSeconds));
    case ValueKind::kLocalDateTime:
      return mixBits(mixBits(h, static_cast<uint64_t>(v.asLocalDateTime().epochDay)),
                     static_cast<uint64_t>(v.asLocalDateTime().nanoOfDay));
    case ValueKind::kDateTime: {
      const auto& t = v.asDateTime();
      h = mixBits(mixBits(h, static_cast<uint64_t>(t.local.epochDay)),
                  static_cast<uint64_t>(t.local.nanoOfDay));
      return mixBits(mixBits(h, static_cast<uint64_t>(t.offsetSeconds)),
                     std::hash<std::string>()(t.zone));
    }
    case ValueKind::kDuration: {
      const auto& d = v.asDuration();
      h = mixBits(mixBits(h, static_cast<uint64_t>(d.months)), static_cast<uint64_t>(d.days));
      return mixBits(mixBits(h, static_cast<uint64_t>(d.seconds)), static_cast<uint64_t>(d.nanos));
    }
  }
  return h;
}

struct IdenticalHash {
  size_t operator()(const Value& v) const { return hashIdentical(v); }
};
struct IdenticalEqual {
  bool operator()(const Value& a, const Value& b) const { return identical(a, b); }
};

// Roughly what an interned value holds, for the query's memory budget.
size_t retainedBytes(const Value& v) {
  size_t bytes = sizeof(Value);
  switch (v.kind()) {
    case ValueKind::kString:
      return bytes + 32 + v.asString().size();
    case ValueKind::kList:
      bytes += 32;
      for (const Value& e : v.asList()) bytes += retainedBytes(e);
      return bytes;
    case ValueKind::kMap:
      bytes += 32;
      for (const auto& [k, e] : v.asMap()) bytes += 32 + k.size() + retainedBytes(e);
      return bytes;
    case ValueKind::kRelationship:
      return bytes + 48;
    case ValueKind::kPath:
      return bytes + 64 + v.asPath().nodes.size() * 8 + v.asPath().relationships.size() * 32;
    case ValueKind::kDateTime:
      return bytes + 64 + v.asDateTime().zone.size();
    default:
      return bytes;
  }
}

// Inline keys of the literals toId meets most (core/literal_codec.h's layouts), so numbers and
// booleans skip the text detour both ways.
constexpr uint64_t kIntegerKeyBias = uint64_t{1} << 63;

}  // namespace cypher_runtime_detail

using value::Value;
using value::ValueKind;

struct CypherRuntime::Interned {
  // toId's table: index + 1 is the key (0 stays free).
  std::vector<Value> values;
  std::unordered_map<Value, uint64_t, cypher_runtime_detail::IdenticalHash,
                     cypher_runtime_detail::IdenticalEqual>
      ids;
  // groupingId's table: one representative id per equivalence class.
  std::unordered_map<Value, ValueId, value::EquivalentHash, value::EquivalentEqual> classes;
};

CypherRuntime::CypherRuntime(ExecContext& ctx, value::Parameters parameters)
    : ctx_(ctx),
      parameters_(std::move(parameters)),
      graph_(std::make_unique<graph::SnapshotGraphAccess>(ctx.ledger(), ctx.asOf())),
      interned_(std::make_unique<Interned>()) {
  eval_.parameters = &parameters_;
  eval_.graph = graph_.get();
  eval_.clockNanos = std::chrono::duration_cast<std::chrono::nanoseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
}

CypherRuntime::~CypherRuntime() = default;

const value::GraphAccess& CypherRuntime::graph() const { return *graph_; }

void CypherRuntime::guardDeleted(const graph::DeletedEntities& deleted) {
  graph_ = std::make_unique<graph::DeletedEntityGuard>(std::move(graph_), deleted);
  eval_.graph = graph_.get();
}

ValueId CypherRuntime::toId(const Value& v) {
  using namespace cypher_runtime_detail;
  switch (v.kind()) {
    case ValueKind::kNull:
      return ValueId::unbound();
    case ValueKind::kNode:
      return ValueId::node(v.asNode());
    case ValueKind::kBoolean:
      return {v.asBoolean() ? uint64_t{1} : uint64_t{0}, core::otype::kBoolean};
    case ValueKind::kInteger:
      return {static_cast<uint64_t>(v.asInteger()) ^ kIntegerKeyBias, core::otype::kInteger};
    case ValueKind::kFloat: {
      const double d = v.asFloat();
      return {core::xsd::doubleKey(
                  std::isnan(d) ? std::bit_cast<double>(core::xsd::kCanonicalNaNBits) : d),
              core::otype::kDouble};
    }
    case ValueKind::kList:
    case ValueKind::kMap:
    case ValueKind::kRelationship:
    case ValueKind::kPath:
      break;
    default:
      if (auto term = graph::valueToTerm(v)) return ctx_.terms().encode(*term);
      break;
  }
  Interned& in = *interned_;
  auto it = in.ids.find(v);
  if (it != in.ids.end()) return {it->second, kLocalValueType};
  ctx_.charge(static_cast<int64_t>(retainedBytes(v) * 2), "CypherRuntime (computed values)");
  in.values.push_back(v);
  const uint64_t key = in.values.size();
  in.ids.emplace(v, key);
  return {key, kLocalValueType};
}

Value CypherRuntime::toValue(ValueId id) {
  using namespace cypher_runtime_detail;
  switch (id.type) {
    case core::otype::kNone:
      return Value();
    case core::otype::kIri:
    case core::otype::kBlank:
      return Value::node(id.key);
    case core::otype::kBoolean:
      return Value::boolean(id.key != 0);
    case core::otype::kInteger:
      return Value::integer(static_cast<int64_t>(id.key ^ kIntegerKeyBias));
    case core::otype::kDouble:
      return Value::floating(core::xsd::doubleOfKey(id.key));
    case kLocalValueType:
      CAIRN_CHECK(id.key >= 1 && id.key <= interned_->values.size(),
                  "a computed Cypher value id this query did not make");
      return interned_->values[id.key - 1];
    default:
      break;
  }
  const core::Term& term = ctx_.terms().decode(id);
  if (auto v = graph::termToValue(term)) return *v;
  // A computed IRI or blank node the store does not have: no node of this graph.
  return Value::string(term.value);
}

ValueId CypherRuntime::groupingId(ValueId id) {
  if (!id.isBound() || core::isNode(id.type)) return id;
  auto [it, added] = interned_->classes.try_emplace(toValue(id), id);
  if (added)
    ctx_.charge(static_cast<int64_t>(cypher_runtime_detail::retainedBytes(it->first) + 32),
                "CypherRuntime (grouping keys)");
  return it->second;
}

}  // namespace cairn::query
