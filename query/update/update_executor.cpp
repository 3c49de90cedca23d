#include "query/update/update_executor.h"

#include <chrono>
#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <variant>

#include "core/error.h"
#include "query/engine/result_sink.h"

namespace cairn::query {
namespace {

using core::Term;
using core::TermKind;
using index::TxQuad;
using index::TxTerm;
using Clock = std::chrono::steady_clock;

[[noreturn]] void throwStatus(const core::Status& status) {
  throw core::Error(core::ErrorCode::kStorageError, status.toString());
}

// A term read from a solution: blank nodes are the ledger's own (decoded as _:b<ordinal>), so
// they are looked up rather than made anew.
TxTerm solutionTerm(const index::Ledger& state, const Term& term) {
  if (term.kind == TermKind::kBlank) {
    auto id = state.encodeNode(term);
    if (!id.isOk()) throwStatus(id.status());
    if (*id) return TxTerm::existing(core::EncodedObject{core::otype::kBlank, **id});
  }
  return TxTerm::of(term);
}

std::optional<core::NodeId> graphId(const index::Ledger& state, const std::string& iri) {
  auto id = state.encodeNode(Term::iri(iri));
  if (!id.isOk()) throwStatus(id.status());
  if (!*id || !state.hasGraph(**id)) return std::nullopt;
  return **id;
}

TxTerm graphTerm(core::NodeId graph) {
  return TxTerm::existing(core::EncodedObject{core::otype::kIri, graph});
}

// Every triple of one graph, as quads of the ledger's own ids, into graph `into` (same graph
// when into is unset, kNoNode for the default graph).
void appendGraph(const index::Ledger& state, core::NodeId graph, std::optional<TxTerm> into,
                 std::vector<TxQuad>& out) {
  auto reader = state.reader(graph, index::Permutation::kSPOT);
  if (!reader) return;
  using index::Column;
  const index::ColumnMask columns = index::columnBit(Column::kS) | index::columnBit(Column::kP) |
                                    index::columnBit(Column::kOType) |
                                    index::columnBit(Column::kOKey);
  auto cursor = reader->scan(index::ScanRange::all(), columns);
  index::ColumnBatch batch;
  std::optional<TxTerm> g = into;
  if (!g && graph != core::kNoNode) g = graphTerm(graph);
  while (true) {
    auto more = cursor.next(batch);
    if (!more.isOk()) throwStatus(more.status());
    if (!*more) break;
    for (size_t r = 0; r < batch.rows; ++r) {
      const uint64_t s = batch.column(Column::kS)[r];
      TxQuad q{
          TxTerm::existing({core::isBlankNode(s) ? core::otype::kBlank : core::otype::kIri, s}),
          TxTerm::existing({core::otype::kIri, batch.column(Column::kP)[r]}),
          TxTerm::existing({static_cast<core::ObjectType>(batch.column(Column::kOType)[r]),
                            batch.column(Column::kOKey)[r]}),
          g};
      out.push_back(std::move(q));
    }
  }
}

std::vector<core::NodeId> namedGraphs(const index::Ledger& state) {
  std::vector<core::NodeId> out;
  for (core::NodeId g : state.graphIds()) {
    if (g != core::kNoNode) out.push_back(g);
  }
  return out;
}

// Instantiates DELETE / INSERT templates for each solution of a WHERE clause.
class TemplateSink : public ResultSink {
 public:
  TemplateSink(const index::Ledger& state, const Modify& modify, index::TxChanges& out)
      : state_(state), modify_(modify), out_(out) {}

  void beginSolutions(const std::vector<std::string>& variables) override {
    for (size_t i = 0; i < variables.size(); ++i) columns_[variables[i]] = i;
  }
  void solution(std::span<const Term* const> cells) override {
    ++solutions_;
    for (const QuadPattern& q : modify_.deleteTemplate) instantiate(q, cells, false);
    for (const QuadPattern& q : modify_.insertTemplate) instantiate(q, cells, true);
  }
  void booleanResult(bool) override {}
  void beginGraph() override {}
  void triple(const Term&, const Term&, const Term&) override {}
  void end() override {}

