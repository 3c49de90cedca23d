#include "tests/support/tck/result_compare.h"

#include <algorithm>
#include <stdexcept>

namespace cairn::tck {

namespace {

// Long diffs help nobody: the first rows of each side show the pattern.
constexpr size_t kMaxDiffRows = 25;

std::string joinColumns(const std::vector<std::string>& columns) {
  std::string out = "[";
  for (size_t i = 0; i < columns.size(); ++i) out += (i > 0 ? ", " : "") + columns[i];
  return out + "]";
}

bool rowsEqual(const TckRow& a, const TckRow& b, TckEqualityOptions options) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!tckEquals(a[i], b[i], options)) return false;
  }
  return true;
}

void appendRows(std::string& out, const char* marker, const std::vector<const TckRow*>& rows) {
  for (size_t i = 0; i < rows.size() && i < kMaxDiffRows; ++i) {
    out += std::string(marker) + " " + formatRow(*rows[i]) + "\n";
  }
  if (rows.size() > kMaxDiffRows) {
    out += std::string(marker) + " ... " + std::to_string(rows.size() - kMaxDiffRows) + " more\n";
  }
}

}  // namespace

std::string formatRow(const TckRow& row) {
  std::string out = "|";
  for (const TckValue& value : row) out += " " + value.toString() + " |";
  return out;
}

ExpectedTable expectedTableFromStep(const DataTable& table) {
  ExpectedTable expected;
  if (table.empty()) return expected;
  expected.columns = table.front();
  for (size_t r = 1; r < table.size(); ++r) {
    if (table[r].size() != expected.columns.size()) {
      throw std::invalid_argument("expected row " + std::to_string(r) + " has " +
                                  std::to_string(table[r].size()) + " cells for " +
                                  std::to_string(expected.columns.size()) + " columns");
    }
    TckRow row;
    row.reserve(table[r].size());
    for (const std::string& cell : table[r]) row.push_back(parseTckValue(cell));
    expected.rows.push_back(std::move(row));
  }
  return expected;
}

ResultComparison compareResult(const ExpectedTable& expected,
                               const std::vector<std::string>& actualColumns,
                               const std::vector<TckRow>& actualRows,
                               ResultCompareOptions options) {
  ResultComparison comparison;
  if (expected.columns != actualColumns) {
    comparison.diff = "columns differ: expected " + joinColumns(expected.columns) + ", got " +
                      joinColumns(actualColumns) + "\n";
    return comparison;
  }
  const TckEqualityOptions equality{options.ignoreListOrder};

  // Bag matching: greedy is exact because row equality is an equivalence relation.
  std::vector<bool> used(actualRows.size(), false);
  std::vector<const TckRow*> missing, unexpected;
  for (const TckRow& row : expected.rows) {
    bool found = false;
    for (size_t j = 0; j < actualRows.size() && !found; ++j) {
      if (!used[j] && rowsEqual(row, actualRows[j], equality)) used[j] = found = true;
    }
    if (!found) missing.push_back(&row);
  }
  for (size_t j = 0; j < actualRows.size(); ++j) {
    if (!used[j]) unexpected.push_back(&actualRows[j]);
  }
  const bool sameBag = missing.empty() && unexpected.empty();
  if (sameBag && !options.inOrder) {
    comparison.matched = true;
    return comparison;
  }
  if (sameBag) {
    size_t i = 0;
    while (i < expected.rows.size() && rowsEqual(expected.rows[i], actualRows[i], equality)) ++i;
    if (i == expected.rows.size()) {
      comparison.matched = true;
      return comparison;
    }
    comparison.diff = "the rows are right but in another order; first difference at row " +
                      std::to_string(i + 1) + ":\n  expected " + formatRow(expected.rows[i]) +
                      "\n  got      " + formatRow(actualRows[i]) + "\n";
    return comparison;
  }
  comparison.diff = std::to_string(expected.rows.size()) + " rows expected, " +
                    std::to_string(actualRows.size()) + " returned; " +
                    std::to_string(missing.size()) + " missing (-), " +
                    std::to_string(unexpected.size()) + " not expected (+)\n";
  comparison.diff += "  columns " + joinColumns(actualColumns) + "\n";
  appendRows(comparison.diff, "-", missing);
  appendRows(comparison.diff, "+", unexpected);
  return comparison;
}

}  // namespace cairn::tck
