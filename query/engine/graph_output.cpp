#include "query/engine/graph_output.h"

#include <unordered_set>

#include "query/exec/triple_source.h"

namespace cairn::query {

namespace {

// Distinct triples, charged to the memory budget as "Construct".
class TripleSet {
 public:
  TripleSet(ExecContext& ctx, ResultSink& sink) : ctx_(ctx), sink_(sink) {}
  ~TripleSet() { ctx_.charge(-charged_, "Construct"); }

  void add(const core::Term& s, const core::Term& p, const core::Term& o) {
    std::string key = core::toNTriples(s) + ' ' + core::toNTriples(p) + ' ' + core::toNTriples(o);
    int64_t bytes = static_cast<int64_t>(key.size() + 48);
    if (!seen_.insert(std::move(key)).second) return;
    ctx_.charge(bytes, "Construct");
    charged_ += bytes;
    sink_.triple(s, p, o);
    ++count_;
  }
  uint64_t count() const { return count_; }

 private:
  ExecContext& ctx_;
  ResultSink& sink_;
  std::unordered_set<std::string> seen_;
  int64_t charged_ = 0;
  uint64_t count_ = 0;
};

}  // namespace

uint64_t constructTriples(ExecContext& ctx, Operator& solutions,
                          const std::vector<TriplePattern>& tmpl, ResultSink& sink) {
  TripleSet out(ctx, sink);
  Batch batch;
  uint64_t solution = 0;
  while (solutions.next(batch)) {
    for (size_t r = 0; r < batch.rows; ++r, ++solution) {
      auto instantiate = [&](const PatternTerm& t) -> std::optional<core::Term> {
        if (t.isVariable) {
          int c = solutions.column(t.variable);
          if (c < 0 || !batch.columns[c][r].isBound()) return std::nullopt;
          return ctx.terms().decode(batch.columns[c][r]);
        }
        if (t.term.kind == core::TermKind::kBlank) {
          // Fresh per solution; the 'c' prefix keeps clear of stored labels ("b<n>").
          return core::Term::blank("c" + std::to_string(solution) + "_" + t.term.value);
        }
        return t.term;
      };
      for (const TriplePattern& t : tmpl) {
        auto s = instantiate(t.subject);
        auto p = instantiate(t.predicate);
        auto o = instantiate(t.object);
        if (!s || !p || !o) continue;
        if (s->kind == core::TermKind::kLiteral || p->kind != core::TermKind::kIri) continue;
        out.add(*s, *p, *o);
      }
    }
  }
  return out.count();
}

uint64_t describeResources(ExecContext& ctx, Operator& solutions, const Query& query,
                           ResultSink& sink) {
  std::vector<ValueId> resources;
  std::unordered_set<ValueId, ValueIdHash> seen;
  auto addResource = [&](ValueId v) {
    if (v.isBound() && seen.insert(v).second) resources.push_back(v);
  };
  std::vector<int> columns;
  for (const PatternTerm& d : query.describe) {
    if (!d.isVariable) {
      addResource(ctx.terms().encode(d.term));
    } else {
      columns.push_back(solutions.column(d.variable));
    }
  }
  if (query.describeAll) {
    for (size_t c = 0; c < solutions.variables().size(); ++c) {
      if (solutions.variables()[c].rfind('.', 0) != 0) columns.push_back(static_cast<int>(c));
    }
  }
  if (!columns.empty()) {
    Batch batch;
    while (solutions.next(batch)) {
      for (size_t r = 0; r < batch.rows; ++r) {
        for (int c : columns) {
          if (c >= 0) addResource(batch.columns[c][r]);
        }
      }
    }
  }
  TripleSet out(ctx, sink);
  for (const ValueId& resource : resources) {
    if (!core::isNode(resource.type)) continue;
    const core::Term subject = ctx.terms().decode(resource);
    TripleSource(ctx, ctx.defaultScope(), TripleAccess{resource, {}, {}, false}, "Describe")
        .forEachRow([&](ValueId, ValueId p, ValueId o) {
          out.add(subject, ctx.terms().decode(p), ctx.terms().decode(o));
        });
  }
  return out.count();
}

}  // namespace cairn::query
