#pragma once
// Graph patterns of openCypher's AST: node and relationship patterns chained into pattern parts
// (optionally named `p = ...` or wrapped in shortestPath / allShortestPaths), and comma-separated
// lists of parts as MATCH, CREATE and EXISTS take them.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cypher/ast/expression.h"

namespace cairn::cypher::ast {

struct NodePattern {
  SourcePosition position;
  std::string variable;  // empty when anonymous
  std::vector<std::string> labels;
  ExpressionPtr properties;  // a kMap or kParameter, or null
};

enum class RelationshipDirection {
  kOutgoing,  // -->
  kIncoming,  // <--
  kEither,    // --  (no arrow head)
  kBoth,      // <--> (both heads; matches like kEither)
};

// `*` alone leaves both bounds empty; `*2` sets both to 2; `*2..` only min; `*..3` only max.
struct VariableLength {
  std::optional<int64_t> min;
  std::optional<int64_t> max;
};

struct RelationshipPattern {
  SourcePosition position;
  RelationshipDirection direction = RelationshipDirection::kEither;
  std::string variable;            // empty when anonymous
  std::vector<std::string> types;  // alternatives: [:T|U]
  std::optional<VariableLength> length;
  ExpressionPtr properties;  // a kMap or kParameter, or null
};

enum class PathFunction { kNone, kShortestPath, kAllShortestPaths };

// nodes.size() == relationships.size() + 1; relationships[i] joins nodes[i] and nodes[i + 1].
struct PatternPart {
  SourcePosition position;
  std::string pathVariable;  // `p = ...`, empty when unnamed
  PathFunction function = PathFunction::kNone;
  std::vector<NodePattern> nodes;
  std::vector<RelationshipPattern> relationships;
};

struct Pattern {
  SourcePosition position;
  std::vector<PatternPart> parts;
};

PatternPart clone(const PatternPart& part);
Pattern clone(const Pattern& pattern);

}  // namespace cairn::cypher::ast
