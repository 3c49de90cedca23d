#pragma once
// A fixture for the Cypher operators (query/exec/cypher_*.h, unwind.h): an ExecContext with
// Cypher enabled over an empty test ledger, run with batches of one row, two rows and the
// default, so every operator crosses batch boundaries. Inputs are query::Values tables whose
// cells are written as TCK literals ("[1, 'a']", "null"); results come back as rows of TCK text.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "query/exec/cypher_runtime.h"
#include "query/exec/exec_context.h"
#include "query/exec/operator.h"
#include "query/exec/values.h"
#include "query/value/value_text.h"
#include "tests/support/test_ledger.h"
#include "tests/unit/query/value/value_test_support.h"

namespace cairn::query::value::testing {

class CypherOperatorTest : public ::testing::TestWithParam<size_t> {
 protected:
  using Lines = std::vector<std::string>;

  void SetUp() override {
    ledger_ = cairn::testing::makeTestLedger({});
    options_.batchRows = GetParam();
    ctx_ = std::make_unique<ExecContext>(*ledger_.ledger, options_, "");
    ctx_->enableCypher(parameters_);
    runtime_ = ctx_->cypher();
  }

  // The value of a TCK literal ("[1, {a: 'x'}]", "null", "2.5").
  Value valueOf(std::string_view text) {
    const auto program = ValueProgram::compile(lit(text), [](std::string_view) { return -1; });
    return program.evaluate(SpanRow({}), runtime_->eval());
  }

  // A constant input: `rows` of TCK literals, one per variable.
  OperatorPtr input(std::vector<std::string> variables,
                    const std::vector<std::vector<std::string>>& rows) {
    std::vector<ValueRow> ids;
    for (const auto& row : rows) {
      ValueRow r;
      for (const auto& cell : row) r.push_back(runtime_->toId(valueOf(cell)));
      ids.push_back(std::move(r));
    }
    return std::make_unique<Values>(*ctx_, std::move(variables), std::move(ids));
  }
  // One column `x` holding each of `cells`.
  OperatorPtr column(const std::vector<std::string>& cells) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& c : cells) rows.push_back({c});
    return input({"x"}, rows);
  }

  // One column `x` holding each of `values`.
  OperatorPtr valueColumn(const std::vector<Value>& values) {
    std::vector<ValueRow> ids;
    for (const auto& v : values) ids.push_back({runtime_->toId(v)});
    return std::make_unique<Values>(*ctx_, std::vector<std::string>{"x"}, std::move(ids));
  }

  // Every row `op` produces, in order, as its columns' TCK texts joined by " | ". Checks that no
  // batch is larger than the context's batch size.
  Lines run(Operator& op) {
    Lines out;
    Batch b;
    while (op.next(b)) {
      EXPECT_LE(b.rows, ctx_->batchRows());
      EXPECT_EQ(b.width(), op.variables().size());
      for (size_t r = 0; r < b.rows; ++r) {
        std::string line;
        for (size_t c = 0; c < b.width(); ++c) {
          EXPECT_EQ(b.columns[c].size(), b.rows);
          line += (c == 0 ? "" : " | ") + toText(runtime_->toValue(b.columns[c][r]));
        }
        out.push_back(line);
      }
    }
    return out;
  }

  // The error `op` fails with, as "<code>/<detail>"; "none" when it runs to the end.
  std::string errorOf(Operator& op) {
    try {
      run(op);
      return "none";
    } catch (const core::Error& e) {
      return std::string(core::errorCodeName(e.code())) + "/" + e.detail();
    }
  }

  cairn::testing::TestLedger ledger_;
  QueryOptions options_;
  Parameters parameters_;
  std::unique_ptr<ExecContext> ctx_;
  CypherRuntime* runtime_ = nullptr;
};

// Batches of one row, of two rows, and the default size.
#define CAIRN_CYPHER_OPERATOR_BATCH_SIZES(Suite) \
  INSTANTIATE_TEST_SUITE_P(Batches, Suite, ::testing::Values(size_t{1}, size_t{2}, size_t{0}))

}  // namespace cairn::query::value::testing
