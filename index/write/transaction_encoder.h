#pragma once
// TransactionEncoder: turns one Transaction into the flakes of its commit against a snapshot —
// looks terms up, gives new ones the next ids (staged until the commit is made), checks which
// facts are present, and keeps only the net changes (RDF set semantics).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/status.h"
#include "index/commit/commit_record.h"
#include "index/ledger/ledger.h"
#include "index/write/transaction.h"

namespace cairn::index {

struct EncodedTransaction {
  std::vector<Flake> flakes;     // net changes, each with row.t == the commit's t
  std::vector<NewTerm> iris;     // new IRIs in id order
  std::vector<NewTerm> strings;  // new strings in id order
  std::vector<std::string> languages;
  std::vector<std::string> datatypes;
  uint64_t blankNodes = 0;  // the blank-node counter after the commit
  uint64_t inserted = 0;
  uint64_t deleted = 0;
};

// InvalidArgument for a term in a place RDF forbids (a literal subject, a non-IRI predicate or
// graph), an identity that is not a blank node or a position with the blank-node bit (TxQuad),
// or too many language tags / datatypes; storage errors from the presence checks.
core::Result<EncodedTransaction> encodeChanges(const Ledger& snapshot, const TxChanges& changes,
                                               uint64_t t);

}  // namespace cairn::index
