// Result comparison for the TCK runner (tests/support/tck/result_compare.h): columns, bags,
// sequences, list order, and the diff a person reads.

#include "tests/support/tck/result_compare.h"

#include <gtest/gtest.h>

namespace cairn::tck {
namespace {

std::vector<TckRow> rows(std::initializer_list<std::initializer_list<const char*>> texts) {
  std::vector<TckRow> out;
  for (const auto& row : texts) {
    TckRow values;
    for (const char* text : row) values.push_back(parseTckValue(text));
    out.push_back(std::move(values));
  }
  return out;
}

ExpectedTable table(DataTable cells) { return expectedTableFromStep(cells); }

TEST(ResultCompareTest, ReadsExpectedTables) {
  const ExpectedTable expected = table({{"a", "b"}, {"1", "'x'"}, {"null", "[1]"}});
  EXPECT_EQ(expected.columns, (std::vector<std::string>{"a", "b"}));
  ASSERT_EQ(expected.rows.size(), 2u);
  EXPECT_EQ(expected.rows[1][1].asList().size(), 1u);
  EXPECT_TRUE(table({{"n"}}).rows.empty());
  EXPECT_THROW(table({{"a", "b"}, {"1"}}), std::invalid_argument);
  EXPECT_THROW(table({{"a"}, {"(:A"}}), TckValueError);
}

TEST(ResultCompareTest, ColumnsMustMatchInOrder) {
  const ExpectedTable expected = table({{"a", "b"}, {"1", "2"}});
  EXPECT_TRUE(compareResult(expected, {"a", "b"}, rows({{"1", "2"}})).matched);
  const ResultComparison swapped = compareResult(expected, {"b", "a"}, rows({{"2", "1"}}));
  EXPECT_FALSE(swapped.matched);
  EXPECT_EQ(swapped.diff, "columns differ: expected [a, b], got [b, a]\n");
  EXPECT_FALSE(compareResult(expected, {"a"}, rows({{"1"}})).matched);
}

TEST(ResultCompareTest, RowsAreABagUnlessOrdered) {
  const ExpectedTable expected = table({{"x"}, {"1"}, {"2"}, {"2"}});
  EXPECT_TRUE(compareResult(expected, {"x"}, rows({{"2"}, {"1"}, {"2"}})).matched);
  // Multiplicity counts.
  EXPECT_FALSE(compareResult(expected, {"x"}, rows({{"2"}, {"1"}, {"1"}})).matched);
  EXPECT_FALSE(compareResult(expected, {"x"}, rows({{"2"}, {"1"}})).matched);

  const ResultComparison ordered =
      compareResult(expected, {"x"}, rows({{"2"}, {"1"}, {"2"}}), {true, false});
  EXPECT_FALSE(ordered.matched);
  EXPECT_NE(ordered.diff.find("another order; first difference at row 1"), std::string::npos)
      << ordered.diff;
  EXPECT_TRUE(compareResult(expected, {"x"}, rows({{"1"}, {"2"}, {"2"}}), {true, false}).matched);
}

TEST(ResultCompareTest, DiffListsMissingAndUnexpectedRows) {
  const ExpectedTable expected = table({{"n", "v"}, {"(:A)", "1"}, {"(:B)", "2.0"}});
  const ResultComparison comparison =
      compareResult(expected, {"n", "v"}, rows({{"(:A)", "1"}, {"(:B)", "2"}}));
  EXPECT_FALSE(comparison.matched);
  EXPECT_EQ(comparison.diff,
            "2 rows expected, 2 returned; 1 missing (-), 1 not expected (+)\n"
            "  columns [n, v]\n"
            "- | (:B) | 2.0 |\n"
            "+ | (:B) | 2 |\n");
}

TEST(ResultCompareTest, ListElementOrderOnlyWhenAsked) {
  const ExpectedTable expected = table({{"l"}, {"[1, 2, [3, 4]]"}});
  const auto actual = rows({{"[[4, 3], 2, 1]"}});
  EXPECT_FALSE(compareResult(expected, {"l"}, actual).matched);
  EXPECT_TRUE(compareResult(expected, {"l"}, actual, {false, true}).matched);
  EXPECT_TRUE(compareResult(expected, {"l"}, actual, {true, true}).matched);
}

TEST(ResultCompareTest, EmptyTablesAndNaN) {
  EXPECT_TRUE(compareResult(table({{"n"}}), {"n"}, {}).matched);
  EXPECT_FALSE(compareResult(table({{"n"}}), {"n"}, rows({{"1"}})).matched);
  EXPECT_TRUE(compareResult(table({{"f"}, {"NaN"}}), {"f"}, rows({{"NaN"}})).matched);
}

}  // namespace
}  // namespace cairn::tck
