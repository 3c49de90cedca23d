// `cairn update`: run one SPARQL 1.1 Update request against a ledger in the embedded store as
// one commit, and print the commit's t and counts.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/error.h"
#include "query/update/update_executor.h"
#include "server/cli/commands.h"
#include "server/cli/local_rdf_loader.h"
#include "server/cli/store_access.h"
#include "server/cli/text_argument.h"
#include "sparql/parser/sparql_parser.h"

namespace cairn::server {
namespace {

// Relative IRIs in the request resolve as in a document in the working directory.
std::string workingDirectoryIri() {
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  if (ec) {
    throw core::Error(core::ErrorCode::kNotFound,
                      "cannot read the working directory: " + ec.message());
  }
  std::string iri = fileIriOf(cwd.string());
  if (!iri.ends_with('/')) iri += '/';
  return iri;
}

}  // namespace

void runUpdate(const UpdateArgs& args) {
  if (args.format != "text" && args.format != "json") {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "unknown --format '" + args.format + "' (text, json)");
  }
  const std::string text = readTextArgument(args.update, "update");
  const std::string base = workingDirectoryIri();
  sparql::UpdateParseOptions parseOptions;
  parseOptions.baseIri = base;
  query::UpdateRequest request = sparql::parseUpdate(text, parseOptions);

  auto store = openStore(args.data, /*readOnly=*/false, /*create=*/false);
  auto ledger = openLiveLedger(*store, args.ledger, size_t{256} << 20);

  query::UpdateOptions options;
  options.query.timeout = std::chrono::milliseconds(args.timeoutMs);
  options.query.reportPlan = false;
  options.baseIri = base;
  options.loader = [](const std::string& iri) { return loadLocalRdf(iri); };
  options.message = nlohmann::json{{"source", "cli-update"}}.dump();
  const auto started = std::chrono::steady_clock::now();
  const index::CommitResult result = query::executeUpdate(*ledger, std::move(request), options);
  const double millis =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();

  if (args.format == "json") {
    nlohmann::json body = {
        {"t", result.t}, {"inserted", result.inserted}, {"deleted", result.deleted}};
    if (!result.time.empty()) body["time"] = result.time;
    std::printf("%s\n", body.dump().c_str());
    return;
  }
  std::printf("t=%llu inserted=%llu deleted=%llu (%.1f ms)\n",
              static_cast<unsigned long long>(result.t),
              static_cast<unsigned long long>(result.inserted),
              static_cast<unsigned long long>(result.deleted), millis);
}

}  // namespace cairn::server
