#pragma once
// Reading a whole ledger snapshot back as owned quads, for tests that check the state a write
// left: every fact of every graph, decoded from the snapshot's readers (the index root merged
// with the novelty), not through the query engine. Blank nodes come out as the ledger names them
// (_:b<ordinal>), so two snapshots of one ledger agree on their labels.

#include <string>
#include <vector>

#include "index/ledger/ledger.h"
#include "tests/support/graph_isomorphism.h"

namespace cairn::testing {

// Every quad of `ledger` (graph nullopt = the default graph), sorted. A graph whose facts were
// all deleted contributes nothing. Throws core::Error(kStorageError) when a read fails.
std::vector<Quad> ledgerQuads(const index::Ledger& ledger);

// The quads as sorted N-Quads lines (no trailing newline), for readable comparisons.
std::vector<std::string> ledgerNQuads(const index::Ledger& ledger);

}  // namespace cairn::testing
