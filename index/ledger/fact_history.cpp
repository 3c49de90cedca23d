#include "index/ledger/fact_history.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "index/history/history_manifest.h"
#include "index/novelty/novelty_run.h"

namespace cairn::index {
namespace {

core::Status collectGraph(const Ledger& ledger, core::NodeId g, const ScanRange& range,
                          std::vector<FactChange>& out) {
  std::optional<SnapshotReader> reader = ledger.reader(g, Permutation::kSPOT);
  if (!reader) return core::Status::ok();
  // The tree: every row was asserted at its t and is still there at the root.
  if (const PermutationReader* base = reader->base()) {
    ScanCursor cursor = base->scan(range, kAllColumns);
    ColumnBatch batch;
    while (true) {
      CAIRN_ASSIGN_OR_RETURN(bool more, cursor.next(batch));
      if (!more) break;
      for (size_t r = 0; r < batch.rows; ++r) {
        const IndexRow row = rowAt(batch, r);
        out.push_back(FactChange{row.t, true, g, row});
      }
    }
  }
  // History: asserted at from, retracted at to.
  if (const HistoryView* history = ledger.history(); history != nullptr && history->hasGraph(g)) {
    std::vector<HistoryEntry> entries;
    CAIRN_RETURN_IF_ERROR(history->entriesIn(g, Permutation::kSPOT, range, entries));
    for (const HistoryEntry& e : entries) {
      out.push_back(FactChange{e.row.t, true, g, e.row});
      IndexRow retracted = e.row;
      retracted.t = e.retractedT;
      out.push_back(FactChange{e.retractedT, false, g, retracted});
    }
  }
  // Novelty: each change as it was committed.
  if (const PermutationNovelty* changes = ledger.novelty().find(g, Permutation::kSPOT)) {
    std::vector<NoveltyEntry> entries;
    CAIRN_RETURN_IF_ERROR(changes->entriesIn(range, entries));
    for (const NoveltyEntry& e : entries) {
      out.push_back(FactChange{e.t, e.assert, g, rowOfEntry(Permutation::kSPOT, e)});
    }
  }
  return core::Status::ok();
}

}  // namespace

core::Result<std::vector<FactChange>> subjectHistory(const Ledger& ledger, core::NodeId subject,
                                                     std::optional<uint64_t> predicate,
                                                     std::optional<core::NodeId> graph) {
  std::vector<uint64_t> prefix{subject};
  if (predicate) prefix.push_back(*predicate);
  const ScanRange range = ScanRange::prefix(prefix);
  std::set<core::NodeId> graphs;
  if (graph) {
    graphs.insert(*graph);
  } else {
    for (const GraphIndex& g : ledger.root().graphs) graphs.insert(g.graph);
    for (core::NodeId g : ledger.novelty().graphs()) graphs.insert(g);
    if (const HistoryView* history = ledger.history()) {
      for (core::NodeId g : history->graphs()) graphs.insert(g);
    }
  }
  std::vector<FactChange> out;
  for (core::NodeId g : graphs) CAIRN_RETURN_IF_ERROR(collectGraph(ledger, g, range, out));
  auto order = [](const FactChange& c) {
    return std::make_tuple(c.t, c.g, rowKey(Permutation::kSPOT, c.row), c.assert);
  };
  std::sort(out.begin(), out.end(),
            [&](const FactChange& a, const FactChange& b) { return order(a) < order(b); });
  return out;
}

}  // namespace cairn::index
