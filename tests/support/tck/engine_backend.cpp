#include "tests/support/tck/engine_backend.h"

#include <stdexcept>

#include "core/error.h"
#include "cypher/parser/parser.h"
#include "cypher/statement/statement_pipeline.h"
#include "cypher/statement/statement_plan.h"
#include "cypher/statement/statement_runner.h"
#include "cypher/translate/query_translator.h"
#include "cypher/write/create_writer.h"
#include "index/write/live_ledger.h"
#include "query/value/value_compare.h"
#include "query/value/value_text.h"
#include "tests/support/test_ledger.h"

namespace cairn::tck {

namespace {

using query::value::Value;

Value toValue(const TckValue& v) {
  switch (v.kind()) {
    case TckValue::Kind::kNull:
      return Value();
    case TckValue::Kind::kBoolean:
      return Value::boolean(v.asBoolean());
    case TckValue::Kind::kInteger:
      return Value::integer(v.asInteger());
    case TckValue::Kind::kFloat:
      return Value::floating(v.asFloat());
    case TckValue::Kind::kString:
      return Value::string(v.asString());
    case TckValue::Kind::kList: {
      Value::List items;
      for (const TckValue& e : v.asList()) items.push_back(toValue(e));
      return Value::list(std::move(items));
    }
    case TckValue::Kind::kMap: {
      Value::Map entries;
      for (const auto& [k, e] : v.asMap()) entries.emplace_back(k, toValue(e));
      return Value::map(std::move(entries));
    }
    default:
      throw std::invalid_argument("a graph entity as a parameter: " + v.toString());
  }
}

// Rows as TckValues, through each value's TCK text (query/value/value_text.h), read while the
// engine's graph access is valid.
class TckRows final : public query::ValueSink {
 public:
  void begin(const std::vector<std::string>& columns,
             const query::value::GraphAccess& graph) override {
    columns_ = columns;
    graph_ = &graph;
  }
  void row(std::span<const Value> values) override {
    std::vector<TckValue> out;
    out.reserve(values.size());
    for (const Value& v : values) out.push_back(parseTckValue(query::value::toText(v, graph_)));
    rows_.push_back(std::move(out));
  }
  void end() override { graph_ = nullptr; }

  std::vector<std::string> columns_;
  std::vector<std::vector<TckValue>> rows_;

