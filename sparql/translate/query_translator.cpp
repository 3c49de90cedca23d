#include "sparql/translate/query_translator.h"

#include <algorithm>
#include <set>

#include "core/error.h"

namespace cairn::sparql {

using query::Algebra;
using query::AlgebraKind;
using query::AlgebraPtr;

namespace {

[[noreturn]] void fail(std::string message, SourcePosition at) {
  throw core::Error(core::ErrorCode::kSyntaxError, std::move(message), at.line, at.column);
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// §11.4: with grouping, a projected variable must be a group key, and a SELECT expression may
// use only keys, aggregates and variables introduced by earlier SELECT expressions.
void checkGrouping(const QueryClauses& q) {
  if (q.isSelect && q.selectAll) {
    fail("SELECT * is not allowed in a query with GROUP BY or aggregates", q.selectPosition);
  }
  std::set<std::string> allowed;
  for (const auto& key : q.groupBy) {
    if (!key.variable.empty()) allowed.insert(key.variable);
  }
  for (const auto& agg : q.aggregates) allowed.insert(agg.resultVariable);
  for (const auto& item : q.items) {
    if (!item.expr) {
      if (!allowed.contains(item.variable)) {
        fail("variable ?" + item.variable +
                 " is projected but neither grouped nor aggregated (use GROUP BY ?" +
                 item.variable + " or an aggregate such as SAMPLE)",
             item.position);
      }
      continue;
    }
    for (const auto& name : query::referencedVariables(*item.expr)) {
      if (!allowed.contains(name)) {
        fail("variable ?" + name + " in the expression for ?" + item.variable +
                 " is neither grouped nor inside an aggregate",
             item.position);
      }
    }
    allowed.insert(item.variable);
  }
}

}  // namespace

TranslatedQuery translateQuery(QueryClauses q) {
  AlgebraPtr pattern = q.where;
  const std::vector<std::string> whereScope = query::inScopeVariables(*pattern);

  const bool grouped = q.hasGroupBy || !q.aggregates.empty();
  if (grouped) {
    checkGrouping(q);
    auto group = std::make_shared<query::GroupNode>(std::vector<AlgebraPtr>{pattern});
    group->keys = q.groupBy;
    group->aggregates = q.aggregates;
    pattern = group;
  }
  if (!q.having.empty()) {
    auto filter = std::make_shared<query::FilterNode>(std::vector<AlgebraPtr>{pattern});
    filter->filters = q.having;
    pattern = filter;
  }
  if (q.values) {
    pattern = std::make_shared<query::JoinNode>(std::vector<AlgebraPtr>{pattern, q.values});
  }

  std::vector<std::string> selected;
  for (auto& item : q.items) {
    if (contains(selected, item.variable)) {
      if (item.expr) {
        fail("variable ?" + item.variable + " is already selected; AS must introduce a new one",
             item.position);
      }
      continue;
    }
    if (item.expr) {
      if (contains(whereScope, item.variable)) {
        fail("variable ?" + item.variable +
                 " is already bound by the WHERE clause; AS must introduce a new variable",
             item.position);
      }
      auto extend = std::make_shared<query::ExtendNode>(std::vector<AlgebraPtr>{pattern});
      extend->variable = item.variable;
      extend->expr = *item.expr;
      pattern = extend;
    }
    selected.push_back(item.variable);
  }

  if (!q.order.empty()) {
    auto orderBy = std::make_shared<query::OrderByNode>(std::vector<AlgebraPtr>{pattern});
    orderBy->order = q.order;
    pattern = orderBy;
  }

  TranslatedQuery out;
  if (q.isSelect) {
    if (q.selectAll) {
      for (auto& name : query::inScopeVariables(*pattern)) {
        if (!name.starts_with('.')) out.projection.push_back(std::move(name));
      }
    } else {
      out.projection = selected;
    }
    auto project = std::make_shared<query::ProjectNode>(std::vector<AlgebraPtr>{pattern});
    project->variables = out.projection;
    pattern = project;
  }
  if (q.distinct) {
    pattern = std::make_shared<query::DistinctNode>(std::vector<AlgebraPtr>{pattern});
  }
  if (q.reduced) pattern = std::make_shared<query::ReducedNode>(std::vector<AlgebraPtr>{pattern});
  if (q.offset > 0 || q.limit) {
    auto slice = std::make_shared<query::SliceNode>(std::vector<AlgebraPtr>{pattern});
    slice->offset = q.offset;
    slice->limit = q.limit;
    pattern = slice;
  }
  out.pattern = pattern;
  return out;
}

}  // namespace cairn::sparql
