// The TCK feature reader (tests/support/tck/feature_reader.h): the Gherkin subset on small
// inline features, then every real TCK file with the scenario counts of
// ../shared/conformance/README.md.

#include "tests/support/tck/feature_reader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "tests/support/tck/procedure_spec.h"
#include "tests/support/tck/result_compare.h"
#include "tests/support/tck/tck_value.h"

namespace cairn::tck {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSmallFeature = R"(#
# licence header
#encoding: utf-8

@featureTag
Feature: Small1 - A small feature
  Some description text.

  Background:
    Given an empty graph

  @skipGrammarCheck
  Scenario: [1] Returns a table
    And having executed:
      """
      CREATE (:A {name: 'a'})
        -[:T]->(:B)
      """
    And parameters are:
      | p | [1, 2] |
    When executing query:
      """
      MATCH (n) RETURN n
      """
    # a comment between steps
    Then the result should be, in order (ignoring element order for lists):
      | n      | escaped \| pipe |
      | (:A)   | 'x\\y'          |
    And the side effects should be:
      | +nodes | 2 |

  Scenario Outline: [2] Outline with <what>
    And there exists a procedure test.p(in :: INTEGER?) :: (out :: STRING?) :
      | in   | out   |
      | <in> | 'nix' |
    When executing query:
      """
      RETURN <value> AS v, 1 <- 2
      """
    Then a <class> should be raised at compile time: <detail>

    Examples:
      | what  | in | value | class       | detail          |
      | one   | 1  | 1     | SyntaxError | UnexpectedSyntax |
      #| skip | 0  | 0     | TypeError   | X                |
      | two   | 2  | 'x'   | SyntaxError | InvalidNumberLiteral |

    @exampleTag
    Examples:
      | what  | in | value | class | detail |
      | three | 3  | [3]   | Error | Other  |

  Scenario: [3] No procedure columns and an empty result
    Given any graph
    And there exists a procedure test.doNothing() :: ():
      |
    When executing control query:
      """
      CALL test.doNothing()
      """
    Then the result should be empty
    And no side effects
)";