 private:
  const query::value::GraphAccess* graph_ = nullptr;
};

// The error classes this engine raises before running anything; MergeReadOwnWrites is the one
// semantic error found while running (a MERGE property value that turns out null).
bool isCompileTime(const core::Error& e) {
  if (e.detail() == "MergeReadOwnWrites") return false;
  // A CALL's procedure and implicit arguments are resolved at translation, before anything runs.
  if (e.detail() == "ProcedureNotFound" || e.detail() == "MissingParameter") return true;
  return e.code() == core::ErrorCode::kSyntaxError || e.code() == core::ErrorCode::kSemanticError;
}

}  // namespace

struct EngineBackend::Graph {
  testing::TestLedger base;
  std::shared_ptr<index::LiveLedger> live;
};

EngineBackend::EngineBackend() = default;
EngineBackend::~EngineBackend() = default;

void EngineBackend::resetToEmptyGraph() {
  graph_ = std::make_unique<Graph>();
  graph_->base = testing::makeTestLedger({});
  auto opened = index::LiveLedger::open(*graph_->base.blobs, *graph_->base.heads, "test", nullptr,
                                        index::IndexConfig::defaults());
  if (!opened.isOk()) throw std::runtime_error(opened.status().toString());
  graph_->live = std::move(opened).value();
  proceduresDefined_ = false;
  procedures_ = query::value::ProcedureCatalog();
  compiler_.resetToEmptyGraph();
}

void EngineBackend::defineProcedure(const ProcedureSpec& spec) {
  proceduresDefined_ = true;
  compiler_.defineProcedure(spec);
  query::value::Procedure procedure;
  procedure.signature.name = spec.name;
  for (const auto& f : spec.inputs) procedure.signature.inputs.push_back({f.name, f.type});
  for (const auto& f : spec.outputs) procedure.signature.outputs.push_back({f.name, f.type});
  std::vector<std::vector<Value>> table;
  for (const auto& row : spec.rows) {
    std::vector<Value> values;
    for (const TckValue& cell : row) values.push_back(toValue(cell));
    table.push_back(std::move(values));
  }
  const size_t inputs = spec.inputs.size();
  procedure.call = [table = std::move(table), inputs](std::span<const Value> args,
                                                      query::value::EvalContext&) {
    std::vector<std::vector<Value>> out;
    for (const auto& row : table) {
      bool match = true;
      for (size_t i = 0; i < inputs && match; ++i) {
        const auto equal = query::value::equals(row[i], args[i]);
        match = equal ? *equal : (row[i].isNull() && args[i].isNull());
      }
      if (match) out.emplace_back(row.begin() + static_cast<ptrdiff_t>(inputs), row.end());
    }
    return out;
  };
  procedures_.add(std::move(procedure));
}

const std::optional<std::string>& EngineBackend::declined(const std::string& query) const {
  if (haveVerdict_ && query == lastQuery_) return lastDeclined_;
  lastQuery_ = query;
  haveVerdict_ = true;
  lastDeclined_.reset();
  cypher::ast::Statement statement;
  try {
    statement = cypher::parseStatement(query);
  } catch (const core::Error& e) {
    if (e.code() == core::ErrorCode::kUnsupported) lastDeclined_ = e.message();
    return lastDeclined_;  // a rejected statement's outcome is its error
  }
  try {
    if (statement.mode != cypher::ast::StatementMode::kNormal) {
      lastDeclined_ = "EXPLAIN / PROFILE";
      return lastDeclined_;
    }
    const std::optional<size_t> firstUpdate = cypher::firstUpdatingClause(statement.query);
    // Translation without parameters: only a decline matters here; other errors are the
    // statement's outcome (or come from a missing parameter, which execution supplies).
    if (!firstUpdate) {
      cypher::translateQuery(statement.query, {});
    } else if (statement.query.parts.size() != 1) {
      lastDeclined_ = "updating clauses in a UNION";
      return lastDeclined_;
    } else if (!cypher::isCreateAndUnwindOnly(statement.query.parts[0])) {
      const query::value::Parameters none;
      cypher::TranslateContext context;
      context.procedures = &procedures_;
      const cypher::StatementPipeline pipeline(statement.query.parts[0], none, context);
    }
  } catch (const core::Error& e) {
    if (e.code() == core::ErrorCode::kUnsupported) lastDeclined_ = e.message();
  }
  return lastDeclined_;
}

bool EngineBackend::canExecute(const std::string& query) const { return !declined(query); }

std::string EngineBackend::cannotExecuteReason(const std::string& query) const {
  const auto& why = declined(query);
  return why ? "not built: " + *why : "runs";
}

TckResult EngineBackend::execute(const std::string& query, const TckParameters& parameters) {
  TckResult result;
  if (auto error = compiler_.compile(query)) {
    result.error = *error;
    result.sideEffects = TckSideEffects{};
    return result;
  }
  query::value::Parameters values;
  for (const auto& [name, value] : parameters) values.emplace(name, toValue(value));
  TckRows rows;
  query::QueryOptions options;
  options.procedures = &procedures_;
  try {
    const cypher::StatementReport report =
        cypher::runStatement(*graph_->live, query, values, options, rows);
    result.columns = rows.columns_;
    result.rows = std::move(rows.rows_);
    TckSideEffects effects;
    const cypher::UpdateCounters& c = report.counters;
    effects.nodesCreated = static_cast<int64_t>(c.nodesCreated);
    effects.nodesDeleted = static_cast<int64_t>(c.nodesDeleted);
    effects.relationshipsCreated = static_cast<int64_t>(c.relationshipsCreated);
    effects.relationshipsDeleted = static_cast<int64_t>(c.relationshipsDeleted);
    effects.propertiesSet = static_cast<int64_t>(c.propertiesSet);
    effects.propertiesRemoved = static_cast<int64_t>(c.propertiesRemoved);
    effects.labelsAdded = static_cast<int64_t>(c.labelsAdded);
    effects.labelsRemoved = static_cast<int64_t>(c.labelsRemoved);
    result.sideEffects = effects;
  } catch (const core::Error& e) {
    result.error = tckErrorFromCoreError(e, isCompileTime(e));
    result.sideEffects = TckSideEffects{};
  }
  return result;
}

std::optional<TckError> EngineBackend::compile(const std::string& query) {
  return compiler_.compile(query);
}

bool EngineBackend::compileDetects(const std::string& errorClass) const {
  return compiler_.compileDetects(errorClass);
}

std::string EngineBackend::describe() const {
  return "engine (cypher::runStatement over an in-memory ledger per scenario)";
}

}  // namespace cairn::tck
