#include "query/plan/ordered_other_rows.h"

#include <algorithm>
#include <string>

#include "query/exec/operator.h"
#include "query/exec/sort_keys.h"

namespace cairn::query::plan {

namespace {

std::shared_ptr<const OrderedOtherRows> sortRows(ExecContext& ctx,
                                                 const index::SnapshotReader& post,
                                                 std::span<const index::ScanRange> ranges,
                                                 const std::string& subjectVariable,
                                                 const OrderCondition& objectOrder,
                                                 const GraphScope& scope) {
  using index::Column;
  const index::ColumnMask columns = index::columnBit(Column::kS) |
                                    index::columnBit(Column::kOType) |
                                    index::columnBit(Column::kOKey);
  // Each row sorts by its object alone (the key), ties in scan (key) order.
  std::vector<SortRow> sorting;
  for (const index::ScanRange& range : ranges) {
    index::SnapshotCursor cursor = post.scan(range, columns, ctx.asOf());
    index::ColumnBatch batch;
    for (;;) {
      auto more = cursor.next(batch);
      if (!more.isOk()) throwStorageError(more.status());
      if (!more.value()) break;
      const auto& s = batch.column(Column::kS);
      const auto& otype = batch.column(Column::kOType);
      const auto& okey = batch.column(Column::kOKey);
      for (size_t r = 0; r < batch.rows; ++r) {
        const ValueId object{okey[r], static_cast<core::ObjectType>(otype[r])};
        sorting.push_back({{ValueId::node(s[r]), object}, {object}, sorting.size()});
      }
    }
  }
  // The sort's own comparison (SortKeys: classified once, by value where that decides).
  OrderCondition ascending = objectOrder;
  ascending.descending = false;
  const SortKeys keys(ctx, {ascending}, {subjectVariable, objectOrder.expr.variable}, scope);
  std::sort(sorting.begin(), sorting.end(),
            [&](const SortRow& a, const SortRow& b) { return keys.less(a, b); });
  auto sorted = std::make_shared<OrderedOtherRows>();
  sorted->rows.reserve(sorting.size());
  for (SortRow& row : sorting) sorted->rows.push_back(std::move(row.values));
  return sorted;
}

}  // namespace

std::shared_ptr<const OrderedOtherRows> orderedOtherRows(
    ExecContext& ctx, const index::SnapshotReader& post, uint64_t predicate,
    core::ObjectType mainType, std::span<const index::ScanRange> ranges,
    const std::string& subjectVariable, const OrderCondition& objectOrder,
    const GraphScope& scope) {
  const index::Ledger& ledger = ctx.ledger();
  // A read at an older t sees other rows than the snapshot's latest state.
  if (ctx.asOf() < ledger.t()) {
    return sortRows(ctx, post, ranges, subjectVariable, objectOrder, scope);
  }
  const std::string key = "top-k-other-rows/" + std::to_string(scope.graphs.at(0)) + "/" +
                          std::to_string(predicate) + "/" + std::to_string(mainType);
  if (auto kept = ledger.memo(key)) return std::static_pointer_cast<const OrderedOtherRows>(kept);
  return std::static_pointer_cast<const OrderedOtherRows>(
      ledger.memoize(key, sortRows(ctx, post, ranges, subjectVariable, objectOrder, scope)));
}

}  // namespace cairn::query::plan
