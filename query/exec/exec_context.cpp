#include "query/exec/exec_context.h"

#include "core/error.h"
#include "query/exec/cypher_runtime.h"

namespace cairn::query {

ExecContext::ExecContext(const index::Ledger& ledger, const QueryOptions& options,
                         std::string baseIri)
    : ledger_(ledger),
      options_(options),
      batchRows_(options.batchRows == 0 ? kDefaultBatchRows : options.batchRows),
      terms_(ledger),
      functions_(
          std::chrono::system_clock::now(), std::move(baseIri),
          static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())) {
  if (options.timeout.count() > 0) {
    deadline_ = std::chrono::steady_clock::now() + options.timeout;
  }
  defaultScope_.graphs = {core::kNoNode};
}

ExecContext::~ExecContext() = default;

void ExecContext::enableCypher(value::Parameters parameters) {
  cypher_ = std::make_unique<CypherRuntime>(*this, std::move(parameters));
}

CypherRuntime& ExecContext::requireCypher(std::string_view operatorName) {
  if (cypher_ == nullptr) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      std::string(operatorName) + " runs only in a Cypher statement");
  }
  return *cypher_;
}

void ExecContext::checkLimits() {
  // Decoded and computed terms live as long as the query: charge their growth here, where
  // every operator passes once per batch.
  if (terms_.retainedBytes() > termBytesCharged_) {
    const uint64_t grown = terms_.retainedBytes() - termBytesCharged_;
    termBytesCharged_ = terms_.retainedBytes();
    charge(static_cast<int64_t>(grown), "TermTable (decoded and computed terms)");
  }
  if (options_.cancelled && options_.cancelled->load(std::memory_order_relaxed)) {
    throw core::Error(core::ErrorCode::kCancelled, "the query was cancelled");
  }
  if (deadline_ && std::chrono::steady_clock::now() > *deadline_) {
    throw core::Error(
        core::ErrorCode::kTimeout,
        "the query exceeded its time limit of " + std::to_string(options_.timeout.count()) + " ms");
  }
}

void ExecContext::charge(int64_t bytes, std::string_view op) {
  if (bytes < 0) {
    uint64_t release = static_cast<uint64_t>(-bytes);
    used_ = release > used_ ? 0 : used_ - release;
    return;
  }
  used_ += static_cast<uint64_t>(bytes);
  if (used_ > peak_) peak_ = used_;
  if (used_ > options_.memoryBudgetBytes) {
    throw core::Error(core::ErrorCode::kResourceExhausted,
                      "memory budget of " + std::to_string(options_.memoryBudgetBytes) +
                          " bytes exceeded in " + std::string(op));
  }
}

const index::SnapshotReader* ExecContext::reader(core::NodeId graph, index::Permutation perm) {
  auto key = std::make_pair(graph, perm);
  auto it = readers_.find(key);
  if (it == readers_.end()) it = readers_.emplace(key, ledger_.reader(graph, perm)).first;
  return it->second ? &*it->second : nullptr;
}

void throwStorageError(const core::Status& status) {
  throw core::Error(core::ErrorCode::kStorageError, status.toString());
}

}  // namespace cairn::query