 private:
  // The term at a template position; nullopt when its variable is unbound.
  std::optional<Term> resolve(const PatternTerm& p, std::span<const Term* const> cells) const {
    if (!p.isVariable) {
      if (p.term.kind == TermKind::kBlank) {
        // A template blank node is a new node per solution.
        return Term::blank(p.term.value + "." + std::to_string(solutions_));
      }
      return p.term;
    }
    auto it = columns_.find(p.variable);
    if (it == columns_.end() || cells[it->second] == nullptr) return std::nullopt;
    return *cells[it->second];
  }

  TxTerm txTerm(const Term& term) const {
    if (term.kind == TermKind::kBlank && term.value.find('.') != std::string::npos) {
      return TxTerm::of(term);  // a template's new node (solution labels have no '.')
    }
    return solutionTerm(state_, term);
  }

  void instantiate(const QuadPattern& q, std::span<const Term* const> cells, bool insert) {
    auto s = resolve(q.subject, cells);
    auto p = resolve(q.predicate, cells);
    auto o = resolve(q.object, cells);
    if (!s || !p || !o) return;  // unbound: the quad is left out (spec §3.1.3)
    std::optional<Term> g;
    if (q.graph) {
      g = resolve(*q.graph, cells);
      if (!g) return;
    } else if (modify_.with) {
      g = Term::iri(*modify_.with);
    }
    // An illegal RDF construct (a literal subject, a non-IRI predicate or graph) is left out.
    if (s->kind == TermKind::kLiteral || p->kind != TermKind::kIri ||
        (g && g->kind != TermKind::kIri)) {
      return;
    }
    TxQuad quad{txTerm(*s), txTerm(*p), txTerm(*o), std::nullopt};
    if (g) quad.g = TxTerm::of(*g);
    (insert ? out_.inserts : out_.deletes).push_back(std::move(quad));
  }

  const index::Ledger& state_;
  const Modify& modify_;
  index::TxChanges& out_;
  std::map<std::string, size_t> columns_;
  uint64_t solutions_ = 0;
};

void collectVariables(const PatternTerm& p, std::set<std::string>& out) {
  if (p.isVariable) out.insert(p.variable);
}

class Executor {
 public:
  explicit Executor(UpdateOptions options) : options_(std::move(options)) {
    if (options_.query.timeout.count() > 0) deadline_ = Clock::now() + options_.query.timeout;
  }

  index::TxChanges run(const index::Ledger& state, const UpdateOperation& operation) {
    return std::visit([&](const auto& op) { return apply(state, op); }, operation);
  }

 private:
  // The request outlives the commit, so its terms are borrowed rather than copied.
  static TxQuad dataQuad(const Quad& q) {
    TxQuad out{TxTerm::borrowed(q.subject), TxTerm::borrowed(q.predicate),
               TxTerm::borrowed(q.object), std::nullopt};
    if (q.graph) out.g = TxTerm::of(Term::iri(*q.graph));
    return out;
  }

  // For quads that die before the commit runs (LOAD's document): the terms move in.
  static TxQuad ownedQuad(Quad&& q) {
    TxQuad out{TxTerm::of(std::move(q.subject)), TxTerm::of(std::move(q.predicate)),
               TxTerm::of(std::move(q.object)), std::nullopt};
    if (q.graph) out.g = TxTerm::of(Term::iri(std::move(*q.graph)));
    return out;
  }

  index::TxChanges apply(const index::Ledger&, const InsertData& op) {
    index::TxChanges changes;
    changes.inserts.reserve(op.quads.size());
    for (const Quad& q : op.quads) changes.inserts.push_back(dataQuad(q));
    return changes;
  }

  index::TxChanges apply(const index::Ledger&, const DeleteData& op) {
    index::TxChanges changes;
    for (const Quad& q : op.quads) changes.deletes.push_back(dataQuad(q));
    return changes;
  }

