#pragma once
// An updating statement as a pipeline of stages over a table of rows, run as one commit
// (docs/cypher.md "Updating statements"). openCypher defines a statement clause by clause: each
// clause maps the rows before it to the rows after it and sees the writes of the clauses before
// it. The pipeline cuts the clauses into
//   - reading stages: each maximal run of reading clauses (MATCH, OPTIONAL MATCH, UNWIND, WITH,
//     RETURN), translated as one query of the shared engine that starts from the rows so far
//     (query::CypherInput) and runs on the state the earlier clauses left;
//   - updating stages: one per CREATE, MERGE, SET, REMOVE or DELETE clause, applied row by
//     row (MERGE matches and creates row after row, seeing its own writes: merge_stage.h);
//     FOREACH unnests its list into rows, runs its inner clauses as stages over them, then
//     brings back the rows before it.
// Each updating stage, with the reading stage before it, is one step of the transaction
// (index/write/transaction.h), so the next step reads its writes; a last step runs the trailing
// reading stage and compares what the statement touched before and after (effect_log.h). Any
// error drops the whole transaction: nothing is applied.

#include <memory>
#include <string>
#include <vector>

#include "cypher/ast/statement.h"
#include "cypher/translate/query_translator.h"
#include "cypher/write/update_counters.h"
#include "index/write/live_ledger.h"
#include "query/engine/cypher_query.h"
#include "query/engine/query_engine.h"

namespace cairn::cypher {

class StatementPipeline {
 public:
  // Compiles the clauses of `part` (checked by the semantic pass) in `context` (the ledger's
  // names, label counts and procedures; used while constructing only). Throws core::Error: the
  // compile-time errors of the clauses. `part` must outlive the pipeline.
  StatementPipeline(const ast::SingleQuery& part, const query::value::Parameters& parameters,
                    const TranslateContext& context);
  ~StatementPipeline();
  StatementPipeline(const StatementPipeline&) = delete;
  StatementPipeline& operator=(const StatementPipeline&) = delete;

  // RETURN's columns; empty without RETURN.
  const std::vector<std::string>& columns() const { return columns_; }

  struct Result {
    UpdateCounters counters;
    uint64_t t = 0;  // the commit's t, or the current t when nothing changed
    // The first reading stage's run; with options.analyze or reportPlan, `plans` holds every
    // reading stage's plan in order.
    query::QueryReport firstReading;
    std::vector<query::PlanInfo> plans;
  };
  // Runs the statement on `ledger` as one commit; after it committed, streams RETURN's rows
  // (read as of the commit) into `sink`. Throws core::Error (nothing committed then).
  Result run(index::LiveLedger& ledger, const query::QueryOptions& options,
             query::ValueSink& sink) const;

  // The plans of the reading stages on `ledger`, without running anything.
  std::vector<query::PlanInfo> explain(const index::Ledger& ledger,
                                       const query::QueryOptions& options) const;

  struct Stage;

 private:
  // Appends the stages of updating clause `clause` (FOREACH: its inner clauses between a
  // begin and an end stage) and updates `scope`.
  void addUpdate(const ast::Clause& clause, std::vector<std::string>& scope,
                 const TranslateContext& context);

  const query::value::Parameters& parameters_;
  std::vector<std::unique_ptr<Stage>> stages_;
  std::vector<std::string> columns_;
};

}  // namespace cairn::cypher
