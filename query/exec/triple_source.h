#pragma once
// TripleSource: the rows of one triple pattern access — some positions fixed to values, the
// others free — over a graph scope, as (s, p, o) ValueIds. It picks the permutation whose key
// prefix covers the fixed positions (the one exception, fixed s and o with a free p, scans SPOT
// by s and filters o), decodes only the columns of free positions, and over a scope of several
// graphs (FROM a, FROM b) scans each and drops duplicate triples.
//
// Shared by IndexScan (fixed = the pattern's constants) and BindJoin (fixed = constants plus the
// outer row's values). Single-threaded.

#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "index/tree/scan_cursor.h"
#include "index/tree/scan_range.h"
#include "query/exec/exec_context.h"
#include "query/exec/value_id.h"

namespace cairn::query {

struct TripleAccess {
  std::optional<ValueId> s, p, o;
  // Prefer POST when p alone is fixed, so objects come in key order (ORDER BY from the index).
  bool objectOrder = false;
  // A narrower key range of the chosen permutation than the fixed positions give (fast paths
  // that read one object type, or the tail of a predicate's objects). It must lie inside the
  // prefix range of the fixed positions.
  std::optional<index::ScanRange> range = std::nullopt;
};

// The permutation and the fixed prefix an access reads, for EXPLAIN.
struct AccessPlan {
  index::Permutation perm = index::Permutation::kSPOT;
  int prefixColumns = 0;      // leading key columns fixed
  bool filterObject = false;  // (s, ?p, o): o filtered after the scan
};
AccessPlan planAccess(const TripleAccess& access);

class TripleSource {
 public:
  // `reportName` names the operator in memory errors.
  TripleSource(ExecContext& ctx, const GraphScope& scope, TripleAccess access,
               std::string reportName);

  // Appends up to `maxRows` matching rows to s/p/o (only free positions are appended; fixed
  // positions are not repeated) and sets `rows` to their number. Returns false at the end
  // (possibly after appending rows). Asked for fewer than the query's batch rows, it reads the
  // index about as far as it needs: `maxRows` at a time, at least kMinReadRows (so a loop asking
  // for a row at a time still reads in bulk).
  bool next(std::vector<ValueId>& s, std::vector<ValueId>& p, std::vector<ValueId>& o,
            size_t maxRows, size_t& rows);
  static constexpr size_t kMinReadRows = 64;
  // Calls visit(s, p, o) for every remaining row, a batch at a time, checking the query's
  // limits after each batch. Fixed positions come unbound: the caller knows their value.
  template <typename Visit>
  void forEachRow(Visit&& visit) {
    std::vector<ValueId> s, p, o;
    auto at = [](const std::vector<ValueId>& column, size_t r) {
      return r < column.size() ? column[r] : ValueId{};
    };
    size_t n = 0;
    for (bool more = true; more;) {
      s.clear();
      p.clear();
      o.clear();
      more = next(s, p, o, ctx_.batchRows(), n);
      for (size_t r = 0; r < n; ++r) visit(at(s, r), at(p, r), at(o, r));
      ctx_.checkLimits();
    }
  }
  ~TripleSource();
  // The number of matching rows, from the index directories where possible (one graph, no
  // filtered position); nullopt when it would need a scan.
  std::optional<uint64_t> countFromDirectory() const;
  // countFromDirectory(), or where that would read the rows themselves (at a t before the index
  // root's) an upper bound: what the planner's estimates use.
  std::optional<uint64_t> estimateFromDirectory() const;

  bool empty() const { return impossible_; }

 private:
  bool openGraph();
  std::optional<uint64_t> directoryCount(bool estimate) const;

  ExecContext& ctx_;
  GraphScope scope_;
  TripleAccess access_;
  AccessPlan plan_;
  std::string reportName_;
  bool impossible_ = false;  // a fixed value that cannot occur in its position
  size_t graphIndex_ = 0;
  std::optional<index::SnapshotCursor> cursor_;
  index::ScanRange range_;
  index::ColumnMask columns_ = 0;
  index::ColumnBatch batch_;
  size_t batchPos_ = 0;
  std::unordered_set<ValueRow, ValueRowHash> seen_;  // when the scope has several graphs
  int64_t seenBytes_ = 0;
};

}  // namespace cairn::query
