#pragma once
// CypherRowView: one row of a Batch as a Cypher expression sees it (value::ValueRowView), the
// Cypher counterpart of row_values.h. A slot's ValueId is turned into a value::Value through the
// query's CypherRuntime only when an expression reads it, and at most once per bound row: the
// operators evaluate several expressions over one row (Extend's bindings, sort keys, aggregate
// arguments), and decoding a list or a map is not free. Unbound ids are null without a lookup.
//
// Also here, shared by the Cypher operators: compiling an expression against an operator's
// columns, and the estimate of a value's retained bytes that they charge to the memory budget.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "query/algebra/expr.h"
#include "query/exec/value_id.h"
#include "query/value/value.h"
#include "query/value/value_program.h"

namespace cairn::query {

class CypherRuntime;

class CypherRowView final : public value::ValueRowView {
 public:
  explicit CypherRowView(CypherRuntime& runtime) : runtime_(runtime) {}

  // Reads row `row` of `batch` from now on (forgetting what the previous row decoded). The batch
  // must outlive the reads and stay unchanged while bound, except through set().
  void bind(const Batch& batch, size_t row);
  // The value of `slot` for the bound row is `v` (already known to the caller, e.g. a binding
  // just computed): later reads return it without decoding. Does not touch the batch.
  void set(int slot, value::Value v);

  // Null for an unbound id and for a slot outside the batch. Throws what CypherRuntime::toValue
  // throws (kStorageError).
  value::Value value(int slot) const override;

 private:
  CypherRuntime& runtime_;
  const Batch* batch_ = nullptr;
  size_t row_ = 0;
  // Decoded values of the bound row: valid where stamps_[slot] == stamp_.
  uint64_t stamp_ = 0;
  mutable std::vector<value::Value> values_;
  mutable std::vector<uint64_t> stamps_;
};

// Compiles the Cypher expression `expr` against the columns of `variables` (a variable that is
// not a column evaluates to null). Throws core::Error as ValueProgram::compile does.
value::ValueProgram compileCypher(const Expr& expr, const std::vector<std::string>& variables);

// An estimate of the bytes `v` holds (its payload counted as owned even when shared), for
// charging retained values to the memory budget.
size_t valueBytes(const value::Value& v);

}  // namespace cairn::query
