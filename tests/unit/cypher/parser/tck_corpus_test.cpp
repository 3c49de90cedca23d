// Parses every query of the openCypher TCK: the docstrings after `When executing query:`,
// `When executing control query:` and `having executed:`, with Scenario Outline placeholders
// expanded from each Examples row. All must parse and pass the semantic pass except the queries
// of scenarios that expect a compile-time SyntaxError; for those the tests report how many the
// parser, and the parser with the semantic pass, reject.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "cypher/parser/lexer.h"
#include "cypher/parser/parser.h"
#include "cypher/semantic/semantic_check.h"

namespace cairn::cypher {
namespace tck_corpus_test {

struct TckQuery {
  std::string location;  // file:line of the docstring
  std::string text;
  bool expectsSyntaxError = false;
  // Any compile-time error: "a SyntaxError ...", "an Error ...", "a ProcedureError ...".
  bool expectsCompileError = false;
  std::string expectedDetail;
};

std::string trim(const std::string& s) {
  size_t begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  size_t end = s.find_last_not_of(" \t");
  return s.substr(begin, end - begin + 1);
}

bool endsWith(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The cells of a Gherkin table row `| a | b |`, with `\|`, `\\` and `\n` unescaped.
std::vector<std::string> tableCells(const std::string& row) {
  std::vector<std::string> cells;
  std::string cell;
  std::string line = trim(row);
  for (size_t i = 1; i < line.size(); ++i) {
    char c = line[i];
    if (c == '\\' && i + 1 < line.size()) {
      char e = line[++i];
      cell += e == 'n' ? '\n' : e;
    } else if (c == '|') {
      cells.push_back(trim(cell));
      cell.clear();
    } else {
      cell += c;
    }
  }
  return cells;
}

struct Scenario {
  std::vector<TckQuery> queries;  // with <placeholders> unexpanded
  std::vector<std::map<std::string, std::string>> examples;
  bool outline = false;
};

std::string expand(std::string text, const std::map<std::string, std::string>& row) {
  for (const auto& [name, value] : row) {
    std::string placeholder = "<" + name + ">";
    for (size_t at = text.find(placeholder); at != std::string::npos;
         at = text.find(placeholder, at + value.size())) {
      text.replace(at, placeholder.size(), value);
    }
  }
  return text;
}

void flush(Scenario& scenario, std::vector<TckQuery>& out) {
  if (!scenario.outline) {
    out.insert(out.end(), scenario.queries.begin(), scenario.queries.end());
  } else {
    for (const auto& row : scenario.examples) {
      for (const TckQuery& query : scenario.queries) {
        TckQuery expanded = query;
        expanded.text = expand(query.text, row);
        out.push_back(std::move(expanded));
      }
    }
  }
  scenario = Scenario();
}

std::vector<TckQuery> readFeature(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  std::vector<TckQuery> out;
  Scenario scenario;
  std::vector<std::string> header;  // of the current Examples table
  bool inExamples = false;
  bool nextIsQuery = false;
  bool nextIsMainQuery = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line = trim(lines[i]);
    if (line.rfind("#", 0) == 0) continue;
    if (line.rfind("Scenario", 0) == 0) {
      flush(scenario, out);
      scenario.outline = line.rfind("Scenario Outline", 0) == 0;
      inExamples = false;
      continue;
    }
    if (line.rfind("Examples", 0) == 0) {
      inExamples = true;
      header.clear();
      continue;
    }
    if (inExamples && line.rfind("|", 0) == 0) {
      std::vector<std::string> cells = tableCells(lines[i]);
      if (header.empty()) {
        header = cells;
      } else {
        std::map<std::string, std::string>& row = scenario.examples.emplace_back();
        for (size_t c = 0; c < header.size() && c < cells.size(); ++c) row[header[c]] = cells[c];
      }
      continue;
    }
    if (endsWith(line, "executing query:") || endsWith(line, "executing control query:")) {
      nextIsQuery = true;
      nextIsMainQuery = endsWith(line, "executing query:");
      continue;
    }
    if (endsWith(line, "having executed:")) {
      nextIsQuery = true;
      nextIsMainQuery = false;
      continue;
    }
    if (line == "\"\"\"" && nextIsQuery) {
      // Docstring lines lose the indentation of the opening quotes.
      size_t indent = lines[i].find('"');
      TckQuery query;
      query.location = path.filename().string() + ":" + std::to_string(i + 1);
      for (++i; i < lines.size() && trim(lines[i]) != "\"\"\""; ++i) {
        const std::string& raw = lines[i];
        size_t strip = std::min(indent, raw.find_first_not_of(" \t") == std::string::npos
                                            ? raw.size()
                                            : raw.find_first_not_of(" \t"));
        query.text += raw.substr(strip) + "\n";
      }
      query.expectsSyntaxError = false;
      query.expectedDetail = nextIsMainQuery ? "main" : "";
      scenario.queries.push_back(std::move(query));
      nextIsQuery = false;
      continue;
    }
    const std::string marker = "should be raised at compile time";
    if (line.find(marker) != std::string::npos) {
      size_t colon = line.find(':', line.find(marker));
      std::string detail = colon == std::string::npos ? "" : trim(line.substr(colon + 1));
      const bool syntaxError = line.find("a SyntaxError " + marker) != std::string::npos;
      // The expectation is about the scenario's main query, not its setup.
      for (TckQuery& query : scenario.queries) {
        if (query.expectedDetail == "main") {
          query.expectsSyntaxError = syntaxError;
          query.expectsCompileError = true;
          query.expectedDetail = detail;
        }
      }
    }
  }
  flush(scenario, out);
  for (TckQuery& query : out) {
    if (!query.expectsCompileError) query.expectedDetail.clear();
  }
  return out;
}

std::vector<TckQuery> readCorpus() {
  std::filesystem::path root =
      std::filesystem::path(CAIRN_CONFORMANCE_DIR) / "opencypher-tck" / "features";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() == ".feature") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<TckQuery> queries;
  for (const auto& file : files) {
    std::vector<TckQuery> some = readFeature(file);
    queries.insert(queries.end(), some.begin(), some.end());
  }
  return queries;
}

TEST(TckCorpusTest, EveryQueryParses) {
  std::vector<TckQuery> queries = readCorpus();
  // The TCK holds well over a thousand queries; a tiny count means the reader is broken.
  ASSERT_GT(queries.size(), 2000u);
  size_t parsed = 0;
  std::string failures;
  size_t failureCount = 0;
  // Per expected detail: scenarios, rejected by the parser, rejected with that very detail.
  std::map<std::string, std::array<size_t, 3>> syntaxErrors;
  for (const TckQuery& query : queries) {
    std::string error;
    std::string detail;
    try {
      (void)parseStatement(query.text);
    } catch (const core::Error& e) {
      error = e.message() + " at " + std::to_string(e.line()) + ":" + std::to_string(e.column());
      detail = e.detail();
    }
    if (query.expectsSyntaxError) {
      auto& counts = syntaxErrors[query.expectedDetail];
      ++counts[0];
      if (!error.empty()) ++counts[1];
      if (!error.empty() && detail == query.expectedDetail) ++counts[2];
      continue;
    }
    if (error.empty()) {
      ++parsed;
    } else if (++failureCount <= 60) {
      failures += query.location + ": " + error + " [" + detail + "]\n" + query.text + "\n";
    }
  }
  size_t rejected = 0, total = 0;
  std::ostringstream report;
  for (const auto& [detail, counts] : syntaxErrors) {
    report << "  " << detail << ": " << counts[1] << " of " << counts[0] << " rejected ("
           << counts[2] << " with that detail)\n";
    total += counts[0];
    rejected += counts[1];
  }
  std::cout << "TCK queries that must parse: " << parsed << " of " << (parsed + failureCount)
            << "\nSyntaxError scenarios rejected by the parser: " << rejected << " of " << total
            << "\n"
            << report.str();
  EXPECT_EQ(failureCount, 0u) << failureCount << " TCK queries failed to parse:\n" << failures;
}

// The semantic pass raises no error on a query that must succeed (zero false errors), and
// rejects the queries of compile-time error scenarios that the parser lets through, with the
// TCK's detail.
TEST(TckCorpusTest, EveryQueryThatMustSucceedPassesTheSemanticCheck) {
  std::vector<TckQuery> queries = readCorpus();
  ASSERT_GT(queries.size(), 2000u);
  size_t checked = 0;
  size_t failureCount = 0;
  std::string failures;
  // Per expected detail: scenarios, rejected, rejected with that very detail.
  std::map<std::string, std::array<size_t, 3>> syntaxErrors;
  for (const TckQuery& query : queries) {
    std::string error;
    std::string detail;
    try {
      checkStatement(parseStatement(query.text));
    } catch (const core::Error& e) {
      error = e.message() + " at " + std::to_string(e.line()) + ":" + std::to_string(e.column());
      detail = e.detail();
    }
    if (query.expectsCompileError) {
      auto& counts = syntaxErrors[query.expectedDetail];
      ++counts[0];
      if (!error.empty()) ++counts[1];
      if (!error.empty() && detail == query.expectedDetail) ++counts[2];
      continue;
    }
    ++checked;
    if (!error.empty() && ++failureCount <= 60) {
      failures += query.location + ": " + error + " [" + detail + "]\n" + query.text + "\n";
    }
  }
  size_t rejected = 0, withDetail = 0, total = 0;
  std::ostringstream report;
  for (const auto& [detail, counts] : syntaxErrors) {
    report << "  " << detail << ": " << counts[2] << " of " << counts[0]
           << " rejected with that detail (" << counts[1] << " rejected)\n";
    total += counts[0];
    rejected += counts[1];
    withDetail += counts[2];
  }
  std::cout << "TCK queries that must succeed and pass the semantic check: "
            << (checked - failureCount) << " of " << checked
            << "\nCompile-time error scenarios rejected by parser and semantic pass: " << rejected
            << " of " << total << " (" << withDetail << " with the expected detail)\n"
            << report.str();
  EXPECT_EQ(failureCount, 0u) << failureCount << " TCK queries raised a false error:\n" << failures;
  // All but the 10 Call scenarios that need a procedure's signature (unknown to the semantic
  // pass: argument count, argument types, implicit arguments, unknown procedure).
  EXPECT_GE(withDetail + 10, total);
}

// Every prefix of every TCK query, cut at a token boundary, either parses or fails with a
// core::Error: no other exception, no crash (a cheap stand-in for a fuzzer over realistic input).
TEST(TckCorpusTest, TruncatedQueriesFailCleanly) {
  std::vector<TckQuery> queries = readCorpus();
  size_t prefixes = 0;
  size_t rejected = 0;
  for (const TckQuery& query : queries) {
    std::vector<Token> tokens;
    try {
      tokens = tokenize(query.text);
    } catch (const core::Error&) {
      continue;
    }
    // A long setup query (thousands of tokens) is cut at about 50 of its tokens, not all: each
    // cut costs a parse of the whole prefix.
    size_t step = std::max<size_t>(1, tokens.size() / 50);
    for (size_t t = 0; t < tokens.size(); t += step) {
      std::string_view prefix = std::string_view(query.text).substr(0, tokens[t].offset);
      ++prefixes;
      try {
        (void)parseStatement(prefix);
      } catch (const core::Error& e) {
        ++rejected;
        EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
        EXPECT_GE(e.line(), 1u) << prefix;
        EXPECT_GE(e.column(), 1u) << prefix;
      }
    }
  }
  EXPECT_GT(prefixes, 10000u);
  // Most prefixes are incomplete statements.
  EXPECT_GT(rejected, prefixes / 2);
}

}  // namespace tck_corpus_test
}  // namespace cairn::cypher
