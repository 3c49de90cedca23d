#include "cypher/semantic/pattern_check.h"

#include <set>
#include <string>

#include "cypher/semantic/expression_check.h"
#include "cypher/semantic/semantic_error.h"

namespace cairn::cypher::semantic {

namespace {

using ast::ExprKind;

const char* useName(PatternUse use) {
  switch (use) {
    case PatternUse::kCreate:
      return "CREATE";
    case PatternUse::kMerge:
      return "MERGE";
    default:
      return "MATCH";
  }
}

bool creates(PatternUse use) { return use == PatternUse::kCreate || use == PatternUse::kMerge; }

[[noreturn]] void typeConflict(const std::string& name, const Variable& bound, std::string_view as,
                               ast::SourcePosition position) {
  raise("VariableTypeConflict",
        "variable " + quoted(name) + " is already bound as " + describeType(bound.type) +
            ", not a " + std::string(as),
        position);
}

// Binds one pattern (all parts of a MATCH, CREATE, ... or one MERGE part): the state of the
// relationship variables it has named so far.
class PatternBinder {
 public:
  PatternBinder(PatternUse use, Scope& scope) : use_(use), scope_(scope) {}

  void bindPart(const ast::PatternPart& part) {
    if (part.function != ast::PathFunction::kNone) checkShortestPath(part);
    const bool lonelyNode = part.relationships.empty();
    for (size_t i = 0; i < part.nodes.size(); ++i) {
      bindNode(part.nodes[i], lonelyNode);
      if (i < part.relationships.size()) bindRelationship(part.relationships[i]);
    }
    if (!part.pathVariable.empty()) {
      if (scope_.contains(part.pathVariable)) {
        raise("VariableAlreadyBound",
              "path variable " + quoted(part.pathVariable) + " is already bound", part.position);
      }
      scope_.bind(part.pathVariable, StaticType::of(kPathBit), part.position);
    }
  }

  // Property maps may read any variable the pattern binds, so they are checked last.
  void checkProperties(const ast::PatternPart& part) const {
    for (const auto& node : part.nodes) checkPropertyMap(node.properties.get(), node.position);
    for (const auto& rel : part.relationships) {
      checkPropertyMap(rel.properties.get(), rel.position);
    }
  }

 private:
  // shortestPath / allShortestPaths: between two nodes, over one relationship pattern whose
  // minimum length is 0 or 1 (Neo4j's rules).
  void checkShortestPath(const ast::PatternPart& part) const {
    const char* name =
        part.function == ast::PathFunction::kShortestPath ? "shortestPath" : "allShortestPaths";
    if (part.relationships.size() != 1) {
      raise("InvalidShortestPath",
            std::string(name) + "(...) needs a pattern of exactly one relationship", part.position);
    }
    const auto& length = part.relationships[0].length;
    if (length && length->min.value_or(1) > 1) {
      raise("InvalidShortestPath",
            std::string(name) + "(...) supports a minimal length of 0 or 1 only",
            part.relationships[0].position);
    }
  }

  void bindNode(const ast::NodePattern& node, bool lonelyNode) {
    if (node.variable.empty()) return;
    const Variable* bound = scope_.find(node.variable);
    if (bound == nullptr) {
      scope_.bind(node.variable, StaticType::of(kNodeBit), node.position);
      return;
    }
    if (!bound->type.mayBe(kNodeBit)) typeConflict(node.variable, *bound, "node", node.position);
    if (creates(use_) && (lonelyNode || !node.labels.empty() || node.properties)) {
      raise("VariableAlreadyBound",
            "node " + quoted(node.variable) + " is already bound: " + useName(use_) +
                " cannot create it or add labels or properties to it",
            node.position);
    }
  }

