#include "index/import/parse_phase.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <thread>

#include "core/error.h"
#include "core/io/input_source.h"
#include "core/io/line_chunker.h"
#include "core/rdf/ntriples_parser.h"
#include "core/rdf/serd_parser.h"
#include "index/constraints/prefix_declarations.h"
#include "index/import/quad_source.h"
#include "index/import/vocabulary_merge.h"

namespace cairn::index {
namespace {

using core::rdf::RdfFormat;
using core::rdf::SyntaxIssue;

constexpr size_t kChunkBytes = size_t{4} << 20;

bool issueBefore(const SyntaxIssue& a, const SyntaxIssue& b) {
  // Issues of one import come from files in order; within a file, by position.
  if (a.file != b.file) return false;
  return a.line != b.line ? a.line < b.line : a.column < b.column;
}

[[noreturn]] void throwStatus(const core::Status& status) {
  throw core::Error(core::ErrorCode::kStorageError, status.toString());
}

// Feeds parsed statements into a worker's batch.
class BatchSink final : public core::rdf::StatementSink {
 public:
  BatchSink(std::unique_ptr<ImportBatch>& batch, BlankNodeScope& scope,
            std::optional<std::string_view> graph, IssueCollector& issues)
      : batch_(batch), scope_(scope), graph_(graph), issues_(issues) {}

  void statement(const core::rdf::StatementView& st) override {
    if (!failure_.isOk()) return;
    failure_ = batch_->add(st, scope_, graph_);
    ++statements_;
  }
  bool syntaxError(const SyntaxIssue& issue) override { return issues_.report(issue); }

  const core::Status& failure() const { return failure_; }
  uint64_t takeStatements() { return std::exchange(statements_, 0); }

 private:
  std::unique_ptr<ImportBatch>& batch_;
  BlankNodeScope& scope_;
  std::optional<std::string_view> graph_;
  IssueCollector& issues_;
  core::Status failure_;
  uint64_t statements_ = 0;
};

struct Chunk {
  std::string bytes;
  uint64_t firstLine = 0;
  uint64_t index = 0;
};

// A small bounded queue: the reader stays at most a few chunks ahead of the parsers.
class ChunkQueue {
 public:
  explicit ChunkQueue(size_t capacity) : capacity_(capacity) {}
  void push(Chunk chunk) {
    std::unique_lock lock(mutex_);
    notFull_.wait(lock, [&] { return queue_.size() < capacity_; });
    queue_.push_back(std::move(chunk));
    notEmpty_.notify_one();
  }
  std::optional<Chunk> pop() {
    std::unique_lock lock(mutex_);
    notEmpty_.wait(lock, [&] { return !queue_.empty() || closed_; });
    if (queue_.empty()) return std::nullopt;
    Chunk c = std::move(queue_.front());
    queue_.pop_front();
    notFull_.notify_one();
    return c;
  }
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    notEmpty_.notify_all();
  }

 private:
  size_t capacity_;
  std::mutex mutex_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<Chunk> queue_;
  bool closed_ = false;
};

}  // namespace

bool IssueCollector::report(const SyntaxIssue& issue) {
  std::lock_guard lock(mutex_);
  if (skipInvalid_) {
    ++skipped_;
    samples_.push_back(issue);
    std::sort(samples_.begin(), samples_.end(), issueBefore);
    if (samples_.size() > kMaxSamples) samples_.pop_back();
    return true;
  }
  if (!failure_ || issueBefore(issue, *failure_)) failure_ = issue;
  return false;
}

std::vector<SyntaxIssue> IssueCollector::samples() const {
  std::lock_guard lock(mutex_);
  return samples_;
}

std::optional<SyntaxIssue> IssueCollector::failure() const {
  std::lock_guard lock(mutex_);
  return failure_;
}

ParsePhase::ParsePhase(const ImportOptions& options, ImportTables& tables,
                       std::atomic<uint64_t>& blankNodeCounter, ImportProgress& progress,
                       ScratchDirectory& scratch)
    : options_(options),
      tables_(tables),
      blankNodeCounter_(blankNodeCounter),
      progress_(progress),
      scratch_(scratch),
      threads_(options.threads != 0 ? options.threads
                                    : std::max(1u, std::thread::hardware_concurrency())),
      // Parsed batches may use half the budget; merging and sorting need the rest. (The command
      // line insists on a sensible budget; tests use tiny ones to force spilling.)
      batchBudget_(std::max<uint64_t>(options.memoryBudget / 2 / threads_, 1)),
      issues_(options.skipInvalid) {
  for (unsigned i = 0; i < threads_; ++i)
    workerBatches_.push_back(std::make_unique<ImportBatch>(tables_));
}

