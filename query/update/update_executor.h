#pragma once
// The update executor: runs an UpdateRequest (query/algebra/update.h) against a LiveLedger as
// one atomic commit. Each operation is a step of one Transaction, computed against the state
// the earlier operations left (so a DELETE ... WHERE sees what an INSERT DATA before it added);
// the commit records the net change. If any operation fails, nothing is applied.
//
// Semantics follow SPARQL 1.1 Update. Cairn keeps no empty graphs — a graph exists while it has
// triples — so CREATE succeeds on a graph without triples and fails (unless SILENT) on one with
// triples, DROP equals CLEAR, and CLEAR/DROP/ADD/MOVE/COPY of a graph without triples fail
// unless SILENT (DROP/CLEAR DEFAULT, NAMED and ALL never fail).
//
// Failures are thrown as core::Error: syntax-free ones here (kNotFound for a missing graph,
// kAlreadyExists for CREATE, kUnsupported for LOAD without a loader), the WHERE clause's own
// (timeout, cancellation, memory budget), kStorageError from the store.

#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "core/status.h"
#include "core/term.h"
#include "index/write/live_ledger.h"
#include "query/algebra/update.h"
#include "query/engine/query_engine.h"

namespace cairn::query {

struct UpdateOptions {
  // For every WHERE clause; the timeout covers the whole request.
  QueryOptions query;
  std::string baseIri;
  // LOAD: reads the document at an IRI into quads (graph nullopt = the default graph of the
  // document). Unset: LOAD is refused with kUnsupported (unless SILENT).
  std::function<core::Result<std::vector<Quad>>(const std::string& iri)> loader;
  std::string message;  // stored in the commit record
};

// Runs `request` as one commit; returns its t and counts (the current t and zeros when nothing
// changed). The commit keeps the request until it is done: move it in rather than copy it (a
// 10K-triple INSERT DATA holds ~30K strings).
index::CommitResult executeUpdate(index::LiveLedger& ledger, UpdateRequest request,
                                  const UpdateOptions& options);

// executeUpdate() without waiting for the commit (LiveLedger::commitAsync): returns once the
// operations are queued (often run already, on this thread); `done` gets the result or the error
// executeUpdate() would throw, on whichever thread finishes the commit — keep it short.
using UpdateOutcome = std::variant<index::CommitResult, std::exception_ptr>;
using UpdateDone = std::function<void(UpdateOutcome)>;
void executeUpdateAsync(index::LiveLedger& ledger, UpdateRequest request, UpdateOptions options,
                        UpdateDone done);

}  // namespace cairn::query
