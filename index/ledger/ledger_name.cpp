#include "index/ledger/ledger_name.h"

#include "core/error.h"

namespace cairn::index {

bool isValidLedgerName(std::string_view name) {
  if (name.empty() || name.size() > 128 || name[0] == '.' || name[0] == '-') return false;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

void checkLedgerName(std::string_view name) {
  if (!isValidLedgerName(name)) {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "invalid ledger name '" + std::string(name) +
                          "': use 1-128 characters from A-Z a-z 0-9 . _ - (not starting with . "
                          "or -)");
  }
}

std::string ledgerHeadName(std::string_view ledger) { return "ledger/" + std::string(ledger); }

std::string ledgerCommitHeadName(std::string_view ledger) {
  return "commit/" + std::string(ledger);
}

}  // namespace cairn::index
