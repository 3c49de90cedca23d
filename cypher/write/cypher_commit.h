#pragma once
// CypherCommit: a Cypher statement's transaction steps and their commit. Cypher errors are
// exceptions (core::Error); they must not cross the commit machinery, which may run the steps on
// another thread, so a step keeps the error and fails with a Status, and commit() throws the
// kept error once the commit has been dropped.

#include <functional>
#include <optional>
#include <utility>

#include "core/error.h"
#include "index/write/live_ledger.h"
#include "index/write/transaction.h"

namespace cairn::cypher {

class CypherCommit {
 public:
  // A step running `body`; the commit must outlive it.
  index::TxStep step(std::function<index::TxChanges(const index::Ledger&)> body) {
    return [this,
            body = std::move(body)](const index::Ledger& state) -> core::Result<index::TxChanges> {
      try {
        return body(state);
      } catch (const core::Error& e) {
        failure_ = e;
        return core::Status::invalidArgument(e.message());
      }
    };
  }

  // Commits `tx` on `ledger`. Throws the error a step kept, kConstraintViolation when the commit
  // breaks a uniqueness constraint, or kStorageError when it fails otherwise; nothing is
  // committed then.
  index::CommitResult commit(index::LiveLedger& ledger, index::Transaction tx) {
    auto committed = ledger.commit(std::move(tx));
    if (failure_) throw *failure_;
    if (!committed.isOk()) {
      const core::Status& status = committed.status();
      if (status.code() == core::StatusCode::kFailedPrecondition) {
        // A broken uniqueness constraint (index/constraints/unique_constraints.h).
        throw core::Error(core::ErrorCode::kConstraintViolation, "ConstraintValidationFailed",
                          status.message());
      }
      throw core::Error(core::ErrorCode::kStorageError, status.toString());
    }
    return std::move(committed).value();
  }

 private:
  std::optional<core::Error> failure_;
};

}  // namespace cairn::cypher
