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

namespace {
constexpr std::string_view kLedgerHeadPrefix = "ledger/";
}  // namespace

std::string ledgerHeadName(std::string_view ledger) {
  return std::string(kLedgerHeadPrefix) + std::string(ledger);
}

std::optional<std::string> ledgerOfHead(std::string_view head) {
  if (!head.starts_with(kLedgerHeadPrefix)) return std::nullopt;
  return std::string(head.substr(kLedgerHeadPrefix.size()));
}

std::string ledgerCommitHeadName(std::string_view ledger) {
  return "commit/" + std::string(ledger);
}

}  // namespace cairn::index
