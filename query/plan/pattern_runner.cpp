#include "query/plan/pattern_runner.h"

#include <optional>

#include "core/check.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/cypher_runtime.h"
#include "query/exec/outer_row.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

struct CypherPatternRunner::Plan {
  // Kept with the operators: some plan more of their input while they run (a seeded
  // CypherLeftJoin's right side), through the planner that made them (the run planner while
  // the pattern runs).
  std::unique_ptr<Planner> planner;
  OperatorPtr root;
  std::vector<OuterRow*> outerRows;
  const Bindings* outer = nullptr;  // the values of the evaluation running the plan
  bool busy = false;
};

namespace {

// The row of `outer`'s values for `variables` (unbound where `outer` has none, or null).
ValueRow outerValues(const std::vector<std::string>& variables,
                     const value::PatternRunner::Bindings& outer, CypherRuntime& runtime) {
  ValueRow row(variables.size());
  for (size_t i = 0; i < variables.size(); ++i) {
    for (const auto& [name, v] : outer) {
      if (name == variables[i]) {
        row[i] = runtime.toId(v);
        break;
      }
    }
  }
  return row;
}

// Makes `planner` the context's run planner while it lives, then gives the role back: what a
// pattern's operators plan, while it is planned or pulled, they plan with the planner that made
// them.
class RunPlannerScope {
 public:
  RunPlannerScope(ExecContext& ctx, Planner* planner) : ctx_(ctx), caller_(ctx.runPlanner()) {
    ctx_.setRunPlanner(planner);
  }
  ~RunPlannerScope() { ctx_.setRunPlanner(caller_); }
  RunPlannerScope(const RunPlannerScope&) = delete;
  RunPlannerScope& operator=(const RunPlannerScope&) = delete;

 private:
  ExecContext& ctx_;
  ExecContext::RunPlanner* caller_;
};

}  // namespace

// One evaluation: the pattern's plan, ready to pull with the evaluation's outer values. Marks a
// cached plan busy while it lives.
class CypherPatternRunner::Run {
 public:
  Run(CypherPatternRunner& runner, const Algebra& pattern, const Bindings& outer) {
    auto it = runner.plans_.find(&pattern);
    if (it != runner.plans_.end() && it->second && !it->second->busy) {
      plan_ = it->second.get();
      plan_->root->rewind();
      plan_->outer = &outer;
      for (OuterRow* row : plan_->outerRows) {
        row->set(outerValues(row->variables(), outer, *runner.ctx_.cypher()));
      }
    } else {
      oneOff_ = runner.makePlan(pattern, outer);
      plan_ = oneOff_.get();
      if (it == runner.plans_.end()) {
        const bool reusable = plan_->root->rewindable();
        it = runner.plans_.emplace(&pattern, reusable ? std::move(oneOff_) : nullptr).first;
      }
    }
    plan_->busy = true;
    planning_.emplace(runner.ctx_, plan_->planner.get());
  }
  ~Run() {
    planning_.reset();
    plan_->busy = false;
    plan_->outer = nullptr;
  }
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  Operator& root() { return *plan_->root; }

 private:
  Plan* plan_ = nullptr;
  std::unique_ptr<Plan> oneOff_;             // a plan for this evaluation only
  std::optional<RunPlannerScope> planning_;  // while the plan is pulled
};

CypherPatternRunner::CypherPatternRunner(ExecContext& ctx, GraphScope scope)
    : ctx_(ctx), scope_(std::move(scope)) {
  CAIRN_CHECK(ctx.cypher() != nullptr, "a pattern runner outside a Cypher statement");
}

CypherPatternRunner::~CypherPatternRunner() = default;

std::unique_ptr<CypherPatternRunner::Plan> CypherPatternRunner::makePlan(const Algebra& pattern,
                                                                         const Bindings& outer) {
  auto plan = std::make_unique<Plan>();
  plan->planner = std::make_unique<Planner>(ctx_);
  plan->outer = &outer;
  Plan* raw = plan.get();
  plan->planner->setOuterRowSource([this, raw](const ValuesNode& node) -> OperatorPtr {
    auto op = std::make_unique<OuterRow>(ctx_, node.variables);
    if (raw->outer != nullptr) op->set(outerValues(node.variables, *raw->outer, *ctx_.cypher()));
    raw->outerRows.push_back(op.get());
    return op;
  });
  {
    RunPlannerScope planning(ctx_, plan->planner.get());
    plan->root = plan->planner->plan(pattern, scope_);
  }
  ++plansMade_;
  return plan;
}

bool CypherPatternRunner::exists(const Algebra& pattern, const Bindings& outer) {
  Run run(*this, pattern, outer);
  Batch batch;
  return run.root().next(batch);
}

std::vector<std::vector<value::Value>> CypherPatternRunner::matches(
    const Algebra& pattern, const Bindings& outer, const std::vector<std::string>& variables) {
  Run run(*this, pattern, outer);
  Operator& root = run.root();
  CypherRuntime& runtime = *ctx_.cypher();
  std::vector<int> columns;
  columns.reserve(variables.size());
  for (const auto& v : variables) columns.push_back(root.column(v));

  // The matches are held until the comprehension has evaluated them: charged meanwhile.
  struct Charge {
    ExecContext& ctx;
    int64_t bytes = 0;
    ~Charge() {
      if (bytes > 0) ctx.charge(-bytes, "PatternComprehension");  // a release never throws
    }
  } charged{ctx_};
  std::vector<std::vector<value::Value>> out;
  Batch batch;
  while (root.next(batch)) {
    int64_t bytes = 0;
    for (size_t r = 0; r < batch.rows; ++r) {
      std::vector<value::Value> match(columns.size());
      for (size_t i = 0; i < columns.size(); ++i) {
        if (columns[i] >= 0) match[i] = runtime.toValue(batch.columns[columns[i]][r]);
        bytes += static_cast<int64_t>(valueBytes(match[i]));
      }
      out.push_back(std::move(match));
    }
    charged.bytes += bytes;
    ctx_.charge(bytes, "PatternComprehension");
  }
  return out;
}

}  // namespace cairn::query::plan
