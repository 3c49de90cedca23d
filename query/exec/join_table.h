#pragma once
// JoinTable: the materialized build side of a hash join, left join or minus: every row of one
// input, hashed by the variables it shares with the other side. SPARQL joins are on
// *compatible* solutions, where a shared variable unbound on either side matches anything, so
// rows with an unbound key go to a separate list that every probe sees, and a probe row with an
// unbound key is checked against every row. With no shared variable every row matches.
//
// Rows are kept flat (one vector of cells) and chained per hash bucket, so building allocates
// per batch, not per row, and a probe walks one chain. Charges its rows to the memory budget
// under the owning operator's name.

#include <span>
#include <string>
#include <vector>

#include "query/exec/operator.h"

namespace cairn::query {

class JoinTable {
 public:
  // `keyColumns`: the build input's columns of the shared variables.
  JoinTable(ExecContext& ctx, std::string owner, std::vector<int> keyColumns);
  ~JoinTable();

  // Reads all of `input`.
  void build(Operator& input);
  size_t size() const { return rows_; }
  std::span<const ValueId> row(size_t i) const { return {cells_.data() + i * width_, width_}; }

  // Indices of the rows that may be compatible with a probe whose shared values are `key`
  // (unbound entries allowed), in build order. Compatibility still has to be checked with
  // compatible().
  void candidates(const ValueRow& key, std::vector<size_t>& out) const;
  // Whether build row `i` agrees with `key` on every shared variable bound on both sides.
  bool compatible(size_t i, const ValueRow& key) const;

 private:
  uint64_t hashOf(const ValueId* row) const;  // of the row's key cells
  // Whether row i's key equals `key` (all bound).
  bool keyEquals(size_t i, const ValueRow& key) const;

  ExecContext& ctx_;
  std::string owner_;
  std::vector<int> keyColumns_;
  size_t width_ = 0;
  size_t rows_ = 0;
  std::vector<ValueId> cells_;  // row i at [i * width_, (i + 1) * width_)
  // Rows with a complete key, chained per bucket in build order: heads_[hash & mask_] is the
  // first row + 1 (0: none), next_[row] the next row + 1 of the same bucket. Different keys may
  // share a bucket; hashes_ tells most of them apart without reading their cells.
  std::vector<uint32_t> heads_;
  std::vector<uint32_t> next_;
  std::vector<uint32_t> hashes_;
  size_t mask_ = 0;
  std::vector<size_t> partial_;  // rows with an unbound key value
  int64_t charged_ = 0;
};

// The columns of `variables` in `op` (-1 where absent).
std::vector<int> columnsOf(const Operator& op, const std::vector<std::string>& variables);
// The variables of `a` that `b` also has, in a's order.
std::vector<std::string> sharedVariables(const Operator& a, const Operator& b);
// a's variables, then those of b that a lacks: the columns of a join of a with b.
std::vector<std::string> joinedVariables(const Operator& a, const Operator& b);

}  // namespace cairn::query
