#pragma once
// MERGE as a stage of an updating statement (statement_pipeline.h). For each input row in turn,
// the pattern is matched (a query of the shared engine starting from that row) against the graph
// as the rows before it left it, its own creations included:
//   - matches found: the row continues once per match, after ON MATCH SET;
//   - none: the whole pattern is created (CreateWriter in MERGE mode: a relationship without a
//     direction is created left to right, a null property value is "MergeReadOwnWrites") and
//     the row continues once, after ON CREATE SET.
// A row must see what the rows before it wrote, so MERGE is one transaction step that asks to
// run again (index::TxChanges::again) after every row that changed the graph; rows that only
// match share one run. A created row's ON CREATE SET runs in the next run, where the created
// entities are part of the state.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cypher/ast/clause.h"
#include "cypher/statement/row_table.h"
#include "cypher/translate/query_translator.h"
#include "cypher/write/create_writer.h"
#include "cypher/write/effect_log.h"
#include "cypher/write/set_writer.h"

namespace cairn::cypher {

class MergeStage {
 public:
  // Compiles `clause` against the variables bound before it (`scope`) in `context` (used while
  // constructing only); `clause` and `parameters` must outlive the stage. Throws the
  // compile-time errors of CreateWriter and SetWriter.
  MergeStage(const ast::MergeClause& clause, const std::vector<std::string>& scope,
             const query::value::Parameters& parameters, const TranslateContext& context);
  ~MergeStage();
  MergeStage(MergeStage&&) noexcept;

  // `scope` and the variables the pattern introduces.
  const std::vector<std::string>& scopeAfter() const { return create_.scopeAfter(); }

  // One run of the stage over the rows of a statement.
  struct Progress {
    std::vector<BoundVariables> input;
    size_t next = 0;                // the next input row to merge
    std::optional<size_t> created;  // an output row created by the last run, awaiting ON CREATE SET
    std::vector<BoundVariables> output;
    std::optional<query::PlanInfo> plan;  // the first match's plan, when asked for
  };

  // Runs the stage on `state` from where `progress` stands, until a row changes the graph or
  // the rows run out; returns the changes, with `again` set while rows remain. Logs what it
  // touches in `log`. Throws core::Error.
  index::TxChanges step(const index::Ledger& state, Progress& progress,
                        const query::QueryOptions& options, EffectLog& log) const;

  // The plan of the match, without running it.
  query::PlanInfo explain(const index::Ledger& ledger, const query::QueryOptions& options) const;

 private:
  const query::value::Parameters& parameters_;
  RowQuery match_;
  CreateWriter create_;
  std::vector<SetWriter> onMatch_, onCreate_;
};

}  // namespace cairn::cypher
