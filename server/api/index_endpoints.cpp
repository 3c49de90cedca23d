// POST /ledgers/{name}/index[?mode=auto|fold|delta]: write the ledger's commits since its index
// root into a new root now, without waiting for the background indexer's threshold — as a delta
// segment, or folded into the trees with the whole delta layer (index/write/index_builder.h;
// auto, the default, folds once the layer passes its threshold). Answers what the run did.

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "server/api/route_call.h"
#include "server/ledgers/ledger_registry.h"
#include "server/ledgers/ledger_summary.h"

namespace cairn::server::api {

namespace {

index::IndexBuildOptions modeParameter(const RouteCall& call) {
  index::IndexBuildOptions options;
  const std::string* value = http::findParameter(call.target.query, "mode");
  if (value == nullptr || *value == "auto") return options;
  if (*value == "fold") {
    options.mode = index::IndexBuildOptions::Mode::kFold;
  } else if (*value == "delta") {
    options.mode = index::IndexBuildOptions::Mode::kDelta;
  } else {
    throw http::HttpError(400, "invalid_parameter",
                          "mode must be auto, fold or delta, not '" + *value + "'");
  }
  return options;
}

}  // namespace

void handleLedgerIndex(const RouteCall& call) {
  const index::IndexBuildOptions options = modeParameter(call);
  // On the query pool: a run reads the novelty and writes blobs for up to seconds.
  submitToPool(call, [call, options] {
    try {
      const auto ledger = call.context->ledgers.live(call.ledger);
      auto report = ledger->indexNow(options);
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
