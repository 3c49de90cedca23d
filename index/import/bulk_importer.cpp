#include "index/import/bulk_importer.h"

#include <tbb/parallel_sort.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <map>

#include "core/error.h"
#include "core/io/huge_pages.h"
#include "core/vocab.h"
#include "index/commit/commit_record.h"
#include "index/dictionary/dictionary_builder.h"
#include "index/import/parse_phase.h"
#include "index/import/quad_source.h"
#include "index/import/vocabulary_merge.h"
#include "index/ledger/index_root.h"
#include "index/ledger/ledger_name.h"
#include "index/stats/ledger_stats.h"
#include "index/stats/stats_builder.h"
#include "index/tree/permutation_builder.h"

namespace cairn::index {
namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void fail(const core::Status& st) {
  throw core::Error(core::ErrorCode::kStorageError, st.toString());
}
void check(const core::Status& st) {
  if (!st.isOk()) fail(st);
}
template <typename T>
T check(core::Result<T> r) {
  if (!r.isOk()) fail(r.status());
  return std::move(r).value();
}

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string nowIso8601() {
  auto now = std::chrono::system_clock::now();
  std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

void sortQuads(std::vector<QuadRow>& rows, Permutation perm) {
  switch (perm) {
    case Permutation::kSPOT:
      tbb::parallel_sort(rows.begin(), rows.end(), QuadOrder<Permutation::kSPOT>{});
      break;
    case Permutation::kPSOT:
      tbb::parallel_sort(rows.begin(), rows.end(), QuadOrder<Permutation::kPSOT>{});
      break;
    case Permutation::kPOST:
      tbb::parallel_sort(rows.begin(), rows.end(), QuadOrder<Permutation::kPOST>{});
      break;
    case Permutation::kOPST:
      tbb::parallel_sort(rows.begin(), rows.end(), QuadOrder<Permutation::kOPST>{});
      break;
  }
}

void dedupe(std::vector<QuadRow>& sorted) {
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
}

struct IdMaps {
  const std::vector<uint64_t>& iris;
  const std::vector<uint64_t>& strings;
};

// Batch-local ids (1-based) → ledger ids.
void remap(std::span<QuadRow> rows, const IdMaps& maps) {
  for (QuadRow& q : rows) {
    if (subjectIsIri(q)) q.s = maps.iris[q.s - 1];
    q.p = maps.iris[q.p - 1];
    if (objectIsIri(q)) {
      q.ok = maps.iris[q.ok - 1];
    } else if (objectIsString(q)) {
      q.ok = maps.strings[q.ok - 1];
    }
    if (graphIsIri(q)) q.g = maps.iris[q.g - 1];
  }
}

struct PermutationBuild {
  std::vector<std::pair<core::NodeId, PermutationRoot>> graphs;
  std::map<core::NodeId, LedgerStats> stats;  // only for the permutation that collects them
  uint64_t bytes = 0;
};

class Importer {
 public:
  Importer(storage::BlobStore& blobs, storage::HeadStore& heads, const ImportOptions& options,
           ImportProgress& progress)
      : blobs_(blobs), heads_(heads), options_(options), progress_(progress) {}

  ImportReport run();

 private:
  void mergeDictionaries();
  void buildInMemory();
  void buildFromRuns();
  PermutationBuild buildPermutation(QuadSource& source, Permutation perm, bool collectStats);
  void collect(Permutation perm, PermutationBuild build);
  void publish();
  // Deletes the ledger's commit head, if any (a dropped or rebuilt ledger's commits).
  void dropCommitHead() {
    const core::Status st = heads_.deleteHead(ledgerCommitHeadName(options_.ledger));
    if (!st.isOk() && st.code() != core::StatusCode::kNotFound) fail(st);
  }

  storage::BlobStore& blobs_;
  storage::HeadStore& heads_;
  const ImportOptions& options_;
  ImportProgress& progress_;
  ImportReport report_;

  storage::ContentId previousRoot_;
  uint64_t previousT_ = 0;
  std::unique_ptr<ScratchDirectory> scratch_;
  ImportTables tables_;
  std::atomic<uint64_t> blankNodes_{0};
  std::vector<BatchHandle> batches_;
  std::vector<std::vector<uint64_t>> iriMaps_, stringMaps_;
  DictionaryRoot iriRoot_, stringRoot_;
  uint64_t rdfTypeId_ = 0;
  std::map<core::NodeId, GraphIndex> graphs_;
  std::atomic<uint64_t> indexBytes_{0};
};

ImportReport Importer::run() {
  auto start = Clock::now();
  checkLedgerName(options_.ledger);
  if (options_.inputs.empty()) {
    throw core::Error(core::ErrorCode::kInvalidArgument, "no input files to import");
  }
  auto head = heads_.getHead(ledgerHeadName(options_.ledger));
  if (head.isOk()) {
    if (!options_.replace) {
      throw core::Error(core::ErrorCode::kAlreadyExists,
                        "ledger '" + options_.ledger +
                            "' already exists (use --replace to rebuild it from the inputs)");
    }
    previousRoot_ = *head;
    auto rootBlob = check(blobs_.get(previousRoot_));
    previousT_ = check(IndexRoot::fromJson(rootBlob)).t;
    // The rebuild replaces the commits since the root too: its t comes after theirs, so they
    // are never replayed over it (and their head is dropped once the new root is published).
    auto lastCommit = heads_.getHead(ledgerCommitHeadName(options_.ledger));
    if (lastCommit.isOk()) {
      previousT_ = std::max(
          previousT_,
          check(decodeCommitRecord(check(blobs_.get(*lastCommit)), lastCommit->shortHex())).t);
    }
  } else if (head.status().code() != core::StatusCode::kNotFound) {
    fail(head.status());
  } else {
    // A ledger of this name was dropped: its commits must not be replayed over the new one.
    dropCommitHead();
  }
  scratch_ = check(ScratchDirectory::create(options_.scratchDirectory));

  progress_.phase = "parse";
  {
    ParsePhase parse(options_, tables_, blankNodes_, progress_, *scratch_);
    parse.run();
    batches_ = parse.takeBatches();
    report_.invalidSkipped = parse.issues().skipped();
    report_.invalidSamples = parse.issues().samples();
    report_.spillBytes = parse.spillBytes();
  }
  report_.statementsRead = progress_.statements;
  report_.parseSeconds = secondsSince(start);

  auto dictStart = Clock::now();
  progress_.phase = "dictionary";
  mergeDictionaries();
  report_.dictionarySeconds = secondsSince(dictStart);

  auto indexStart = Clock::now();
  report_.spilled = std::any_of(batches_.begin(), batches_.end(),
                                [](const BatchHandle& b) { return b.spilled(); });
  if (report_.spilled) {
    buildFromRuns();
  } else {
    buildInMemory();
  }
  report_.indexSeconds = secondsSince(indexStart);
  report_.indexBytes = indexBytes_;

  progress_.phase = "publish";
  publish();
  report_.totalSeconds = secondsSince(start);
  return report_;
}

void Importer::mergeDictionaries() {
  iriMaps_.resize(batches_.size());
  stringMaps_.resize(batches_.size());
  std::vector<std::unique_ptr<VocabularyRun>> iriRuns, stringRuns;
  for (size_t k = 0; k < batches_.size(); ++k) {
    const BatchHandle& b = batches_[k];
    iriMaps_[k].resize(b.iriCount);
    stringMaps_[k].resize(b.stringCount);
    if (b.spilled()) {
      iriRuns.push_back(check(fileVocabularyRun(b.irisFile)));
      stringRuns.push_back(check(fileVocabularyRun(b.stringsFile)));
    } else {
      iriRuns.push_back(memoryVocabularyRun(b.memory->iris()));
      stringRuns.push_back(memoryVocabularyRun(b.memory->strings()));
    }
  }
  auto mergeInto = [this](DictionaryKind kind, std::vector<std::unique_ptr<VocabularyRun>>& runs,
                          std::vector<std::vector<uint64_t>>& maps, uint64_t* rdfTypeId) {
    DictionaryBuilder builder(blobs_, kind);
    check(mergeVocabularies(runs, maps, [&](std::string_view term, uint64_t id) {
      if (rdfTypeId != nullptr && term == core::vocab::kRdfType) *rdfTypeId = id;
      return builder.add(term);
    }));
    runs.clear();
    DictionaryRoot root = check(builder.finish());
    return std::make_pair(root, builder.bytesWritten());
  };
  // The two dictionaries are independent: merge them side by side.
  auto strings = std::async(std::launch::async, [&] {
    return mergeInto(DictionaryKind::kString, stringRuns, stringMaps_, nullptr);
  });
  auto iris = mergeInto(DictionaryKind::kIri, iriRuns, iriMaps_, &rdfTypeId_);
  auto str = strings.get();
  iriRoot_ = iris.first;
  stringRoot_ = str.first;
  report_.dictionaryBytes = iris.second + str.second;
  report_.iris = iriRoot_.size;
  report_.strings = stringRoot_.size;
  for (BatchHandle& b : batches_) {
    if (!b.spilled()) b.memory->releaseVocabularies();
  }
}

PermutationBuild Importer::buildPermutation(QuadSource& source, Permutation perm,
                                            bool collectStats) {
  PermutationBuild out;
  std::unique_ptr<PermutationBuilder> builder;
  std::unique_ptr<StatsBuilder> stats;
  core::NodeId graph = 0;
  auto finishGraph = [&] {
    if (!builder) return;
    out.graphs.emplace_back(graph, check(builder->finish()));
    out.bytes += builder->bytesWritten();
    if (stats) out.stats.emplace(graph, stats->finish());
  };
  const uint64_t t = previousT_ + 1;
  QuadRow q;
  uint64_t rows = 0;
  while (check(source.next(q))) {
    if (!builder || q.g != graph) {
      finishGraph();
      graph = q.g;
      builder = std::make_unique<PermutationBuilder>(blobs_, perm, options_.config);
      if (collectStats) stats = std::make_unique<StatsBuilder>(rdfTypeId_);
    }
    IndexRow row = q.toIndexRow(t);
    check(builder->add(row));
    if (stats) stats->add(row);
    if ((++rows & 0xFFFF) == 0) progress_.rowsIndexed += 0x10000;
  }
  finishGraph();
  progress_.rowsIndexed += rows & 0xFFFF;
  indexBytes_ += out.bytes;
  return out;
}

void Importer::collect(Permutation perm, PermutationBuild build) {
  for (auto& [graph, root] : build.graphs) {
    GraphIndex& g = graphs_[graph];
    g.graph = graph;
    g.permutations[static_cast<int>(perm)] = root;
    if (perm == Permutation::kSPOT) g.triples = root.rows;
  }
  for (auto& [graph, stats] : build.stats) graphs_[graph].stats = check(stats.save(blobs_));
}

// PSOT is SPOT with the predicate moved first, and POST is OPST likewise: a stable counting sort
// by (g, p) of rows already in SPOT (OPST) order yields PSOT (POST) order in two linear passes,
// so only two of the four orders need a comparison sort.
void regroupByGraphAndPredicate(const std::vector<QuadRow>& in, std::vector<QuadRow>& out) {
  out.resize(in.size());
  // Graphs are contiguous in both orders; within one, bucket by predicate id. The offset table is
  // indexed by predicate id (bounded by the IRI dictionary's size) and reused across graphs.
  std::vector<uint64_t> offset;
  std::vector<uint64_t> touched;
  size_t begin = 0;
  while (begin < in.size()) {
    const uint64_t g = in[begin].g;
    size_t end = begin;
    while (end < in.size() && in[end].g == g) ++end;
    touched.clear();
    for (size_t i = begin; i < end; ++i) {
      uint64_t p = in[i].p;
      if (p >= offset.size()) offset.resize(p + 1, 0);
      if (offset[p]++ == 0) touched.push_back(p);
    }
    std::sort(touched.begin(), touched.end());
    uint64_t position = begin;
    for (uint64_t p : touched) {
      uint64_t n = offset[p];
      offset[p] = position;
      position += n;
    }
    for (size_t i = begin; i < end; ++i) out[offset[in[i].p]++] = in[i];
    for (uint64_t p : touched) offset[p] = 0;
    begin = end;
  }
}

void Importer::buildInMemory() {
  progress_.phase = "sort";
  std::vector<QuadRow> a;
  uint64_t total = 0;
  for (const BatchHandle& b : batches_) total += b.rowCount;
  a.reserve(total);
  core::adviseHugePages(a.data(), total * sizeof(QuadRow));
  for (size_t k = 0; k < batches_.size(); ++k) {
    for (auto& chunk : batches_[k].memory->rowChunks()) {
      remap(chunk, {iriMaps_[k], stringMaps_[k]});
      a.insert(a.end(), chunk.begin(), chunk.end());
      std::vector<QuadRow>().swap(chunk);
    }
    batches_[k].memory.reset();
  }
  iriMaps_.clear();
  stringMaps_.clear();
  sortQuads(a, Permutation::kSPOT);
  dedupe(a);

  // Two buffers: while permutations are built from one buffer on helper threads, the other is
  // put into the next order, so both cores stay busy.
  progress_.phase = "index";
  std::vector<QuadRow> b;
  b.reserve(a.size());
  core::adviseHugePages(b.data(), a.size() * sizeof(QuadRow));
  auto buildAsync = [this](std::vector<QuadRow>& rows, Permutation perm, bool stats) {
    return std::async(std::launch::async, [this, &rows, perm, stats] {
      auto source = spanQuadSource(rows);
      return buildPermutation(*source, perm, stats);
    });
  };
  auto spot = buildAsync(a, Permutation::kSPOT, true);
  regroupByGraphAndPredicate(a, b);
  auto psot = buildAsync(b, Permutation::kPSOT, false);
  collect(Permutation::kSPOT, spot.get());
  sortQuads(a, Permutation::kOPST);
  collect(Permutation::kPSOT, psot.get());
  auto opst = buildAsync(a, Permutation::kOPST, false);
  regroupByGraphAndPredicate(a, b);
  auto post = spanQuadSource(b);
  collect(Permutation::kPOST, buildPermutation(*post, Permutation::kPOST, false));
  collect(Permutation::kOPST, opst.get());
}

void Importer::buildFromRuns() {
  progress_.phase = "sort";
  std::array<std::vector<std::filesystem::path>, 4> runs;
  for (size_t k = 0; k < batches_.size(); ++k) {
    BatchHandle& batch = batches_[k];
    std::vector<QuadRow> rows;
    rows.reserve(batch.rowCount);
    if (batch.spilled()) {
      auto source = check(fileQuadSource(batch.rowsFile));
      QuadRow q;
      while (check(source->next(q))) rows.push_back(q);
      std::filesystem::remove(batch.rowsFile);
    } else {
      for (auto& chunk : batch.memory->rowChunks()) {
        rows.insert(rows.end(), chunk.begin(), chunk.end());
        std::vector<QuadRow>().swap(chunk);
      }
      batch.memory.reset();
    }
    remap(rows, {iriMaps_[k], stringMaps_[k]});
    std::vector<uint64_t>().swap(iriMaps_[k]);
    std::vector<uint64_t>().swap(stringMaps_[k]);
    for (Permutation perm : kAllPermutations) {
      sortQuads(rows, perm);
      if (perm == Permutation::kSPOT) dedupe(rows);
      auto path = scratch_->newFile(std::string(permutationName(perm)));
      check(writeQuadRun(rows, path));
      report_.spillBytes += rows.size() * sizeof(QuadRow);
      runs[static_cast<int>(perm)].push_back(path);
    }
  }
  progress_.phase = "index";
  auto mergeAndBuild = [this, &runs](Permutation perm) {
    std::vector<std::unique_ptr<QuadSource>> sources;
    for (const auto& path : runs[static_cast<int>(perm)]) {
      sources.push_back(check(fileQuadSource(path)));
    }
    auto merged = mergingQuadSource(perm, std::move(sources));
    return buildPermutation(*merged, perm, perm == Permutation::kSPOT);
  };
  // Two permutations at a time: one per core.
  for (int first = 0; first < 4; first += 2) {
    Permutation p1 = kAllPermutations[first], p2 = kAllPermutations[first + 1];
    auto second = std::async(std::launch::async, mergeAndBuild, p2);
    PermutationBuild b1 = mergeAndBuild(p1);
    collect(p1, std::move(b1));
    collect(p2, second.get());
  }
}

void Importer::publish() {
  IndexRoot root;
  root.t = previousT_ + 1;
  root.baseT = root.t;
  root.createdAt = nowIso8601();
  root.previous = previousRoot_;
  root.originT = root.t;  // an import starts the ledger's history afresh
  root.originAt = root.createdAt;
  root.iris = iriRoot_;
  root.strings = stringRoot_;
  root.languages = tables_.languages.entries();
  root.datatypes = tables_.datatypes.entries();
  root.blankNodes = blankNodes_;
  for (auto& [id, g] : graphs_) {
    root.quads += g.triples;
    root.graphs.push_back(g);
  }
  auto rootId = check(blobs_.put(root.toJson()));
  check(blobs_.sync());
  check(heads_.compareAndSetHead(ledgerHeadName(options_.ledger), previousRoot_, rootId));
  if (!previousRoot_.isNull()) dropCommitHead();
  report_.root = rootId;
  report_.t = root.t;
  report_.quadsStored = root.quads;
  report_.graphs = root.graphs.size();
}

}  // namespace

ImportReport bulkImport(storage::BlobStore& blobs, storage::HeadStore& heads,
                        const ImportOptions& options, ImportProgress& progress) {
  Importer importer(blobs, heads, options, progress);
  return importer.run();
}

}  // namespace cairn::index
