#pragma once
// Phase 1 of a bulk import: parse every input and encode its statements into batches.
// N-Triples and N-Quads are cut into line-aligned chunks parsed by all workers in parallel;
// Turtle and TriG stream through serd on one thread. A batch that outgrows its share of the
// memory budget is spilled: its vocabularies as sorted runs, its rows as they are.

#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/rdf/rdf_format.h"
#include "core/rdf/statement.h"
#include "index/import/import_batch.h"
#include "index/import/import_options.h"
#include "index/import/spill_file.h"

namespace cairn::index {

// A batch after parsing: still in memory, or spilled to three files.
struct BatchHandle {
  std::unique_ptr<ImportBatch> memory;
  std::filesystem::path rowsFile, irisFile, stringsFile;
  uint32_t iriCount = 0;
  uint32_t stringCount = 0;
  uint64_t rowCount = 0;

  bool spilled() const { return memory == nullptr; }
};

// Collects syntax errors from all workers: with skipInvalid counts them and keeps samples;
// otherwise keeps the earliest one and tells parsers to stop.
class IssueCollector {
 public:
  explicit IssueCollector(bool skipInvalid) : skipInvalid_(skipInvalid) {}
  // Returns true when parsing should skip the statement and go on.
  bool report(const core::rdf::SyntaxIssue& issue);
  uint64_t skipped() const { return skipped_; }
  std::vector<core::rdf::SyntaxIssue> samples() const;
  std::optional<core::rdf::SyntaxIssue> failure() const;

 private:
  static constexpr size_t kMaxSamples = 20;
  bool skipInvalid_;
  mutable std::mutex mutex_;
  uint64_t skipped_ = 0;
  std::vector<core::rdf::SyntaxIssue> samples_;
  std::optional<core::rdf::SyntaxIssue> failure_;
};

class ParsePhase {
 public:
  ParsePhase(const ImportOptions& options, ImportTables& tables,
             std::atomic<uint64_t>& blankNodeCounter, ImportProgress& progress,
             ScratchDirectory& scratch);

  // Throws core::Error on a syntax error (unless skipping), an unreadable input or a full disk.
  void run();

  std::vector<BatchHandle> takeBatches() { return std::move(batches_); }
  const IssueCollector& issues() const { return issues_; }
  uint64_t spillBytes() const { return spillBytes_; }

 private:
  void parseLineBased(const std::string& path, core::rdf::RdfFormat format);
  void parseWithSerd(const std::string& path, core::rdf::RdfFormat format);
  // Spills `batch` if it holds more than its share of the budget, replacing it with a new one.
  void spillIfFull(std::unique_ptr<ImportBatch>& batch);
  void spill(std::unique_ptr<ImportBatch> batch);
  [[noreturn]] void failOnIssue(const core::rdf::SyntaxIssue& issue) const;

  const ImportOptions& options_;
  ImportTables& tables_;
  std::atomic<uint64_t>& blankNodeCounter_;
  ImportProgress& progress_;
  ScratchDirectory& scratch_;
  unsigned threads_;
  uint64_t batchBudget_;
  IssueCollector issues_;
  // The prefixes the Turtle and TriG files declared, first declaration of a name wins; each is
  // written as a declaration into the schema graph (index/constraints/prefix_declarations.h).
  std::map<std::string, std::string, std::less<>> declaredPrefixes_;
  std::vector<std::unique_ptr<ImportBatch>> workerBatches_;  // one per worker, reused across files
  std::mutex batchesMutex_;
  std::vector<BatchHandle> batches_;
  std::atomic<uint64_t> spillBytes_{0};
};

}  // namespace cairn::index
