#pragma once
// Where a MATCH clause's WHERE conditions go, and where its pattern starts.
//
// The translator expands a pattern chain from one node and appends WHERE above the whole chain.
// Two decisions make a keyed lookup like `MATCH (f)<-[:Friend]-(u:User) WHERE u.id = $k` cost
// one seek instead of a walk of every node:
// - the chain starts from the node a constant pins (a property map or a WHERE equality with a
//   constant or parameter), else from a labelled node, else from the first written;
// - each WHERE conjunct that cannot raise an error moves down to the lowest point of the chain
//   that binds what it reads, so an equality on the start node sits right over its label scan,
//   where the planner turns it into a property seek (query/exec/property_seek.h).
// Conjuncts that could raise stay on top: evaluated lower, they would also see rows the pattern
// eliminates, and an error there would be one the query as written never raises.

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cypher/ast/expression.h"
#include "cypher/ast/pattern.h"
#include "query/algebra/algebra.h"

namespace cairn::cypher {

// The variables of `where`'s conjuncts of the form `n.k = literal|$param` (either way round),
// the keys a pattern's start choice looks for. On the syntax tree: WHERE is translated once the
// pattern has bound its variables (patterns inside it correlate on them).
std::set<std::string> variablesPinnedByEquality(const ast::Expression& where);

// The number of nodes of a label (by name), when known.
using LabelNodes = std::function<std::optional<double>(const std::string& label)>;

// The index of the node a chain of unbound nodes should start from: pinned by a value (`pinned`,
// or a property map with a value that is a constant, a parameter, or a variable in `bound` or a
// property of one, which the planner seeks per row), else labelled, else the first. Among
// labelled nodes none pins, the one whose rarest label has the fewest nodes by `labelNodes`
// (the index directories' counts), so `(a:User)-[:F]->(b:Admin)` starts from the few admins;
// without counts, the first.
size_t chooseStartNode(const ast::PatternPart& part, const std::vector<std::string>& nodeNames,
                       const std::set<std::string>& pinned, const std::set<std::string>& bound,
                       const LabelNodes& labelNodes = {});

// Whether `e` is a predicate that yields true, false or null for every binding of its
// variables, never an error: comparisons, IS [NOT] NULL, string predicates, label tests and
// membership in a literal list over constants, parameters and properties of the variables in
// `entities` (nodes and single relationships), joined by AND, OR, XOR and NOT.
bool cannotRaise(const query::Expr& e, const std::set<std::string>& entities);

// `plan` with `condition` placed at the lowest filter, expansion, path extension or join input
// that binds every variable it reads (at the top when none below does).
query::AlgebraPtr placeCondition(const query::AlgebraPtr& plan, query::Expr condition);

}  // namespace cairn::cypher
