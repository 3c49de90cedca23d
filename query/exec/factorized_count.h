#pragma once
// FactorizedCount: COUNT(*), COUNT(?v), COUNT(DISTINCT ?v) and GROUP BY ?g COUNT(...) over an
// acyclic basic graph pattern (a tree of patterns joined on shared variables: stars, chains,
// snowflakes), with OPTIONAL trees hung on one of its variables — counted without building a
// single joined row.
//
// The count of a tree's solutions is a sum of products: rooted at a variable r, it is
// sum over values x of r of the product, over r's patterns, of the solutions of the subtree
// behind each pattern given r = x. Each subtree's count per value is a message computed bottom
// up from one scan per pattern in the order of the variable it is sent to (PSOT when that
// variable is the subject, POST when it is the object), reading only the key columns:
//   - a pattern to a leaf variable sends its run lengths (the number of rows per value);
//   - a pattern to an inner variable y sends, per value, the sum of y's own message over its
//     rows (a hash lookup per row);
//   - a pattern with one constant end restricts its variable to the values it holds.
// Messages are sorted (value, count) lists; a variable's own message is the product of its
// patterns' messages (a merge that intersects them). An OPTIONAL tree sharing variable c with
// the required one multiplies the count at c by max(1, its own count given c) — or, for
// COUNT(?e) of one of its variables, by its count itself. COUNT(DISTINCT ?v) roots the tree at v
// and counts the values with a non-zero product; GROUP BY ?g roots it at g.
//
// So `?a knows ?b . ?b likes ?p` costs a scan of knows in POST (in-degree of each b) and of
// likes in PSOT (out-degree of each b) and one merge, whatever the size of the join. A count
// rooted at a variable all of whose patterns end in leaves or constants (a star on a subject,
// or a 2-hop chain through its middle; optional arms of one pattern included) builds no list
// at all: one merge of the patterns' runs (query/exec/star_run_merge.h).
//
// Declines at run time — a product or sum past 2^64 — by running the ordinary plan it was built
// beside (`fallback`) instead, before any row is out.

#include <cstdint>
#include <string>
#include <vector>

#include "index/permutation.h"
#include "query/exec/operator.h"
#include "query/exec/star_run_merge.h"

namespace cairn::query {

// One triple pattern with a constant predicate; each end a variable (its index) or a value.
struct CountPattern {
  uint64_t predicate = 0;  // IRI id
  int subjectVar = -1;     // -1: `subject` is a constant
  ValueId subject;
  int objectVar = -1;  // -1: `object` is a constant
  ValueId object;
  std::string text;         // for EXPLAIN
  bool impossible = false;  // a constant the store does not hold: no rows
  // Few distinct objects with long runs (by the statistics): the per-object counts of a leaf
  // subject are taken value by value — a seek to the next object, its rows from the
  // directories — instead of from a scan of every row.
  bool fewObjects = false;
};

struct FactorizedCountSpec {
  std::vector<std::string> variables;  // a variable's index is its position
  core::NodeId graph = core::kNoNode;
  std::vector<CountPattern> required;  // a tree over the variables it mentions
  struct Optional {
    std::vector<CountPattern> patterns;  // a tree sharing exactly `link` with `required`
    int link = -1;
  };
  std::vector<Optional> optionals;
  int keyVariable = -1;  // GROUP BY ?g: g's index; -1: one group
  struct Aggregate {
    bool distinct = false;  // COUNT(DISTINCT ?v) (v = `variable`, a required variable)
    int variable = -1;      // for `distinct`
    // COUNT(?e) of an optional's variable: that optional's index (its count multiplies instead
    // of max(1, count)); -1: COUNT(*) or of a required variable.
    int countsOptional = -1;
    int root = -1;     // the variable the tree is rooted at for this aggregate
    std::string text;  // COUNT(...) as written, for EXPLAIN
  };
  std::vector<Aggregate> aggregates;
  std::vector<std::string> outputVariables;  // the key's (when named), then each aggregate's
  bool keyNamed = false;

  // Per variable, the pattern ends (required and optional) that hold it: 1 for a leaf.
  std::vector<int> variableUses() const;
};

class FactorizedCount final : public Operator {
 public:
  FactorizedCount(ExecContext& ctx, FactorizedCountSpec spec, OperatorPtr fallback);
  ~FactorizedCount() override;

  // The variable a count without key or DISTINCT is best rooted at: the one whose patterns leave
  // the fewest rows to scan with a hash lookup per row (an inner pattern's rows), `rows` per
  // pattern of `patterns`.
  static int chooseRoot(const std::vector<CountPattern>& patterns, size_t variables,
                        const std::vector<double>& rows);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override;

 private:
  struct Message;
  class Decline {};

  void compute();
  // The message variable `v` sends up through `parent` (an index into `patterns`, or -1 at the
  // root): the product of its other patterns' messages and of the optionals linked to it.
  Message messageOf(int v, int parent, const std::vector<CountPattern>& patterns,
                    bool withOptionals, int hardOptional);
  // The message of one pattern to its variable `v`, the other end `y` (a variable whose message
  // is `child`, or -1: a constant end).
  Message patternMessage(const CountPattern& pattern, int v, const Message* child);
  // The rows per object of `pattern` (a leaf subject), one seek and one directory count per
  // distinct object (CountPattern::fewObjects).
  Message objectCountsBySeeking(const CountPattern& pattern);
  // Whether a pattern without variables holds.
  bool holds(const CountPattern& pattern);
  // The arms of aggregate `a` when it counts a star on its root whose other ends are leaves
  // (and optionals of one such arm each): counted by a merge of the arms' subject runs
  // (query/exec/star_run_merge.h) instead of per-value lists. Empty otherwise.
  std::vector<StarArm> starArms(const FactorizedCountSpec::Aggregate& a) const;
  void account(const Message& m, int sign);

  FactorizedCountSpec spec_;
  OperatorPtr fallback_;
  bool computed_ = false;
  bool declined_ = false;
  std::vector<ValueRow> rows_;  // the answer
  size_t next_ = 0;
};

}  // namespace cairn::query
