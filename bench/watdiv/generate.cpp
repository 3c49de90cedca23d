#include "bench/watdiv/generate.h"

namespace cairn::bench::watdiv {

GenerateResult generate(const WatDivGraph& graph, TripleWriter& writer) {
  using Fill = void (WatDivGraph::*)(uint64_t, Block&) const;
  const Plan& plan = graph.plan();
  const std::pair<Fill, uint64_t> sections[] = {
      {&WatDivGraph::country, plan.countries},  {&WatDivGraph::city, plan.cities},
      {&WatDivGraph::language, plan.languages}, {&WatDivGraph::topic, plan.topics},
      {&WatDivGraph::genre, plan.genres},       {&WatDivGraph::subGenre, plan.subGenres},
      {&WatDivGraph::website, plan.websites},   {&WatDivGraph::retailer, plan.retailers},
      {&WatDivGraph::product, plan.products},   {&WatDivGraph::offer, plan.offers},
      {&WatDivGraph::user, plan.users},
  };
  GenerateResult result;
  Block block;
  for (const auto& [fill, count] : sections) {
    for (uint64_t n = 0; n < count; ++n) {
      (graph.*fill)(n, block);
      if (!writer.write(block)) return result;
    }
  }
  result.planComplete = true;
  for (uint64_t n = 0; !writer.full(); ++n) {
    graph.review(n, block);
    if (writer.write(block)) result.completeReviews = n + 1;
  }
  return result;
}

}  // namespace cairn::bench::watdiv
