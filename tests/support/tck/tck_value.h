#pragma once
// The openCypher TCK's value syntax, as written in expected result tables, parameter tables and
// procedure tables: `1`, `1.5`, `NaN`, `'str'`, `true`, `null`, `[1, 2]`, `{k: 1}`, nodes
// `(:A:B {p: 1})`, relationships `[:T {p: 1}]`, paths `<(:A)-[:T]->(:B)<-[:U]-()>`. Temporal
// values appear as their quoted ISO strings and so are strings here.
//
// A TckValue is a plain value: graph elements carry their labels/type and properties, not an
// identity, because that is all the TCK states about them. Equality is the TCK's: integers and
// floats are different values (1 ≠ 1.0), NaN equals NaN, nodes and relationships compare by
// labels/type and properties, maps by keys; lists element-wise, or as multisets when a result is
// compared "ignoring element order for lists".

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace cairn::tck {

class TckValue;

// Keys unique and sorted, so that equal maps have one representation.
using TckMap = std::vector<std::pair<std::string, TckValue>>;

struct TckNode {
  std::vector<std::string> labels;  // sorted, unique: the TCK treats labels as a set
  TckMap properties;
};

struct TckRelationship {
  std::string type;
  TckMap properties;
};

// A path alternates nodes and relationships: start, then (relationship, node) per hop.
struct TckPathHop {
  TckRelationship relationship;
  bool forward = true;  // -[r]-> (true) or <-[r]- (false), as written left to right
  TckNode node;
};

struct TckPath {
  TckNode start;
  std::vector<TckPathHop> hops;
};

class TckValue {
 public:
  enum class Kind {
    kNull,
    kBoolean,
    kInteger,
    kFloat,
    kString,
    kList,
    kMap,
    kNode,
    kRelationship,
    kPath
  };

  TckValue() = default;  // null
  static TckValue boolean(bool value);
  static TckValue integer(int64_t value);
  static TckValue floating(double value);
  static TckValue string(std::string value);
  static TckValue list(std::vector<TckValue> elements);
  // Sorts by key; throws TckValueError on a duplicate key.
  static TckValue map(TckMap entries);
  // Sorts and deduplicates the labels, sorts the properties.
  static TckValue node(std::vector<std::string> labels, TckMap properties);
  static TckValue relationship(std::string type, TckMap properties);
  static TckValue path(TckPath path);

  Kind kind() const { return static_cast<Kind>(value_.index()); }
  bool isNull() const { return kind() == Kind::kNull; }

  // Each accessor requires the matching kind (std::bad_variant_access otherwise).
  bool asBoolean() const { return std::get<bool>(value_); }
  int64_t asInteger() const { return std::get<int64_t>(value_); }
  double asFloat() const { return std::get<double>(value_); }
  const std::string& asString() const { return std::get<std::string>(value_); }
  const std::vector<TckValue>& asList() const { return *std::get<ListPtr>(value_); }
  const TckMap& asMap() const { return *std::get<MapPtr>(value_); }
  const TckNode& asNode() const { return *std::get<NodePtr>(value_); }
  const TckRelationship& asRelationship() const { return *std::get<RelationshipPtr>(value_); }
  const TckPath& asPath() const { return *std::get<PathPtr>(value_); }

  // The canonical text in the TCK's syntax: map keys and labels sorted, floats in the shortest
  // form that reads back to the same double and always with a '.' or an exponent (so 1.0 never
  // prints like the integer 1). parseTckValue(v.toString()) equals v.
  std::string toString() const;

 private:
  // Containers are shared and immutable: copying a row of values copies pointers.
  using ListPtr = std::shared_ptr<const std::vector<TckValue>>;
  using MapPtr = std::shared_ptr<const TckMap>;
  using NodePtr = std::shared_ptr<const TckNode>;
  using RelationshipPtr = std::shared_ptr<const TckRelationship>;
  using PathPtr = std::shared_ptr<const TckPath>;
  // The alternatives are in Kind's order.
  using Storage = std::variant<std::monostate, bool, int64_t, double, std::string, ListPtr, MapPtr,
                               NodePtr, RelationshipPtr, PathPtr>;

  explicit TckValue(Storage value) : value_(std::move(value)) {}

  Storage value_;
};

// A malformed value text; the message names the offset.
class TckValueError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses one value written in the TCK's syntax (surrounding blanks allowed). Strings are single
// quoted with the escapes \' \" \\ \n \t \r \b \f \uXXXX; map keys and labels are names or
// `backquoted` names. Throws TckValueError.
TckValue parseTckValue(std::string_view text);

// Sorts and checks the keys of a map (shared with the node/relationship constructors).
TckMap canonicalMap(TckMap entries);

struct TckEqualityOptions {
  // Lists compare as multisets at every depth ("ignoring element order for lists").
  bool ignoreListOrder = false;
};

// The TCK's equality for comparing results (see the header comment). An equivalence relation:
// reflexive (NaN equals NaN), symmetric and transitive.
bool tckEquals(const TckValue& a, const TckValue& b, TckEqualityOptions options = {});

inline bool operator==(const TckValue& a, const TckValue& b) { return tckEquals(a, b); }

// Names are written bare when they are identifiers, else `backquoted`.
std::string formatTckName(std::string_view name);

}  // namespace cairn::tck
