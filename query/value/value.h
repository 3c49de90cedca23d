#pragma once
// One openCypher value (docs/cypher.md "Values"): null, boolean, integer, float, string, list,
// map, node, relationship, path and the six temporal types. What the Cypher evaluator
// (query/value/value_program.h) computes with, and what aggregates, DISTINCT and ORDER BY see.
//
// A Value is immutable and cheap to copy: scalars and the fixed-size temporal types are held
// inline, strings, lists, maps, paths and zoned date-times are shared (a copy shares the payload).
// A Value may be read from several threads at once.
//
// Nodes and relationships carry only their identity (and a relationship its ends and type id):
// labels, properties and type names are read through query/value/graph_access.h.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/object_type.h"
#include "query/value/temporal/temporal_types.h"

namespace cairn::query::value {

// In the order of the variant below; not the ORDER BY order (value_compare.h has that).
enum class ValueKind : uint8_t {
  kNull,
  kBoolean,
  kInteger,
  kFloat,
  kString,
  kList,
  kMap,
  kNode,
  kRelationship,
  kPath,
  kDate,
  kLocalTime,
  kTime,
  kLocalDateTime,
  kDateTime,
  kDuration,
};

// The openCypher type name of a kind ("Integer", "String", "Node", "LocalDateTime", ...), as
// error messages and the TCK's type names write it.
std::string_view kindName(ValueKind kind);

// A stored relationship: its identity (unique among relationships), its ends and its type (the
// predicate's node id; GraphAccess gives the name).
struct Relationship {
  uint64_t id = 0;
  core::NodeId start = core::kNoNode;
  core::NodeId end = core::kNoNode;
  core::NodeId type = core::kNoNode;
  bool operator==(const Relationship& other) const { return id == other.id; }
};

// A path: nodes[0], relationships[0], nodes[1], ...; nodes.size() == relationships.size() + 1
// (a path of length 0 is one node).
struct Path {
  std::vector<core::NodeId> nodes;
  std::vector<Relationship> relationships;
  bool operator==(const Path& other) const = default;
};

class Value {
 public:
  using List = std::vector<Value>;
  // Sorted by key, keys unique.
  using Map = std::vector<std::pair<std::string, Value>>;

  Value() = default;  // null

  static Value null() { return {}; }
  static Value boolean(bool v) { return Value(Data(std::in_place_index<1>, v)); }
  static Value integer(int64_t v) { return Value(Data(std::in_place_index<2>, v)); }
  static Value floating(double v) { return Value(Data(std::in_place_index<3>, v)); }
  static Value string(std::string v);
  static Value list(List items);
  // Sorts by key; of duplicate keys the last one given wins (as in a map literal).
  static Value map(Map entries);
  static Value node(core::NodeId id) { return Value(Data(std::in_place_index<7>, NodeRef{id})); }
  static Value relationship(const Relationship& r);
  static Value path(Path p);
  static Value date(Date v) { return Value(Data(std::in_place_index<10>, v)); }
  static Value localTime(LocalTime v) { return Value(Data(std::in_place_index<11>, v)); }
  static Value time(Time v) { return Value(Data(std::in_place_index<12>, v)); }
  static Value localDateTime(LocalDateTime v) { return Value(Data(std::in_place_index<13>, v)); }
  static Value dateTime(DateTime v);
  static Value duration(Duration v) { return Value(Data(std::in_place_index<15>, v)); }

  ValueKind kind() const { return static_cast<ValueKind>(data_.index()); }
  bool isNull() const { return kind() == ValueKind::kNull; }
  bool isNumber() const { return kind() == ValueKind::kInteger || kind() == ValueKind::kFloat; }
  bool isTemporal() const { return kind() >= ValueKind::kDate; }

  // Accessors: the value must be of that kind (checked by std::get).
  bool asBoolean() const { return std::get<1>(data_); }
  int64_t asInteger() const { return std::get<2>(data_); }
  double asFloat() const { return std::get<3>(data_); }
  // An integer or a float as a double.
  double asNumber() const {
    return kind() == ValueKind::kInteger ? static_cast<double>(asInteger()) : asFloat();
  }
  const std::string& asString() const { return *std::get<4>(data_); }
  const List& asList() const { return *std::get<5>(data_); }
  const Map& asMap() const { return *std::get<6>(data_); }
  core::NodeId asNode() const { return std::get<7>(data_).id; }
  const Relationship& asRelationship() const { return *std::get<8>(data_); }
  const Path& asPath() const { return *std::get<9>(data_); }
  const Date& asDate() const { return std::get<10>(data_); }
  const LocalTime& asLocalTime() const { return std::get<11>(data_); }
  const Time& asTime() const { return std::get<12>(data_); }
  const LocalDateTime& asLocalDateTime() const { return std::get<13>(data_); }
  const DateTime& asDateTime() const { return *std::get<14>(data_); }
  const Duration& asDuration() const { return std::get<15>(data_); }

  // A map's value for `key`; nullptr when the map has no such key. The value must be a map.
  const Value* find(std::string_view key) const;

 private:
  struct NodeRef {
    core::NodeId id = core::kNoNode;
  };
  using Data =
      std::variant<std::monostate, bool, int64_t, double, std::shared_ptr<const std::string>,
                   std::shared_ptr<const List>, std::shared_ptr<const Map>, NodeRef,
                   std::shared_ptr<const Relationship>, std::shared_ptr<const Path>, Date,
                   LocalTime, Time, LocalDateTime, std::shared_ptr<const DateTime>, Duration>;
  explicit Value(Data data) : data_(std::move(data)) {}
  Data data_;
};

}  // namespace cairn::query::value
