#include "server/api/query_plan_cache.h"

#include <functional>
#include <string>

#include "query/engine/prepared_query.h"

namespace cairn::server::api {

namespace {

// Everything but the text that decides a SPARQL plan, one field per line (no field holds a
// newline: IRIs cannot, and the rest are numbers and flags).
std::string planSpace(const index::Ledger& ledger, const query::Query& query,
                      const query::QueryOptions& options) {
  std::string space = query::planKeyOf(ledger, options);
  space += '\n' + query.baseIri;
  const query::Dataset& dataset = query.dataset;
  space += dataset.specified ? "\nfrom" : "\nall";
  for (const auto& g : dataset.defaultGraphs) space += ' ' + g;
  space += "\nnamed";
  for (const auto& g : dataset.namedGraphs) space += ' ' + g;
  return space;
}

}  // namespace

bool KeptPlans::worthKeeping(std::string_view space, std::string_view text) {
  if (capacity_ == 0 || text.size() > ErasedParseCache::kMaxTextBytes) return false;
  std::string key(space);
  key.push_back('\n');
  key.append(text);
  const size_t hash = std::hash<std::string>{}(key);
  std::lock_guard lock(mutex_);
  if (seen_.erase(hash) != 0) return true;
  if (seen_.size() >= 4 * capacity_) seen_.clear();
  seen_.insert(hash);
  return false;
}

void KeptPlans::keep(std::string_view space, std::string_view text,
                     std::shared_ptr<const void> plan) {
  if (plan == nullptr) return;
  {
    std::lock_guard lock(mutex_);
    ++kept_;
  }
  cache_.put(space, text, std::move(plan));
}

uint64_t KeptPlans::kept() const {
  std::lock_guard lock(mutex_);
  return kept_;
}

QueryPlanCache::Key QueryPlanCache::keyOf(const index::Ledger& ledger, const query::Query& query,
                                          std::string_view text,
                                          const query::QueryOptions& options) {
  return Key{planSpace(ledger, query, options), text};
}

std::shared_ptr<const query::PreparedQuery> QueryPlanCache::find(const Key& key) {
  return std::static_pointer_cast<const query::PreparedQuery>(plans_.find(key.space, key.text));
}

}  // namespace cairn::server::api