  index::TxChanges apply(const index::Ledger& state, const Modify& op) {
    Query query;
    query.form = QueryForm::kSelect;
    query.pattern = op.where;
    query.baseIri = options_.baseIri;
    std::set<std::string> variables;
    for (const auto* templ : {&op.deleteTemplate, &op.insertTemplate}) {
      for (const QuadPattern& q : *templ) {
        if (q.graph) collectVariables(*q.graph, variables);
        collectVariables(q.subject, variables);
        collectVariables(q.predicate, variables);
        collectVariables(q.object, variables);
      }
    }
    query.projection.assign(variables.begin(), variables.end());
    if (op.dataset.specified) {
      query.dataset = op.dataset;
    } else if (op.with) {
      // WITH names the WHERE clause's default graph; the named graphs stay the store's.
      query.dataset.specified = true;
      query.dataset.defaultGraphs = {*op.with};
      for (core::NodeId g : namedGraphs(state)) {
        auto iri = state.decodeNode(g);
        if (!iri.isOk()) throwStatus(iri.status());
        query.dataset.namedGraphs.push_back(iri->value);
      }
    }
    QueryOptions queryOptions = options_.query;
    queryOptions.asOf = UINT64_MAX;
    if (deadline_) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(*deadline_ - Clock::now());
      if (left.count() <= 0)
        throw core::Error(core::ErrorCode::kTimeout, "the update ran out of time");
      queryOptions.timeout = left;
    }
    index::TxChanges changes;
    TemplateSink sink(state, op, changes);
    executeQuery(state, query, queryOptions, sink);
    return changes;
  }

  index::TxChanges apply(const index::Ledger&, const Load& op) {
    index::TxChanges changes;
    if (!options_.loader) {
      if (op.silent) return changes;
      throw core::Error(core::ErrorCode::kUnsupported,
                        "LOAD is disabled on this server (the administrator can allow it for "
                        "chosen directories)");
    }
    auto quads = options_.loader(op.source);
    if (!quads.isOk()) {
      if (op.silent) return changes;
      throw core::Error(core::ErrorCode::kInvalidArgument,
                        "LOAD <" + op.source + "> failed: " + quads.status().toString());
    }
    for (Quad& q : *quads) {
      if (op.into) q.graph = *op.into;  // INTO GRAPH puts the document's triples there
      changes.inserts.push_back(ownedQuad(std::move(q)));
    }
    return changes;
  }

  // The graphs a CLEAR / DROP target names that have triples.
  std::vector<core::NodeId> targetGraphs(const index::Ledger& state, const GraphTarget& target,
                                         bool silent, const char* verb) {
    using Kind = GraphTarget::Kind;
    switch (target.kind) {
      case Kind::kDefault:
        return {core::kNoNode};
      case Kind::kNamed:
        return namedGraphs(state);
      case Kind::kAll:
        return state.graphIds();
      case Kind::kGraph: {
        auto id = graphId(state, target.iri);
        if (id) return {*id};
        if (silent) return {};
        throw core::Error(core::ErrorCode::kNotFound,
                          std::string(verb) + " GRAPH <" + target.iri + ">: no such graph");
      }
    }
    return {};
  }

  index::TxChanges clearGraphs(const index::Ledger& state,
                               const std::vector<core::NodeId>& graphs) {
    index::TxChanges changes;
    for (core::NodeId g : graphs) appendGraph(state, g, std::nullopt, changes.deletes);
    return changes;
  }

  index::TxChanges apply(const index::Ledger& state, const Clear& op) {
    return clearGraphs(state, targetGraphs(state, op.target, op.silent, "CLEAR"));
  }

  index::TxChanges apply(const index::Ledger& state, const Drop& op) {
    return clearGraphs(state, targetGraphs(state, op.target, op.silent, "DROP"));
  }

  index::TxChanges apply(const index::Ledger& state, const Create& op) {
    if (graphId(state, op.graph) && !op.silent) {
      throw core::Error(core::ErrorCode::kAlreadyExists,
                        "CREATE GRAPH <" + op.graph + ">: the graph already exists");
    }
    return {};  // graphs exist by having triples; nothing to record
  }

  // The graph id of ADD / MOVE / COPY's source; nullopt when it has no triples.
  std::optional<core::NodeId> source(const index::Ledger& state, const GraphOrDefault& from) {
    if (!from.iri) return core::kNoNode;
    return graphId(state, *from.iri);
  }

  std::optional<TxTerm> destination(const GraphOrDefault& to) {
    if (!to.iri) return std::nullopt;
    return TxTerm::of(Term::iri(*to.iri));
  }