TEST(FeatureReaderTest, ReadsTheGherkinSubset) {
  const Feature feature = parseFeature(kSmallFeature, "small/Small1.feature");
  EXPECT_EQ(feature.name, "Small1 - A small feature");
  EXPECT_EQ(feature.tags, std::vector<std::string>{"@featureTag"});
  ASSERT_EQ(feature.scenarios.size(), 5u);

  const Scenario& first = feature.scenarios[0];
  EXPECT_EQ(first.index, 1);
  EXPECT_EQ(first.name, "Returns a table");
  EXPECT_FALSE(first.outlineRow);
  EXPECT_TRUE(first.hasTag("@skipGrammarCheck"));
  EXPECT_TRUE(first.hasTag("@featureTag"));
  ASSERT_EQ(first.steps.size(), 6u);
  EXPECT_EQ(first.steps[0].kind, StepKind::kEmptyGraph);  // from the Background
  EXPECT_EQ(first.steps[1].kind, StepKind::kHavingExecuted);
  EXPECT_EQ(first.steps[1].docString, "CREATE (:A {name: 'a'})\n  -[:T]->(:B)");
  EXPECT_EQ(first.steps[2].kind, StepKind::kParameters);
  EXPECT_EQ(first.steps[2].table, (DataTable{{"p", "[1, 2]"}}));
  EXPECT_EQ(first.steps[3].kind, StepKind::kExecuteQuery);
  EXPECT_EQ(first.steps[3].line, 21u);
  const Step& result = first.steps[4];
  EXPECT_EQ(result.kind, StepKind::kExpectResult);
  EXPECT_TRUE(result.inOrder);
  EXPECT_TRUE(result.ignoreListOrder);
  EXPECT_EQ(result.table, (DataTable{{"n", "escaped | pipe"}, {"(:A)", "'x\\y'"}}));
  EXPECT_EQ(first.steps[5].kind, StepKind::kExpectSideEffects);

  // The outline: one scenario per Examples row over both blocks, the commented row skipped.
  for (size_t i = 1; i <= 3; ++i) {
    const Scenario& row = feature.scenarios[i];
    EXPECT_EQ(row.index, 2);
    EXPECT_EQ(row.outlineRow, i);
    EXPECT_EQ(row.line, 32u);
  }
  const Scenario& two = feature.scenarios[2];
  EXPECT_EQ(two.name, "Outline with two");
  EXPECT_FALSE(two.hasTag("@exampleTag"));
  ASSERT_EQ(two.steps.size(), 4u);
  EXPECT_EQ(two.steps[1].kind, StepKind::kProcedure);
  EXPECT_EQ(two.steps[1].procedureSignature, "test.p(in :: INTEGER?) :: (out :: STRING?)");
  EXPECT_EQ(two.steps[1].table[1][0], "2");
  EXPECT_EQ(two.steps[2].docString, "RETURN 'x' AS v, 1 <- 2");
  EXPECT_EQ(two.steps[3].kind, StepKind::kExpectError);
  EXPECT_EQ(two.steps[3].errorClass, "SyntaxError");
  EXPECT_EQ(two.steps[3].errorPhase, ErrorPhase::kCompileTime);
  EXPECT_EQ(two.steps[3].errorDetail, "InvalidNumberLiteral");
  const Scenario& three = feature.scenarios[3];
  EXPECT_TRUE(three.hasTag("@exampleTag"));
  EXPECT_EQ(three.steps[3].errorClass, "Error");

  const Scenario& last = feature.scenarios[4];
  EXPECT_EQ(last.steps[0].kind, StepKind::kEmptyGraph);
  EXPECT_EQ(last.steps[1].kind, StepKind::kAnyGraph);
  EXPECT_EQ(last.steps[2].table, DataTable{{}});  // a lone '|': one row, no cells
  EXPECT_EQ(last.steps[3].kind, StepKind::kExecuteControlQuery);
  EXPECT_EQ(last.steps[4].kind, StepKind::kExpectEmptyResult);
  EXPECT_EQ(last.steps[5].kind, StepKind::kExpectNoSideEffects);

  const ProcedureSpec spec = procedureFromStep(two.steps[1]);
  EXPECT_EQ(spec.name, "test.p");
  ASSERT_EQ(spec.inputs.size(), 1u);
  EXPECT_EQ(spec.inputs[0].name, "in");
  EXPECT_EQ(spec.inputs[0].type, "INTEGER?");
  ASSERT_EQ(spec.outputs.size(), 1u);
  EXPECT_EQ(spec.outputs[0].name, "out");
  ASSERT_EQ(spec.rows.size(), 1u);
  EXPECT_EQ(spec.rows[0][0].asInteger(), 2);
  const ProcedureSpec none = procedureFromStep(last.steps[2]);
  EXPECT_TRUE(none.inputs.empty() && none.outputs.empty() && none.rows.empty());
}

