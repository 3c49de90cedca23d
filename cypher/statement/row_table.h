#pragma once
// The rows an updating statement passes from stage to stage (statement_pipeline.h), and reading
// queries of the shared engine run over them: a translated query that starts from an input
// placeholder (translateSegment, translatePatternMatch) gets the rows' values as its input.

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cypher/translate/query_translator.h"
#include "cypher/write/row_programs.h"
#include "index/ledger/ledger.h"
#include "query/engine/query_engine.h"
#include "query/graph/deleted_entity_guard.h"

namespace cairn::cypher {

struct RowTable {
  std::vector<std::string> columns;
  std::vector<BoundVariables> rows{BoundVariables{}};  // a statement starts from one empty row
};

// A translated reading query with the placeholder its input rows go to.
struct RowQuery {
  TranslatedQuery query;
  std::shared_ptr<query::ValuesNode> input;  // null: starts from one empty row
  std::vector<std::string> inputColumns;     // the variables the input binds
};

// Runs `q` on `state` over `rows` (each row's values of q.inputColumns; unbound ones null) and
// returns its rows in `out` (which may hold `rows`: they are read first). Throws core::Error.
// `deleted`: what the statement deleted before (reading it raises EntityNotFound), or null.
query::QueryReport runOverRows(const RowQuery& q, std::span<const BoundVariables> rows,
                               const index::Ledger& state,
                               const query::value::Parameters& parameters,
                               const query::QueryOptions& options, RowTable& out,
                               const query::graph::DeletedEntities* deleted = nullptr);

// The plan of `q` on `ledger` without running it (its input as an empty table).
query::PlanInfo explainRowQuery(const RowQuery& q, const index::Ledger& ledger,
                                const query::value::Parameters& parameters,
                                const query::QueryOptions& options);

}  // namespace cairn::cypher
