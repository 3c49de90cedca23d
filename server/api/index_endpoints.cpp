// POST /ledgers/{name}/index: fold the ledger's novelty into a new index root now, without
// waiting for the background indexer's threshold. Answers what the run did.

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "server/api/route_call.h"
#include "server/ledgers/ledger_registry.h"
#include "server/ledgers/ledger_summary.h"

namespace cairn::server::api {

void handleLedgerIndex(const RouteCall& call) {
  // On the query pool: a run reads the novelty and writes blobs for up to seconds.
  submitToPool(call, [call] {
    try {
      const auto ledger = call.context->ledgers.live(call.ledger);
      auto report = ledger->indexNow();
      if (!report.isOk()) {
        throw core::Error(core::ErrorCode::kStorageError, report.status().toString());
      }
      nlohmann::json j = indexReportJson(*report);
      j["ledger"] = call.ledger;
      respondJson(*call.exchange, j.dump() + "\n");
    } catch (...) {
      answerFailure(call, nullptr);
    }
  });
}

}  // namespace cairn::server::api
