#include "cypher/statement/statement_pipeline.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "core/error.h"
#include "cypher/statement/merge_stage.h"
#include "cypher/statement/row_table.h"
#include "cypher/translate/query_translator.h"
#include "cypher/write/create_writer.h"
#include "cypher/write/cypher_commit.h"
#include "cypher/write/delete_writer.h"
#include "cypher/write/effect_log.h"
#include "cypher/write/graph_edits.h"
#include "cypher/write/set_writer.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/graph/snapshot_graph_access.h"
#include "query/graph/stored_facts.h"
#include "query/value/value_errors.h"

namespace cairn::cypher {

using query::value::Value;

struct StatementPipeline::Stage {
  enum class Kind { kRead, kCreate, kMerge, kSet, kDelete, kForeachBegin, kForeachEnd };
  Kind kind = Kind::kRead;
  // kRead: the clauses as one query over the rows so far.
  RowQuery query;
  bool returns = false;  // ends with RETURN: its rows are the statement's answer
  std::optional<CreateWriter> create;
  std::optional<MergeStage> merge;
  std::optional<SetWriter> set;  // SET and REMOVE
  std::optional<DeleteWriter> remove;
  // kForeachBegin: each row becomes one row per element of `list`, binding `variable`; the rows
  // before are set aside until the matching kForeachEnd brings them back.
  std::optional<RowPrograms> programs;
  std::optional<query::value::ValueProgram> list;
  std::string variable;
};

namespace {

using Stage = StatementPipeline::Stage;

// FOREACH's rows: each row once per element of the stage's list (null: none), binding the
// stage's variable. Throws kTypeError for a list that is not one.
std::vector<BoundVariables> unnest(const Stage& stage, const std::vector<BoundVariables>& rows,
                                   query::value::EvalContext& ctx) {
  std::vector<BoundVariables> out;
  for (const BoundVariables& row : rows) {
    const std::vector<Value> values = stage.programs->values(row);
    const Value list = stage.list->evaluate(query::value::SpanRow(values), ctx);
    if (list.isNull()) continue;
    if (list.kind() != query::value::ValueKind::kList) {
      throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentType",
                        "FOREACH needs a list, got " + query::value::describeValue(list));
    }
    for (const Value& element : list.asList()) {
      BoundVariables inner = row;
      inner.insert_or_assign(stage.variable, element);
      out.push_back(std::move(inner));
    }
  }
  return out;
}

void runUpdate(const Stage& stage, const index::Ledger& state,
               const query::value::Parameters& parameters, RowTable& rows,
               std::vector<RowTable>& setAside, EffectLog& log, index::TxChanges& changes) {
  const query::graph::SnapshotGraphAccess stored(state, UINT64_MAX);
  const query::graph::StoredFacts facts(state);
  switch (stage.kind) {
    case Stage::Kind::kCreate: {
      CreateState created(
          parameters, state.root().blankNodes + 1, &stored,
          [&facts](std::string_view iri) { return facts.iri(iri).value_or(core::kNoNode); });
      for (BoundVariables& row : rows.rows) stage.create->write(row, created, changes);
      rows.columns = stage.create->scopeAfter();
      logCreations(created, log);
      return;
    }
    case Stage::Kind::kSet: {
      GraphEdits edits(stored);
      query::value::EvalContext ctx;
      ctx.parameters = &parameters;
      ctx.graph = &edits;
      for (const BoundVariables& row : rows.rows) stage.set->apply(row, edits, ctx);
      edits.appendChanges(facts, changes, log);
      return;
    }
    case Stage::Kind::kDelete: {
      query::value::EvalContext ctx;
      ctx.parameters = &parameters;
      ctx.graph = &stored;
      DeleteTargets targets;
      for (const BoundVariables& row : rows.rows) stage.remove->collect(row, ctx, targets);
      stage.remove->appendDeletes(targets, facts, changes, log);
      return;
    }
    case Stage::Kind::kForeachBegin: {
      query::value::EvalContext ctx;
      ctx.parameters = &parameters;
      ctx.graph = &stored;
      std::vector<BoundVariables> inner = unnest(stage, rows.rows, ctx);
      setAside.push_back(std::move(rows));
      rows.rows = std::move(inner);
      return;
    }
    case Stage::Kind::kForeachEnd:
      rows = std::move(setAside.back());
      setAside.pop_back();
      return;
    case Stage::Kind::kRead:
    case Stage::Kind::kMerge:  // steps of its own (StatementPipeline::run)
      break;
  }
}

}  // namespace

