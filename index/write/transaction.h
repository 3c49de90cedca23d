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
// per distinct label in the transaction (so deleting one matches nothing).
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

struct TxQuad {
  TxTerm s, p, o;
  std::optional<TxTerm> g;  // nullopt: the default graph
};

class Ledger;

// Deletes, then inserts.
struct TxChanges {
  std::vector<TxQuad> deletes;
  std::vector<TxQuad> inserts;
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
