#pragma once
// The logical algebra (SPARQL 1.1 spec §18.2, language-neutral): what a parsed query means,
// before any choice of index, join order or algorithm. The SPARQL translator (sparql/) builds it
// exactly as §18.2 says; openCypher will build the same tree. The planner (query/plan/) turns it
// into physical operators (query/exec/).
//
// A node type per kind (BgpNode, JoinNode, FilterNode, ...) derived from Algebra, which holds
// what every node has: its kind and its children. Passes walk and rebuild trees through
// `children` without visitors and reach a node's own fields with as<T>(), which checks the kind.
// Nodes are shared and treated as immutable once built; a language front end (sparql/, cypher/)
// builds them with std::make_shared<XxxNode>(...) and keeps its own forms (SPARQL's query forms
// and dataset, Cypher's projection rules) to itself.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/term.h"
#include "query/algebra/expr.h"
#include "query/algebra/term_pattern.h"

namespace cairn::query {

struct Algebra;
using AlgebraPtr = std::shared_ptr<Algebra>;

enum class AlgebraKind : uint8_t {
  kTable,     // the unit table: one solution binding nothing (an empty group pattern)
  kBgp,       // triples
  kPath,      // subject path object
  kJoin,      // children[0] ⋈ children[1]
  kLeftJoin,  // children[0] ⟕ children[1], keeping pairs where `filters` (a conjunction) hold
  kFilter,    // children[0] where every one of `filters` has EBV true
  kUnion,     // children[0] ∪ children[1]
  kMinus,     // children[0] minus children[1]
  kGraph,     // children[0] evaluated in a named graph (constant or variable)
  kExtend,    // children[0] extended with variable := expr (unbound on expression error)
  kGroup,     // children[0] grouped by keys, computing aggregates (§18.2.4.1)
  kOrderBy,   // children[0] ordered by `order`
  kProject,   // children[0] projected to `variables`
  kDistinct,  // children[0] without duplicate solutions
  kReduced,   // children[0], duplicates may be removed
  kSlice,     // children[0] from `offset`, at most `limit`
  kValues,    // inline data: `variables` × `rows`
  kService,   // SERVICE (silent?) endpoint { children[0] } — refused by the engine
  kExpand,    // children[0] with each row's node `from` expanded along relationships (Cypher)
  kUnwind,    // children[0] with one row per element of a list expression (Cypher)
};

std::string_view algebraKindName(AlgebraKind kind);  // "BGP", "LeftJoin", ...

struct GroupKey {
  Expr expr;
  std::string variable;  // the variable the key binds after grouping (?x for GROUP BY ?x, ?v for
                         // GROUP BY (expr AS ?v)); empty for an unnamed expression key
};

struct OrderCondition {
  Expr expr;
  bool descending = false;
};

struct Algebra {
  const AlgebraKind kind;
  std::vector<AlgebraPtr> children;

  virtual ~Algebra() = default;
  Algebra(const Algebra&) = default;

  // This node as its kind's type; the kind must match (checked).
  template <typename T>
  const T& as() const {
    checkKind(T::kKind);
    return static_cast<const T&>(*this);
  }
  template <typename T>
  T& as() {
    checkKind(T::kKind);
    return static_cast<T&>(*this);
  }
  // A copy of this node (same kind and fields) with `newChildren`.
  AlgebraPtr withChildren(std::vector<AlgebraPtr> newChildren) const;

 protected:
  Algebra(AlgebraKind k, std::vector<AlgebraPtr> c) : kind(k), children(std::move(c)) {}

 private:
  void checkKind(AlgebraKind expected) const;
  virtual AlgebraPtr clone() const = 0;
};

// The common shape of the node types: a kind fixed at compile time, children in the
// constructor, the kind's own fields as public members set after construction.
template <AlgebraKind K, typename Self>
struct AlgebraNode : Algebra {
  static constexpr AlgebraKind kKind = K;
  explicit AlgebraNode(std::vector<AlgebraPtr> c = {}) : Algebra(K, std::move(c)) {}