  void bindRelationship(const ast::RelationshipPattern& rel) {
    const Variable* bound = rel.variable.empty() ? nullptr : scope_.find(rel.variable);
    // A bound relationship is the error even when its pattern lacks a type: the TCK's
    // `MATCH ()-[r]->() CREATE ()-[r]->()` is VariableAlreadyBound.
    if (creates(use_) && bound == nullptr) checkCreatedRelationship(rel);
    if (rel.variable.empty()) return;
    const uint32_t accepted = rel.length ? (kRelationshipBit | kListBit) : kRelationshipBit;
    if (bound != nullptr) {
      if (!bound->type.mayBe(accepted)) {
        typeConflict(rel.variable, *bound, "relationship", rel.position);
      }
      if (creates(use_)) {
        raise("VariableAlreadyBound",
              "relationship " + quoted(rel.variable) + " is already bound: " + useName(use_) +
                  " cannot create it",
              rel.position);
      }
    }
    if (!namedHere_.insert(rel.variable).second) {
      raise("RelationshipUniquenessViolation",
            "relationship " + quoted(rel.variable) + " appears twice in one pattern", rel.position);
    }
    if (bound == nullptr) {
      scope_.bind(
          rel.variable,
          rel.length ? StaticType::listOf(kRelationshipBit) : StaticType::of(kRelationshipBit),
          rel.position);
    }
  }

  void checkCreatedRelationship(const ast::RelationshipPattern& rel) const {
    if (rel.types.size() != 1) {
      raise("NoSingleRelationshipType",
            std::string(useName(use_)) + " needs exactly one type for a relationship, got " +
                std::to_string(rel.types.size()),
            rel.position);
    }
    if (use_ == PatternUse::kCreate && (rel.direction == ast::RelationshipDirection::kEither ||
                                        rel.direction == ast::RelationshipDirection::kBoth)) {
      raise("RequiresDirectedRelationship", "CREATE needs a direction for a relationship: -> or <-",
            rel.position);
    }
    if (rel.length) {
      raise("CreatingVarLength",
            std::string(useName(use_)) + " cannot create a variable-length relationship",
            rel.position);
    }
  }

  void checkPropertyMap(const ast::Expression* properties, ast::SourcePosition position) const {
    if (properties == nullptr) return;
    if (properties->kind == ExprKind::kParameter &&
        (use_ == PatternUse::kMatch || use_ == PatternUse::kMerge)) {
      raise("InvalidParameterUse",
            std::string(useName(use_)) +
                " cannot take a parameter as a property map; write {key: $param.key}",
            position);
    }
    checkExpression(*properties, scope_);
  }

  PatternUse use_;
  Scope& scope_;
  std::set<std::string> namedHere_;
};

}  // namespace

void bindPattern(const ast::Pattern& pattern, PatternUse use, Scope& scope) {
  PatternBinder binder(use, scope);
  for (const auto& part : pattern.parts) binder.bindPart(part);
  for (const auto& part : pattern.parts) binder.checkProperties(part);
}

void bindPatternPart(const ast::PatternPart& part, PatternUse use, Scope& scope) {
  PatternBinder binder(use, scope);
  binder.bindPart(part);
  binder.checkProperties(part);
}

void checkPatternPredicate(const ast::PatternPart& part, const Scope& scope) {
  auto requireBound = [&](const std::string& name, uint32_t accepted, std::string_view as,
                          ast::SourcePosition position) {
    if (name.empty()) return;
    const Variable* bound = scope.find(name);
    if (bound == nullptr) {
      raise("UndefinedVariable",
            "variable " + quoted(name) +
                " not defined: a pattern used as a predicate cannot introduce variables",
            position);
    }
    if (!bound->type.mayBe(accepted)) typeConflict(name, *bound, as, position);
  };
  for (const auto& node : part.nodes) {
    requireBound(node.variable, kNodeBit, "node", node.position);
    if (node.properties) checkExpression(*node.properties, scope);
  }
  for (const auto& rel : part.relationships) {
    requireBound(rel.variable, rel.length ? (kRelationshipBit | kListBit) : kRelationshipBit,
                 "relationship", rel.position);
    if (rel.properties) checkExpression(*rel.properties, scope);
  }
}

}  // namespace cairn::cypher::semantic