  // ADD (keep = true) or COPY: the source's triples into the destination, which COPY clears
  // first. MOVE is COPY plus clearing the source.
  index::TxChanges transfer(const index::Ledger& state, const GraphOrDefault& from,
                            const GraphOrDefault& to, bool silent, bool clearDestination,
                            bool clearSource, const char* verb) {
    index::TxChanges changes;
    if (from == to) return changes;  // spec: a no-op
    auto src = source(state, from);
    if (!src) {
      if (silent) return changes;
      throw core::Error(core::ErrorCode::kNotFound, std::string(verb) + ": the source graph <" +
                                                        *from.iri + "> does not exist");
    }
    if (clearDestination) {
      std::optional<core::NodeId> dst = to.iri ? graphId(state, *to.iri) : core::kNoNode;
      if (dst) appendGraph(state, *dst, std::nullopt, changes.deletes);
    }
    if (clearSource) appendGraph(state, *src, std::nullopt, changes.deletes);
    std::optional<TxTerm> into = destination(to);
    if (!into) {
      // Into the default graph: quads without a graph.
      std::vector<TxQuad> quads;
      appendGraph(state, *src, std::nullopt, quads);
      for (TxQuad& q : quads) q.g.reset();
      changes.inserts = std::move(quads);
    } else {
      appendGraph(state, *src, into, changes.inserts);
    }
    return changes;
  }

  index::TxChanges apply(const index::Ledger& state, const Add& op) {
    return transfer(state, op.from, op.to, op.silent, false, false, "ADD");
  }
  index::TxChanges apply(const index::Ledger& state, const Copy& op) {
    return transfer(state, op.from, op.to, op.silent, true, false, "COPY");
  }
  index::TxChanges apply(const index::Ledger& state, const Move& op) {
    return transfer(state, op.from, op.to, op.silent, true, true, "MOVE");
  }

  const UpdateOptions options_;
  std::optional<Clock::time_point> deadline_;
};

// What one update's steps share while its commit runs: the request and options they read (owned,
// since an asynchronous commit outlives the caller's copies) and the error a step threw.
struct UpdateRun {
  UpdateRun(UpdateRequest r, UpdateOptions options)
      : request(std::move(r)), executor(std::move(options)) {}
  const UpdateRequest request;
  Executor executor;
  std::exception_ptr failure;  // written by the step that failed, read once the commit is done
};

// One step per operation; a step that throws hands its error back through `run`: the commit
// only sees a status.
index::Transaction transactionOf(const std::shared_ptr<UpdateRun>& run,
                                 const std::string& message) {
  index::Transaction tx;
  tx.message = message;
  for (const UpdateOperation& operation : run->request.operations) {
    tx.steps.push_back(
        [run, &operation](const index::Ledger& state) -> core::Result<index::TxChanges> {
          try {
            return run->executor.run(state, operation);
          } catch (...) {
            run->failure = std::current_exception();
            return core::Status::invalidArgument("update operation failed");
          }
        });
  }
  return tx;
}

// The commit's outcome as executeUpdate answers it: the result, or the error to throw.
index::CommitResult resultOf(const UpdateRun& run, core::Result<index::CommitResult> result) {
  if (run.failure) std::rethrow_exception(run.failure);
  if (!result.isOk()) {
    const core::Status& status = result.status();
    if (status.code() == core::StatusCode::kFailedPrecondition) {
      // A broken uniqueness constraint (index/constraints/unique_constraints.h).
      throw core::Error(core::ErrorCode::kConstraintViolation, "ConstraintValidationFailed",
                        status.message());
    }
    const auto code = status.code() == core::StatusCode::kInvalidArgument
                          ? core::ErrorCode::kInvalidArgument
                          : core::ErrorCode::kStorageError;
    throw core::Error(code, status.message());
  }
  return *result;
}

}  // namespace

index::CommitResult executeUpdate(index::LiveLedger& ledger, UpdateRequest request,
                                  const UpdateOptions& options) {
  auto run = std::make_shared<UpdateRun>(std::move(request), options);
  auto result = ledger.commit(transactionOf(run, options.message));
  return resultOf(*run, std::move(result));
}

void executeUpdateAsync(index::LiveLedger& ledger, UpdateRequest request, UpdateOptions options,
                        UpdateDone done) {
  const std::string message = options.message;
  auto run = std::make_shared<UpdateRun>(std::move(request), std::move(options));
  ledger.commitAsync(transactionOf(run, message),
                     [run, done = std::move(done)](core::Result<index::CommitResult> result) {
                       UpdateOutcome outcome;
                       try {
                         outcome = resultOf(*run, std::move(result));
                       } catch (...) {
                         outcome = std::current_exception();
                       }
                       done(std::move(outcome));
                     });
}

}  // namespace cairn::query
