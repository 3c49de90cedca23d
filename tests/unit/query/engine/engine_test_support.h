#pragma once
// Helpers for the engine, operator and planner unit tests: a ledger from Turtle/TriG text (with
// ex: = http://example.org/), SPARQL text run through the engine into collected rows, and plan
// searches by operator name or detail.

#include <algorithm>
#include <string>

#include "core/term.h"
#include "query/engine/query_engine.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/collecting_sink.h"
#include "tests/support/test_ledger.h"

namespace cairn::testing {

inline constexpr const char* kEx = "http://example.org/";

inline TestLedger exampleLedger(const std::string& turtle, bool tiny = false) {
  return makeTestLedgerFromText("@prefix ex: <http://example.org/> .\n" + turtle,
                                core::rdf::RdfFormat::kTriG,
                                tiny ? index::IndexConfig::tiny() : index::IndexConfig::defaults());
}

inline query::Query parseExample(const std::string& sparql) {
  return sparql::parseQuery("PREFIX ex: <http://example.org/>\n" + sparql);
}

struct RunResult {
  sparql::results::CollectedResult result;
  query::QueryReport report;
};

inline RunResult runQuery(const TestLedger& ledger, const std::string& sparql,
                          const query::QueryOptions& options = {}) {
  query::Query q = parseExample(sparql);
  sparql::results::CollectingSink sink;
  RunResult out;
  out.report = query::executeQuery(*ledger.ledger, q, options, sink);
  out.result = sink.take();
  return out;
}

// Rows rendered as sorted "a b c" lines (N-Triples terms, UNDEF for unbound), for comparisons
// that ignore row order.
inline std::vector<std::string> sortedRows(const sparql::results::CollectedResult& r) {
  std::vector<std::string> out;
  for (const auto& row : r.rows) {
    std::string line;
    for (const auto& cell : row) {
      if (!line.empty()) line += " ";
      line += cell ? core::toNTriples(*cell) : "UNDEF";
    }
    out.push_back(line);
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> orderedRows(const sparql::results::CollectedResult& r) {
  std::vector<std::string> out;
  for (const auto& row : r.rows) {
    std::string line;
    for (const auto& cell : row) {
      if (!line.empty()) line += " ";
      line += cell ? core::toNTriples(*cell) : "UNDEF";
    }
    out.push_back(line);
  }
  return out;
}

inline const query::PlanInfo* findOp(const query::PlanInfo& plan, const std::string& op) {
  if (plan.op == op) return &plan;
  for (const auto& c : plan.children) {
    if (const auto* f = findOp(c, op)) return f;
  }
  return nullptr;
}

inline std::string detailOf(const query::PlanInfo& node, const std::string& key) {
  for (const auto& [k, v] : node.details) {
    if (k == key) return v;
  }
  return "";
}

// A node anywhere in the plan with detail key = value.
inline bool planHasDetail(const query::PlanInfo& plan, const std::string& key,
                          const std::string& value) {
  if (detailOf(plan, key) == value) return true;
  return std::any_of(plan.children.begin(), plan.children.end(),
                     [&](const auto& c) { return planHasDetail(c, key, value); });
}

inline std::string intLit(int v) {
  return "\"" + std::to_string(v) + "\"^^<http://www.w3.org/2001/XMLSchema#integer>";
}

}  // namespace cairn::testing
