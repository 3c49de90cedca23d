#pragma once
// The declarative query test format (tests/query/*.test): small cases of data, query and
// expected answer, read by the GoogleTest runner beside this file. A file holds any number of
// cases; a case starts at a `case <name>` line and has sections, each a keyword line followed
// by its text up to the next keyword line:
//
//   case optional-filter-scoping      -- starts a case; the name must be unique in the file
//   data:                             -- TriG (ex: = http://example.org/ is predeclared);
//                                        a case without data: reuses the previous case's data
//   query:                            -- SPARQL text (ex: predeclared the same way)
//   expect:                           -- the answer: first line ?var names, then one row per
//   expect: ordered                      line, terms in N-Triples or the shorthands below,
//   expect: true | false                 UNDEF for unbound ("ordered": compare in order);
//   expect: graph                        ASK; CONSTRUCT triples ("s p o" lines);
//   expect: error <Code>                 a core::Error with that code name ("Unsupported")
//   options: batchRows=1 tiny disable=bind-join,hash-join no-oracle
//   plan: <Op> [<Op> ...]             -- operators EXPLAIN must show (e.g. a fast path's name)
//
// Shorthand terms in expectations: ex:x (http://example.org/x), bare integers (xsd:integer),
// bare decimals (xsd:decimal), true/false (xsd:boolean). Lines starting with '#' outside data
// and query are comments.

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tests/support/graph_isomorphism.h"

namespace cairn::testing {

struct QueryTestCase {
  std::string file;  // file name without directory, for messages
  int line = 0;      // the `case` line
  std::string name;
  std::string data;   // TriG
  std::string query;  // SPARQL

  enum class Expect { kRows, kOrderedRows, kBoolean, kGraph, kError };
  Expect expect = Expect::kRows;
  std::vector<std::string> variables;  // kRows, kOrderedRows (without '?')
  std::vector<TermRow> rows;           // kRows, kOrderedRows; kGraph: 3-term rows
  bool boolean = false;                // kBoolean
  std::string errorCode;               // kError: errorCodeName()

  size_t batchRows = 0;
  bool tiny = false;
  bool oracle = true;  // also check tests/support's naive evaluator against the expectation
  std::set<std::string> disabledRewrites;
  std::vector<std::string> planOperators;
};

// Reads every case of one file; throws std::runtime_error naming file and line on a malformed
// file (a broken test file must fail loudly, not register nothing).
std::vector<QueryTestCase> readQueryTestFile(const std::string& path);

// The prefix both data and queries get: PREFIX/@prefix ex: <http://example.org/>.
inline constexpr const char* kExamplePrefixIri = "http://example.org/";

}  // namespace cairn::testing