 private:
  AlgebraPtr clone() const override {
    return std::make_shared<Self>(static_cast<const Self&>(*this));
  }
};

// The unit table: one solution binding nothing (an empty group pattern).
struct TableNode : AlgebraNode<AlgebraKind::kTable, TableNode> {
  using AlgebraNode::AlgebraNode;
};

struct BgpNode : AlgebraNode<AlgebraKind::kBgp, BgpNode> {
  using AlgebraNode::AlgebraNode;
  std::vector<TriplePattern> triples;
};

// subject path object (what the translator does not expand into triples).
struct PathNode : AlgebraNode<AlgebraKind::kPath, PathNode> {
  using AlgebraNode::AlgebraNode;
  PatternTerm subject;
  PropertyPath path;
  PatternTerm object;
};

// children[0] ⋈ children[1]
struct JoinNode : AlgebraNode<AlgebraKind::kJoin, JoinNode> {
  using AlgebraNode::AlgebraNode;
};

// children[0] ⟕ children[1], keeping pairs where `filters` (a conjunction) hold.
struct LeftJoinNode : AlgebraNode<AlgebraKind::kLeftJoin, LeftJoinNode> {
  using AlgebraNode::AlgebraNode;
  std::vector<Expr> filters;
};

// children[0] where every one of `filters` has EBV true.
struct FilterNode : AlgebraNode<AlgebraKind::kFilter, FilterNode> {
  using AlgebraNode::AlgebraNode;
  std::vector<Expr> filters;
};

// children[0] ∪ children[1]
struct UnionNode : AlgebraNode<AlgebraKind::kUnion, UnionNode> {
  using AlgebraNode::AlgebraNode;
};

// children[0] minus children[1]
struct MinusNode : AlgebraNode<AlgebraKind::kMinus, MinusNode> {
  using AlgebraNode::AlgebraNode;
};

// children[0] evaluated in the named graph `graph` (constant or variable).
struct GraphNode : AlgebraNode<AlgebraKind::kGraph, GraphNode> {
  using AlgebraNode::AlgebraNode;
  PatternTerm graph;
};

// children[0] extended with variable := expr (unbound on expression error).
struct ExtendNode : AlgebraNode<AlgebraKind::kExtend, ExtendNode> {
  using AlgebraNode::AlgebraNode;
  std::string variable;
  Expr expr;
};

// children[0] grouped by `keys` (none: one group over all solutions), computing `aggregates`
// (§18.2.4.1 Group + Aggregation).
struct GroupNode : AlgebraNode<AlgebraKind::kGroup, GroupNode> {
  using AlgebraNode::AlgebraNode;
  std::vector<GroupKey> keys;
  std::vector<AggregateCall> aggregates;
};

struct OrderByNode : AlgebraNode<AlgebraKind::kOrderBy, OrderByNode> {
  using AlgebraNode::AlgebraNode;
  std::vector<OrderCondition> order;
};

struct ProjectNode : AlgebraNode<AlgebraKind::kProject, ProjectNode> {
  using AlgebraNode::AlgebraNode;
  std::vector<std::string> variables;
};

// children[0] without duplicate solutions.
struct DistinctNode : AlgebraNode<AlgebraKind::kDistinct, DistinctNode> {
  using AlgebraNode::AlgebraNode;
};

// children[0]; duplicates may be removed.
struct ReducedNode : AlgebraNode<AlgebraKind::kReduced, ReducedNode> {
  using AlgebraNode::AlgebraNode;
};

// children[0] from `offset`, at most `limit` solutions.
struct SliceNode : AlgebraNode<AlgebraKind::kSlice, SliceNode> {
  using AlgebraNode::AlgebraNode;
  uint64_t offset = 0;
  std::optional<uint64_t> limit;
};

// Inline data: `variables` × `rows` (nullopt = UNDEF).
struct ValuesNode : AlgebraNode<AlgebraKind::kValues, ValuesNode> {
  using AlgebraNode::AlgebraNode;
  std::vector<std::string> variables;
  std::vector<std::vector<std::optional<core::Term>>> rows;
};

// SERVICE (silent?) endpoint { children[0] }: refused by the engine.
struct ServiceNode : AlgebraNode<AlgebraKind::kService, ServiceNode> {
  using AlgebraNode::AlgebraNode;
  PatternTerm endpoint;
  bool silent = false;
};

// Which way an expansion follows relationships from its `from` node.
enum class ExpandDirection : uint8_t { kOutgoing, kIncoming, kBoth };

// Which of the paths between two bound nodes a variable-length expansion keeps: all within its
// bounds, one of the shortest (Cypher shortestPath), or every shortest (allShortestPaths).
enum class ShortestPaths : uint8_t { kNone, kOne, kAll };

// children[0], each row's node `from` expanded along the relationships of `types` (IRIs; none:
// every relationship) in `direction` to the node `to`, as the property graph is stored
// (query/graph/property_graph_vocabulary.h): one index seek per row and type. `relationship`
// binds the relationship (for a variable-length expansion, the list of them; may be empty when
// the query does not name it). When children[0] already binds `to`, the expansion only keeps the
// rows whose relationships reach it. Cypher's relationship uniqueness: the relationships must
// differ from those bound to the variables in `distinctFrom` (relationships or lists of them)
// and, for a variable-length expansion, from each other. Fixed-length: minHops = maxHops = 1;
// maxHops nullopt: unbounded. With `shortest`, children[0] binds both `from` and `to`, the
// expansion is variable-length and minHops is 0 or 1.
struct ExpandNode : AlgebraNode<AlgebraKind::kExpand, ExpandNode> {
  using AlgebraNode::AlgebraNode;
  std::string from;
  std::string relationship;
  std::vector<std::string> types;
  ExpandDirection direction = ExpandDirection::kOutgoing;
  std::string to;
  bool variableLength = false;
  uint32_t minHops = 1;
  std::optional<uint32_t> maxHops = 1;
  ShortestPaths shortest = ShortestPaths::kNone;
  std::vector<std::string> distinctFrom;
};

// children[0] with one row per element of `expr`'s list value, binding it to `variable`; a null
// list gives no rows, a value that is not a list one row with that value (openCypher UNWIND).
struct UnwindNode : AlgebraNode<AlgebraKind::kUnwind, UnwindNode> {
  using AlgebraNode::AlgebraNode;
  std::string variable;
  Expr expr;
};

// Calls `f` with each expression the node itself holds (filters, the Extend expression, group
// keys, aggregate arguments, order keys), not those of its children.
void forEachOwnExpr(const Algebra& node, const std::function<void(const Expr&)>& f);

// Variables that may be bound by solutions of `node` ("in-scope", spec §18.2.1), in first
// appearance order, each once. Includes the '.'-named blank-node variables.
std::vector<std::string> inScopeVariables(const Algebra& node);

// An indented, one-node-per-line rendering, for tests and debugging.
std::string toString(const Algebra& node, int indent = 0);

}  // namespace cairn::query
