#pragma once
// Reads the openCypher TCK's feature files: the subset of Gherkin they use (Feature, Background,
// Scenario, Scenario Outline with one or more Examples tables, tags, `#` comments, doc strings,
// data tables; LF or CRLF line ends) and the TCK's step sentences, recognised here once so that
// a runner dispatches on StepKind rather than on text. A step sentence the TCK does not define
// is an error naming file:line: a new upstream step must not be skipped silently.
//
// Scenario Outlines are expanded into one Scenario per Examples row, with every `<name>` in step
// text, doc strings and table cells replaced by that row's cell. Background steps are copied in
// front of each scenario's own steps.

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::tck {

// Rows of cells, Gherkin escapes (\| \\ \n) already undone. A table written as a lone `|` is one
// row without cells (the TCK's way to declare a procedure with no columns).
using DataTable = std::vector<std::vector<std::string>>;

enum class StepKind {
  kEmptyGraph,           // Given an empty graph
  kAnyGraph,             // Given any graph
  kNamedGraph,           // Given the <graphName> graph
  kHavingExecuted,       // And having executed: """statement"""
  kParameters,           // And parameters are: | name | value |
  kProcedure,            // And there exists a procedure <signature>: table
  kExecuteQuery,         // When executing query: """query"""
  kExecuteControlQuery,  // When executing control query: """query"""
  kExpectResult,         // Then the result should be, in any order / in order ...: table
  kExpectEmptyResult,    // Then the result should be empty
  kExpectError,          // Then a(n) <errorClass> should be raised at <phase>: <errorDetail>
  kExpectSideEffects,    // And the side effects should be: | +nodes | 1 |
  kExpectNoSideEffects,  // And no side effects
};

enum class ErrorPhase { kCompileTime, kRuntime, kAnyTime };

struct Step {
  StepKind kind = StepKind::kAnyGraph;
  std::string keyword;  // Given, When, Then, And, But
  std::string text;     // after the keyword, placeholders substituted
  size_t line = 0;
  std::string docString;           // kHavingExecuted, kExecuteQuery, kExecuteControlQuery
  DataTable table;                 // kParameters, kProcedure, kExpectResult, kExpectSideEffects
  std::string graphName;           // kNamedGraph
  std::string procedureSignature;  // kProcedure: "test.my.proc(in :: INTEGER?) :: (out :: STRING?)"
  bool inOrder = false;            // kExpectResult
  bool ignoreListOrder = false;    // kExpectResult
  std::string errorClass;          // kExpectError: "SyntaxError", "TypeError", "Error", ...
  ErrorPhase errorPhase = ErrorPhase::kAnyTime;
  std::string errorDetail;  // kExpectError: "InvalidRelationshipPattern", ...
};

struct Scenario {
  std::string name;               // the title after "[n] "
  std::optional<int> index;       // the "[n]" number, when the title starts with one
  std::vector<std::string> tags;  // the feature's, the scenario's and its Examples block's
  std::vector<Step> steps;        // Background steps first
  size_t line = 0;                // of the Scenario / Scenario Outline keyword
  // For an expanded outline: the Examples row, counting from 1 over all its Examples blocks.
  std::optional<size_t> outlineRow;

  bool hasTag(std::string_view tag) const;
};

struct Feature {
  std::string path;
  std::string name;  // after "Feature: "
  std::vector<std::string> tags;
  std::vector<Scenario> scenarios;
};

// A file that is not the Gherkin subset the TCK uses; what() is "path:line: problem".
class FeatureReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses a feature file's text; `path` only names the file in errors and in Feature::path.
Feature parseFeature(std::string_view text, const std::string& path);
// Reads and parses a file. Throws FeatureReadError (also when the file cannot be read).
Feature readFeatureFile(const std::string& path);

// A scenario's stable name, unique in the TCK: "<folder>/<File>.feature [n] <row>: <title>",
// with the folder relative to `featuresRoot` (e.g. "clauses/match") and the row number only for
// outline rows ("expressions/list/List1.feature [6] 3: Fail when indexing a non-list #Example:
// map"). Regression lists store these.
std::string scenarioId(const Feature& feature, const Scenario& scenario,
                       const std::string& featuresRoot);

// Replaces each `<name>` whose name is a column of `header` with the matching cell; other text
// (`<-`, `a < b`) is left alone.
std::string substitutePlaceholders(std::string_view text, const std::vector<std::string>& header,
                                   const std::vector<std::string>& row);

}  // namespace cairn::tck
