#pragma once
// Transaction: what one write asks for — facts to delete, then facts to insert, then steps that
// compute more of both from the state so far — applied as one atomic commit by
// LiveLedger::commit. RDF set semantics: deleting an absent fact and inserting a present one
// change nothing; a fact both deleted and inserted in one step ends present. The commit records
// the net change from the state before the transaction to the state after it.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/object_type.h"
#include "core/status.h"
#include "core/term.h"

namespace cairn::index {

// A term of a transaction: either an id the ledger already has (a query's solution, say), or a
// term to look up and, when inserting, to add. A blank node given as a term is a new node: one
// per distinct label in the transaction (so deleting one matches nothing). New blank nodes get
// their ids in the order their labels are first met, reading the inserts in order and each quad
// as g, s, p, o, identity: the first new label of a transaction applied to a state gets ordinal
// state.root().blankNodes + 1, the next + 2, ... (core::blankNodeId), which lets a step that
// creates nodes (Cypher CREATE) know their ids. Blank labels in deletes mint nothing.
struct TxTerm {
  std::optional<core::EncodedObject> id;
  core::Term term;
  // Set instead of `term` by borrowed(): the term lives elsewhere, for at least as long as the
  // commit runs (a parsed request's INSERT DATA quads), and is not copied.
  const core::Term* borrowedTerm = nullptr;

  static TxTerm of(core::Term t) { return TxTerm{std::nullopt, std::move(t), nullptr}; }
  static TxTerm borrowed(const core::Term& t) { return TxTerm{std::nullopt, {}, &t}; }
  static TxTerm existing(core::EncodedObject object) { return TxTerm{object, {}, nullptr}; }

  const core::Term& value() const { return borrowedTerm != nullptr ? *borrowedTerm : term; }
};

// One fact: (g, s, p, o) and its discriminator i (index/permutation.h), which tells apart facts
// that share (g, s, p, o): the identity of a parallel relationship, or a list element's position
// (docs/cypher.md "Property graph on the store"). The key of a fact is (g, s, p, o, i): facts
// differing only in i are distinct, and a delete removes only the fact with its own i.
//
// i is the node id of `identity` when set, else `position` (0 for plain RDF). The identity must
// be a blank node — a blank-node term (the same node as every other use of that label in the
// transaction, so a relationship's identity can also be the subject of its property facts) or
// an existing blank node's id. IRIs and literals are InvalidArgument: an IRI's id is a small
// number like a position, so a reader could not tell an identity from a list position, while a
// blank node's id carries core::kBlankNodeBit, which no position may have (InvalidArgument). A
// quad may not set both.
struct TxQuad {
  TxTerm s, p, o;
  std::optional<TxTerm> g = std::nullopt;         // nullopt: the default graph
  std::optional<TxTerm> identity = std::nullopt;  // i = its node id
  uint64_t position = 0;                          // i when identity is absent
};

class Ledger;

// Deletes, then inserts. `again` asks to run the same step once more, against the state these
// changes leave: a step that must see its own writes part-way (Cypher MERGE, row by row) returns
// again = true until it is done.
struct TxChanges {
  std::vector<TxQuad> deletes;
  std::vector<TxQuad> inserts;
  bool again = false;
};

// A step computed against the state the transaction's earlier steps left — SPARQL Update
// evaluates each operation's WHERE clause there. It must only read `state` (it is not published).
using TxStep = std::function<core::Result<TxChanges>(const Ledger& state)>;

struct Transaction {
  std::vector<TxQuad> deletes;  // the first step: these deletes, then these inserts
  std::vector<TxQuad> inserts;
  std::vector<TxStep> steps;  // then each step in order
  std::string message;        // stored in the commit record, e.g. {"source":"sparql-update"}
};

struct CommitResult {
  uint64_t t = 0;         // the commit's t; the ledger's current t when nothing changed
  uint64_t inserted = 0;  // facts that became present
  uint64_t deleted = 0;   // facts that stopped being present
  std::string time;       // ISO-8601 UTC of the commit (empty when nothing changed)
};

}  // namespace cairn::index
