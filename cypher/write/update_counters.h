#pragma once
// What an updating statement did to the graph, as the TCK's side effects and Neo4j's statistics
// count it: the difference between the graph before and after the statement. A node is created
// or deleted; a label name comes into use or goes out of use (the TCK counts names, not nodes:
// CREATE (:A), (:A) adds one label); a property (entity, key) gains a value (+properties) or
// loses one (-properties) — a changed value counts as both, a value set to what it was as
// neither.

#include <cstdint>

namespace cairn::cypher {

struct UpdateCounters {
  uint64_t nodesCreated = 0;
  uint64_t nodesDeleted = 0;
  uint64_t relationshipsCreated = 0;
  uint64_t relationshipsDeleted = 0;
  uint64_t labelsAdded = 0;
  uint64_t labelsRemoved = 0;
  uint64_t propertiesSet = 0;
  uint64_t propertiesRemoved = 0;
  uint64_t constraintsAdded = 0;  // schema commands (cypher/statement/schema_statement.h)
  uint64_t constraintsRemoved = 0;

  bool any() const {
    return nodesCreated + nodesDeleted + relationshipsCreated + relationshipsDeleted + labelsAdded +
               labelsRemoved + propertiesSet + propertiesRemoved + constraintsAdded +
               constraintsRemoved >
           0;
  }
  bool operator==(const UpdateCounters&) const = default;
};

}  // namespace cairn::cypher
