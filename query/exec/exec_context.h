#pragma once
// ExecContext: the state one query execution shares across its operators — the ledger snapshot,
// the options, the deadline and cancellation flag, the memory budget with its accounting, the
// term table, the expression function context, and the RDF dataset resolved to graph ids.
//
// Limits: checkLimits() (called by every Operator::next) throws core::Error kTimeout or
// kCancelled; charge() throws kResourceExhausted naming the operator that asked for the memory.
// Single-threaded, one per query execution.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "index/ledger/ledger.h"
#include "query/algebra/algebra.h"
#include "query/engine/query_engine.h"
#include "query/exec/term_table.h"
#include "query/exec/value_id.h"
#include "query/expr/function_context.h"

namespace cairn::query {

class CypherRuntime;
namespace value {
class Value;
}

// The graphs a pattern reads: the default graph is the merge of `graphs` (one entry for the
// store's default graph, several for FROM, none for an empty dataset).
struct GraphScope {
  std::vector<core::NodeId> graphs;
  bool operator==(const GraphScope&) const = default;
};

class ExecContext {
 public:
  static constexpr size_t kDefaultBatchRows = 1024;

  ExecContext(const index::Ledger& ledger, const QueryOptions& options, std::string baseIri);
  ~ExecContext();
  ExecContext(const ExecContext&) = delete;
  ExecContext& operator=(const ExecContext&) = delete;

  const index::Ledger& ledger() const { return ledger_; }
  const QueryOptions& options() const { return options_; }
  size_t batchRows() const { return batchRows_; }
  uint64_t asOf() const { return options_.asOf; }
  bool analyze() const { return options_.analyze; }
  // Whether anyone will read the operators' plan details (EXPLAIN, ANALYZE or a reported plan);
  // when not, operators skip rendering them (terms as N-Triples, ranges: microseconds a query).
  bool describesPlan() const { return options_.reportPlan || options_.analyze; }
  bool enabled(std::string_view rewrite) const {
    return options_.disabledRewrites.count(std::string(rewrite)) == 0;
  }

  // Throws kTimeout / kCancelled when the deadline passed or the query was cancelled.
  void checkLimits();

  // Memory accounting: `bytes` more (or fewer, when negative) retained by `op`.
  void charge(int64_t bytes, std::string_view op);
  uint64_t usedBytes() const { return used_; }
  uint64_t peakBytes() const { return peak_; }

  // The reader of one permutation of one graph, made once per query (nullptr: no such graph).
  const index::SnapshotReader* reader(core::NodeId graph, index::Permutation perm);

  TermTable& terms() { return terms_; }
  expr::FunctionContext& functions() { return functions_; }

  // The dataset: the default graph scope and the named graphs (FROM NAMED, or every named
  // graph of the store).
  const GraphScope& defaultScope() const { return defaultScope_; }
  const std::vector<core::NodeId>& namedGraphs() const { return namedGraphs_; }
  void setDataset(GraphScope defaultScope, std::vector<core::NodeId> named) {
    defaultScope_ = std::move(defaultScope);
    namedGraphs_ = std::move(named);
  }

  // EXISTS { pattern } evaluated for one solution (installed by the planner): the pattern with
  // the given bindings substituted, in the given graph scope.
  using ExistsEvaluator =
      std::function<bool(const Algebra& pattern, const GraphScope& scope,
                         const std::vector<std::string>& variables, const ValueRow& row)>;
  void setExistsEvaluator(ExistsEvaluator f) { exists_ = std::move(f); }
  const ExistsEvaluator& existsEvaluator() const { return exists_; }

  // The planner of this run, for the parts of a plan made while it runs (a batched left join's
  // right side per batch of keys, a pattern per named graph, EXISTS per row). Opaque here:
  // query/plan sits above query/exec (plan::Planner::of). Not owned.
  class RunPlanner {
   public:
    virtual ~RunPlanner() = default;
  };
  void setRunPlanner(RunPlanner* planner) { runPlanner_ = planner; }
  RunPlanner* runPlanner() const { return runPlanner_; }

  // Runs the query as a Cypher statement with these parameters (value::Parameters; spelled out
  // to keep this header light): makes the CypherRuntime that cypher() returns from then on.
  void enableCypher(std::map<std::string, value::Value, std::less<>> parameters);
  // The statement's CypherRuntime; nullptr unless enableCypher() was called (SPARQL).
  CypherRuntime* cypher() { return cypher_.get(); }
  // cypher(), for an operator that reads relationships or Cypher values itself: throws
  // core::Error(kUnsupported) naming `operatorName` when the query is not a Cypher statement.
  CypherRuntime& requireCypher(std::string_view operatorName);

 private:
  const index::Ledger& ledger_;
  const QueryOptions& options_;
  size_t batchRows_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  uint64_t used_ = 0;
  uint64_t peak_ = 0;
  uint64_t termBytesCharged_ = 0;
  TermTable terms_;
  expr::FunctionContext functions_;
  GraphScope defaultScope_;
  std::vector<core::NodeId> namedGraphs_;
  ExistsEvaluator exists_;
  RunPlanner* runPlanner_ = nullptr;
  std::map<std::pair<core::NodeId, index::Permutation>, std::optional<index::SnapshotReader>>
      readers_;
  // Last: it reads the term table and charges this context while it goes.
  std::unique_ptr<CypherRuntime> cypher_;
};

// A storage failure inside the engine becomes a user-visible error (kStorageError).
[[noreturn]] void throwStorageError(const core::Status& status);

}  // namespace cairn::query
