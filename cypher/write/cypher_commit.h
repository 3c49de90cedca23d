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

  // Commits `tx` on `ledger`. Throws the error a step kept, or kStorageError when the commit
  // fails; nothing is committed then.
  index::CommitResult commit(index::LiveLedger& ledger, index::Transaction tx) {
    auto committed = ledger.commit(std::move(tx));
    if (failure_) throw *failure_;
    if (!committed.isOk()) {
      throw core::Error(core::ErrorCode::kStorageError, committed.status().toString());
    }
    return std::move(committed).value();
  }

 private:
  std::optional<core::Error> failure_;
};

}  // namespace cairn::cypher
