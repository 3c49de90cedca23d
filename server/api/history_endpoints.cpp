// GET /ledgers/{name}/history?subject=IRI[&predicate=IRI][&graph=IRI | &default]: every change
// ever made to the subject's facts — asserts and retracts with their t and commit time — from
// the index, its history segments and the commits since (index/ledger/fact_history.h).

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/vocab.h"
#include "index/ledger/fact_history.h"
#include "index/write/commit_time.h"
#include "server/api/route_call.h"
#include "server/http/http_error.h"
#include "server/http/url_codec.h"
#include "server/ledgers/ledger_registry.h"

namespace cairn::server::api {
namespace {

// A term as the SPARQL 1.1 JSON results format writes it.
nlohmann::json termJson(const core::Term& term) {
  switch (term.kind) {
    case core::TermKind::kIri:
      return {{"type", "uri"}, {"value", term.value}};
    case core::TermKind::kBlank:
      return {{"type", "bnode"}, {"value", term.value}};
    default:
      break;
  }
  nlohmann::json j = {{"type", "literal"}, {"value", term.value}};
  if (!term.language.empty()) {
    j["xml:lang"] = term.language;
  } else if (!term.datatype.empty() && term.datatype != core::vocab::kXsdString) {
    j["datatype"] = term.datatype;
  }
  return j;
}

std::string requiredIri(const RouteCall& call, std::string_view name) {
  const std::string* value = http::findParameter(call.target.query, name);
  if (value == nullptr || value->empty()) {
    throw http::HttpError(400, "missing_parameter",
                          "give the " + std::string(name) + " IRI: ?" + std::string(name) + "=...");
  }
  return *value;
}

}  // namespace

void handleLedgerHistory(const RouteCall& call) {
  const std::string subject = requiredIri(call, "subject");
  const std::string* predicate = http::findParameter(call.target.query, "predicate");
  const std::string* graph = http::findParameter(call.target.query, "graph");
  const bool defaultGraph = http::findParameter(call.target.query, "default") != nullptr;
  if (graph != nullptr && defaultGraph) {
    throw http::HttpError(400, "conflicting_parameters", "give ?graph= or ?default, not both");
  }
  submitToPool(call, [call, subject,
                      predicate = predicate ? std::optional(*predicate) : std::nullopt,
                      graph = graph ? std::optional(*graph) : std::nullopt, defaultGraph] {
    try {
      const auto live = call.context->ledgers.live(call.ledger);
      const auto ledger = live->snapshot();
      nlohmann::json body = {{"ledger", call.ledger}, {"subject", subject}, {"t", ledger->t()}};
      body["changes"] = nlohmann::json::array();
      // Terms the ledger never saw have no history: an empty list, not an error.
      const auto s = core::valueOrThrow(ledger->encodeNode(core::Term::iri(subject)));
      std::optional<uint64_t> p;
      std::optional<core::NodeId> g;
      bool unknown = !s.has_value();
      if (predicate) {
        const auto id = core::valueOrThrow(ledger->encodeNode(core::Term::iri(*predicate)));
        unknown = unknown || !id;
        if (id) p = *id;
      }
      if (graph) {
        const auto id = core::valueOrThrow(ledger->encodeNode(core::Term::iri(*graph)));
        unknown = unknown || !id;
        if (id) g = *id;
      } else if (defaultGraph) {
        g = core::kNoNode;
      }
      if (!unknown) {
        const auto changes = core::valueOrThrow(index::subjectHistory(*ledger, *s, p, g));
        for (const index::FactChange& c : changes) {
          nlohmann::json j = {{"t", c.t}, {"op", c.assert ? "assert" : "retract"}};
          if (auto millis = live->timeOfT(c.t)) j["time"] = index::formatTimeMillis(*millis);
          j["graph"] = c.g == core::kNoNode ? nlohmann::json(nullptr)
                                            : termJson(core::valueOrThrow(ledger->decodeNode(c.g)));
          j["predicate"] = termJson(core::valueOrThrow(ledger->decodeNode(c.row.p)));
          j["object"] = termJson(
              core::valueOrThrow(ledger->decodeObject(core::EncodedObject{c.row.ot, c.row.ok})));
          body["changes"].push_back(std::move(j));
        }
      }
      respondJson(*call.exchange, body.dump() + "\n");
    } catch (...) {
      answerFailure(call, nullptr);
    }
  });
}

}  // namespace cairn::server::api
