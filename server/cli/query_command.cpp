// `cairn query`: run one SPARQL query against a ledger in the embedded store and print the
// answer (SPARQL JSON / XML / CSV / TSV, a table, or N-Triples / Turtle / JSON-LD / RDF/XML for
// graphs), or its plan (--explain), or its plan with actual rows and times after running it
// (--analyze). The ledger is read with every commit since its index root; --t and --as-of read
// an earlier state.
//
// With --lang cypher (or a statement read from a .cypher / .cyp file) the text is an openCypher
// statement, answered as a table or as Neo4j's HTTP JSON (server/api/neo4j_results.h); one that
// writes opens the store for writing and commits, and prints what it created and the commit's t.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/error.h"
#include "cypher/statement/statement_plan.h"
#include "cypher/statement/statement_runner.h"
#include "index/write/commit_time.h"
#include "query/engine/query_engine.h"
#include "server/api/cypher_request.h"
#include "server/api/neo4j_results.h"
#include "server/cli/commands.h"
#include "server/cli/cypher_table.h"
#include "server/cli/store_access.h"
#include "server/cli/text_argument.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/result_writer.h"

namespace cairn::server {
namespace {

// --as-of in milliseconds since 1970; nullopt when not given. Checked before the store opens.
std::optional<int64_t> asOfMillis(const QueryArgs& args) {
  if (args.t && !args.asOf.empty()) {
    throw core::Error(core::ErrorCode::kInvalidArgument, "give either --t or --as-of, not both");
  }
  if (args.asOf.empty()) return std::nullopt;
  const auto millis = index::parseIsoTimeMillis(args.asOf);
  if (!millis) {
    throw core::Error(
        core::ErrorCode::kInvalidArgument,
        "--as-of must be an ISO-8601 time such as 2026-12-01T12:00:00Z, not '" + args.asOf + "'");
  }
  return millis;
}

// Results go to stdout; graphs asked for in a solution format print as N-Triples / Turtle.
sparql::results::ResultFormat outputFormat(const QueryArgs& args, const query::Query& q) {
  auto format = sparql::results::formatFromName(args.format);
  if (!format) {
    throw core::Error(core::ErrorCode::kInvalidArgument, "unknown --format '" + args.format + "'");
  }
  const bool graph =
      q.form == query::QueryForm::kConstruct || q.form == query::QueryForm::kDescribe;
  if (graph && !sparql::results::isGraphFormat(*format)) {
    return *format == sparql::results::ResultFormat::kTable
               ? sparql::results::ResultFormat::kTurtle
               : sparql::results::ResultFormat::kNTriples;
  }
  if (!graph && sparql::results::isGraphFormat(*format)) {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "--format " + args.format + " is for CONSTRUCT / DESCRIBE results");
  }
  return *format;
}

void printPlan(const query::PlanInfo& plan, const std::string& planFormat) {
  const std::string text =
      planFormat == "json" ? query::renderPlanJson(plan) + "\n" : query::renderPlanText(plan);
  std::fwrite(text.data(), 1, text.size(), stdout);
}

bool isCypher(const QueryArgs& args) {
  if (!args.lang.empty()) {
    if (args.lang != "sparql" && args.lang != "cypher") {
      throw core::Error(core::ErrorCode::kInvalidArgument,
                        "--lang must be sparql or cypher, not '" + args.lang + "'");
    }
    return args.lang == "cypher";
  }
  const std::string& q = args.query;
  return q.starts_with('@') && (q.ends_with(".cypher") || q.ends_with(".cyp"));
}

query::value::Parameters cypherParameters(const std::string& text) {
  if (text.empty()) return {};
  const nlohmann::json parsed = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "--params must be a JSON object such as '{\"name\": \"Ann\"}'");
  }
  return api::parametersFromJson(parsed);
}

void printWriteSummary(const cypher::StatementReport& report) {
  const cypher::UpdateCounters& c = report.counters;
  auto n = [](uint64_t v) { return static_cast<unsigned long long>(v); };
  std::printf(
      "nodes created: %llu, deleted: %llu; relationships created: %llu, deleted: %llu; "
      "properties set: %llu, removed: %llu; labels added: %llu, removed: %llu; t=%llu\n",
      n(c.nodesCreated), n(c.nodesDeleted), n(c.relationshipsCreated), n(c.relationshipsDeleted),
      n(c.propertiesSet), n(c.propertiesRemoved), n(c.labelsAdded), n(c.labelsRemoved),
      n(report.t));
}

