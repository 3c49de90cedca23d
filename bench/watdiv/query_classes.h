#pragma once
// WatDiv-style query classes over the generated graph (docs/watdiv.md): linear L1-L5, star
// S1-S7, snowflake F1-F5, complex C1-C3, plus the aggregate, ORDER BY and export shapes of
// issue 30. Templated classes are instantiated with constants drawn, seeded by the query seed,
// from a witness: an entity path found in the graph that matches the whole pattern, so every
// instantiated query has at least one answer. The aggregate, order and export queries have no
// constants and are the same for every seed.

#include <cstdint>
#include <string>
#include <vector>

#include "bench/watdiv/generate.h"
#include "bench/watdiv/watdiv_graph.h"

namespace cairn::bench::watdiv {

struct QueryFile {
  std::string name;  // "<class>-<name>", the file is DIR/<name>.rq
  std::string text;
};

// Builds every query; `written` says which reviews exist. A template for which no witness is
// found (possible only in tiny graphs) is left out and named in `missing`.
std::vector<QueryFile> instantiateQueries(const WatDivGraph& graph, const GenerateResult& written,
                                          uint64_t triples, uint64_t querySeed,
                                          std::vector<std::string>& missing);

// Writes each query to DIR/<name>.rq, creating DIR. False with `error` set on failure.
bool writeQueries(const std::vector<QueryFile>& queries, const std::string& directory,
                  std::string& error);

}  // namespace cairn::bench::watdiv
