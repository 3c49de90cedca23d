// Bulk import behaviour beyond the differential test: errors publish nothing, --skip-invalid,
// --replace, blank-node scoping, graphs, set semantics and the summary figures.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "core/error.h"
#include "index/constraints/prefix_declarations.h"
#include "index/import/bulk_importer.h"
#include "index/ledger/ledger.h"
#include "index/ledger/ledger_name.h"
#include "storage/blob_store.h"

namespace cairn::index {
namespace {

class BulkImportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("cairn-bulk-import-" + std::to_string(::getpid()) + "-" +
            std::to_string(std::random_device{}()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& content) {
    auto path = dir_ / name;
    std::ofstream(path) << content;
    return path.string();
  }
  ImportOptions options(std::vector<std::string> files) {
    ImportOptions o;
    o.ledger = "demo";
    for (auto& f : files) o.inputs.push_back({f, std::nullopt});
    o.scratchDirectory = dir_ / "scratch";
    return o;
  }
  ImportReport import(const ImportOptions& o) {
    ImportProgress progress;
    return bulkImport(*blobs_, *heads_, o, progress);
  }
  std::shared_ptr<const Ledger> open() {
    auto l = Ledger::open(*blobs_, *heads_, "demo", std::make_shared<IndexCache>(1 << 20),
                          IndexConfig::defaults());
    EXPECT_TRUE(l.isOk()) << l.status().toString();
    return l.isOk() ? *l : nullptr;
  }
  uint64_t count(const Ledger& l, core::NodeId graph = core::kNoNode) {
    auto reader = l.reader(graph, Permutation::kSPOT);
    if (!reader) return 0;
    return *reader->count(ScanRange::all());
  }

  std::filesystem::path dir_;
  std::unique_ptr<storage::BlobStore> blobs_ = storage::makeMemoryBlobStore();
  std::unique_ptr<storage::HeadStore> heads_ = storage::makeMemoryHeadStore();
};

TEST_F(BulkImportTest, DuplicatesAreStoredOnce) {
  auto f = write("a.nt",
                 "<http://e/a> <http://e/p> \"x\" .\n"
                 "<http://e/a> <http://e/p> \"x\" .\n"
                 "<http://e/a> <http://e/p> \"x\"^^<http://www.w3.org/2001/XMLSchema#string> .\n"
                 "<http://e/a> <http://e/p> \"y\" .\n");
  ImportReport r = import(options({f}));
  EXPECT_EQ(r.statementsRead, 4u);
  EXPECT_EQ(r.quadsStored, 2u);  // "x" and "x"^^xsd:string are the same RDF term
  EXPECT_EQ(count(*open()), 2u);
}

TEST_F(BulkImportTest, SyntaxErrorPublishesNothingAndNamesThePosition) {
  auto good = write("good.nt", "<http://e/a> <http://e/p> <http://e/b> .\n");
  auto bad = write("bad.nt",
                   "<http://e/a> <http://e/p> <http://e/c> .\n"
                   "<http://e/a> <http://e/p> \"unterminated .\n");
  try {
    import(options({good, bad}));
    FAIL() << "expected a syntax error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
    EXPECT_EQ(e.line(), 2u);
    EXPECT_GT(e.column(), 0u);
    EXPECT_NE(e.message().find("bad.nt:2:"), std::string::npos) << e.message();
  }
  EXPECT_EQ(heads_->getHead(ledgerHeadName("demo")).status().code(), core::StatusCode::kNotFound);
}

TEST_F(BulkImportTest, FailedReplaceLeavesTheLedgerUnchanged) {
  auto first = write("first.nt", "<http://e/a> <http://e/p> <http://e/b> .\n");
  import(options({first}));
  auto before = heads_->getHead(ledgerHeadName("demo"));
  ASSERT_TRUE(before.isOk());

  auto bad = write("bad.ttl", "@prefix e: <http://e/> .\ne:a e:p e:b ;; oops\n");
  auto o = options({bad});
  o.replace = true;
  EXPECT_THROW(import(o), core::Error);
  EXPECT_EQ(*heads_->getHead(ledgerHeadName("demo")), *before);
  EXPECT_EQ(count(*open()), 1u);
}

TEST_F(BulkImportTest, ExistingLedgerNeedsReplace) {
  auto f = write("a.nt", "<http://e/a> <http://e/p> <http://e/b> .\n");
  import(options({f}));
  try {
    import(options({f}));
    FAIL();
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kAlreadyExists);
  }
  auto g =
      write("b.nt",
            "<http://e/a> <http://e/p> <http://e/c> .\n<http://e/a> <http://e/p> <http://e/d> .\n");
  auto o = options({g});
  o.replace = true;
  ImportReport r = import(o);
  EXPECT_EQ(r.t, 2u);
  auto l = open();
  EXPECT_EQ(l->root().t, 2u);
  EXPECT_FALSE(l->root().previous.isNull());
  EXPECT_EQ(count(*l), 2u);
}

TEST_F(BulkImportTest, SkipInvalidCountsAndLocatesBadStatements) {
  auto f = write("mixed.nt",
                 "<http://e/a> <http://e/p> <http://e/b> .\n"
                 "<http://e/a> <http://e/p> bad .\n"
                 "<http://e/a> <http://e/p> <http://e/c> .\n"
                 "\"lit\" <http://e/p> <http://e/c> .\n");
  auto o = options({f});
  o.skipInvalid = true;
  ImportReport r = import(o);
  EXPECT_EQ(r.invalidSkipped, 2u);
  ASSERT_EQ(r.invalidSamples.size(), 2u);
  EXPECT_EQ(r.invalidSamples[0].line, 2u);
  EXPECT_EQ(r.invalidSamples[1].line, 4u);
  EXPECT_EQ(r.quadsStored, 2u);
}

TEST_F(BulkImportTest, BlankNodeLabelsAreScopedPerFile) {
  auto a = write("a.nt", "_:x <http://e/p> \"1\" .\n_:x <http://e/q> \"2\" .\n");
  auto b = write("b.nt", "_:x <http://e/p> \"3\" .\n");
  import(options({a, b}));
  auto l = open();
  auto reader = l->reader(core::kNoNode, Permutation::kSPOT);
  ColumnBatch batch;
  std::set<uint64_t> subjects;
  SnapshotCursor cursor = reader->scan(ScanRange::all(), columnBit(Column::kS));
  while (*cursor.next(batch)) {
    for (size_t r = 0; r < batch.rows; ++r) subjects.insert(batch.column(Column::kS)[r]);
  }
  EXPECT_EQ(subjects.size(), 2u);
  for (uint64_t s : subjects) EXPECT_TRUE(core::isBlankNode(s));
}

TEST_F(BulkImportTest, DeclaresTheFilesPrefixesWhenAsked) {
  auto a = write("a.ttl",
                 "@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n@prefix : <http://e/> .\n"
                 "@prefix my-ns: <http://m/> .\n:a foaf:name \"A\" .\n");
  auto b = write("b.trig",
                 "@prefix foaf: <http://other/> .\n@prefix ex: <http://e/x#> .\n"
                 "ex:g { ex:a foaf:name \"B\" . }\n");
  ImportReport plain = import(options({a, b}));
  EXPECT_EQ(plain.quadsStored, 2u);
  EXPECT_TRUE(prefixDeclarations(*open())->empty());
  auto o = options({a, b});
  o.declarePrefixes = true;
  o.replace = true;
  import(o);
  // The first file's foaf wins; the empty prefix and my-ns are not Cypher names.
  const auto declared = prefixDeclarations(*open());
  ASSERT_TRUE(declared.isOk()) << declared.status().toString();
  EXPECT_EQ(*declared, (std::vector<PrefixDeclaration>{{"ex", "http://e/x#"},
                                                       {"foaf", "http://xmlns.com/foaf/0.1/"}}));
}

TEST_F(BulkImportTest, GraphsFromQuadsTrigAndTheGraphOption) {
  auto nq = write("a.nq",
                  "<http://e/a> <http://e/p> <http://e/b> <http://e/g1> .\n"
                  "<http://e/a> <http://e/p> <http://e/b> .\n");
  auto trig = write("b.trig",
                    "@prefix e: <http://e/> .\n"
                    "e:g2 { e:a e:p e:c . }\n"
                    "e:a e:p e:d .\n");
  auto nt = write("c.nt", "<http://e/a> <http://e/p> <http://e/e> .\n");
  auto o = options({nq, trig, nt});
  o.graph = "http://e/g3";
  ImportReport r = import(o);
  EXPECT_EQ(r.graphs, 3u);  // g1, g2, g3 — default-graph statements went to g3
  auto l = open();
  for (std::string g : {"http://e/g1", "http://e/g2", "http://e/g3"}) {
    auto id = l->encodeNode(core::Term::iri(g));
    ASSERT_TRUE(id.isOk() && id->has_value()) << g;
  }
  auto g3 = **l->encodeNode(core::Term::iri("http://e/g3"));
  EXPECT_EQ(count(*l, g3), 3u);
  EXPECT_EQ(count(*l), 0u);
}

TEST_F(BulkImportTest, TurtleRelativeIrisResolveAgainstTheFile) {
  auto f = write("rel.ttl", "<a> <p> <#frag> .\n");
  import(options({f}));
  auto l = open();
  std::string base = "file://" + std::filesystem::absolute(dir_ / "rel.ttl").string();
  auto id = l->encodeNode(core::Term::iri(base + "#frag"));
  ASSERT_TRUE(id.isOk());
  EXPECT_TRUE(id->has_value());
}

TEST_F(BulkImportTest, RejectsBadNamesFormatsAndMissingFiles) {
  auto f = write("a.nt", "<http://e/a> <http://e/p> <http://e/b> .\n");
  auto o = options({f});
  o.ledger = "no spaces";
  EXPECT_THROW(import(o), core::Error);
  auto unknown = write("data.xyz", "");
  EXPECT_THROW(import(options({unknown})), core::Error);
  EXPECT_THROW(import(options({(dir_ / "missing.nt").string()})), core::Error);
}

TEST_F(BulkImportTest, EmptyInputMakesAnEmptyLedger) {
  auto f = write("empty.nt", "# nothing here\n\n");
  ImportReport r = import(options({f}));
  EXPECT_EQ(r.quadsStored, 0u);
  auto l = open();
  EXPECT_EQ(count(*l), 0u);
}

}  // namespace
}  // namespace cairn::index