void runCypher(const QueryArgs& args, const std::string& text) {
  if (args.format != "table" && args.format != "json") {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "--format for Cypher is table or json, not '" + args.format + "'");
  }
  const query::value::Parameters parameters = cypherParameters(args.params);
  // Parsed and checked once: its shape decides how the store opens, then it runs.
  const cypher::ast::Statement statement = cypher::parseCheckedStatement(text);
  const cypher::StatementShape shape = cypher::shapeOf(statement);
  const bool writes = shape.writes() && !args.explain;
  const std::optional<int64_t> asOf = asOfMillis(args);
  if (writes && (args.t || asOf)) {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "a statement that writes changes the latest state: it takes neither --t "
                      "nor --as-of");
  }
  auto store = openStore(args.data, /*readOnly=*/!writes, /*create=*/false);
  auto live = openLiveLedger(*store, args.ledger, size_t{256} << 20);

  query::QueryOptions options;
  if (args.t) options.asOf = *args.t;
  if (asOf) options.asOf = live->tAtTime(*asOf);
  options.timeout = std::chrono::milliseconds(args.timeoutMs);
  options.disabledRewrites.insert(args.disabled.begin(), args.disabled.end());
  options.analyze = args.analyze;
  if (args.explain) {
    printPlan(cypher::explainStatement(*live->snapshot(), statement, parameters, options).plan,
              args.planFormat);
    return;
  }

  sparql::results::OstreamOutput out(std::cout);
  cypher::StatementReport report;
  const bool json = args.format == "json";
  if (json) {
    api::Neo4jResultWriter writer(out);
    report = cypher::runStatement(*live, statement, parameters, options, writer);
    writer.finish(report);
  } else {
    CypherTableWriter table(out);
    report = cypher::runStatement(*live, statement, parameters, options, table);
  }
  std::cout.flush();
  if (!json && report.wrote) printWriteSummary(report);
  // The JSON carries an EXPLAIN or PROFILE prefix's plan itself.
  if (args.analyze || (!json && report.mode != cypher::ast::StatementMode::kNormal)) {
    printPlan(report.query.plan, args.planFormat);
  }
  if (json) {
    std::fprintf(stderr, "%llu rows in %.3f ms\n",
                 static_cast<unsigned long long>(report.query.resultRows),
                 report.query.seconds * 1e3);
  }
}

}  // namespace

void runQuery(const QueryArgs& args) {
  const std::string text = readTextArgument(args.query, "query");
  if (isCypher(args)) {
    runCypher(args, text);
    return;
  }
  const query::Query q = sparql::parseQuery(text);
  const std::optional<int64_t> asOf = asOfMillis(args);
  auto store = openStore(args.data, /*readOnly=*/true);
  auto live = openLiveLedger(*store, args.ledger, size_t{256} << 20);
  const auto ledger = live->snapshot();

  query::QueryOptions options;
  // --as-of reads the last commit made by then (0, the empty ledger, when it is younger).
  if (args.t) options.asOf = *args.t;
  if (asOf) options.asOf = live->tAtTime(*asOf);
  options.timeout = std::chrono::milliseconds(args.timeoutMs);
  options.disabledRewrites.insert(args.disabled.begin(), args.disabled.end());
  options.analyze = args.analyze;
  if (args.explain) {
    printPlan(query::explainQuery(*ledger, q, options), args.planFormat);
    return;
  }

  sparql::results::OstreamOutput out(std::cout);
  sparql::results::WriterOptions writerOptions;
  for (const auto& [prefix, ns] : q.prefixes) writerOptions.prefixes.emplace_back(prefix, ns);
  const sparql::results::ResultFormat format = outputFormat(args, q);
  auto writer = sparql::results::makeResultWriter(format, out, writerOptions);
  const query::QueryReport report = query::executeQuery(*ledger, q, options, *writer);
  std::cout.flush();
  if (args.analyze) printPlan(report.plan, args.planFormat);
  if (format == sparql::results::ResultFormat::kTable) return;  // the table has its own footer
  std::fprintf(stderr, "%llu %s in %.3f ms\n", static_cast<unsigned long long>(report.resultRows),
               q.form == query::QueryForm::kConstruct || q.form == query::QueryForm::kDescribe
                   ? "triples"
                   : "rows",
               report.seconds * 1e3);
}

}  // namespace cairn::server