StatementPipeline::StatementPipeline(const ast::SingleQuery& part,
                                     const query::value::Parameters& parameters,
                                     const TranslateContext& context)
    : parameters_(parameters) {
  std::vector<std::string> scope;
  bool started = false;  // a stage before: reading stages continue from rows
  for (size_t i = 0; i < part.clauses.size(); started = true) {
    if (ast::isUpdatingClause(part.clauses[i]->kind())) {
      addUpdate(*part.clauses[i++], scope, context);
      continue;
    }
    size_t end = i;
    while (end < part.clauses.size() && !ast::isUpdatingClause(part.clauses[end]->kind())) ++end;
    auto stage = std::make_unique<Stage>();
    stage->kind = Stage::Kind::kRead;
    RowQuery& q = stage->query;
    if (started) q.inputColumns = scope;
    q.query = translateSegment(part, i, end, q.inputColumns, parameters, &q.input, context);
    stage->returns = part.clauses[end - 1]->kind() == ast::ClauseKind::kReturn;
    scope = q.query.columns;
    if (stage->returns) columns_ = q.query.columns;
    stages_.push_back(std::move(stage));
    i = end;
  }
}

void StatementPipeline::addUpdate(const ast::Clause& clause, std::vector<std::string>& scope,
                                  const TranslateContext& context) {
  auto stage = std::make_unique<Stage>();
  switch (clause.kind()) {
    case ast::ClauseKind::kCreate:
      stage->kind = Stage::Kind::kCreate;
      stage->create.emplace(clause.as<ast::CreateClause>(), scope);
      scope = stage->create->scopeAfter();
      break;
    case ast::ClauseKind::kMerge:
      stage->kind = Stage::Kind::kMerge;
      stage->merge.emplace(clause.as<ast::MergeClause>(), scope, parameters_, context);
      scope = stage->merge->scopeAfter();
      break;
    case ast::ClauseKind::kSet:
      stage->kind = Stage::Kind::kSet;
      stage->set.emplace(clause.as<ast::SetClause>().items, scope);
      break;
    case ast::ClauseKind::kRemove:
      stage->kind = Stage::Kind::kSet;
      stage->set.emplace(clause.as<ast::RemoveClause>().items, scope);
      break;
    case ast::ClauseKind::kDelete:
      stage->kind = Stage::Kind::kDelete;
      stage->remove.emplace(clause.as<ast::DeleteClause>(), scope);
      break;
    case ast::ClauseKind::kForeach: {
      // The inner clauses run as stages of their own over the unnested rows, clause after
      // clause; what they bind stays inside.
      const auto& foreach = clause.as<ast::ForeachClause>();
      stage->kind = Stage::Kind::kForeachBegin;
      stage->programs.emplace(scope);
      stage->list = stage->programs->compile(*foreach.list);
      stage->variable = foreach.variable;
      stages_.push_back(std::move(stage));
      std::vector<std::string> inner = scope;
      if (std::find(inner.begin(), inner.end(), foreach.variable) == inner.end()) {
        inner.push_back(foreach.variable);
      }
      for (const auto& nested : foreach.clauses) addUpdate(*nested, inner, context);
      stage = std::make_unique<Stage>();
      stage->kind = Stage::Kind::kForeachEnd;
      break;
    }
    default:
      throw core::Error(core::ErrorCode::kUnsupported,
                        std::string(ast::clauseKindName(clause.kind())) + " is not supported yet",
                        clause.position().line, clause.position().column);
  }
  stages_.push_back(std::move(stage));
}