void ParsePhase::failOnIssue(const SyntaxIssue& issue) const {
  throw core::Error(core::ErrorCode::kSyntaxError,
                    issue.file + ":" + std::to_string(issue.line) + ":" +
                        std::to_string(issue.column) + ": " + issue.message,
                    issue.line, issue.column);
}

void ParsePhase::run() {
  for (const ImportInput& input : options_.inputs) {
    std::optional<RdfFormat> format =
        input.format ? input.format : core::rdf::formatFromPath(input.path);
    if (!format) {
      throw core::Error(core::ErrorCode::kInvalidArgument,
                        "cannot tell the RDF format of '" + input.path +
                            "' from its extension (.nt, .nq, .ttl, .trig, optionally .gz/.zst); "
                            "use --format");
    }
    if (*format == RdfFormat::kNTriples || *format == RdfFormat::kNQuads) {
      parseLineBased(input.path, *format);
    } else {
      parseWithSerd(input.path, *format);
    }
  }
  for (auto& batch : workerBatches_) {
    if (batch->rowCount() == 0) continue;
    BatchHandle handle;
    handle.iriCount = batch->iris().size();
    handle.stringCount = batch->strings().size();
    handle.rowCount = batch->rowCount();
    handle.memory = std::move(batch);
    batches_.push_back(std::move(handle));
  }
  workerBatches_.clear();
}

void ParsePhase::parseLineBased(const std::string& path, RdfFormat format) {
  auto input = core::io::InputSource::open(path);
  if (!input.isOk()) throw core::Error(core::ErrorCode::kNotFound, input.status().message());
  progress_.bytesTotal += (*input)->totalCompressedBytes();
  BlankNodeScope scope(blankNodeCounter_);
  std::optional<std::string_view> graph;
  if (options_.graph) graph = *options_.graph;

  ChunkQueue queue(threads_ * 2);
  // Fail fast without losing the earliest error: after an error in chunk k, chunks after k are
  // skipped, chunks before it still parse (they may hold an earlier error).
  std::atomic<uint64_t> stopAfterChunk{UINT64_MAX};
  std::mutex failureMutex;
  core::Status workerFailure;

  auto work = [&](unsigned worker) {
    core::rdf::NTriplesParser parser(format, path);
    std::unique_ptr<ImportBatch>& batch = workerBatches_[worker];
    while (auto chunk = queue.pop()) {
      if (chunk->index > stopAfterChunk.load()) continue;
      BatchSink sink(batch, scope, graph, issues_);
      core::Status st = parser.parseChunk(chunk->bytes, chunk->firstLine, sink);
      progress_.statements += sink.takeStatements();
      if (!st.isOk() || !sink.failure().isOk()) {
        uint64_t current = stopAfterChunk.load();
        while (chunk->index < current &&
               !stopAfterChunk.compare_exchange_weak(current, chunk->index)) {
        }
        if (!sink.failure().isOk()) {
          std::lock_guard lock(failureMutex);
          workerFailure = sink.failure();
        }
        continue;
      }
      try {
        spillIfFull(batch);
      } catch (const core::Error& e) {
        std::lock_guard lock(failureMutex);
        workerFailure = core::Status::ioError(e.message());
        stopAfterChunk = 0;
      }
    }
  };
  std::vector<std::thread> workers;
  for (unsigned i = 0; i < threads_; ++i) workers.emplace_back(work, i);

  core::Status readStatus;
  {
    core::io::LineChunker chunker(**input, kChunkBytes);
    uint64_t index = 0;
    while (stopAfterChunk.load() == UINT64_MAX) {
      Chunk chunk;
      auto more = chunker.next(chunk.bytes, chunk.firstLine);
      if (!more.isOk()) {
        readStatus = more.status();
        break;
      }
      if (!*more) break;
      chunk.index = index++;
      queue.push(std::move(chunk));
      progress_.bytesRead = (*input)->compressedBytesRead();
    }
  }
  queue.close();
  for (auto& w : workers) w.join();

  if (auto failure = issues_.failure()) failOnIssue(*failure);
  if (!workerFailure.isOk()) {
    throw core::Error(core::ErrorCode::kInvalidArgument, path + ": " + workerFailure.message());
  }
  if (!readStatus.isOk()) {
    throw core::Error(core::ErrorCode::kInvalidArgument, path + ": " + readStatus.message());
  }
}

