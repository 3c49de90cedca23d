#pragma once
// The Pokec-shaped graph (pokec_graph.h) written three ways from one generator, so every engine
// loads the same users, properties and relationships:
//   N-Triples  for `cairn import`: users are IRIs <urn:pokec:user/ID>, labels rdf:type
//              <urn:cairn:pg:User>, properties and Friend relationships in the urn:cairn:pg:
//              vocabulary Cypher reads (docs/cypher.md); a missing property has no triple;
//   Cypher     one CREATE per user, then one MATCH ... CREATE per relationship (how graph
//              benchmark runners feed Neo4j-compatible engines);
//   CSV        user.csv and friend.csv plus schema.cypher (Kuzu's DDL and COPY statements) in a
//              directory; a missing property is an empty field.

#include <cstdint>
#include <string>

#include "bench/pokec/pokec_graph.h"

namespace cairn::bench::pokec {

struct WriteCounts {
  uint64_t users = 0;
  uint64_t relationships = 0;
  uint64_t bytes = 0;
};

// Each returns false with `error` set when a file cannot be written. "-" is standard output
// (not for CSV, which writes a directory).
bool writeNTriples(const PokecGraph& graph, const std::string& path, WriteCounts& counts,
                   std::string& error);
bool writeCypher(const PokecGraph& graph, const std::string& path, WriteCounts& counts,
                 std::string& error);
bool writeCsv(const PokecGraph& graph, const std::string& directory, WriteCounts& counts,
              std::string& error);

}  // namespace cairn::bench::pokec
