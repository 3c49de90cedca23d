#pragma once
// DeletedEntityGuard: graph access for the clauses of an updating statement that run after it
// deleted something. openCypher lets such clauses carry a deleted node or relationship along
// (return it, compare it) but not read its labels or properties: those raise EntityNotFound
// "DeletedEntityAccess" instead of reading as absent.

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "query/value/graph_access.h"

namespace cairn::query::graph {

struct DeletedEntities {
  std::set<core::NodeId> nodes;
  std::set<uint64_t> relationships;  // by identity
  bool empty() const { return nodes.empty() && relationships.empty(); }
};

class DeletedEntityGuard final : public value::GraphAccess {
 public:
  // `deleted` must outlive the guard.
  DeletedEntityGuard(std::unique_ptr<value::GraphAccess> inner, const DeletedEntities& deleted)
      : inner_(std::move(inner)), deleted_(deleted) {}

  std::vector<std::string> labels(core::NodeId node) const override {
    checkNode(node);
    return inner_->labels(node);
  }
  bool hasLabel(core::NodeId node, std::string_view label) const override {
    checkNode(node);
    return inner_->hasLabel(node, label);
  }
  value::Value nodeProperty(core::NodeId node, std::string_view key) const override {
    checkNode(node);
    return inner_->nodeProperty(node, key);
  }
  value::Value nodeProperties(core::NodeId node) const override {
    checkNode(node);
    return inner_->nodeProperties(node);
  }
  const CypherNames& names() const override { return inner_->names(); }
  std::string relationshipType(const value::Relationship& rel) const override {
    return inner_->relationshipType(rel);
  }
  std::vector<std::string> allLabels() const override { return inner_->allLabels(); }
  std::vector<std::string> allRelationshipTypes() const override {
    return inner_->allRelationshipTypes();
  }
  std::vector<std::string> allPropertyKeys() const override { return inner_->allPropertyKeys(); }
  value::Value relationshipProperty(const value::Relationship& rel,
                                    std::string_view key) const override {
    checkRelationship(rel);
    return inner_->relationshipProperty(rel, key);
  }
  value::Value relationshipProperties(const value::Relationship& rel) const override {
    checkRelationship(rel);
    return inner_->relationshipProperties(rel);
  }

 private:
  [[noreturn]] static void deleted(const std::string& what) {
    throw core::Error(core::ErrorCode::kEntityNotFound, "DeletedEntityAccess",
                      what + " was deleted by this statement");
  }
  void checkNode(core::NodeId node) const {
    if (deleted_.nodes.count(node) > 0) deleted("node " + std::to_string(node));
  }
  void checkRelationship(const value::Relationship& rel) const {
    if (rel.id != 0 && deleted_.relationships.count(rel.id) > 0) {
      deleted("relationship " + std::to_string(rel.id));
    }
  }

  std::unique_ptr<value::GraphAccess> inner_;
  const DeletedEntities& deleted_;
};

}  // namespace cairn::query::graph
