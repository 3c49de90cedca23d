#pragma once
// A ledger described as JSON: its `t`, root, counts, dictionaries and per graph its rows,
// distinct subjects, permutations and (optionally) per-predicate statistics — the answer of
// `GET /ledgers/{name}` and of `cairn stats --json`.

#include <nlohmann/json_fwd.hpp>

#include "index/ledger/ledger.h"
#include "index/write/index_builder.h"

namespace cairn::server {

// Throws core::Error(kStorageError) when a dictionary or statistics blob cannot be read.
nlohmann::json ledgerSummaryJson(const index::Ledger& ledger, bool withPredicates);

// Quads in the ledger now, over all graphs (directory counts plus the novelty's delta).
uint64_t currentQuads(const index::Ledger& ledger);

// What an indexing run did, as POST /ledgers/{name}/index and `cairn index --format json` show it.
nlohmann::json indexReportJson(const index::IndexBuildReport& report);

}  // namespace cairn::server
