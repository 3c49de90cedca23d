#include "cypher/ast/pattern.h"

namespace cairn::cypher::ast {

PatternPart clone(const PatternPart& part) {
  PatternPart copy;
  copy.position = part.position;
  copy.pathVariable = part.pathVariable;
  copy.function = part.function;
  for (const NodePattern& node : part.nodes) {
    NodePattern& n = copy.nodes.emplace_back();
    n.position = node.position;
    n.variable = node.variable;
    n.labels = node.labels;
    if (node.properties) n.properties = clone(*node.properties);
  }
  for (const RelationshipPattern& rel : part.relationships) {
    RelationshipPattern& r = copy.relationships.emplace_back();
    r.position = rel.position;
    r.direction = rel.direction;
    r.variable = rel.variable;
    r.types = rel.types;
    r.length = rel.length;
    if (rel.properties) r.properties = clone(*rel.properties);
  }
  return copy;
}

Pattern clone(const Pattern& pattern) {
  Pattern copy;
  copy.position = pattern.position;
  for (const PatternPart& part : pattern.parts) copy.parts.push_back(clone(part));
  return copy;
}

}  // namespace cairn::cypher::ast
