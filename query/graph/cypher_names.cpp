#include "query/graph/cypher_names.h"

#include "core/error.h"
#include "index/ledger/ledger.h"
#include "query/graph/property_graph_vocabulary.h"

namespace cairn::query::graph {

namespace {

constexpr std::string_view kSeparator = "__";

// The prefix and local part of `name` written as prefix__local or prefix:local; empty
// prefix when it is neither.
std::pair<std::string_view, std::string_view> splitPrefixed(std::string_view name) {
  for (std::string_view separator : {kSeparator, std::string_view(":")}) {
    const size_t at = name.find(separator);
    if (at != std::string_view::npos && at > 0 && at + separator.size() < name.size()) {
      return {name.substr(0, at), name.substr(at + separator.size())};
    }
  }
  return {};
}

}  // namespace

CypherNames::CypherNames() : vocabulary_(kVocabularyNamespace) {}

CypherNames::CypherNames(const std::vector<index::PrefixDeclaration>& declarations)
    : CypherNames() {
  for (const auto& d : declarations) {
    if (d.prefix.empty()) {
      vocabulary_ = d.namespaceIri;
    } else {
      prefixes_.emplace(d.prefix, d.namespaceIri);
    }
  }
}

const CypherNames& CypherNames::defaults() {
  static const CypherNames names;
  return names;
}

std::string CypherNames::iriOf(std::string_view name) const {
  if (isWholeIriName(name)) return std::string(name);
  if (!prefixes_.empty()) {
    const auto [prefix, local] = splitPrefixed(name);
    if (!prefix.empty()) {
      if (auto it = prefixes_.find(prefix); it != prefixes_.end()) {
        return it->second + std::string(local);
      }
    }
  }
  return vocabulary_ + std::string(name);
}

std::string CypherNames::nameOf(std::string_view iri) const {
  if (iri.size() > vocabulary_.size() && iri.substr(0, vocabulary_.size()) == vocabulary_) {
    std::string local(iri.substr(vocabulary_.size()));
    if (iriOf(local) == iri) return local;
  }
  const std::pair<const std::string, std::string>* best = nullptr;
  for (const auto& entry : prefixes_) {
    const std::string& ns = entry.second;
    if (iri.size() > ns.size() && iri.substr(0, ns.size()) == ns &&
        (best == nullptr || ns.size() > best->second.size())) {
      best = &entry;
    }
  }
  if (best != nullptr) {
    std::string name = best->first + std::string(kSeparator);
    name += iri.substr(best->second.size());
    if (iriOf(name) == iri) return name;
  }
  return std::string(iri);
}

std::shared_ptr<const CypherNames> cypherNames(const index::Ledger& ledger, uint64_t asOf) {
  const bool latest = asOf >= ledger.t();
  constexpr const char* kMemoKey = "cypher-names";
  if (latest) {
    if (auto kept = ledger.memo(kMemoKey)) {
      return std::static_pointer_cast<const CypherNames>(kept);
    }
  }
  auto declarations = index::prefixDeclarations(ledger, asOf);
  if (!declarations.isOk()) {
    const core::Status& status = declarations.status();
    throw core::Error(status.code() == core::StatusCode::kInvalidArgument
                          ? core::ErrorCode::kInvalidArgument
                          : core::ErrorCode::kStorageError,
                      status.message());
  }
  auto names =
      declarations.value().empty()
          ? std::shared_ptr<const CypherNames>(std::shared_ptr<void>(), &CypherNames::defaults())
          : std::make_shared<const CypherNames>(declarations.value());
  if (latest) ledger.memoize(kMemoKey, names);
  return names;
}

}  // namespace cairn::query::graph
