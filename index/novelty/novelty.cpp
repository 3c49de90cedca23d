#include "index/novelty/novelty.h"

#include <algorithm>

namespace cairn::index {

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

std::shared_ptr<const Novelty> Novelty::withCommit(uint64_t t, std::span<const Flake> flakes) const {
  auto next = std::make_shared<Novelty>(*this);
  next->t_ = std::max(t_, t);
  next->flakes_ += flakes.size();
  std::map<core::NodeId, std::vector<const Flake*>> byGraph;
  for (const Flake& f : flakes) byGraph[f.g].push_back(&f);
  for (const auto& [graph, graphFlakes] : byGraph) {
    auto& perms = next->graphs_[graph];
    for (Permutation perm : kAllPermutations) {
      std::vector<NoveltyEntry> entries;
      entries.reserve(graphFlakes.size());
      for (const Flake* f : graphFlakes) {
        entries.push_back(NoveltyEntry{rowKey(perm, f->row), f->row.t, f->assert});
      }
      std::sort(entries.begin(), entries.end(), noveltyEntryLess);
      auto& slot = perms[static_cast<int>(perm)];
      slot = slot.with(std::move(entries));
    }
  }
  return next;
}

}  // namespace cairn::index
