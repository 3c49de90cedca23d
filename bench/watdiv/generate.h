#pragma once
// Streams a WatDivGraph (watdiv_graph.h) through a TripleWriter in a fixed order: the small
// dimensions (countries, cities, languages, topics, genres, sub-genres), websites, retailers,
// products, offers, users with their purchases, then reviews until the file holds exactly the
// statements asked for. Memory stays at the Zipf tables plus one Block.

#include <cstdint>

#include "bench/watdiv/triple_writer.h"
#include "bench/watdiv/watdiv_graph.h"

namespace cairn::bench::watdiv {

struct GenerateResult {
  // Every planned entity was written whole (false only for tiny --triples).
  bool planComplete = false;
  // Reviews 0..completeReviews-1 were written whole; a last one may be cut short.
  uint64_t completeReviews = 0;
};

GenerateResult generate(const WatDivGraph& graph, TripleWriter& writer);

}  // namespace cairn::bench::watdiv
