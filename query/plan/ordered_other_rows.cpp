#include "query/plan/ordered_other_rows.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "query/exec/operator.h"
#include "query/expr/expression_program.h"
#include "query/expr/values.h"

namespace cairn::query::plan {

namespace {

std::shared_ptr<const OrderedOtherRows> sortRows(ExecContext& ctx,
                                                 const index::SnapshotReader& post,
                                                 std::span<const index::ScanRange> ranges) {
  using index::Column;
  const index::ColumnMask columns = index::columnBit(Column::kS) |
                                    index::columnBit(Column::kOType) |
                                    index::columnBit(Column::kOKey);
  std::vector<ValueRow> rows;
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
        rows.push_back(
            {ValueId::node(s[r]), ValueId{okey[r], static_cast<core::ObjectType>(otype[r])}});
      }
    }
  }
  // Each object decoded and classified once; the sort compares the kept classifications.
  struct Key {
    const core::Term* term;
    expr::Classified classified;
  };
  std::vector<Key> keys;
  keys.reserve(rows.size());
  for (const ValueRow& row : rows) {
    const core::Term& term = ctx.terms().decode(row[1]);
    keys.push_back({&term, expr::classifyWithValue(term)});
  }
  std::vector<size_t> order(rows.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return expr::compareForOrdering(keys[a].term, &keys[a].classified, keys[b].term,
                                    &keys[b].classified) < 0;
  });
  auto sorted = std::make_shared<OrderedOtherRows>();
  sorted->rows.reserve(rows.size());
  for (size_t i : order) sorted->rows.push_back(std::move(rows[i]));
  return sorted;
}

}  // namespace

std::shared_ptr<const OrderedOtherRows> orderedOtherRows(ExecContext& ctx,
                                                         const index::SnapshotReader& post,
                                                         core::NodeId graph, uint64_t predicate,
                                                         core::ObjectType mainType,
                                                         std::span<const index::ScanRange> ranges) {
  const index::Ledger& ledger = ctx.ledger();
  // A read at an older t sees other rows than the snapshot's latest state.
  if (ctx.asOf() < ledger.t()) return sortRows(ctx, post, ranges);
  const std::string key = "top-k-other-rows/" + std::to_string(graph) + "/" +
                          std::to_string(predicate) + "/" + std::to_string(mainType);
  if (auto kept = ledger.memo(key)) return std::static_pointer_cast<const OrderedOtherRows>(kept);
  return std::static_pointer_cast<const OrderedOtherRows>(
      ledger.memoize(key, sortRows(ctx, post, ranges)));
}

}  // namespace cairn::query::plan
