#pragma once
// CREATE as facts: the nodes, relationships, labels and properties a CREATE clause makes for one
// input row, appended to a transaction's changes in the shape query/graph/
// property_graph_vocabulary.h fixes (marker fact per node, labels as rdf:type, properties with
// list positions in i, relationships with a fresh blank-node identity in i and their
// properties in graph sys:edges).
//
// Two parts, so that a statement's checks run once and its rows many times:
//   - CreateWriter (one per CREATE clause) checks the clause against the variables bound before
//     it and throws the TCK's compile-time errors; it is immutable.
//   - CreateState (one per transaction step) holds what the clauses of a step share: the
//     parameters, the counters, the next blank-node ordinal, and the entities created so far
//     (so `CREATE (a {x: 1}), (b {y: a.x})` reads a.x before anything is committed).
//
// Node ids: LiveLedger mints a new blank node's id from its label in the order the labels are
// first met (index/write/transaction.h, TxTerm). The writer mints its labels in that order, so
// given the ordinal of the first new blank node of the step — state.root().blankNodes + 1 when
// the writer's facts are the first new blank nodes of a TxStep run on `state` — the
// Value::node ids it binds are the ids the commit gives. A relationship's type id is known only
// for types the store already has (CreateState's typeId hook); for a new type it is kNoNode.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cypher/ast/clause.h"
#include "cypher/ast/statement.h"
#include "cypher/write/effect_log.h"
#include "cypher/write/row_programs.h"
#include "index/write/transaction.h"
#include "query/graph/cypher_names.h"
#include "query/value/value.h"
#include "query/value/value_program.h"

namespace cairn::index {
class LiveLedger;
}

namespace cairn::cypher {

// The side effects the TCK counts ("+nodes", "+relationships", "+properties", "+labels").
struct CreateCounters {
  uint64_t nodesCreated = 0;
  uint64_t relationshipsCreated = 0;
  uint64_t propertiesSet = 0;  // non-null properties written; a list property counts once
  uint64_t labelsAdded = 0;    // distinct label names the statement added to nodes
  bool operator==(const CreateCounters&) const = default;
};

class CreateState {
 public:
  // `parameters` must outlive the state. `firstBlankOrdinal`: the ordinal the commit will give
  // the first new blank node of these facts (see above). `stored`: labels and properties of
  // entities bound before the CREATE (nullptr: reading one is null). `typeId`: the node id of a
  // relationship type IRI the store has, or kNoNode (unset: always kNoNode).
  // `names`: how names become IRIs (null: stored's, or CypherNames::defaults() without stored);
  // must outlive the state.
  CreateState(const query::value::Parameters& parameters, uint64_t firstBlankOrdinal,
              const query::value::GraphAccess* stored = nullptr,
              std::function<core::NodeId(std::string_view iri)> typeId = {},
              const query::graph::CypherNames* names = nullptr);
  ~CreateState();
  CreateState(const CreateState&) = delete;
  CreateState& operator=(const CreateState&) = delete;

  const CreateCounters& counters() const { return counters_; }
  // The ordinal the next new blank node would get.
  uint64_t nextBlankOrdinal() const { return nextOrdinal_; }
  // What the step created so far: node ids, relationship identities, and the label names its
  // nodes have.
  std::vector<core::NodeId> createdNodes() const;
  std::vector<uint64_t> createdRelationships() const;
  std::vector<std::string> createdLabels() const;
  const query::graph::CypherNames& names() const;

  struct Pending;  // the entities created so far (create_writer.cpp)

 private:
  friend class CreateWriter;
  const query::value::Parameters& parameters_;
  uint64_t nextOrdinal_;
  std::function<core::NodeId(std::string_view)> typeId_;
  CreateCounters counters_;
  std::unique_ptr<Pending> pending_;
};

class CreateWriter {
 public:
  // Checks `clause` against the variables bound before it (`scope`). Throws core::Error
  // kSyntaxError with the TCK's detail: "NoSingleRelationshipType" (no type, or several),
  // "RequiresDirectedRelationship", "CreatingVarLength", "VariableAlreadyBound" (a relationship
  // variable bound before; a bound node variable given labels or properties, or alone as a
  // pattern part), "UndefinedVariable" (a property expression reading a variable not bound
  // before it). `clause` must outlive the writer.
  CreateWriter(const ast::CreateClause& clause, const std::vector<std::string>& scope);
  // MERGE's create of `mergePattern` (a MERGE clause's pattern, which must outlive the writer)
  // when its match found nothing. As above, except that a relationship without a direction is
  // created left to right and, at run time, a null property value is kSemanticError
  // "MergeReadOwnWrites" (the entity could never be matched by the same MERGE).
  CreateWriter(const ast::PatternPart& mergePattern, const std::vector<std::string>& scope);
  ~CreateWriter();
  CreateWriter(CreateWriter&&) noexcept;
  CreateWriter& operator=(CreateWriter&&) noexcept;

  // The variables bound after the clause: `scope` and the ones the clause introduces.
  const std::vector<std::string>& scopeAfter() const { return scopeAfter_; }

  // Appends the facts of the clause for `row` to `out.inserts` and binds the variables it
  // introduces in `row` (nodes as Value::node, relationships as Value::relationship, named
  // paths as Value::path). Throws core::Error at run time: kTypeError "InvalidPropertyType"
  // for a property value that is a map, an entity or a list holding anything but non-null
  // scalars; kTypeError for a properties parameter that is not a map, or a bound variable that
  // is not a node; evaluation errors of the property expressions. After an error `out` and
  // `state` hold a partial row: drop the transaction.
  void write(BoundVariables& row, CreateState& state, index::TxChanges& out) const;

  struct Compiled;  // the clause, checked and with its property expressions compiled

 private:
  std::unique_ptr<Compiled> compiled_;
  std::vector<std::string> scopeAfter_;
};

// Logs what `state` created (its nodes, relationships and the labels its nodes have).
void logCreations(const CreateState& state, EffectLog& log);

// Runs a statement made of CREATE and UNWIND clauses only (UNWIND before, between or after
// CREATEs; no RETURN) against `ledger` as one commit, and returns what it created. The rows
// start as one empty row. Throws core::Error: the writers' errors, kUnsupported for any other
// clause or a statement that is not a single query, and kStorageError when the commit fails;
// on any error nothing is committed.
CreateCounters runCreateStatement(index::LiveLedger& ledger, const ast::Statement& statement,
                                  const query::value::Parameters& parameters = {});
// The same for the query of a statement whose EXPLAIN/PROFILE prefix the caller handles.
CreateCounters runCreateQuery(index::LiveLedger& ledger, const ast::Query& query,
                              const query::value::Parameters& parameters = {});
// Parses `text` (cypher::parseStatement) and runs it as above.
CreateCounters runCreateStatement(index::LiveLedger& ledger, std::string_view text,
                                  const query::value::Parameters& parameters = {});

}  // namespace cairn::cypher