void ParsePhase::parseWithSerd(const std::string& path, RdfFormat format) {
  auto input = core::io::InputSource::open(path);
  if (!input.isOk()) throw core::Error(core::ErrorCode::kNotFound, input.status().message());
  progress_.bytesTotal += (*input)->totalCompressedBytes();
  BlankNodeScope scope(blankNodeCounter_);
  std::optional<std::string_view> graph;
  if (options_.graph) graph = *options_.graph;

  // serd is a streaming single-threaded parser; the first worker's batch takes its output.
  std::unique_ptr<ImportBatch>& batch = workerBatches_[0];
  struct SerdSink final : core::rdf::StatementSink {
    SerdSink(ParsePhase& phase, BatchSink& inner, std::unique_ptr<ImportBatch>& batch,
             core::io::InputSource& input)
        : phase(phase), inner(inner), batch(batch), input(input) {}
    void statement(const core::rdf::StatementView& st) override {
      inner.statement(st);
      if ((++count & 0xFFFF) == 0) {
        phase.progress_.statements += inner.takeStatements();
        phase.progress_.bytesRead = input.compressedBytesRead();
        phase.spillIfFull(batch);
      }
    }
    bool syntaxError(const SyntaxIssue& issue) override { return inner.syntaxError(issue); }
    // The file's prefixes become the ledger's (for Cypher's names), the first of a name only:
    // later files' other namespaces for it are not declared. Names Cypher cannot write
    // unquoted (the empty prefix, `my-ns`) are not declared either.
    void prefix(std::string_view name, std::string_view namespaceIri) override {
      if (!phase.options_.declarePrefixes || name.empty() || namespaceIri.empty() ||
          !isDeclarablePrefix(name) ||
          !phase.declaredPrefixes_.emplace(std::string(name), std::string(namespaceIri)).second) {
        return;
      }
      const PrefixDeclaration declaration{std::string(name), std::string(namespaceIri)};
      for (const TxQuad& q : prefixDeclarationFacts(declaration)) {
        const core::rdf::StatementView st{q.s.value().view(), q.p.value().view(),
                                          q.o.value().view(), q.g->value().view()};
        inner.statement(st);
      }
    }
    ParsePhase& phase;
    BatchSink& inner;
    std::unique_ptr<ImportBatch>& batch;
    core::io::InputSource& input;
    uint64_t count = 0;
  };
  BatchSink inner(batch, scope, graph, issues_);
  SerdSink sink(*this, inner, batch, **input);
  // Relative IRIs resolve against the file's own location.
  std::string base = "file://" + std::filesystem::absolute(path).lexically_normal().string();
  core::Status st = core::rdf::parseWithSerd(**input, format, base, path, sink);
  progress_.statements += inner.takeStatements();
  if (auto failure = issues_.failure()) failOnIssue(*failure);
  if (!inner.failure().isOk()) {
    throw core::Error(core::ErrorCode::kInvalidArgument, path + ": " + inner.failure().message());
  }
  if (!st.isOk()) throw core::Error(core::ErrorCode::kSyntaxError, st.message());
}

void ParsePhase::spillIfFull(std::unique_ptr<ImportBatch>& batch) {
  if (batch->memoryBytes() < batchBudget_) return;
  std::unique_ptr<ImportBatch> full = std::move(batch);
  batch = std::make_unique<ImportBatch>(tables_);
  spill(std::move(full));
}

void ParsePhase::spill(std::unique_ptr<ImportBatch> batch) {
  BatchHandle handle;
  {
    std::lock_guard lock(batchesMutex_);
    handle.rowsFile = scratch_.newFile("rows");
    handle.irisFile = scratch_.newFile("iris");
    handle.stringsFile = scratch_.newFile("strings");
  }
  handle.iriCount = batch->iris().size();
  handle.stringCount = batch->strings().size();
  handle.rowCount = batch->rowCount();
  auto check = [](const core::Status& st) {
    if (!st.isOk()) throwStatus(st);
  };
  check(writeVocabularyRun(batch->iris(), handle.irisFile));
  check(writeVocabularyRun(batch->strings(), handle.stringsFile));
  auto writer = SpillWriter::open(handle.rowsFile);
  if (!writer.isOk()) throwStatus(writer.status());
  for (const auto& chunk : batch->rowChunks()) {
    check((*writer)->write(chunk.data(), chunk.size() * sizeof(QuadRow)));
  }
  check((*writer)->close());
  spillBytes_ += (*writer)->bytesWritten() + std::filesystem::file_size(handle.irisFile) +
                 std::filesystem::file_size(handle.stringsFile);
  std::lock_guard lock(batchesMutex_);
  batches_.push_back(std::move(handle));
}

}  // namespace cairn::index
