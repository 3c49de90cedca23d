// `cairn query`: run one SPARQL query against a ledger in the embedded store and print the
// answer (SPARQL JSON / XML / CSV / TSV, a table, or N-Triples / Turtle / JSON-LD / RDF/XML for
// graphs), or its plan (--explain), or its plan with actual rows and times after running it
// (--analyze). The ledger is read with every commit since its index root; --t and --as-of read
// an earlier state.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

#include "core/error.h"
#include "index/write/commit_time.h"
#include "query/engine/query_engine.h"
#include "server/cli/commands.h"
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

}  // namespace

void runQuery(const QueryArgs& args) {
  const std::string text = readTextArgument(args.query, "query");
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
