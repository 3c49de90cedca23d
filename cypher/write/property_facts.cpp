#include "cypher/write/property_facts.h"

#include <utility>

#include "core/error.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/graph/value_terms.h"
#include "query/value/value_errors.h"

namespace cairn::cypher {

using query::value::Value;
using query::value::ValueKind;

namespace {

[[noreturn]] void invalidPropertyType(const std::string& key, const Value& v) {
  throw core::Error(core::ErrorCode::kTypeError, "InvalidPropertyType",
                    "property '" + key + "' cannot hold " + query::value::describeValue(v));
}

core::Term scalarTerm(const std::string& key, const Value& v) {
  auto term = query::graph::valueToTerm(v);
  if (!term) invalidPropertyType(key, v);
  return std::move(*term);
}

// The object of each fact, with its position (0 for a scalar).
std::vector<std::pair<core::Term, uint64_t>> propertyTerms(const std::string& key, const Value& v) {
  std::vector<std::pair<core::Term, uint64_t>> terms;
  if (v.kind() != ValueKind::kList) {
    terms.emplace_back(scalarTerm(key, v), 0);
    return terms;
  }
  const Value::List& items = v.asList();
  if (items.empty()) {
    terms.emplace_back(core::Term::literal("", std::string(query::graph::kEmptyListDatatype)), 0);
    return terms;
  }
  terms.reserve(items.size());
  for (size_t k = 0; k < items.size(); ++k) {
    const Value& item = items[k];
    if (item.isNull() || item.kind() == ValueKind::kList) invalidPropertyType(key, v);
    terms.emplace_back(scalarTerm(key, item), k + 1);
  }
  return terms;
}

}  // namespace

void appendPropertyFacts(const index::TxTerm& subject, const std::optional<index::TxTerm>& graph,
                         const std::string& key, const Value& v,
                         const query::graph::CypherNames& names, std::vector<index::TxQuad>& out) {
  // All terms first, so that a bad list element leaves no partial property.
  auto terms = propertyTerms(key, v);
  const index::TxTerm predicate = index::TxTerm::of(core::Term::iri(names.iriOf(key)));
  for (auto& [object, position] : terms) {
    index::TxQuad q{subject, predicate, index::TxTerm::of(std::move(object)), graph};
    q.position = position;
    out.push_back(std::move(q));
  }
}

void checkPropertyValue(const std::string& key, const Value& v) { (void)propertyTerms(key, v); }

}  // namespace cairn::cypher
