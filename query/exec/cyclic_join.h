#pragma once
// CyclicJoin: a worst-case-optimal multiway join (leapfrog triejoin, DESIGN §6) of patterns
// whose variables form cycles — a triangle `?a p ?b . ?b p ?c . ?c p ?a`, a 4-cycle, a clique —
// together with patterns that constrain one of those variables alone (`?a rdf:type C`).
// Binary joins build every 2-path of a triangle before the closing pattern drops most of them
// (a hub of degree d alone gives d^2); this operator binds one variable at a time, in a fixed
// order, to the intersection of what every pattern on it allows given the variables bound
// before, so no partial binding outlives a pattern that rules it out.
//
// Each pattern is read once into a ValueTrie (query/exec/value_trie.h) in the join's variable
// order (patterns that read the same rows in the same order share one trie). A one-variable
// pattern filters the tries of the two-variable patterns on its variable as they are built
// (a semi-join, once per entry) rather than taking part in every intersection of its level,
// where a long list such as all nodes of a type would be searched once per candidate. Then
// the join runs in memory: a level's sorted lists (a trie's keys, or the children of the key bound
// earlier) are intersected by leapfrogging with galloping search, driven by the shortest list.
// Tries whose values are all nodes (relationships; Cypher's always) are held as 8-byte node ids,
// half the memory of ValueIds. Output: one row per solution (no duplicates), the columns in the
// variable order, rows in that order's lexicographic order.
//
// Patterns: a constant predicate, subject and object each a join variable or a constant, at
// least one a variable, never the same variable twice. The planner (cyclic_join_planner.cpp)
// chooses the variables' order and which patterns join here.

#include <string>
#include <vector>

#include "query/algebra/term_pattern.h"
#include "query/exec/operator.h"
#include "query/exec/pattern_slots.h"
#include "query/exec/value_trie.h"

namespace cairn::query {

class CyclicJoin final : public Operator {
 public:
  // `nodesOnly`: a two-variable pattern matches only where both ends are nodes (IRIs, blank
  // nodes): Cypher's relationships, where facts with literal objects are properties.
  CyclicJoin(ExecContext& ctx, std::vector<std::string> order,
             const std::vector<TriplePattern>& patterns, const GraphScope& scope,
             bool nodesOnly = false);
  ~CyclicJoin() override;

 protected:
  bool produce(Batch& out) override;
  bool canRestart() const override { return true; }
  void restart() override;

 private:
  struct Relation {
    TripleAccess access;       // the constants; the free positions are join variables
    int first = -1;            // the level of the trie's first variable
    int second = -1;           // the level of its second variable (-1: one variable)
    bool subjectFirst = true;  // two variables: which one the trie's first level holds
    size_t trie = 0;           // into tries_
    // Two variables: the one-variable relations on its first and on its second variable,
    // applied to the trie when it is built (so no level intersects them per value).
    std::vector<size_t> firstFilters, secondFilters;
    bool folded = false;  // one variable, applied as a filter of the tries that share it
  };
  // A list intersected at a level: a relation's trie keys, or (`second`) the children of the
  // key its first variable bound.
  struct Participant {
    size_t relation = 0;
    bool second = false;
    bool recordPosition = false;  // a key whose children a later level reads
  };
  struct Level {
    std::vector<Participant> participants;
    size_t recorded = 0;               // participants with recordPosition
    std::vector<ValueId> values;       // the intersection (wide tries)
    std::vector<uint64_t> nodeValues;  // the intersection (node tries)
    std::vector<uint32_t> positions;   // per value: the key index of each recorded participant
    size_t next = 0;                   // the next value to bind
  };

  void loadTries();
  // The tries of the one-variable relations `filters` (loaded), sorted, without repeats.
  std::vector<size_t> filterTries(const std::vector<size_t>& filters) const;
  // Fills levels_[depth] with the intersection of its participants given binding_[0, depth).
  void computeLevel(size_t depth);
  template <typename T>
  void computeLevelOf(size_t depth, const std::vector<SortedTrie<T>>& tries, std::vector<T>& out);

  GraphScope scope_;
  bool nodesOnly_ = false;
  std::vector<Relation> relations_;
  // The tries, by Relation::trie: as node ids (nodeTries_) when every trie that joins holds
  // nodes only (`nodes_`), else as ValueIds (tries_; one-variable filters stay there too).
  std::vector<ValueTrie> tries_;
  std::vector<NodeTrie> nodeTries_;
  bool nodes_ = false;
  std::vector<Level> levels_;
  bool impossible_ = false;  // a constant the store never saw: no solutions
  bool loaded_ = false;
  bool started_ = false;
  size_t depth_ = 0;
  std::vector<ValueId> binding_;
  std::vector<uint32_t> keyPosition_;  // per relation: the index of its bound first-level key
  std::vector<size_t> cursors_;        // scratch for computeLevel
  std::vector<char> probed_;           // scratch for computeLevel
  uint64_t levelsComputed_ = 0;
  int64_t charged_ = 0;
};

}  // namespace cairn::query
