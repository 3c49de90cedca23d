// Robustness: the W3C syntax-test queries and updates, randomly mutated (bytes dropped, spans
// repeated, SPARQL fragments inserted, input cut short), must either parse or fail with a
// positioned kSyntaxError; never crash, hang or throw anything else. Deterministic (fixed seed).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/error.h"
#include "sparql/parser/sparql_parser.h"

namespace cairn::sparql {
namespace {

// The files with `extension` in the given conformance folders.
std::vector<std::string> seedFiles(std::initializer_list<const char*> dirs,
                                   std::string_view extension) {
  std::vector<std::string> out;
  const std::filesystem::path root(CAIRN_CONFORMANCE_DIR);
  for (const char* dir : dirs) {
    if (!std::filesystem::exists(root / dir)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(root / dir)) {
      if (entry.path().extension() != extension) continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream buffer;
      buffer << in.rdbuf();
      out.push_back(buffer.str());
    }
  }
  return out;
}

std::vector<std::string> seedQueries() {
  return seedFiles({"sparql11/syntax-query", "sparql10/syntax-sparql1", "sparql10/syntax-sparql2",
                    "sparql10/syntax-sparql4", "sparql11/property-path", "sparql11/aggregates"},
                   ".rq");
}

std::vector<std::string> seedUpdates() {
  return seedFiles({"sparql11/syntax-update-1", "sparql11/basic-update", "sparql11/delete-insert",
                    "sparql11/delete-where", "sparql11/delete", "sparql11/add", "sparql11/clear",
                    "sparql11/drop", "sparql11/copy", "sparql11/move"},
                   ".ru");
}

constexpr std::string_view kFragments[] = {
    "{",           "}",
    "(",           ")",
    "?x",          "SELECT",
    "\\u0041",     "'",
    "\"",          "<",
    ">",           ".",
    ";",           "[",
    "]",           "_:b",
    " a ",         "^",
    "|",           "*",
    "+",           "?",
    "FILTER",      "#",
    ",",           "AS",
    "GROUP BY ?x", "EXISTS",
    "VALUES",      "()",
    "\"\"\"",      "-1.5e",
    "COUNT(*)",    "ex:",
    "@en",         "^^",
    "OPTIONAL",    "BIND(1 AS ?y)",
};

// Update keywords and separators, added to kFragments for the update seeds.
constexpr std::string_view kUpdateFragments[] = {
    ";",      ";;",      " DATA ",  "GRAPH <g>",       "GRAPH ?g",
    "DELETE", "INSERT",  " WHERE ", "USING NAMED <u>", "WITH <g>",
    "SILENT", "DEFAULT", "TO",      "LOAD <d>",        "_:b",
};

std::string mutate(const std::string& query, std::mt19937& rng, bool update = false) {
  std::string out = query;
  const int edits = 1 + static_cast<int>(rng() % 3);
  for (int e = 0; e < edits; ++e) {
    const size_t at = out.empty() ? 0 : rng() % (out.size() + 1);
    switch (rng() % 4) {
      case 0:
        out.erase(at, 1 + rng() % 8);
        break;
      case 1:
        out.insert(at, out.substr(at, rng() % 16));
        break;
      case 2:
        if (update && rng() % 2 == 0) {
          out.insert(at, kUpdateFragments[rng() % std::size(kUpdateFragments)]);
        } else {
          out.insert(at, kFragments[rng() % std::size(kFragments)]);
        }
        break;
      default:
        out.resize(at);
        break;
    }
  }
  return out;
}

TEST(SparqlParserMutation, MutatedQueriesParseOrFailWithAPositionedSyntaxError) {
  const std::vector<std::string> seeds = seedQueries();
  ASSERT_GT(seeds.size(), 100u) << "conformance queries not found under " CAIRN_CONFORMANCE_DIR;
  std::mt19937 rng(20261130);
  size_t parsed = 0;
  size_t rejected = 0;
  for (const std::string& seed : seeds) {
    for (int i = 0; i < 40; ++i) {
      const std::string text = mutate(seed, rng);
      try {
        const query::Query q = parseQuery(text, {"http://example/base/"});
        ASSERT_NE(q.pattern, nullptr);
        EXPECT_FALSE(query::toString(*q.pattern).empty());
        ++parsed;
      } catch (const core::Error& e) {
        ASSERT_EQ(e.code(), core::ErrorCode::kSyntaxError) << text;
        ASSERT_GE(e.line(), 1u) << e.message() << "\n" << text;
        ASSERT_GE(e.column(), 1u) << e.message() << "\n" << text;
        ++rejected;
      }
    }
  }
  // Both outcomes occur, so the mutations are neither all harmless nor all fatal.
  EXPECT_GT(parsed, 0u);
  EXPECT_GT(rejected, 0u);
}

TEST(SparqlParserMutation, MutatedUpdatesParseOrFailWithAPositionedSyntaxError) {
  const std::vector<std::string> seeds = seedUpdates();
  ASSERT_GT(seeds.size(), 80u) << "conformance updates not found under " CAIRN_CONFORMANCE_DIR;
  std::mt19937 rng(20261201);
  size_t parsed = 0;
  size_t rejected = 0;
  for (const std::string& seed : seeds) {
    for (int i = 0; i < 40; ++i) {
      const std::string text = mutate(seed, rng, true);
      try {
        const query::UpdateRequest request = parseUpdate(text, {"http://example/base/"});
        for (const auto& operation : request.operations) {
          if (const auto* modify = std::get_if<query::Modify>(&operation)) {
            ASSERT_NE(modify->where, nullptr) << text;
          }
        }
        ++parsed;
      } catch (const core::Error& e) {
        ASSERT_EQ(e.code(), core::ErrorCode::kSyntaxError) << text;
        ASSERT_GE(e.line(), 1u) << e.message() << "\n" << text;
        ASSERT_GE(e.column(), 1u) << e.message() << "\n" << text;
        ++rejected;
      }
    }
  }
  EXPECT_GT(parsed, 0u);
  EXPECT_GT(rejected, 0u);
}

}  // namespace
}  // namespace cairn::sparql
