#include "index/stats/ledger_stats.h"

#include <algorithm>

#include "index/dictionary/byte_codec.h"
#include "index/dictionary/payload_codec.h"

namespace cairn::index {

namespace {

constexpr std::string_view kMagic = "CSTS";
constexpr uint16_t kVersion = 1;
constexpr int kZstdLevel = 3;

void putSketch(std::string& out, const HyperLogLog& sketch) { sketch.appendTo(out); }

// Sorted (key, count) lists merged by key, counts added.
void mergeCounts(std::vector<std::pair<uint64_t, uint64_t>>& into,
                 const std::vector<std::pair<uint64_t, uint64_t>>& from) {
  std::vector<std::pair<uint64_t, uint64_t>> merged;
  merged.reserve(into.size() + from.size());
  size_t a = 0;
  size_t b = 0;
  while (a < into.size() || b < from.size()) {
    if (b == from.size() || (a < into.size() && into[a].first < from[b].first)) {
      merged.push_back(into[a++]);
    } else if (a == into.size() || from[b].first < into[a].first) {
      merged.push_back(from[b++]);
    } else {
      merged.emplace_back(into[a].first, into[a].second + from[b].second);
      ++a;
      ++b;
    }
  }
  into = std::move(merged);
}

void mergeRanges(std::vector<ValueRange>& into, const std::vector<ValueRange>& from) {
  for (const ValueRange& range : from) {
    auto it = std::lower_bound(into.begin(), into.end(), range.type,
                               [](const ValueRange& r, core::ObjectType t) { return r.type < t; });
    if (it != into.end() && it->type == range.type) {
      it->minKey = std::min(it->minKey, range.minKey);
      it->maxKey = std::max(it->maxKey, range.maxKey);
      it->rows += range.rows;
    } else {
      into.insert(it, range);
    }
  }
}

class Parser {
 public:
  Parser(std::string_view body, std::string name) : in_(body), name_(std::move(name)) {}

  core::Status fail(std::string_view why) const {
    return core::Status::corruption(name_ + ": " + std::string(why));
  }
  bool varint(uint64_t& v) { return in_.readVarint(v); }
  bool fixed64(uint64_t& v) { return in_.readFixed64(v); }
  bool atEnd() const { return in_.atEnd(); }
  core::Result<HyperLogLog> sketch() {
    auto sketch = HyperLogLog::readFrom(in_);
    if (!sketch.isOk()) return fail(sketch.status().message());
    return sketch;
  }

