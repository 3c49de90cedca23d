#pragma once
// Statistics of one ledger's indexed facts, per predicate: row counts, distinct subjects and
// objects (HyperLogLog sketches), instance counts per class for rdf:type, and the key range of
// each inline object type. The planner estimates cardinalities from them; the indexer keeps them
// up to date by merging the statistics of new rows (mergeFrom). They persist as one versioned
// blob (docs/formats/statistics.md).
//
// Thread-safety: plain values; concurrent const access is safe.

#include <cstdint>
#include <utility>
#include <vector>

#include "core/object_type.h"
#include "core/status.h"
#include "index/stats/hyper_log_log.h"
#include "storage/blob_store.h"

namespace cairn::index {

// Rows of one inline object type under a predicate, and the smallest and largest key. Keys of an
// inline type sort in value order (core/literal_codec.h), so this is a value range.
struct ValueRange {
  core::ObjectType type = core::otype::kNone;
  uint64_t minKey = 0;
  uint64_t maxKey = 0;
  uint64_t rows = 0;

  bool operator==(const ValueRange&) const = default;
};

struct PredicateStats {
  uint64_t predicate = 0;  // IRI id
  uint64_t rows = 0;
  HyperLogLog subjects;  // distinct subjects
  HyperLogLog objects;   // distinct objects, (type, key) pairs
  // rdf:type only: (class IRI id, rows), sorted by class id.
  std::vector<std::pair<uint64_t, uint64_t>> classCounts;
  // One per inline object type seen, sorted by type.
  std::vector<ValueRange> ranges;

  uint64_t distinctSubjects() const { return subjects.count(); }
  uint64_t distinctObjects() const { return objects.count(); }
  // Adds the statistics of rows disjoint from the ones counted here (same predicate).
  void mergeFrom(const PredicateStats& other);

  bool operator==(const PredicateStats&) const = default;
};

struct LedgerStats {
  uint64_t triples = 0;     // rows
  uint64_t subjects = 0;    // distinct subjects, estimated from subjectSketch
  uint64_t predicates = 0;  // byPredicate.size()
  HyperLogLog subjectSketch;
  std::vector<PredicateStats> byPredicate;  // sorted by predicate id, unique

  // The statistics of `predicate`, or null if it has no rows.
  const PredicateStats* find(uint64_t predicate) const;

  // Writes the statistics as one blob; the id goes into the index root.
  core::Result<storage::ContentId> save(storage::BlobStore& store) const;
  // Corruption (naming the blob) if the bytes do not parse; NotFound if the blob is missing.
  static core::Result<LedgerStats> load(const storage::BlobStore& store,
                                        const storage::ContentId& id);

  // Adds the statistics of rows disjoint from the ones counted here: parallel builders over
  // separate row sets, or the rows an incremental index update adds. Counts add, sketches unite,
  // ranges widen. Retracted rows cannot be subtracted from a sketch or a range; only a rebuild
  // from the current rows removes them.
  void mergeFrom(const LedgerStats& other);

  bool operator==(const LedgerStats&) const = default;
};

}  // namespace cairn::index
