// POST /admin/gc[?dry-run=true][&retain-roots=N]: one garbage collection of the store's blobs
// (server/service/gc_service.h), answering what it did as JSON. `dry-run` counts without
// removing; `retain-roots` overrides the configured number of old roots kept per ledger.

#include <nlohmann/json.hpp>
#include <optional>

#include "server/api/route_call.h"
#include "server/http/http_error.h"
#include "server/http/url_codec.h"
#include "server/ledgers/store_gc.h"

namespace cairn::server::api {
namespace {

bool dryRunParameter(const RouteCall& call) {
  const std::string* value = http::findParameter(call.target.query, "dry-run");
  if (value == nullptr) return false;
  if (value->empty() || *value == "true" || *value == "1") return true;
  if (*value == "false" || *value == "0") return false;
  throw http::HttpError(400, "invalid_parameter",
                        "dry-run must be true or false, not '" + *value + "'");
}

std::optional<uint64_t> retainRootsParameter(const RouteCall& call) {
  const std::string* value = http::findParameter(call.target.query, "retain-roots");
  if (value == nullptr) return std::nullopt;
  const std::optional<uint64_t> roots = http::parseWholeNumber(*value);
  if (!roots) {
    throw http::HttpError(400, "invalid_parameter",
                          "retain-roots must be a number of index roots, not '" + *value + "'");
  }
  return roots;
}

}  // namespace

void handleGarbageCollection(const RouteCall& call) {
  const bool dryRun = dryRunParameter(call);
  const std::optional<uint64_t> retainRoots = retainRootsParameter(call);
  // On the query pool: a collection reads every index node and lists every blob.
  submitToPool(call, [call, dryRun, retainRoots] {
    try {
      const GcOutcome outcome = call.context->gc.run(retainRoots, dryRun);
      respondJson(*call.exchange, gcOutcomeJson(outcome).dump() + "\n");
    } catch (...) {
      answerFailure(call, nullptr);
    }
  });
}

}  // namespace cairn::server::api