TEST(FeatureReaderTest, ReadsCrlfAndTabIndentedDocStrings) {
  std::string text =
      "Feature: F\n  Scenario: [1] s\n    Given any graph\n    When executing query:\n"
      "\t \"\"\"\n\t MATCH (n)\n\t   RETURN n\n\t \"\"\"\n    Then the result should be empty\n";
  std::string crlf;
  for (const char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  for (const std::string& input : {text, crlf}) {
    const Feature feature = parseFeature(input, "f.feature");
    ASSERT_EQ(feature.scenarios.size(), 1u);
    EXPECT_EQ(feature.scenarios[0].steps[1].docString, "MATCH (n)\n  RETURN n");
  }
}

TEST(FeatureReaderTest, ReportsErrorsWithFileAndLine) {
  auto errorOf = [](const std::string& text) -> std::string {
    try {
      parseFeature(text, "dir/Bad.feature");
    } catch (const FeatureReadError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(errorOf("Feature: F\n  Scenario: s\n    Given a full moon\n"),
            "dir/Bad.feature:3: unknown step: a full moon");
  EXPECT_EQ(errorOf("Feature: F\n  Scenario Outline: s\n    Given any graph\n"),
            "dir/Bad.feature:2: Scenario Outline without Examples");
  EXPECT_EQ(errorOf("Feature: F\n  Scenario: s\n    When executing query:\n      \"\"\"\n"),
            "dir/Bad.feature:4: unterminated doc string");
  EXPECT_EQ(errorOf("Feature: F\n  Scenario: s\n    When executing query:\n"),
            "dir/Bad.feature:3: step needs a doc string: executing query:");
  EXPECT_EQ(errorOf("Feature: F\n  Scenario: s\n    Then the result should be:\n      | a |\n"),
            "dir/Bad.feature:3: unknown step: the result should be:");
  EXPECT_EQ(errorOf("  Scenario: s\n"), "dir/Bad.feature:1: text before Feature:");
  EXPECT_EQ(errorOf("Feature: F\n  Scenario Outline: s\n    Given any graph\n  Examples:\n"
                    "    | a | b |\n    | 1 |\n"),
            "dir/Bad.feature:4: Examples row 1 has 1 cells, header has 2");
  EXPECT_THROW(readFeatureFile("/nonexistent/x.feature"), FeatureReadError);
}

TEST(FeatureReaderTest, NamesScenarios) {
  const Feature feature = parseFeature(kSmallFeature, "/tck/features/small/Small1.feature");
  EXPECT_EQ(scenarioId(feature, feature.scenarios[0], "/tck/features"),
            "small/Small1.feature [1]: Returns a table");
  EXPECT_EQ(scenarioId(feature, feature.scenarios[3], "/tck/features/"),
            "small/Small1.feature [2] 3: Outline with three");
}

TEST(FeatureReaderTest, SubstitutesOnlyKnownPlaceholders) {
  const std::vector<std::string> header = {"a", "b c"};
  const std::vector<std::string> row = {"1", "<a>"};
  EXPECT_EQ(substitutePlaceholders("x <a> <b c> <-[r]- <d> a<b", header, row),
            "x 1 <a> <-[r]- <d> a<b");
}

const std::string kTckRoot = std::string(CAIRN_CONFORMANCE_DIR) + "/opencypher-tck";

// Per feature folder, from ../shared/conformance/README.md (outlines expanded).
const std::map<std::string, size_t> kScenariosPerFolder = {
    {"clauses/call", 52},
    {"clauses/create", 78},
    {"clauses/delete", 41},
    {"clauses/match", 381},
    {"clauses/match-where", 34},
    {"clauses/merge", 75},
    {"clauses/remove", 33},
    {"clauses/return", 63},
    {"clauses/return-orderby", 35},
    {"clauses/return-skip-limit", 31},
    {"clauses/set", 53},
    {"clauses/union", 12},
    {"clauses/unwind", 14},
    {"clauses/with", 29},
    {"clauses/with-orderBy", 292},
    {"clauses/with-skip-limit", 9},
    {"clauses/with-where", 19},
    {"expressions/aggregation", 35},
    {"expressions/boolean", 150},
    {"expressions/comparison", 72},
    {"expressions/conditional", 13},
    {"expressions/existentialSubqueries", 10},
    {"expressions/graph", 61},
    {"expressions/list", 185},
    {"expressions/literals", 131},
    {"expressions/map", 44},
    {"expressions/mathematical", 6},
    {"expressions/null", 44},
    {"expressions/path", 7},
    {"expressions/pattern", 50},
    {"expressions/precedence", 121},
    {"expressions/quantifier", 604},
    {"expressions/string", 32},
    {"expressions/temporal", 1004},
    {"expressions/typeConversion", 47},
    {"useCases/countingSubgraphMatches", 11},
    {"useCases/triadicSelection", 19},
};

struct TckCorpus {
  std::vector<Feature> features;
  std::vector<std::string> errors;
};

const TckCorpus& corpus() {
  static const TckCorpus* loaded = [] {
    auto* result = new TckCorpus;
    std::vector<fs::path> paths;
    for (const auto& entry : fs::recursive_directory_iterator(kTckRoot + "/features")) {
      if (entry.path().extension() == ".feature") paths.push_back(entry.path());
    }
    std::sort(paths.begin(), paths.end());
    for (const fs::path& path : paths) {
      try {
        result->features.push_back(readFeatureFile(path.string()));
      } catch (const FeatureReadError& e) {
        result->errors.push_back(e.what());
      }
    }
    return result;
  }();
  return *loaded;
}

TEST(FeatureReaderTckTest, ReadsEveryFeatureFile) {
  const TckCorpus& tck = corpus();
  EXPECT_TRUE(tck.errors.empty()) << tck.errors.front();
  EXPECT_EQ(tck.features.size(), 220u);
  std::map<std::string, size_t> perFolder;
  size_t total = 0, outlineRows = 0, ignored = 0;
  std::set<std::string> ids;
  for (const Feature& feature : tck.features) {
    const std::string folder =
        fs::relative(fs::path(feature.path).parent_path(), kTckRoot + "/features").generic_string();
    perFolder[folder] += feature.scenarios.size();
    total += feature.scenarios.size();
    for (const Scenario& scenario : feature.scenarios) {
      ids.insert(scenarioId(feature, scenario, kTckRoot + "/features"));
      if (scenario.outlineRow) ++outlineRows;
      if (scenario.hasTag("@ignore")) {
        ++ignored;
        EXPECT_EQ(fs::path(feature.path).filename(), "Graph5.feature");
        EXPECT_EQ(scenario.index, 2);
      }
      EXPECT_TRUE(scenario.index.has_value()) << feature.path << ":" << scenario.line;
    }
  }
  EXPECT_EQ(total, 3897u);
  EXPECT_EQ(ids.size(), total) << "scenario ids are not unique";
  EXPECT_EQ(outlineRows, 2558u);
  EXPECT_EQ(ignored, 1u);
  EXPECT_EQ(perFolder, kScenariosPerFolder);
}

TEST(FeatureReaderTckTest, EveryScenarioHasAQueryAndAnExpectation) {
  const std::regex kPlaceholder(R"(<\w+>)");
  std::map<StepKind, size_t> stepCounts;
  for (const Feature& feature : corpus().features) {
    for (const Scenario& scenario : feature.scenarios) {
      bool query = false, expectation = false;
      for (const Step& step : scenario.steps) {
        ++stepCounts[step.kind];
        query |= step.kind == StepKind::kExecuteQuery;
        expectation |= step.kind == StepKind::kExpectResult ||
                       step.kind == StepKind::kExpectEmptyResult ||
                       step.kind == StepKind::kExpectError;
        if (scenario.outlineRow) {
          EXPECT_FALSE(std::regex_search(step.text + step.docString, kPlaceholder))
              << "placeholder left in " << feature.path << ":" << step.line;
        }
      }
      EXPECT_TRUE(query && expectation) << feature.path << ":" << scenario.line;
    }
  }
  EXPECT_EQ(stepCounts[StepKind::kNamedGraph], 19u);
  EXPECT_EQ(stepCounts[StepKind::kExecuteControlQuery], 33u);  // 27 steps, outlines expanded
  EXPECT_GT(stepCounts[StepKind::kExpectError], 0u);
  EXPECT_GT(stepCounts[StepKind::kProcedure], 0u);
}

// Every value the TCK writes in a table is one the value parser reads.
TEST(FeatureReaderTckTest, EveryTableValueParses) {
  size_t cells = 0;
  for (const Feature& feature : corpus().features) {
    for (const Scenario& scenario : feature.scenarios) {
      for (const Step& step : scenario.steps) {
        const std::string where = feature.path + ":" + std::to_string(step.line);
        try {
          if (step.kind == StepKind::kExpectResult) {
            const ExpectedTable table = expectedTableFromStep(step.table);
            for (const TckRow& row : table.rows) {
              cells += row.size();
              for (const TckValue& value : row) {
                EXPECT_TRUE(tckEquals(parseTckValue(value.toString()), value)) << where;
              }
            }
          } else if (step.kind == StepKind::kParameters) {
            for (const auto& row : step.table) {
              ASSERT_EQ(row.size(), 2u) << where;
              parseTckValue(row[1]);
              ++cells;
            }
          } else if (step.kind == StepKind::kProcedure) {
            procedureFromStep(step);
          }
        } catch (const std::exception& e) {
          ADD_FAILURE() << where << ": " << e.what();
        }
      }
    }
  }
  EXPECT_GT(cells, 5000u);
}

}  // namespace
}  // namespace cairn::tck
