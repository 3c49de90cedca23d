#pragma once
// TestLedger: a ledger built in memory from quads or RDF text, through the production bulk
// importer, for engine tests, the W3C evaluation runner and differential tests. The quads are
// written to a temporary N-Quads file and imported into memory stores, so a test exercises the
// same encoding, dictionaries and permutations as a real import.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/rdf/rdf_format.h"
#include "index/index_config.h"
#include "index/ledger/ledger.h"
#include "storage/memory_blob_store.h"
#include "storage/memory_head_store.h"
#include "tests/support/graph_isomorphism.h"

namespace cairn::testing {

struct TestLedger {
  std::unique_ptr<storage::MemoryBlobStore> blobs;
  std::unique_ptr<storage::MemoryHeadStore> heads;
  std::shared_ptr<const index::Ledger> ledger;

  const index::Ledger& operator*() const { return *ledger; }
  const index::Ledger* operator->() const { return ledger.get(); }
};

// Imports `quads` (graph nullopt = default graph; duplicates stored once) into a fresh ledger
// named "test". An empty vector gives an empty ledger. Throws core::Error on failure.
TestLedger makeTestLedger(const std::vector<Quad>& quads,
                          const index::IndexConfig& config = index::IndexConfig::defaults());

// Parses `text` (TriG by default; relative IRIs against `baseIri`) and imports it.
TestLedger makeTestLedgerFromText(std::string_view text,
                                  core::rdf::RdfFormat format = core::rdf::RdfFormat::kTriG,
                                  const index::IndexConfig& config = index::IndexConfig::defaults(),
                                  const std::string& baseIri = "http://example.org/");

// N-Quads line for one quad (with a trailing newline).
std::string toNQuadsLine(const Quad& quad);

}  // namespace cairn::testing
