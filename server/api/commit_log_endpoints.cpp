// GET /ledgers/{name}/commits[?limit=N][&before=T]: the ledger's commits, newest first, each
// with its t and commit time — what a client needs to pick a `t` or an `as-of` to read at
// (the web console's time-travel selector). Pages go back with `before` = the answer's `next`.

#include <nlohmann/json.hpp>
#include <string>

#include "index/write/commit_time.h"
#include "index/write/live_ledger.h"
#include "server/api/route_call.h"
#include "server/http/http_error.h"
#include "server/http/url_codec.h"
#include "server/ledgers/ledger_registry.h"

namespace cairn::server::api {
namespace {

constexpr uint64_t kDefaultCommits = 100;
constexpr uint64_t kMaxCommits = 10'000;

// A positive integer parameter, `fallback` when absent; 400 when it is not one.
uint64_t positiveParameter(const RouteCall& call, std::string_view name, uint64_t fallback) {
  const std::string* text = http::findParameter(call.target.query, name);
  if (text == nullptr) return fallback;
  const std::optional<uint64_t> value = http::parseWholeNumber(*text);
  if (!value || *value == 0) {
    throw http::HttpError(400, "invalid_parameter",
                          std::string(name) + " must be a positive integer, not '" + *text + "'");
  }
  return *value;
}

}  // namespace

void handleLedgerCommits(const RouteCall& call) {
  const uint64_t limit = std::min(positiveParameter(call, "limit", kDefaultCommits), kMaxCommits);
  const uint64_t before = positiveParameter(call, "before", UINT64_MAX);
  submitToPool(call, [call, limit, before] {
    try {
      const auto live = call.context->ledgers.live(call.ledger);
      // One more than asked tells whether an older page exists.
      std::vector<index::CommitTime> commits = live->commitsBefore(before, limit + 1);
      nlohmann::json next = nullptr;
      if (commits.size() > limit) {
        commits.pop_back();
        next = commits.back().t;
      }
      nlohmann::json list = nlohmann::json::array();
      for (const index::CommitTime& commit : commits) {
        list.push_back({{"t", commit.t}, {"time", index::formatTimeMillis(commit.millis)}});
      }
      nlohmann::json answer = {{"ledger", call.ledger},
                               {"t", live->snapshot()->t()},
                               {"commits", std::move(list)},
                               {"next", std::move(next)}};
      respondJson(*call.exchange, answer.dump() + "\n");
    } catch (...) {
      answerFailure(call, nullptr);
    }
  });
}

}  // namespace cairn::server::api
