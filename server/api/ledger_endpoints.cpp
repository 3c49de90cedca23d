// The ledger routes: list (GET /ledgers), create (POST /ledgers, from an uploaded RDF body or a
// server-side file in an allowed directory), describe (GET /ledgers/{name}), drop
// (DELETE /ledgers/{name}).

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/rdf/rdf_format.h"
#include "index/ledger/ledger_name.h"
#include "server/api/route_call.h"
#include "server/http/media_type.h"
#include "server/ledgers/ledger_summary.h"

namespace cairn::server::api {
namespace {

using http::HttpError;
namespace fs = std::filesystem;

std::string dumpJson(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::optional<core::rdf::RdfFormat> rdfFormatOfMediaType(std::string_view essence) {
  using core::rdf::RdfFormat;
  if (essence == "application/n-triples" || essence == "text/plain") return RdfFormat::kNTriples;
  if (essence == "application/n-quads") return RdfFormat::kNQuads;
  if (essence == "text/turtle" || essence == "application/x-turtle") return RdfFormat::kTurtle;
  if (essence == "application/trig") return RdfFormat::kTriG;
  return std::nullopt;
}

std::string extensionOf(core::rdf::RdfFormat format) {
  switch (format) {
    case core::rdf::RdfFormat::kNTriples:
      return ".nt";
    case core::rdf::RdfFormat::kNQuads:
      return ".nq";
    case core::rdf::RdfFormat::kTurtle:
      return ".ttl";
    case core::rdf::RdfFormat::kTriG:
      return ".trig";
  }
  return ".nt";
}

// A server-side file may be loaded only from a directory the admin listed; the check is on
// the canonical path, so "..", symlinks and the like cannot step outside.
fs::path allowedSource(const std::string& source, const ServerConfig& config) {
  std::error_code ec;
  const fs::path canonical = fs::canonical(source, ec);
  if (ec) throw HttpError(400, "invalid_source", "cannot read the source file '" + source + "'");
  for (const std::string& directory : config.importDirectories) {
    const fs::path allowed = fs::weakly_canonical(directory, ec);
    if (ec) continue;
    auto [a, c] = std::mismatch(allowed.begin(), allowed.end(), canonical.begin(), canonical.end());
    if (a == allowed.end()) return canonical;
  }
  throw HttpError(403, "forbidden",
                  "the server does not load files from there (see import-directories)");
}

// Deletes an uploaded body's temporary file however the import ends.
struct TemporaryFile {
  fs::path path;
  ~TemporaryFile() {
    std::error_code ec;
    if (!path.empty()) fs::remove(path, ec);
  }
};

struct CreateRequest {
  std::string name;
  std::optional<std::string> graph;
  std::optional<core::rdf::RdfFormat> format;
  std::optional<fs::path> source;  // a server-side file; else the body (or nothing: empty)
  bool declarePrefixes = false;    // keep Turtle/TriG @prefixes as the ledger's declarations
};

CreateRequest readCreateRequest(const RouteCall& call, std::string& body) {
  CreateRequest out;
  const http::Request& request = call.exchange->request();
  const std::string* contentType = request.header("content-type");
  const auto type = contentType ? http::parseMediaType(*contentType) : std::nullopt;
  if (contentType != nullptr && !type) {
    throw HttpError(415, "unsupported_media_type", "malformed Content-Type '" + *contentType + "'");
  }
  if (type && type->essence() == "application/json") {
    nlohmann::json j = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object()) throw HttpError(400, "malformed_json", "the body is not a JSON object");
    for (const auto& [key, value] : j.items()) {
      if (key == "declare-prefixes") {
        if (!value.is_boolean()) {
          throw HttpError(400, "invalid_argument", "\"declare-prefixes\" must be true or false");
        }
        out.declarePrefixes = value.get<bool>();
        continue;
      }
      if (!value.is_string()) {
        throw HttpError(400, "invalid_argument", "\"" + key + "\" must be a string");
      }
      const std::string text = value.get<std::string>();
      if (key == "name")
        out.name = text;
      else if (key == "graph")
        out.graph = text;
      else if (key == "source")
        out.source = allowedSource(text, call.context->config);
      else if (key == "format") {
        out.format = core::rdf::formatFromName(text);
        if (!out.format) {
          throw HttpError(400, "invalid_argument",
                          "format must be ntriples, nquads, turtle or trig, not '" + text + "'");
        }
      } else {
        throw HttpError(400, "invalid_argument", "unknown key \"" + key + "\"");
      }
    }
    if (!out.source && !out.format) out.format = core::rdf::RdfFormat::kNTriples;
    body.clear();
  } else {
    if (const std::string* name = http::findParameter(call.target.query, "name")) out.name = *name;
    if (const std::string* graph = http::findParameter(call.target.query, "graph"))
      out.graph = *graph;
    if (const std::string* declare = http::findParameter(call.target.query, "declare-prefixes")) {
      if (*declare != "true" && *declare != "false") {
        throw HttpError(400, "invalid_argument", "declare-prefixes must be true or false");
      }
      out.declarePrefixes = *declare == "true";
    }
    if (!body.empty() || type) {
      out.format = type ? rdfFormatOfMediaType(type->essence()) : std::nullopt;
      if (!out.format) {
        throw HttpError(415, "unsupported_media_type",
                        "upload RDF as text/turtle, application/n-triples, application/n-quads "
                        "or application/trig, or send application/json {\"name\", \"source\"}");
      }
    } else {
      out.format = core::rdf::RdfFormat::kNTriples;  // no body: an empty ledger
    }
  }
  if (out.name.empty()) {
    throw HttpError(400, "missing_name",
                    "name the ledger: ?name=NAME, or \"name\" in the JSON body");
  }
  try {
    index::checkLedgerName(out.name);
  } catch (const core::Error& e) {
    throw HttpError(400, "invalid_name", e.message());
  }
  return out;
}

}  // namespace

// On the pool: listing opens every ledger not yet open (store reads, dictionary directories),
// which a network thread must not wait for.
void handleLedgerList(const RouteCall& call) {
  submitToPool(call, [call] {
    try {
      nlohmann::json list = nlohmann::json::array();
      for (const std::string& name : call.context->ledgers.names()) {
        try {
          const auto ledger = call.context->ledgers.get(name);
          list.push_back({{"name", name}, {"t", ledger->t()}, {"quads", currentQuads(*ledger)}});
        } catch (const core::Error& e) {
          list.push_back({{"name", name}, {"error", e.message()}});
        }
      }
      respondJson(*call.exchange, dumpJson({{"ledgers", std::move(list)}}));
    } catch (...) {
      answerFailure(call, nullptr);
    }
  });
}

void handleLedgerInfo(const RouteCall& call) {
  const bool predicates = [&] {
    const std::string* value = http::findParameter(call.target.query, "predicates");
    return value != nullptr && (value->empty() || *value == "true" || *value == "1");
  }();
  submitToPool(call, [call, predicates] {
    try {
      const auto ledger = call.context->ledgers.get(call.ledger);
      respondJson(*call.exchange, dumpJson(ledgerSummaryJson(*ledger, predicates)));
    } catch (...) {
      answerFailure(call, nullptr);
    }
  });
}

void handleLedgerDrop(const RouteCall& call) {
  call.context->ledgers.drop(call.ledger);
  respondJson(*call.exchange, dumpJson({{"ledger", call.ledger}, {"dropped", true}}));
}

void handleLedgerCreate(const RouteCall& call) {
  auto body = std::make_shared<std::string>(call.exchange->takeBody());
  CreateRequest create = readCreateRequest(call, *body);
  if (call.context->ledgers.exists(create.name)) {
    throw HttpError(409, "already_exists", "a ledger named '" + create.name + "' exists");
  }
  submitToPool(call, [call, body, create = std::move(create)] {
    TemporaryFile upload;
    try {
      index::ImportInput input;
      if (create.source) {
        input.path = create.source->string();
        input.format = create.format;
      } else {
        const fs::path directory = fs::path(call.context->config.dataDirectory) / "tmp";
        fs::create_directories(directory);
        upload.path = directory / ("upload-" + std::to_string(call.exchange->request().id) +
                                   extensionOf(*create.format));
        std::ofstream out(upload.path, std::ios::binary);
        out.write(body->data(), static_cast<std::streamsize>(body->size()));
        out.close();
        if (!out) {
          throw core::Error(core::ErrorCode::kStorageError,
                            "cannot write the upload to " + upload.path.string());
        }
        body->clear();
        body->shrink_to_fit();
        input.path = upload.path.string();
        input.format = create.format;
      }
      const auto started = std::chrono::steady_clock::now();
      const index::ImportReport report = call.context->ledgers.create(
          create.name, {std::move(input)}, create.graph, create.declarePrefixes);
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      respondJson(*call.exchange,
                  dumpJson({{"ledger", create.name},
                            {"t", report.t},
                            {"statements", report.statementsRead},
                            {"quads", report.quadsStored},
                            {"seconds", seconds}}),
                  201, {{"Location", "/ledgers/" + create.name}});
    } catch (const core::Error& e) {
      // The importer names the temporary file in syntax errors; the client knows it as the body.
      if (e.code() == core::ErrorCode::kSyntaxError) {
        std::string message = e.message();
        const std::string path = upload.path.string();
        if (!path.empty()) {
          for (size_t at = message.find(path); at != std::string::npos; at = message.find(path)) {
            message.replace(at, path.size(), "body");
          }
        }
        respondError(*call.exchange, HttpError(400, "syntax_error", message, e.line(), e.column()));
        return;
      }
      try {
        throw;
      } catch (...) {
        answerFailure(call, nullptr);
      }
    } catch (...) {
      answerFailure(call, nullptr);
    }
  });
}

}  // namespace cairn::server::api