StatementPipeline::~StatementPipeline() = default;

StatementPipeline::Result StatementPipeline::run(index::LiveLedger& ledger,
                                                 const query::QueryOptions& options,
                                                 query::ValueSink& sink) const {
  Result result;
  RowTable rows;
  std::vector<RowTable> setAside;  // the rows outside each FOREACH being run
  EffectLog log;
  const index::Ledger* start = nullptr;
  bool firstRead = true;
  const bool wantPlans = options.analyze || options.reportPlan;
  CypherCommit commit;
  auto read = [&](const Stage& stage, const index::Ledger& state) {
    query::QueryReport report =
        runOverRows(stage.query, rows.rows, state, parameters_, options, rows, &log.deleted());
    if (wantPlans) result.plans.push_back(report.plan);
    if (firstRead) result.firstReading = std::move(report);
    firstRead = false;
  };

  index::Transaction tx;
  tx.message = R"({"source":"cypher"})";
  const Stage* pendingRead = nullptr;
  for (const auto& stage : stages_) {
    if (stage->kind == Stage::Kind::kRead) {
      pendingRead = stage.get();
      continue;
    }
    const Stage* before = std::exchange(pendingRead, nullptr);
    const Stage* update = stage.get();
    // A MERGE step runs again after each row that changed the graph (merge_stage.h); its
    // progress lives as long as the commit.
    auto merging = std::make_shared<std::optional<MergeStage::Progress>>();
    tx.steps.push_back(commit.step([&, before, update, merging](const index::Ledger& state) {
      if (start == nullptr) start = &state;
      const bool firstRun = update->kind != Stage::Kind::kMerge || !merging->has_value();
      if (firstRun && before != nullptr) read(*before, state);
      index::TxChanges changes;
      if (update->kind != Stage::Kind::kMerge) {
        runUpdate(*update, state, parameters_, rows, setAside, log, changes);
        return changes;
      }
      if (firstRun) merging->emplace().input = std::move(rows.rows);
      MergeStage::Progress& progress = **merging;
      changes = update->merge->step(state, progress, options, log);
      if (!changes.again) {
        rows.rows = std::move(progress.output);
        rows.columns = update->merge->scopeAfter();
        if (wantPlans && progress.plan) result.plans.push_back(std::move(*progress.plan));
      }
      return changes;
    }));
  }

  // The last step reads the state every update left: the trailing reading clauses and the
  // counters.
  const Stage* trailing = pendingRead;
  tx.steps.push_back(commit.step([&, trailing](const index::Ledger& state) {
    if (start == nullptr) start = &state;
    if (trailing != nullptr) read(*trailing, state);
    result.counters = log.count(*start, state);
    return index::TxChanges{};
  }));
  result.t = commit.commit(ledger, std::move(tx)).t;

  // RETURN's rows, their entities read as of the commit.
  const auto snapshot = ledger.snapshot();
  const query::graph::SnapshotGraphAccess graph(*snapshot, result.t);
  sink.begin(columns_, graph);
  if (trailing != nullptr && trailing->returns) {
    std::vector<Value> values(columns_.size());
    for (const BoundVariables& row : rows.rows) {
      for (size_t i = 0; i < columns_.size(); ++i) {
        auto it = row.find(columns_[i]);
        values[i] = it == row.end() ? Value() : it->second;
      }
      sink.row(values);
    }
  }
  sink.end();
  return result;
}

std::vector<query::PlanInfo> StatementPipeline::explain(const index::Ledger& ledger,
                                                        const query::QueryOptions& options) const {
  std::vector<query::PlanInfo> plans;
  for (const auto& stage : stages_) {
    if (stage->kind == Stage::Kind::kMerge) {
      plans.push_back(stage->merge->explain(ledger, options));
    } else if (stage->kind == Stage::Kind::kRead) {
      plans.push_back(explainRowQuery(stage->query, ledger, parameters_, options));
    }
  }
  return plans;
}

}  // namespace cairn::cypher
