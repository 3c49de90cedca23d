#include "cypher/statement/merge_stage.h"

#include <utility>

#include "cypher/write/graph_edits.h"
#include "query/graph/snapshot_graph_access.h"
#include "query/graph/stored_facts.h"

namespace cairn::cypher {

MergeStage::MergeStage(const ast::MergeClause& clause, const std::vector<std::string>& scope,
                       const query::value::Parameters& parameters, const TranslateContext& context)
    : parameters_(parameters), create_(clause.pattern, scope) {
  match_.inputColumns = scope;
  match_.query = translatePatternMatch(clause.pattern, scope, parameters, &match_.input, context);
  for (const ast::MergeAction& action : clause.actions) {
    (action.onMatch ? onMatch_ : onCreate_).emplace_back(action.items, create_.scopeAfter());
  }
}

MergeStage::~MergeStage() = default;
MergeStage::MergeStage(MergeStage&&) noexcept = default;

namespace {

// Applies `writers` to output rows [first, end) of `progress`; returns whether anything changed.
bool applySets(const std::vector<SetWriter>& writers, const std::vector<BoundVariables>& rows,
               size_t first, const index::Ledger& state, const query::value::Parameters& parameters,
               EffectLog& log, index::TxChanges& changes) {
  if (writers.empty()) return false;
  const query::graph::SnapshotGraphAccess stored(state, UINT64_MAX);
  GraphEdits edits(stored);
  query::value::EvalContext ctx;
  ctx.parameters = &parameters;
  ctx.graph = &edits;
  for (size_t i = first; i < rows.size(); ++i) {
    for (const SetWriter& writer : writers) writer.apply(rows[i], edits, ctx);
  }
  if (edits.empty()) return false;
  edits.appendChanges(query::graph::StoredFacts(state), changes, log);
  return true;
}

}  // namespace

index::TxChanges MergeStage::step(const index::Ledger& state, Progress& progress,
                                  const query::QueryOptions& options, EffectLog& log) const {
  index::TxChanges changes;
  if (progress.created) {
    const size_t row = *std::exchange(progress.created, std::nullopt);
    if (applySets(onCreate_, progress.output, row, state, parameters_, log, changes)) {
      changes.again = progress.next < progress.input.size();
      return changes;
    }
  }
  while (progress.next < progress.input.size()) {
    const BoundVariables& row = progress.input[progress.next++];
    RowTable matched;
    query::QueryReport report = runOverRows(match_, std::span(&row, 1), state, parameters_, options,
                                            matched, &log.deleted());
    if ((options.analyze || options.reportPlan) && !progress.plan) {
      progress.plan = std::move(report.plan);
    }
    if (!matched.rows.empty()) {
      const size_t first = progress.output.size();
      for (BoundVariables& m : matched.rows) progress.output.push_back(std::move(m));
      if (applySets(onMatch_, progress.output, first, state, parameters_, log, changes)) {
        changes.again = progress.next < progress.input.size();
        return changes;
      }
      continue;
    }
    const query::graph::SnapshotGraphAccess stored(state, UINT64_MAX);
    const query::graph::StoredFacts facts(state);
    CreateState created(
        parameters_, state.root().blankNodes + 1, &stored,
        [&facts](std::string_view iri) { return facts.iri(iri).value_or(core::kNoNode); });
    BoundVariables out = row;
    create_.write(out, created, changes);
    logCreations(created, log);
    progress.output.push_back(std::move(out));
    if (!onCreate_.empty()) progress.created = progress.output.size() - 1;
    changes.again = progress.created.has_value() || progress.next < progress.input.size();
    return changes;
  }
  return changes;
}

query::PlanInfo MergeStage::explain(const index::Ledger& ledger,
                                    const query::QueryOptions& options) const {
  return explainRowQuery(match_, ledger, parameters_, options);
}

}  // namespace cairn::cypher
