#pragma once
// What a bulk import is asked to do, how it reports progress while it runs, and what it reports
// at the end.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/rdf/rdf_format.h"
#include "core/rdf/statement.h"
#include "index/index_config.h"
#include "storage/content_id.h"

namespace cairn::index {

struct ImportInput {
  std::string path;
  std::optional<core::rdf::RdfFormat> format;  // nullopt: from the file extension
};

struct ImportOptions {
  std::string ledger;
  std::vector<ImportInput> inputs;
  std::optional<std::string> graph;  // graph IRI for statements without one
  uint64_t memoryBudget = uint64_t{2} << 30;
  bool skipInvalid = false;
  bool replace = false;  // rebuild an existing ledger instead of refusing
  // Write the Turtle and TriG files' prefixes into the schema graph as the ledger's prefix
  // declarations (index/constraints/prefix_declarations.h), for Cypher's short names.
  bool declarePrefixes = false;
  unsigned threads = 0;  // 0: one per core
  std::filesystem::path scratchDirectory = "/tmp";
  IndexConfig config = IndexConfig::defaults();
};

// Live counters, read by a progress display on another thread.
struct ImportProgress {
  std::atomic<const char*> phase{"starting"};
  std::atomic<uint64_t> statements{0};
  std::atomic<uint64_t> bytesRead{0};
  std::atomic<uint64_t> bytesTotal{0};
  std::atomic<uint64_t> rowsIndexed{0};  // rows written across permutations
};

struct ImportReport {
  uint64_t statementsRead = 0;
  uint64_t quadsStored = 0;  // distinct
  uint64_t invalidSkipped = 0;
  std::vector<core::rdf::SyntaxIssue> invalidSamples;  // the first few skipped
  uint64_t iris = 0;
  uint64_t strings = 0;
  uint64_t graphs = 0;
  bool spilled = false;
  uint64_t spillBytes = 0;
  double parseSeconds = 0, dictionarySeconds = 0, indexSeconds = 0, totalSeconds = 0;
  uint64_t indexBytes = 0;       // permutation blobs
  uint64_t dictionaryBytes = 0;  // dictionary blobs
  storage::ContentId root;
  uint64_t t = 0;
};

}  // namespace cairn::index
