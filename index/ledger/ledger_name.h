#pragma once
// Ledger names and the heads that point at their roots.

#include <optional>
#include <string>
#include <string_view>

namespace cairn::index {

// 1–128 characters from [A-Za-z0-9._-], not starting with '.' or '-'.
bool isValidLedgerName(std::string_view name);
// Throws core::Error(kInvalidArgument) naming the rule when invalid.
void checkLedgerName(std::string_view name);
// The head (storage::HeadStore) holding the ledger's current index root.
std::string ledgerHeadName(std::string_view ledger);
// The ledger whose index-root head `head` is (the inverse of ledgerHeadName); nullopt for any
// other head.
std::optional<std::string> ledgerOfHead(std::string_view head);
// The head (storage::HeadStore) naming the ledger's latest commit record (index/commit).
std::string ledgerCommitHeadName(std::string_view ledger);

}  // namespace cairn::index
