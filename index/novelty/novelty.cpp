#include "index/novelty/novelty.h"

#include <algorithm>

namespace cairn::index {

Novelty::Novelty(uint64_t rootT, std::vector<PersistedGraph> persisted) : t_(rootT) {
  for (PersistedGraph& g : persisted) {
    persistedFlakes_ += g.flakes;
    auto& perms = graphs_[g.graph];
    for (Permutation perm : kAllPermutations) {
      const int p = static_cast<int>(perm);
      perms[p] = PermutationNovelty::persisted(std::move(g.runs[p]));
    }
    auto delta = std::make_shared<RowDelta>();
    delta->total = g.rowDelta;
    delta->byPredicate = std::move(g.predicateRows);
    rowDeltas_[g.graph] = std::move(delta);
  }
}

const PermutationNovelty* Novelty::find(core::NodeId graph, Permutation perm) const {
  auto it = graphs_.find(graph);
  if (it == graphs_.end()) return nullptr;
  return &it->second[static_cast<int>(perm)];
}

std::vector<core::NodeId> Novelty::graphs() const {
  std::vector<core::NodeId> out;
  out.reserve(graphs_.size());
  for (const auto& [graph, perms] : graphs_) out.push_back(graph);
  return out;
}

const std::map<uint64_t, int64_t>* Novelty::predicateRows(core::NodeId graph) const {
  auto it = rowDeltas_.find(graph);
  return it == rowDeltas_.end() ? nullptr : &it->second->byPredicate;
}

int64_t Novelty::rowDelta(core::NodeId graph) const {
  auto it = rowDeltas_.find(graph);
  return it == rowDeltas_.end() ? 0 : it->second->total;
}

std::shared_ptr<const Novelty> Novelty::withCommit(uint64_t t,
                                                   std::span<const Flake> flakes) const {
  auto next = std::make_shared<Novelty>(*this);
  next->t_ = std::max(t_, t);
  next->flakes_ += flakes.size();
  std::map<core::NodeId, std::vector<const Flake*>> byGraph;
  for (const Flake& f : flakes) byGraph[f.g].push_back(&f);
  for (const auto& [graph, graphFlakes] : byGraph) {
    auto& slotDelta = next->rowDeltas_[graph];
    auto delta = slotDelta ? std::make_shared<RowDelta>(*slotDelta) : std::make_shared<RowDelta>();
    for (const Flake* f : graphFlakes) {
      const int64_t step = f->assert ? 1 : -1;
      delta->total += step;
      if ((delta->byPredicate[f->row.p] += step) == 0) delta->byPredicate.erase(f->row.p);
    }
    slotDelta = std::move(delta);
    auto& perms = next->graphs_[graph];
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
      auto& slot = perms[static_cast<int>(perm)];
      slot = slot.with(std::move(entries));
    }
  }
  return next;
}

}  // namespace cairn::index
