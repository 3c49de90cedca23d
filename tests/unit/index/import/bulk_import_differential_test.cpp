// Randomized differential test of the bulk importer and the permutation scans: random quads are
// written as N-Quads, imported, and every scan shape of every permutation is compared with a
// naive in-memory oracle — both the rows (as decoded terms) and count(). Runs in memory and with
// spilling forced by a tiny memory budget; CAIRN_TINY_LEAFLETS=1 makes the trees deep.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include "core/term.h"
#include "core/vocab.h"
#include "index/import/bulk_importer.h"
#include "index/ledger/ledger.h"
#include "storage/blob_store.h"

namespace cairn::index {
namespace {

using core::Term;

struct Quad {
  Term g, s, p, o;  // g.value empty = default graph
  auto operator<=>(const Quad&) const = default;
};

class RandomData {
 public:
  explicit RandomData(uint32_t seed) : rng_(seed) {}

  Term iri() {
    static const char* kNamespaces[] = {"http://ex.org/a/", "http://ex.org/b#", "urn:x:",
                                        "http://ex.org/a/deeper/"};
    return Term::iri(std::string(kNamespaces[pick(4)]) + "e" + std::to_string(pick(40)));
  }
  Term predicate() {
    if (pick(5) == 0) return Term::iri(std::string(core::vocab::kRdfType));
    return Term::iri("http://ex.org/p" + std::to_string(pick(7)));
  }
  Term blank() { return Term::blank("n" + std::to_string(pick(10))); }
  Term subject() { return pick(8) == 0 ? blank() : iri(); }
  Term object() {
    static const std::string xsd(core::vocab::kXsd);
    switch (pick(12)) {
      case 0: return iri();
      case 1: return blank();
      case 2: {
        static const char* kStrings[] = {"", "plain", "with \"quotes\" and \\", "line\nbreak",
                                         "unicode \u00e9\u65e5\u672c", "tab\there"};
        return Term::literal(kStrings[pick(6)]);
      }
      case 3: {
        static const char* kLangs[] = {"en", "de", "en-US", "fr"};
        return Term::literal("word" + std::to_string(pick(5)), {}, kLangs[pick(4)]);
      }
      case 4: {
        static const char* kInts[] = {"0", "1", "-1", "42", "007", "+5", "-0",
                                      "9223372036854775807", "99999999999999999999", "abc"};
        return Term::literal(kInts[pick(10)], xsd + "integer");
      }
      case 5: {
        static const char* kDecimals[] = {"1.5", "1.50", "0.0", "-3.25", "10", ".5"};
        return Term::literal(kDecimals[pick(6)], xsd + "decimal");
      }
      case 6: {
        static const char* kDoubles[] = {"1.0E0", "1.5", "1e3", "-2.5E-3", "INF", "NaN"};
        return Term::literal(kDoubles[pick(6)], xsd + "double");
      }
      case 7: return Term::literal(pick(2) ? "true" : "1", xsd + "boolean");
      case 8: {
        static const char* kDates[] = {"2021-03-04", "2021-03-04Z", "1999-12-31+02:00",
                                       "2020-02-30"};
        return Term::literal(kDates[pick(4)], xsd + "date");
      }
      case 9: {
        static const char* kTimes[] = {"2021-03-04T10:20:30Z", "2021-03-04T12:20:30+02:00",
                                       "2021-03-04T10:20:30", "2021-03-04T10:20:30.500Z"};
        return Term::literal(kTimes[pick(4)], xsd + "dateTime");
      }
      case 10: return Term::literal("v" + std::to_string(pick(4)), "http://ex.org/dt/custom");
      default: return Term::literal(std::to_string(pick(100)), xsd + "int");
    }
  }
  Term graph() {
    switch (pick(4)) {
      case 0: return Term::iri("http://ex.org/graph/one");
      case 1: return Term::iri("http://ex.org/graph/two");
      default: return Term::iri("");  // default graph
    }
  }
  uint32_t pick(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
  std::mt19937& rng() { return rng_; }

 private:
  std::mt19937 rng_;
};

std::string nquadsLine(const Quad& q) {
  std::string line = core::toNTriples(q.s) + " " + core::toNTriples(q.p) + " " +
                     core::toNTriples(q.o);
  if (!q.g.value.empty()) line += " " + core::toNTriples(q.g);
  return line + " .\n";
}

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() /
           ("cairn-import-test-" + std::to_string(::getpid()) + "-" +
            std::to_string(std::random_device{}()));
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

class BulkImportDifferentialTest : public ::testing::TestWithParam<std::tuple<int, bool>> {};

TEST_P(BulkImportDifferentialTest, EveryScanShapeMatchesTheOracle) {
  const auto [quadCount, forceSpill] = GetParam();
  RandomData data(1234 + quadCount + (forceSpill ? 7 : 0));
  std::set<Quad> oracle;
  std::vector<Quad> written;
  for (int i = 0; i < quadCount; ++i) {
    Quad q{data.graph(), data.subject(), data.predicate(), data.object()};
    written.push_back(q);
    if (data.pick(20) == 0) written.push_back(q);  // duplicates: stored once
  }
  // Each blank node also gets a signature triple, so the test can tell which ledger node is which.
  for (int n = 0; n < 10; ++n) {
    Term b = Term::blank("n" + std::to_string(n));
    written.push_back({Term::iri(""), b, Term::iri("urn:sig"), Term::literal(b.value)});
  }
  for (const Quad& q : written) oracle.insert(q);

  TempDir dir;
  uint64_t linesWritten = 0;
  std::vector<std::string> files;
  for (int f = 0; f < 2; ++f) files.push_back((dir.path / ("part" + std::to_string(f) + ".nq")).string());
  {
    // Blank labels name the same node only within one file, so all of a node's quads (and its
    // signature) go to the same file: the file is chosen by the blank label.
    std::ofstream out0(files[0]), out1(files[1]);
    linesWritten = 0;
    for (const Quad& q : written) {
      const Term* blank = q.s.kind == core::TermKind::kBlank   ? &q.s
                          : q.o.kind == core::TermKind::kBlank ? &q.o
                                                               : nullptr;
      bool second = blank ? (blank->value.back() - '0') % 2 == 1 : data.pick(2) == 1;
      if (blank && q.s.kind == core::TermKind::kBlank && q.o.kind == core::TermKind::kBlank &&
          (q.s.value.back() - '0') % 2 != (q.o.value.back() - '0') % 2) {
        oracle.erase(q);  // would join nodes of two files; leave it out
        continue;
      }
      (second ? out1 : out0) << nquadsLine(q);
      ++linesWritten;
    }
  }

  auto blobs = storage::makeMemoryBlobStore();
  auto heads = storage::makeMemoryHeadStore();
  ImportOptions options;
  options.ledger = "test";
  for (const auto& f : files) options.inputs.push_back({f, std::nullopt});
  options.scratchDirectory = dir.path / "scratch";
  options.threads = 2;
  if (forceSpill) options.memoryBudget = 64 << 10;
  ImportProgress progress;
  ImportReport report = bulkImport(*blobs, *heads, options, progress);
  EXPECT_EQ(report.spilled, forceSpill);
  EXPECT_EQ(report.statementsRead, linesWritten);
  ASSERT_EQ(report.quadsStored, oracle.size());

  auto cache = std::make_shared<IndexCache>(size_t{16} << 20);
  auto ledger = Ledger::open(*blobs, *heads, "test", cache, options.config);
  ASSERT_TRUE(ledger.isOk()) << ledger.status().toString();
  const Ledger& l = **ledger;

  // Ledger blank node → oracle label, through the signature triples.
  std::map<uint64_t, std::string> blankLabels;
  {
    auto sig = l.encodeNode(Term::iri("urn:sig"));
    ASSERT_TRUE(sig.isOk() && sig->has_value());
    auto reader = l.reader(core::kNoNode, Permutation::kPSOT);
    ASSERT_TRUE(reader);
    std::vector<uint64_t> prefix{**sig};
    SnapshotCursor cursor = reader->scan(ScanRange::prefix(prefix), kAllColumns);
    ColumnBatch batch;
    while (*cursor.next(batch)) {
      for (size_t r = 0; r < batch.rows; ++r) {
        auto label = l.decodeObject({static_cast<core::ObjectType>(batch.column(Column::kOType)[r]),
                                     batch.column(Column::kOKey)[r]});
        ASSERT_TRUE(label.isOk());
        blankLabels[batch.column(Column::kS)[r]] = label->value;
      }
    }
  }
  auto decode = [&](core::EncodedObject o) {
    if (o.type == core::otype::kBlank) return Term::blank(blankLabels.at(o.key));
    auto t = l.decodeObject(o);
    EXPECT_TRUE(t.isOk()) << t.status().toString();
    return t.isOk() ? *t : Term{};
  };
  auto decodeNode = [&](uint64_t id) {
    return decode({core::isBlankNode(id) ? core::otype::kBlank : core::otype::kIri, id});
  };
  auto encodeNode = [&](const Term& t) -> std::optional<uint64_t> {
    if (t.kind == core::TermKind::kBlank) {
      for (auto& [id, label] : blankLabels)
        if (label == t.value) return id;
      return std::nullopt;
    }
    auto r = l.encodeNode(t);
    EXPECT_TRUE(r.isOk());
    return *r;
  };
  auto encodeObject = [&](const Term& t) -> std::optional<core::EncodedObject> {
    if (t.kind == core::TermKind::kBlank) {
      auto id = encodeNode(t);
      if (!id) return std::nullopt;
      return core::EncodedObject{core::otype::kBlank, *id};
    }
    auto r = l.encodeObject(t);
    EXPECT_TRUE(r.isOk());
    return *r;
  };

  // Terms round-trip exactly, including non-canonical and ill-typed literals.
  for (const Quad& q : oracle) {
    auto o = encodeObject(q.o);
    ASSERT_TRUE(o.has_value()) << core::toNTriples(q.o);
    EXPECT_EQ(decode(*o), q.o);
  }

  struct Shape {
    Permutation perm;
    int bound;  // number of bound triple positions, in permutation order
  };
  const std::vector<Shape> shapes = {
      {Permutation::kSPOT, 0}, {Permutation::kSPOT, 1}, {Permutation::kSPOT, 2},
      {Permutation::kSPOT, 3}, {Permutation::kPSOT, 1}, {Permutation::kPSOT, 2},
      {Permutation::kPSOT, 3}, {Permutation::kPOST, 1}, {Permutation::kPOST, 2},
      {Permutation::kPOST, 3}, {Permutation::kOPST, 1}, {Permutation::kOPST, 2},
      {Permutation::kOPST, 3}};
  // Triple positions in each permutation's order: 0 = s, 1 = p, 2 = o.
  auto positions = [](Permutation p) -> std::array<int, 3> {
    switch (p) {
      case Permutation::kSPOT: return {0, 1, 2};
      case Permutation::kPSOT: return {1, 0, 2};
      case Permutation::kPOST: return {1, 2, 0};
      case Permutation::kOPST: return {2, 1, 0};
    }
    return {};
  };

  std::vector<Quad> all(oracle.begin(), oracle.end());
  const Term graphs[] = {Term::iri(""), Term::iri("http://ex.org/graph/one"),
                         Term::iri("http://ex.org/graph/two")};
  int checks = 0;
  for (int round = 0; round < 120; ++round) {
    const Shape& shape = shapes[round % shapes.size()];
    const Term& graphTerm = graphs[data.pick(3)];
    // Bound values from a random existing quad, or now and then from a random (maybe absent) one.
    Quad probe = data.pick(5) == 0 || all.empty()
                     ? Quad{graphTerm, data.subject(), data.predicate(), data.object()}
                     : all[data.pick(static_cast<uint32_t>(all.size()))];
    std::array<int, 3> order = positions(shape.perm);
    const Term* probeTerms[3] = {&probe.s, &probe.p, &probe.o};

    std::multiset<std::tuple<Term, Term, Term>> expected;
    for (const Quad& q : oracle) {
      if (q.g != graphTerm) continue;
      const Term* qt[3] = {&q.s, &q.p, &q.o};
      bool match = true;
      for (int k = 0; k < shape.bound; ++k) match = match && *qt[order[k]] == *probeTerms[order[k]];
      if (match) expected.emplace(q.s, q.p, q.o);
    }

    std::multiset<std::tuple<Term, Term, Term>> actual;
    uint64_t counted = 0;
    std::optional<uint64_t> graphId =
        graphTerm.value.empty() ? std::optional<uint64_t>(core::kNoNode) : encodeNode(graphTerm);
    std::optional<SnapshotReader> reader;
    if (graphId) reader = l.reader(*graphId, shape.perm);
    std::vector<uint64_t> prefix;
    bool absent = !reader.has_value();
    for (int k = 0; k < shape.bound && !absent; ++k) {
      int pos = order[k];
      if (pos == 2) {
        auto o = encodeObject(probe.o);
        if (!o) absent = true;
        else prefix.insert(prefix.end(), {o->type, o->key});
      } else {
        auto n = encodeNode(*probeTerms[pos]);
        if (!n) absent = true;
        else prefix.push_back(*n);
      }
    }
    if (!absent) {
      ScanRange range = ScanRange::prefix(prefix);
      auto c = reader->count(range);
      ASSERT_TRUE(c.isOk()) << c.status().toString();
      counted = *c;
      SnapshotCursor cursor = reader->scan(range, kAllColumns);
      ColumnBatch batch;
      std::optional<RowKey> previous;
      while (true) {
        auto more = cursor.next(batch);
        ASSERT_TRUE(more.isOk()) << more.status().toString();
        if (!*more) break;
        for (size_t r = 0; r < batch.rows; ++r) {
          IndexRow row{batch.column(Column::kS)[r], batch.column(Column::kP)[r],
                       batch.column(Column::kOKey)[r], batch.column(Column::kI)[r],
                       batch.column(Column::kT)[r],
                       static_cast<core::ObjectType>(batch.column(Column::kOType)[r])};
          RowKey key = rowKey(shape.perm, row);
          ASSERT_TRUE(!previous || *previous < key) << "scan out of order or duplicated";
          previous = key;
          EXPECT_EQ(row.t, report.t);
          actual.emplace(decodeNode(row.s), decodeNode(row.p), decode({row.ot, row.ok}));
        }
      }
    }
    ASSERT_EQ(actual, expected) << "shape " << permutationName(shape.perm) << "/" << shape.bound
                                << " round " << round;
    ASSERT_EQ(counted, expected.size());
    ++checks;
  }
  EXPECT_EQ(checks, 120);
}

INSTANTIATE_TEST_SUITE_P(Sizes, BulkImportDifferentialTest,
                         ::testing::Values(std::make_tuple(1, false), std::make_tuple(300, false),
                                           std::make_tuple(3000, false),
                                           std::make_tuple(3000, true)));

}  // namespace
}  // namespace cairn::index
