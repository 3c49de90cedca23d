#include "index/novelty/novelty.h"

#include <algorithm>

namespace cairn::index {

Novelty::Novelty(uint64_t rootT, std::vector<PersistedGraph> persisted) : t_(rootT) {
  for (PersistedGraph& g : persisted) {
    persistedFlakes_ += g.flakes;
    auto graph = std::make_shared<GraphNovelty>();
    for (Permutation perm : kAllPermutations) {
      const int p = static_cast<int>(perm);
      graph->perms[p] = PermutationNovelty::persisted(std::move(g.runs[p]));
    }
    graph->rowDelta = g.rowDelta;
    graph->predicateRows = PredicateRowDeltas(g.predicateRows);
    graphs_[g.graph] = std::move(graph);
  }
}

const PermutationNovelty* Novelty::find(core::NodeId graph, Permutation perm) const {
  auto it = graphs_.find(graph);
  if (it == graphs_.end()) return nullptr;
  return &it->second->perms[static_cast<int>(perm)];
}

std::vector<core::NodeId> Novelty::graphs() const {
  std::vector<core::NodeId> out;
  out.reserve(graphs_.size());
  for (const auto& [graph, changes] : graphs_) out.push_back(graph);
  return out;
}

const PredicateRowDeltas* Novelty::predicateRows(core::NodeId graph) const {
  auto it = graphs_.find(graph);
  return it == graphs_.end() ? nullptr : &it->second->predicateRows;
}

int64_t Novelty::rowDelta(core::NodeId graph) const {
  auto it = graphs_.find(graph);
  return it == graphs_.end() ? 0 : it->second->rowDelta;
}

std::shared_ptr<const Novelty> Novelty::withCommit(uint64_t t,
                                                   std::span<const Flake> flakes) const {
  auto next = std::make_shared<Novelty>(*this);
  next->t_ = std::max(t_, t);
  next->flakes_ += flakes.size();
  std::map<core::NodeId, std::vector<const Flake*>> byGraph;
  for (const Flake& f : flakes) byGraph[f.g].push_back(&f);
  for (const auto& [graph, graphFlakes] : byGraph) {
    std::shared_ptr<const GraphNovelty>& slot = next->graphs_[graph];
    auto changed = std::make_shared<GraphNovelty>();
    if (slot) {
      changed->rowDelta = slot->rowDelta;
      changed->predicateRows = slot->predicateRows;
    }
    for (const Flake* f : graphFlakes) {
      const int64_t step = f->assert ? 1 : -1;
      changed->rowDelta += step;
      changed->predicateRows.add(f->row.p, step);
    }
    for (Permutation perm : kAllPermutations) {
      std::vector<NoveltyEntry> entries;
      entries.reserve(graphFlakes.size());
      for (const Flake* f : graphFlakes) {
        entries.push_back(NoveltyEntry{rowKey(perm, f->row), f->row.t, f->assert});
      }
      // Commits come in SPOT order (encodeChanges sorts them), so that permutation's run is
      // usually sorted already.
      if (!std::is_sorted(entries.begin(), entries.end(), NoveltyEntryOrder{})) {
        std::sort(entries.begin(), entries.end(), NoveltyEntryOrder{});
      }
      const int p = static_cast<int>(perm);
      changed->perms[p] = slot ? slot->perms[p].with(std::move(entries))
                               : PermutationNovelty().with(std::move(entries));
    }
    slot = std::move(changed);
  }
  return next;
}

}  // namespace cairn::index
