// The update executor (query/update/update_executor.h) on a LiveLedger built from TriG: every
// operation kind, WITH / USING / USING NAMED, operations seeing the effects of earlier ones in
// one request, atomicity (a failing operation leaves the store and t as they were), SILENT,
// Cairn's graphs-exist-while-they-have-triples rule, blank nodes (fresh per template solution,
// existing ones matched and deleted), unbound template variables, LOAD, and the commit counts.
// Every state is read back from the ledger's readers (tests/support/ledger_quads.h) and compared
// with the expected TriG modulo blank nodes; most tests also reopen the ledger, so the commit
// record must replay to the same state.

#include "query/update/update_executor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/error.h"
#include "index/write/live_ledger.h"
#include "sparql/parser/sparql_parser.h"
#include "tests/support/error_capture.h"
#include "tests/support/graph_isomorphism.h"
#include "tests/support/ledger_quads.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/test_ledger.h"

namespace cairn::query {
namespace {

using core::ErrorCode;
using core::Term;
using testing::errorFrom;

constexpr const char* kPrefix = "@prefix ex: <http://example.org/> .\n";

UpdateRequest parse(const std::string& text) {
  return sparql::parseUpdate("PREFIX ex: <http://example.org/>\n" + text);
}

std::vector<testing::Quad> trigQuads(const std::string& trig) {
  testing::ParseOptions options;
  options.baseIri = "http://example.org/";
  auto quads = testing::parseRdfString(kPrefix + trig, core::rdf::RdfFormat::kTriG, options);
  EXPECT_TRUE(quads.isOk()) << quads.status().toString();
  if (!quads.isOk()) return {};
  testing::dropXsdStringDatatype(*quads);
  return *quads;
}

struct Fixture {
  testing::TestLedger base;
  std::shared_ptr<index::LiveLedger> live;

  explicit Fixture(const std::string& trig = "") {
    base = testing::makeTestLedger(trigQuads(trig), index::IndexConfig::defaults());
    live = open();
  }

  std::shared_ptr<index::LiveLedger> open() {
    auto opened = index::LiveLedger::open(*base.blobs, *base.heads, "test", nullptr,
                                          index::IndexConfig::defaults());
    EXPECT_TRUE(opened.isOk()) << opened.status().toString();
    return opened.isOk() ? std::move(opened).value() : nullptr;
  }

  index::CommitResult update(const std::string& text, const UpdateOptions& options = {}) {
    return executeUpdate(*live, parse(text), options);
  }

  uint64_t t() const { return live->snapshot()->t(); }
  std::vector<testing::Quad> quads() const {
    auto quads = testing::ledgerQuads(*live->snapshot());
    testing::dropXsdStringDatatype(quads);
    return quads;
  }

