#include "server/api/query_plan_cache.h"

#include <string>

namespace cairn::server::api {

namespace {

// Everything but the text that decides the plan, one field per line (no field holds a newline:
// IRIs cannot, and the rest are numbers and flags).
std::string planSpace(const index::Ledger& ledger, const query::Query& query,
                      const query::QueryOptions& options) {
  std::string space = ledger.name();
  space += '\n' + std::to_string(ledger.t()) + '\n' + ledger.rootId().toHex();
  space += '\n' + std::to_string(options.asOf);
  space += options.reportPlan || options.analyze ? "\nd" : "\n-";
  space += '\n' + query.baseIri;
  const query::Dataset& dataset = query.dataset;
  space += dataset.specified ? "\nfrom" : "\nall";
  for (const auto& g : dataset.defaultGraphs) space += ' ' + g;
  space += "\nnamed";
  for (const auto& g : dataset.namedGraphs) space += ' ' + g;
  for (const auto& rewrite : options.disabledRewrites) space += "\n-" + rewrite;
  if (options.batchRows != 0) space += "\nbatch " + std::to_string(options.batchRows);
  return space;
}

}  // namespace

std::shared_ptr<const query::PreparedQuery> QueryPlanCache::get(
    const index::Ledger& ledger, const query::Query& query, std::string_view text,
    const query::QueryOptions& options) {
  return std::static_pointer_cast<const query::PreparedQuery>(
      cache_.get(planSpace(ledger, query, options), text, [&]() -> std::shared_ptr<const void> {
        return query::prepareQuery(ledger, query, options);
      }));
}

}  // namespace cairn::server::api