 private:
  bytes::ByteReader in_;
  std::string name_;
};

core::Result<PredicateStats> parsePredicate(Parser& p, uint64_t previous, bool first) {
  PredicateStats stats;
  uint64_t delta = 0;
  if (!p.varint(delta) || !p.varint(stats.rows)) return p.fail("truncated predicate entry");
  if ((!first && delta == 0) || delta > UINT64_MAX - previous) {
    return p.fail("predicates not strictly increasing");
  }
  stats.predicate = previous + delta;
  if (stats.rows == 0) return p.fail("predicate without rows");
  CAIRN_ASSIGN_OR_RETURN(stats.subjects, p.sketch());
  CAIRN_ASSIGN_OR_RETURN(stats.objects, p.sketch());

  uint64_t classCount = 0;
  if (!p.varint(classCount) || classCount > stats.rows) return p.fail("bad class count");
  uint64_t classId = 0;
  uint64_t classRows = 0;
  for (uint64_t k = 0; k < classCount; ++k) {
    uint64_t classDelta = 0;
    uint64_t rows = 0;
    if (!p.varint(classDelta) || !p.varint(rows)) return p.fail("truncated class counts");
    if ((k > 0 && classDelta == 0) || classDelta > UINT64_MAX - classId || rows == 0 ||
        rows > stats.rows - classRows) {
      return p.fail("class counts out of order or larger than the predicate's rows");
    }
    classId += classDelta;
    classRows += rows;
    stats.classCounts.emplace_back(classId, rows);
  }

  uint64_t rangeCount = 0;
  if (!p.varint(rangeCount) || rangeCount > stats.rows) return p.fail("bad range count");
  uint64_t rangeRows = 0;
  for (uint64_t k = 0; k < rangeCount; ++k) {
    uint64_t type = 0;
    ValueRange range;
    if (!p.varint(type) || !p.fixed64(range.minKey) || !p.fixed64(range.maxKey) ||
        !p.varint(range.rows)) {
      return p.fail("truncated value ranges");
    }
    if (type > UINT16_MAX || !core::isInline(static_cast<core::ObjectType>(type)) ||
        (!stats.ranges.empty() && type <= stats.ranges.back().type)) {
      return p.fail("value range types not inline or not increasing");
    }
    range.type = static_cast<core::ObjectType>(type);
    if (range.minKey > range.maxKey || range.rows == 0 || range.rows > stats.rows - rangeRows) {
      return p.fail("bad value range");
    }
    rangeRows += range.rows;
    stats.ranges.push_back(range);
  }
  return stats;
}

}  // namespace

void PredicateStats::mergeFrom(const PredicateStats& other) {
  CAIRN_CHECK(predicate == other.predicate, "merging statistics of different predicates");
  rows += other.rows;
  subjects.merge(other.subjects);
  objects.merge(other.objects);
  mergeCounts(classCounts, other.classCounts);
  mergeRanges(ranges, other.ranges);
}

const PredicateStats* LedgerStats::find(uint64_t predicate) const {
  auto it = std::lower_bound(byPredicate.begin(), byPredicate.end(), predicate,
                             [](const PredicateStats& s, uint64_t p) { return s.predicate < p; });
  return it != byPredicate.end() && it->predicate == predicate ? &*it : nullptr;
}

void LedgerStats::mergeFrom(const LedgerStats& other) {
  triples += other.triples;
  subjectSketch.merge(other.subjectSketch);
  subjects = subjectSketch.count();
  std::vector<PredicateStats> merged;
  merged.reserve(byPredicate.size() + other.byPredicate.size());
  size_t a = 0;
  size_t b = 0;
  while (a < byPredicate.size() || b < other.byPredicate.size()) {
    if (b == other.byPredicate.size() ||
        (a < byPredicate.size() && byPredicate[a].predicate < other.byPredicate[b].predicate)) {
      merged.push_back(std::move(byPredicate[a++]));
    } else if (a == byPredicate.size() ||
               other.byPredicate[b].predicate < byPredicate[a].predicate) {
      merged.push_back(other.byPredicate[b++]);
    } else {
      merged.push_back(std::move(byPredicate[a++]));
      merged.back().mergeFrom(other.byPredicate[b++]);
    }
  }
  byPredicate = std::move(merged);
  predicates = byPredicate.size();
}

core::Result<storage::ContentId> LedgerStats::save(storage::BlobStore& store) const {
  std::string body;
  bytes::putVarint(body, triples);
  putSketch(body, subjectSketch);
  bytes::putVarint(body, byPredicate.size());
  uint64_t previous = 0;
  for (size_t k = 0; k < byPredicate.size(); ++k) {
    const PredicateStats& stats = byPredicate[k];
    CAIRN_CHECK(k == 0 || stats.predicate > previous, "byPredicate must be sorted and unique");
    bytes::putVarint(body, stats.predicate - previous);
    previous = stats.predicate;
    bytes::putVarint(body, stats.rows);
    putSketch(body, stats.subjects);
    putSketch(body, stats.objects);
    bytes::putVarint(body, stats.classCounts.size());
    uint64_t previousClass = 0;
    for (size_t c = 0; c < stats.classCounts.size(); ++c) {
      const auto& [classId, rows] = stats.classCounts[c];
      CAIRN_CHECK(c == 0 || classId > previousClass, "classCounts must be sorted and unique");
      bytes::putVarint(body, classId - previousClass);
      bytes::putVarint(body, rows);
      previousClass = classId;
    }
    bytes::putVarint(body, stats.ranges.size());
    for (size_t r = 0; r < stats.ranges.size(); ++r) {
      const ValueRange& range = stats.ranges[r];
      CAIRN_CHECK(r == 0 || range.type > stats.ranges[r - 1].type, "ranges must be sorted");
      bytes::putVarint(body, range.type);
      bytes::putFixed64(body, range.minKey);
      bytes::putFixed64(body, range.maxKey);
      bytes::putVarint(body, range.rows);
    }
  }
  std::string blob(kMagic);
  bytes::putFixed16(blob, kVersion);
  appendPayload(blob, body, kZstdLevel);
  return store.put(blob);
}

core::Result<LedgerStats> LedgerStats::load(const storage::BlobStore& store,
                                            const storage::ContentId& id) {
  const std::string name = "statistics blob " + id.shortHex();
  const core::Result<std::string> fetched = store.get(id);
  if (!fetched.isOk()) return fetched.status();
  bytes::ByteReader header(*fetched);
  std::string_view magic;
  uint16_t version = 0;
  if (!header.readBytes(kMagic.size(), magic) || magic != kMagic || !header.readFixed16(version) ||
      version != kVersion) {
    return core::Status::corruption(name + ": bad magic or version");
  }
  CAIRN_ASSIGN_OR_RETURN(std::string body, readPayload(header.rest(), name));
  Parser p(body, name);
  LedgerStats stats;
  uint64_t predicateCount = 0;
  if (!p.varint(stats.triples)) return p.fail("truncated header");
  CAIRN_ASSIGN_OR_RETURN(stats.subjectSketch, p.sketch());
  if (!p.varint(predicateCount) || predicateCount > stats.triples) {
    return p.fail("bad predicate count");
  }
  uint64_t rows = 0;
  for (uint64_t k = 0; k < predicateCount; ++k) {
    const uint64_t previous = k == 0 ? 0 : stats.byPredicate.back().predicate;
    CAIRN_ASSIGN_OR_RETURN(PredicateStats predicate, parsePredicate(p, previous, k == 0));
    if (predicate.rows > stats.triples - rows) return p.fail("more predicate rows than triples");
    rows += predicate.rows;
    stats.byPredicate.push_back(std::move(predicate));
  }
  if (rows != stats.triples) return p.fail("predicate rows do not add up to the triple count");
  if (!p.atEnd()) return p.fail("trailing bytes");
  stats.subjects = stats.subjectSketch.count();
  stats.predicates = stats.byPredicate.size();
  return stats;
}

}  // namespace cairn::index