  // The store is `trig` (modulo blank nodes), and reopening the ledger replays to it.
  void expectStore(const std::string& trig) {
    const testing::MatchResult match = testing::datasetsIsomorphic(trigQuads(trig), quads());
    EXPECT_TRUE(match.matched) << match.explanation;
    auto reopened = open();
    ASSERT_TRUE(reopened);
    EXPECT_EQ(testing::ledgerQuads(*reopened->snapshot()), testing::ledgerQuads(*live->snapshot()));
  }
};

size_t distinctBlankNodes(const std::vector<testing::Quad>& quads) {
  std::set<std::string> labels;
  for (const testing::Quad& q : quads) {
    if (q.subject.kind == core::TermKind::kBlank) labels.insert(q.subject.value);
    if (q.object.kind == core::TermKind::kBlank) labels.insert(q.object.value);
  }
  return labels.size();
}

// The operations of several requests as one request: lets a test give two operations the same
// blank node label, which the parser refuses within one request text.
UpdateRequest concat(std::initializer_list<std::string> texts) {
  UpdateRequest out;
  for (const std::string& text : texts) {
    UpdateRequest part = parse(text);
    for (auto& op : part.operations) out.operations.push_back(std::move(op));
  }
  return out;
}

TEST(UpdateExecutorTest, InsertDataIntoDefaultAndNamedGraphs) {
  Fixture f;
  const uint64_t t0 = f.t();
  const index::CommitResult r = f.update(
      "INSERT DATA { ex:a ex:p ex:b . ex:a ex:name \"A\"@en . "
      "GRAPH ex:g { ex:a ex:p 42 } }");
  EXPECT_EQ(r.t, t0 + 1);
  EXPECT_EQ(r.inserted, 3u);
  EXPECT_EQ(r.deleted, 0u);
  EXPECT_EQ(f.t(), t0 + 1);
  f.expectStore("ex:a ex:p ex:b . ex:a ex:name \"A\"@en . ex:g { ex:a ex:p 42 }");
}

TEST(UpdateExecutorTest, InsertDataOfPresentTriplesMakesNoCommit) {
  Fixture f("ex:a ex:p ex:b .");
  const uint64_t t0 = f.t();
  const index::CommitResult r = f.update("INSERT DATA { ex:a ex:p ex:b }");
  EXPECT_EQ(r.t, t0);
  EXPECT_EQ(r.inserted + r.deleted, 0u);
  EXPECT_EQ(f.t(), t0);
}

TEST(UpdateExecutorTest, DeleteDataRemovesPresentTriplesAndIgnoresOthers) {
  Fixture f("ex:a ex:p ex:b . ex:a ex:p ex:c . ex:g { ex:a ex:p ex:b }");
  const uint64_t t0 = f.t();
  const index::CommitResult r = f.update(
      "DELETE DATA { ex:a ex:p ex:b . ex:a ex:p ex:unknown . ex:never ex:seen \"x\" . "
      "GRAPH ex:g { ex:a ex:p ex:b } GRAPH ex:other { ex:a ex:p ex:c } }");
  EXPECT_EQ(r.t, t0 + 1);
  EXPECT_EQ(r.deleted, 2u);
  EXPECT_EQ(r.inserted, 0u);
  f.expectStore("ex:a ex:p ex:c .");
}

TEST(UpdateExecutorTest, DeleteInsertWhereDeletesBeforeInserting) {
  Fixture f("ex:a ex:p 1 . ex:b ex:p 2 . ex:c ex:q 3 .");
  // ex:b's triple is both deleted (by the first solution's ?s = ex:b) and inserted: present after.
  const index::CommitResult r = f.update(
      "DELETE { ?s ex:p ?o } INSERT { ?s ex:renamed ?o . ex:b ex:p 2 } WHERE { ?s ex:p ?o }");
  EXPECT_EQ(r.inserted, 2u);
  EXPECT_EQ(r.deleted, 1u);
  f.expectStore("ex:a ex:renamed 1 . ex:b ex:renamed 2 . ex:b ex:p 2 . ex:c ex:q 3 .");
}

TEST(UpdateExecutorTest, InsertWhereAndDeleteWhereWithGraphVariables) {
  Fixture f("ex:g1 { ex:a ex:p 1 } ex:g2 { ex:b ex:p 2 } ex:a ex:p 0 .");
  f.update("INSERT { GRAPH ?g { ?s ex:seen true } } WHERE { GRAPH ?g { ?s ex:p ?o } }");
  f.expectStore(
      "ex:a ex:p 0 . ex:g1 { ex:a ex:p 1 . ex:a ex:seen true } "
      "ex:g2 { ex:b ex:p 2 . ex:b ex:seen true }");
  f.update("DELETE WHERE { GRAPH ?g { ?s ex:p ?o } }");
  f.expectStore("ex:a ex:p 0 . ex:g1 { ex:a ex:seen true } ex:g2 { ex:b ex:seen true }");
  f.update("DELETE WHERE { ?s ex:p ?o }");
  f.expectStore("ex:g1 { ex:a ex:seen true } ex:g2 { ex:b ex:seen true }");
}

TEST(UpdateExecutorTest, WithNamesTheTemplateGraphAndTheWhereDefaultGraph) {
  Fixture f("ex:a ex:p 0 . ex:g1 { ex:a ex:p 1 } ex:g2 { ex:b ex:p 2 }");
  f.update("WITH ex:g1 DELETE { ?s ex:p ?o } INSERT { ?s ex:q ?o } WHERE { ?s ex:p ?o }");
  f.expectStore("ex:a ex:p 0 . ex:g1 { ex:a ex:q 1 } ex:g2 { ex:b ex:p 2 }");
  // GRAPH in a template overrides WITH; the named graphs stay visible to GRAPH in WHERE.
  f.update(
      "WITH ex:g1 INSERT { ?s ex:r ?o . GRAPH ex:g3 { ?s ex:r ?o } } "
      "WHERE { GRAPH ex:g2 { ?s ex:p ?o } }");
  f.expectStore(
      "ex:a ex:p 0 . ex:g1 { ex:a ex:q 1 . ex:b ex:r 2 } ex:g2 { ex:b ex:p 2 } "
      "ex:g3 { ex:b ex:r 2 }");
}

TEST(UpdateExecutorTest, UsingReplacesWithForTheWhereClause) {
  Fixture f("ex:a ex:p 0 . ex:g1 { ex:a ex:p 1 } ex:g2 { ex:b ex:p 2 }");
  // The WHERE clause reads g2 (USING), the template writes g1 (WITH).
  f.update("WITH ex:g1 INSERT { ?s ex:copied ?o } USING ex:g2 WHERE { ?s ex:p ?o }");
  f.expectStore("ex:a ex:p 0 . ex:g1 { ex:a ex:p 1 . ex:b ex:copied 2 } ex:g2 { ex:b ex:p 2 }");
  // Two USING graphs merge into the default graph.
  f.update("INSERT { ?s ex:both ?o } USING ex:g1 USING ex:g2 WHERE { ?s ex:p ?o }");
  f.expectStore(
      "ex:a ex:p 0 . ex:a ex:both 1 . ex:b ex:both 2 . "
      "ex:g1 { ex:a ex:p 1 . ex:b ex:copied 2 } ex:g2 { ex:b ex:p 2 }");
}

TEST(UpdateExecutorTest, UsingNamedLimitsTheNamedGraphsAndEmptiesTheDefaultGraph) {
  Fixture f("ex:a ex:p 0 . ex:g1 { ex:a ex:p 1 } ex:g2 { ex:b ex:p 2 }");
  f.update(
      "INSERT { ?s ex:from ?g } USING NAMED ex:g1 "
      "WHERE { { GRAPH ?g { ?s ex:p ?o } } UNION { ?s ex:p ?o BIND(ex:default AS ?g) } }");
  f.expectStore("ex:a ex:p 0 . ex:a ex:from ex:g1 . ex:g1 { ex:a ex:p 1 } ex:g2 { ex:b ex:p 2 }");
}

TEST(UpdateExecutorTest, OperationsSeeTheEffectsOfEarlierOperations) {
  Fixture f;
  const uint64_t t0 = f.t();
  const index::CommitResult r = f.update(
      "INSERT DATA { ex:a ex:p 1 . ex:b ex:p 2 } ;"
      "INSERT { ?s ex:q ?o } WHERE { ?s ex:p ?o } ;"
      "DELETE WHERE { ex:a ?p ?o } ;"
      "INSERT { GRAPH ex:g { ?s ?p ?o } } WHERE { ?s ?p ?o } ;"
      "CLEAR DEFAULT ;"
      "INSERT { ?s ex:count ?n } WHERE { SELECT ?s (COUNT(*) AS ?n) "
      "  WHERE { GRAPH ex:g { ?s ?p ?o } } GROUP BY ?s }");
  // One commit with the net change.
  EXPECT_EQ(r.t, t0 + 1);
  EXPECT_EQ(f.t(), t0 + 1);
  EXPECT_EQ(r.inserted, 3u);
  EXPECT_EQ(r.deleted, 0u);
  f.expectStore("ex:b ex:count 2 . ex:g { ex:b ex:p 2 . ex:b ex:q 2 }");
}

TEST(UpdateExecutorTest, ChangesThatCancelOutMakeNoCommit) {
  Fixture f("ex:a ex:p 1 .");
  const uint64_t t0 = f.t();
  const index::CommitResult r = f.update(
      "INSERT DATA { ex:new ex:p 2 } ; DELETE DATA { ex:new ex:p 2 } ; "
      "DELETE DATA { ex:a ex:p 1 } ; INSERT DATA { ex:a ex:p 1 }");
  EXPECT_EQ(r.t, t0);
  EXPECT_EQ(r.inserted + r.deleted, 0u);
  EXPECT_EQ(f.t(), t0);
  f.expectStore("ex:a ex:p 1 .");
}

TEST(UpdateExecutorTest, AFailingOperationLeavesTheStoreAndTUnchanged) {
  Fixture f("ex:a ex:p 1 . ex:g { ex:a ex:p 1 }");
  const uint64_t t0 = f.t();
  const std::vector<testing::Quad> before = f.quads();
  const core::Error e = errorFrom([&] {
    f.update(
        "INSERT DATA { ex:brand ex:new \"term\"@xx-new . GRAPH ex:newGraph { ex:a ex:p 2 } } ;"
        "DELETE WHERE { GRAPH ex:g { ?s ?p ?o } } ;"
        "CLEAR GRAPH ex:missing ;"
        "INSERT DATA { ex:after ex:p 3 }");
  });
  EXPECT_EQ(e.code(), ErrorCode::kNotFound);
  EXPECT_NE(e.message().find("http://example.org/missing"), std::string::npos) << e.message();
  EXPECT_EQ(f.t(), t0);
  EXPECT_EQ(f.quads(), before);
  // The terms the failed request staged were taken back: later commits and a replay are sound.
  const index::CommitResult r =
      f.update("INSERT DATA { ex:brand ex:new \"term\"@xx-new . GRAPH ex:g2 { ex:x ex:y ex:z } }");
  EXPECT_EQ(r.t, t0 + 1);
  f.expectStore(
      "ex:a ex:p 1 . ex:brand ex:new \"term\"@xx-new . ex:g { ex:a ex:p 1 } "
      "ex:g2 { ex:x ex:y ex:z }");
}

TEST(UpdateExecutorTest, FailuresWithoutSilent) {
  Fixture f("ex:a ex:p 1 . ex:g1 { ex:a ex:p 1 }");
  const uint64_t t0 = f.t();
  EXPECT_EQ(errorFrom([&] { f.update("CLEAR GRAPH ex:missing"); }).code(), ErrorCode::kNotFound);
  EXPECT_EQ(errorFrom([&] { f.update("DROP GRAPH ex:missing"); }).code(), ErrorCode::kNotFound);
  EXPECT_EQ(errorFrom([&] { f.update("CREATE GRAPH ex:g1"); }).code(), ErrorCode::kAlreadyExists);
  EXPECT_EQ(errorFrom([&] { f.update("ADD ex:missing TO ex:g1"); }).code(), ErrorCode::kNotFound);
  EXPECT_EQ(errorFrom([&] { f.update("COPY ex:missing TO DEFAULT"); }).code(),
            ErrorCode::kNotFound);
  EXPECT_EQ(errorFrom([&] { f.update("MOVE ex:missing TO ex:g1"); }).code(), ErrorCode::kNotFound);
  EXPECT_EQ(f.t(), t0);
  f.expectStore("ex:a ex:p 1 . ex:g1 { ex:a ex:p 1 }");
}

TEST(UpdateExecutorTest, SilentTurnsThoseFailuresIntoNoOps) {
  Fixture f("ex:a ex:p 1 . ex:g1 { ex:a ex:p 1 }");
  const uint64_t t0 = f.t();
  const index::CommitResult r = f.update(
      "CLEAR SILENT GRAPH ex:missing ; DROP SILENT GRAPH ex:missing ; CREATE SILENT GRAPH ex:g1 ;"
      "ADD SILENT ex:missing TO ex:g1 ; COPY SILENT ex:missing TO DEFAULT ;"
      "MOVE SILENT ex:missing TO ex:g1 ; LOAD SILENT <http://example.org/doc>");
  EXPECT_EQ(r.t, t0);
  EXPECT_EQ(f.t(), t0);
  f.expectStore("ex:a ex:p 1 . ex:g1 { ex:a ex:p 1 }");
}

TEST(UpdateExecutorTest, ClearAndDropDefaultNamedAndAll) {
  const std::string data = "ex:a ex:p 0 . ex:g1 { ex:a ex:p 1 } ex:g2 { ex:b ex:p 2 }";
  {
    Fixture f(data);
    f.update("CLEAR GRAPH ex:g1");
    f.expectStore("ex:a ex:p 0 . ex:g2 { ex:b ex:p 2 }");
    f.update("CLEAR DEFAULT");
    f.expectStore("ex:g2 { ex:b ex:p 2 }");
  }
  {
    Fixture f(data);
    const index::CommitResult r = f.update("CLEAR NAMED");
    EXPECT_EQ(r.deleted, 2u);
    f.expectStore("ex:a ex:p 0 .");
  }
  {
    Fixture f(data);
    const index::CommitResult r = f.update("DROP ALL");
    EXPECT_EQ(r.deleted, 3u);
    f.expectStore("");
  }
  {
    Fixture f(data);
    f.update("DROP GRAPH ex:g2 ; DROP DEFAULT");
    f.expectStore("ex:g1 { ex:a ex:p 1 }");
    f.update("DROP NAMED");
    f.expectStore("");
  }
  {
    // On an empty store none of the group targets fails.
    Fixture f;
    const uint64_t t0 = f.t();
    f.update("CLEAR DEFAULT ; CLEAR NAMED ; CLEAR ALL ; DROP DEFAULT ; DROP NAMED ; DROP ALL");
    EXPECT_EQ(f.t(), t0);
  }
}

TEST(UpdateExecutorTest, AGraphExistsWhileItHasTriples) {
  Fixture f("ex:g1 { ex:a ex:p 1 }");
  const uint64_t t0 = f.t();
  // CREATE of a graph without triples succeeds and records nothing.
  EXPECT_EQ(f.update("CREATE GRAPH ex:new").t, t0);
  EXPECT_EQ(errorFrom([&] { f.update("CLEAR GRAPH ex:new"); }).code(), ErrorCode::kNotFound);
  // Once its last triple is gone a graph no longer exists: within one request ...
  f.update("DROP GRAPH ex:g1 ; CREATE GRAPH ex:g1");
  f.expectStore("");
  // ... and in later requests.
  f.update("INSERT DATA { GRAPH ex:g2 { ex:a ex:p 2 } }");
  f.update("DELETE DATA { GRAPH ex:g2 { ex:a ex:p 2 } }");
  f.update("CREATE GRAPH ex:g2");
  EXPECT_EQ(errorFrom([&] { f.update("DROP GRAPH ex:g2"); }).code(), ErrorCode::kNotFound);
  EXPECT_EQ(errorFrom([&] { f.update("COPY ex:g1 TO ex:g2"); }).code(), ErrorCode::kNotFound);
  f.expectStore("");
}

TEST(UpdateExecutorTest, AddCopyMove) {
  const std::string data =
      "ex:a ex:p 0 . ex:g1 { ex:a ex:p 1 } ex:g2 { ex:b ex:p 2 . ex:a ex:p 1 }";
  {
    Fixture f(data);
    const index::CommitResult r = f.update("ADD ex:g1 TO ex:g2 ; ADD ex:g1 TO DEFAULT");
    EXPECT_EQ(r.inserted, 1u);
    f.expectStore(
        "ex:a ex:p 0 . ex:a ex:p 1 . ex:g1 { ex:a ex:p 1 } ex:g2 { ex:b ex:p 2 . ex:a ex:p 1 }");
  }
  {
    Fixture f(data);
    f.update("COPY ex:g1 TO ex:g2");
    f.expectStore("ex:a ex:p 0 . ex:g1 { ex:a ex:p 1 } ex:g2 { ex:a ex:p 1 }");
    f.update("COPY DEFAULT TO ex:g3");
    f.expectStore(
        "ex:a ex:p 0 . ex:g1 { ex:a ex:p 1 } ex:g2 { ex:a ex:p 1 } ex:g3 { ex:a ex:p 0 }");
  }
  {
    Fixture f(data);
    f.update("MOVE ex:g2 TO DEFAULT");
    f.expectStore("ex:b ex:p 2 . ex:a ex:p 1 . ex:g1 { ex:a ex:p 1 }");
    f.update("MOVE DEFAULT TO ex:g1");
    f.expectStore("ex:g1 { ex:b ex:p 2 . ex:a ex:p 1 }");
  }
  {
    // A graph onto itself: a no-op, even for MOVE.
    Fixture f(data);
    const uint64_t t0 = f.t();
    f.update("MOVE ex:g1 TO ex:g1 ; COPY DEFAULT TO DEFAULT ; ADD ex:g2 TO ex:g2");
    EXPECT_EQ(f.t(), t0);
    f.expectStore(data);
  }
  {
    // An empty default graph is a valid source: COPY empties the destination.
    Fixture f("ex:g1 { ex:a ex:p 1 }");
    f.update("COPY DEFAULT TO ex:g1");
    f.expectStore("");
  }
}

TEST(UpdateExecutorTest, TemplateBlankNodesAreFreshPerSolution) {
  Fixture f("ex:a ex:name \"A\" . ex:b ex:name \"B\" .");
  f.update(
      "INSERT { ?s ex:knows _:x . _:x ex:called ?n . GRAPH ex:g { _:x ex:from ?s } } "
      "WHERE { ?s ex:name ?n }");
  // One node per solution, the same node wherever the template repeats its label (also across
  // graphs).
  f.expectStore(
      "ex:a ex:name \"A\" . ex:b ex:name \"B\" . "
      "ex:a ex:knows _:1 . _:1 ex:called \"A\" . ex:b ex:knows _:2 . _:2 ex:called \"B\" . "
      "ex:g { _:1 ex:from ex:a . _:2 ex:from ex:b }");
  EXPECT_EQ(distinctBlankNodes(f.quads()), 2u);
  // A second run makes new nodes, distinct from the first ones.
  f.update("INSERT { ?s ex:knows _:x } WHERE { ?s ex:name ?n }");
  EXPECT_EQ(distinctBlankNodes(f.quads()), 4u);
}

TEST(UpdateExecutorTest, BlankNodesFromBnodeInTheWhereClauseAreNew) {
  // The stored blank nodes have ordinals 1 and 2; BNODE()'s must not be taken for them.
  Fixture f("_:x ex:name \"X\" . _:y ex:name \"Y\" .");
  f.update(
      "INSERT { ?s ex:twin ?b . ?b ex:key ?k } "
      "WHERE { ?s ex:name ?n BIND(BNODE() AS ?b) BIND(BNODE(?n) AS ?k) }");
  f.expectStore(
      "_:x ex:name \"X\" . _:y ex:name \"Y\" . "
      "_:x ex:twin _:b1 . _:b1 ex:key _:k1 . _:y ex:twin _:b2 . _:b2 ex:key _:k2 .");
  EXPECT_EQ(distinctBlankNodes(f.quads()), 6u);
}

TEST(UpdateExecutorTest, ASolutionlessTemplateBlankNodeIsMadeOncePerSolution) {
  Fixture f;
  // WHERE {} has one (empty) solution: one node.
  f.update("INSERT { ex:a ex:p _:x . ex:b ex:p _:x } WHERE {}");
  f.expectStore("ex:a ex:p _:1 . ex:b ex:p _:1 .");
}

TEST(UpdateExecutorTest, OneLabelInTwoOperationsIsTwoNodes) {
  // The parser refuses such a request text, so the operations come from two texts.
  Fixture f("ex:s ex:p ex:o .");
  executeUpdate(*f.live,
                concat({"INSERT { GRAPH ex:g1 { _:b ex:p ex:o } } WHERE { ?x ex:p ex:o }",
                        "INSERT { GRAPH ex:g2 { _:b ex:p ex:o } } WHERE { ?x ex:p ex:o }",
                        "INSERT { GRAPH ex:g2 { ?s ?p ?o } } WHERE { GRAPH ex:g1 { ?s ?p ?o } }"}),
                {});
  f.expectStore("ex:s ex:p ex:o . ex:g1 { _:1 ex:p ex:o } ex:g2 { _:1 ex:p ex:o . _:2 ex:p ex:o }");
  executeUpdate(*f.live, concat({"INSERT DATA { ex:a ex:p _:d }", "INSERT DATA { ex:b ex:p _:d }"}),
                {});
  EXPECT_EQ(distinctBlankNodes(f.quads()), 4u);
}

TEST(UpdateExecutorTest, InsertDataBlankLabelIsOneNodeAcrossGraphs) {
  Fixture f;
  f.update(
      "INSERT DATA { GRAPH ex:g1 { _:b ex:p ex:o } GRAPH ex:g2 { _:b ex:p ex:o } } ;"
      "INSERT { GRAPH ex:g2 { ?s ?p ?o } } WHERE { GRAPH ex:g1 { ?s ?p ?o } }");
  f.expectStore("ex:g1 { _:1 ex:p ex:o } ex:g2 { _:1 ex:p ex:o }");
  // A later request's _:b is a new node.
  f.update("INSERT DATA { GRAPH ex:g1 { _:b ex:p ex:o } }");
  f.expectStore("ex:g1 { _:1 ex:p ex:o . _:2 ex:p ex:o } ex:g2 { _:1 ex:p ex:o }");
}

TEST(UpdateExecutorTest, ExistingBlankNodesAreMatchedAndDeleted) {
  Fixture f(
      "ex:a ex:knows _:x . _:x ex:name \"X\" . _:x ex:age 3 . "
      "ex:a ex:knows _:y . _:y ex:name \"Y\" . ex:g { _:x ex:in ex:g }");
  const index::CommitResult r = f.update("DELETE WHERE { ex:a ex:knows ?b . ?b ex:name \"X\" }");
  EXPECT_EQ(r.deleted, 2u);
  f.expectStore("_:x ex:age 3 . ex:a ex:knows _:y . _:y ex:name \"Y\" . ex:g { _:x ex:in ex:g }");
  // A blank node from a solution is the stored node: deleting and re-inserting it by variable
  // keeps it one node, in every graph.
  f.update(
      "DELETE { ?b ex:age ?n } INSERT { ?b ex:age 4 . GRAPH ex:g { ?b ex:also true } } "
      "WHERE { ?b ex:age ?n }");
  f.expectStore(
      "_:x ex:age 4 . ex:a ex:knows _:y . _:y ex:name \"Y\" . "
      "ex:g { _:x ex:in ex:g . _:x ex:also true }");
  f.update("DELETE { ?s ?p ?o } WHERE { ?s ?p ?o FILTER(isBlank(?s)) }");
  f.expectStore("ex:a ex:knows _:y . ex:g { _:x ex:in ex:g . _:x ex:also true }");
}

TEST(UpdateExecutorTest, QuadsWithUnboundOrIllegalTermsAreSkipped) {
  Fixture f("ex:a ex:p 1 . ex:b ex:p 2 . ex:b ex:label \"two\" .");
  const index::CommitResult r = f.update(
      "DELETE { ?s ex:label ?l } "
      "INSERT { ?s ex:labelled ?l . ?l ex:of ?s . ?s ?l 1 . GRAPH ?l { ?s ex:p 1 } } "
      "WHERE { ?s ex:p ?o OPTIONAL { ?s ex:label ?l } }");
  // ex:a has no label: its quads are skipped; ex:b's literal ?l cannot be a subject, predicate
  // or graph name.
  EXPECT_EQ(r.inserted, 1u);
  EXPECT_EQ(r.deleted, 1u);
  f.expectStore("ex:a ex:p 1 . ex:b ex:p 2 . ex:b ex:labelled \"two\" .");
  // A template variable the WHERE clause never binds.
  EXPECT_EQ(f.update("INSERT { ?s ex:q ?nowhere } WHERE { ?s ex:p ?o }").inserted, 0u);
}

TEST(UpdateExecutorTest, LoadWithoutALoaderIsUnsupported) {
  Fixture f("ex:a ex:p 1 .");
  const uint64_t t0 = f.t();
  const core::Error e =
      errorFrom([&] { f.update("INSERT DATA { ex:b ex:p 2 } ; LOAD <http://example.org/doc>"); });
  EXPECT_EQ(e.code(), ErrorCode::kUnsupported);
  EXPECT_EQ(f.t(), t0);
  EXPECT_EQ(f.update("LOAD SILENT <http://example.org/doc> INTO GRAPH ex:g").t, t0);
  f.expectStore("ex:a ex:p 1 .");
}

TEST(UpdateExecutorTest, LoadUsesTheLoader) {
  Fixture f("ex:a ex:p 1 .");
  std::vector<std::string> asked;
  UpdateOptions options;
  options.loader = [&](const std::string& iri) -> core::Result<std::vector<Quad>> {
    asked.push_back(iri);
    if (iri != "http://example.org/doc") return core::Status::notFound("no document " + iri);
    return std::vector<Quad>{
        {std::nullopt, Term::iri("http://example.org/d"), Term::iri("http://example.org/p"),
         Term::blank("n")},
        {std::nullopt, Term::blank("n"), Term::iri("http://example.org/p"), Term::literal("v")}};
  };
  const index::CommitResult r = f.update(
      "LOAD <http://example.org/doc> ; LOAD <http://example.org/doc> INTO GRAPH ex:g", options);
  EXPECT_EQ(r.inserted, 4u);
  // The document's blank node is one node per load.
  f.expectStore(
      "ex:a ex:p 1 . ex:d ex:p _:1 . _:1 ex:p \"v\" . ex:g { ex:d ex:p _:2 . _:2 ex:p \"v\" }");
  const uint64_t t1 = f.t();
  const core::Error e =
      errorFrom([&] { f.update("CLEAR DEFAULT ; LOAD <http://example.org/missing>", options); });
  EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(e.message().find("http://example.org/missing"), std::string::npos) << e.message();
  EXPECT_EQ(f.t(), t1);
  EXPECT_EQ(f.update("LOAD SILENT <http://example.org/missing>", options).t, t1);
  EXPECT_EQ(asked,
            (std::vector<std::string>{"http://example.org/doc", "http://example.org/doc",
                                      "http://example.org/missing", "http://example.org/missing"}));
}

TEST(UpdateExecutorTest, CountsAreTheNetChangeAndTAdvancesByOnePerRequest) {
  Fixture f("ex:a ex:p 1 . ex:a ex:p 2 . ex:g { ex:a ex:p 1 }");
  const uint64_t t0 = f.t();
  index::CommitResult r = f.update(
      "DELETE { ?s ex:p ?o } INSERT { ?s ex:p 10 . ?s ex:p 1 } WHERE { ?s ex:p ?o } ;"
      "INSERT DATA { GRAPH ex:g { ex:a ex:p 1 . ex:a ex:p 5 } }");
  // Net: ex:a ex:p 2 deleted; ex:a ex:p 10 and g's ex:a ex:p 5 inserted (ex:a ex:p 1 stays).
  EXPECT_EQ(r.t, t0 + 1);
  EXPECT_EQ(r.inserted, 2u);
  EXPECT_EQ(r.deleted, 1u);
  EXPECT_FALSE(r.time.empty());
  r = f.update("CLEAR ALL");
  EXPECT_EQ(r.t, t0 + 2);
  EXPECT_EQ(r.deleted, 4u);
  EXPECT_EQ(r.inserted, 0u);
  f.expectStore("");
}

TEST(UpdateExecutorTest, AnEmptyRequestChangesNothing) {
  Fixture f("ex:a ex:p 1 .");
  const uint64_t t0 = f.t();
  const index::CommitResult r = executeUpdate(*f.live, UpdateRequest{}, {});
  EXPECT_EQ(r.t, t0);
  EXPECT_EQ(r.inserted + r.deleted, 0u);
}

}  // namespace
}  // namespace cairn::query
