#pragma once
// Compares a statement's result with a TCK expected table: the column names in the same order,
// then the rows as a bag (the TCK's default), or as a sequence for "in order". Values compare by
// tckEquals, optionally "ignoring element order for lists". A mismatch comes with a diff meant
// for a person: the rows missing and the rows not expected, in canonical TCK text.

#include <string>
#include <vector>

#include "tests/support/tck/feature_reader.h"
#include "tests/support/tck/tck_value.h"

namespace cairn::tck {

using TckRow = std::vector<TckValue>;

struct ExpectedTable {
  std::vector<std::string> columns;
  std::vector<TckRow> rows;
};

// The header row gives the columns, every other row is parsed as values. Throws TckValueError
// for a malformed cell and std::invalid_argument for a row of the wrong width.
ExpectedTable expectedTableFromStep(const DataTable& table);

struct ResultCompareOptions {
  bool inOrder = false;
  bool ignoreListOrder = false;
};

struct ResultComparison {
  bool matched = false;
  std::string diff;  // empty when matched; lines separated by '\n'
};

ResultComparison compareResult(const ExpectedTable& expected,
                               const std::vector<std::string>& actualColumns,
                               const std::vector<TckRow>& actualRows,
                               ResultCompareOptions options = {});

// "| v1 | v2 |" in canonical text.
std::string formatRow(const TckRow& row);

}  // namespace cairn::tck
