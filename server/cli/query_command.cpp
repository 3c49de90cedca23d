// `cairn query`: run one SPARQL query against a ledger in the embedded store and print the
// answer (SPARQL JSON / XML / CSV / TSV, a table, or N-Triples / Turtle / JSON-LD / RDF/XML for
// graphs), or its plan
// (--explain), or its plan with actual rows and times after running it (--analyze).

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/error.h"
#include "query/engine/query_engine.h"
#include "server/cli/commands.h"
#include "server/cli/store_access.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/result_writer.h"

namespace cairn::server {
namespace {

std::string queryText(const std::string& argument) {
  if (argument.empty() || argument[0] != '@') return argument;
  const std::string path = argument.substr(1);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw core::Error(core::ErrorCode::kNotFound, "cannot read query file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
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
  const std::string text = queryText(args.query);
  const query::Query q = sparql::parseQuery(text);
  auto store = openStore(args.data, /*readOnly=*/true);
  auto ledger = openLedger(*store, args.ledger, size_t{256} << 20);

  query::QueryOptions options;
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
