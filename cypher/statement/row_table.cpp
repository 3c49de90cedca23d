#include "cypher/statement/row_table.h"

#include <utility>

#include "query/engine/cypher_query.h"

namespace cairn::cypher {

using query::value::Value;

namespace {

class RowCollector final : public query::ValueSink {
 public:
  explicit RowCollector(RowTable& out) : out_(out) {}
  void begin(const std::vector<std::string>& columns, const query::value::GraphAccess&) override {
    out_.columns = columns;
    out_.rows.clear();
  }
  void row(std::span<const Value> values) override {
    BoundVariables row;
    for (size_t i = 0; i < out_.columns.size(); ++i) row.emplace(out_.columns[i], values[i]);
    out_.rows.push_back(std::move(row));
  }
  void end() override {}

 private:
  RowTable& out_;
};

}  // namespace

query::QueryReport runOverRows(const RowQuery& q, std::span<const BoundVariables> rows,
                               const index::Ledger& state,
                               const query::value::Parameters& parameters,
                               const query::QueryOptions& options, RowTable& out,
                               const query::graph::DeletedEntities* deleted) {
  query::CypherInput input;
  if (q.input) {
    input.placeholder = q.input;
    input.rows.reserve(rows.size());
    for (const BoundVariables& row : rows) {
      std::vector<Value> values;
      values.reserve(q.inputColumns.size());
      for (const std::string& name : q.inputColumns) {
        auto it = row.find(name);
        values.push_back(it == row.end() ? Value() : it->second);
      }
      input.rows.push_back(std::move(values));
    }
  }
  RowCollector collector(out);
  return query::executeCypherQuery(state,
                                   query::CypherQuery{q.query.pattern, q.query.columns, parameters,
                                                      q.input ? &input : nullptr, deleted},
                                   options, collector);
}

query::PlanInfo explainRowQuery(const RowQuery& q, const index::Ledger& ledger,
                                const query::value::Parameters& parameters,
                                const query::QueryOptions& options) {
  query::CypherInput input;
  input.placeholder = q.input;
  return query::explainCypherQuery(
      ledger,
      query::CypherQuery{q.query.pattern, q.query.columns, parameters, q.input ? &input : nullptr},
      options);
}

}  // namespace cairn::cypher
