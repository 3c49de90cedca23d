// Runs the W3C SPARQL 1.1 Update evaluation suite against the update executor: every
// mf:UpdateEvaluationTest of the manifests sparql11/manifest-sparql11-update.ttl includes. Each
// test loads its store — ut:data into the default graph, each ut:graphData's ut:graph file into
// the named graph its rdfs:label names — through the production importer into an in-memory
// ledger, opens it as a LiveLedger, parses ut:request with sparql::parseUpdate (base IRI: the
// .ru file's IRI) and runs it with query::executeUpdate as one commit. The store after it must
// equal mf:result (same shape as the action): the default graph and the set of non-empty named
// graphs, all compared together modulo one blank node bijection, so a blank node shared by two
// graphs must stay shared. The ledger is then reopened from its stores (replaying the commit
// record) and must read back the same quads.
//
// Cairn keeps no empty graphs: an empty named graph in a test's action or result is the same as
// an absent one. The runner prints a NOTE for the tests where that happens.
//
// LOAD: the executor gets a loader that reads only files under the conformance directory, named
// by file: IRIs (relative IRIs in a request resolve against its file: IRI, so they land there
// too); any other IRI fails to load. The suite's only LOAD tests load a nonexistent
// somescheme:// IRI with SILENT.
//
//   sparql_update_runner [--verbose] [--filter TEXT] [conformance-root]
//                                                   (default ../shared/conformance)
//
// Prints "FAIL suite/test: reason" per failure, a count per manifest, then the totals. Approved
// tests decide the exit status: it is non-zero if one fails that is not in
// kSparqlUpdateExclusions (tests/conformance/sparql_update_exclusions.h, each with its reason),
// or if an excluded test passes (so the list only shrinks). Tests without approval also run;
// their failures are NOTE lines. --verbose lists passing tests and the quads that differ.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/rdf/rdf_format.h"
#include "index/write/live_ledger.h"
#include "query/update/update_executor.h"
#include "sparql/parser/sparql_parser.h"
#include "tests/conformance/sparql_update_exclusions.h"
#include "tests/support/graph_isomorphism.h"
#include "tests/support/ledger_quads.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/runner_support.h"
#include "tests/support/sparql_results.h"
#include "tests/support/test_ledger.h"
#include "tests/support/w3c_manifest.h"

namespace {

namespace t = cairn::testing;
namespace fs = std::filesystem;
using cairn::core::Term;
using t::manifest_vocab::kRdfs;
using t::manifest_vocab::kUt;

std::string iri(std::string_view ns, std::string_view local) {
  return std::string(ns) + std::string(local);
}

struct Outcome {
  bool passed = false;
  std::string reason;              // failure: a headline, then detail lines
  std::vector<std::string> notes;  // printed as NOTE lines whatever the outcome
};

Outcome fail(std::string reason, std::vector<std::string> notes = {}) {
  return {false, std::move(reason), std::move(notes)};
}

// Reads an RDF file (Turtle, N-Triples, N-Quads, TriG, RDF/XML; Turtle when the extension says
// nothing) with the file's IRI as base.
cairn::core::Result<std::vector<t::Quad>> readRdf(const std::string& path) {
  if (fs::path(path).extension() == ".rdf") return t::parseRdfXmlFile(path, t::fileIri(path));
  auto format = cairn::core::rdf::formatFromPath(path);
  if (!format) format = cairn::core::rdf::RdfFormat::kTurtle;
  t::ParseOptions options;
  options.baseIri = t::fileIri(path);
  return t::parseRdfFile(path, *format, options);
}

// Blank node labels are scoped to their file: the same label in two files names two nodes. The
// prefix is the same whenever one file is read again (into two graphs, or as action and result),
// so one file read into two graphs shares its blank nodes between them.
void scopeBlankNodes(const std::string& path, std::vector<t::Quad>& quads) {
  static std::map<std::string, size_t> fileNumbers;
  const std::string prefix =
      "f" + std::to_string(fileNumbers.emplace(path, fileNumbers.size()).first->second) + "x";
  auto scope = [&](Term& term) {
    if (term.kind == cairn::core::TermKind::kBlank) term.value = prefix + term.value;
  };
  for (t::Quad& q : quads) {
    scope(q.subject);
    scope(q.object);
  }
}

// A store as a test states it (mf:action or mf:result): its quads, and the named graphs it
// lists without triples.
struct Store {
  std::vector<t::Quad> quads;
  std::vector<std::string> emptyGraphs;
};

cairn::core::Result<std::vector<t::Quad>> readGraphFile(const Term& file,
                                                        std::optional<Term> graph) {
  const auto path = t::pathFromFileIri(file.value);
  if (!path) return cairn::core::Status::invalidArgument("not a file: " + file.value);
  auto quads = readRdf(*path);
  if (!quads) {
    return cairn::core::Status::invalidArgument("cannot read " + *path + ": " +
                                                quads.status().message());
  }
  scopeBlankNodes(*path, *quads);
  for (t::Quad& q : *quads) q.graph = graph;
  return quads;
}

// The store described by `node` (ut:data, ut:graphData [ ut:graph; rdfs:label ]).
cairn::core::Result<Store> readStore(const t::TermGraph& graph, const Term& node) {
  Store store;
  for (const Term& data : graph.objects(node, iri(kUt, "data"))) {
    auto quads = readGraphFile(data, std::nullopt);
    if (!quads) return quads.status();
    store.quads.insert(store.quads.end(), quads->begin(), quads->end());
  }
  for (const Term& graphData : graph.objects(node, iri(kUt, "graphData"))) {
    const auto file = graph.object(graphData, iri(kUt, "graph"));
    if (!file) return cairn::core::Status::invalidArgument("ut:graphData without ut:graph");
    // The graph's name is its label; a graphData without one is named by its file.
    const auto label = graph.object(graphData, iri(kRdfs, "label"));
    const std::string name = label ? label->value : file->value;
    auto quads = readGraphFile(*file, Term::iri(name));
    if (!quads) return quads.status();
    if (quads->empty()) store.emptyGraphs.push_back(name);
    store.quads.insert(store.quads.end(), quads->begin(), quads->end());
  }
  t::dropXsdStringDatatype(store.quads);
  return store;
}

// LOAD for the runner: file: IRIs of RDF files under the conformance directory, nothing else.
class ConformanceLoader {
 public:
  explicit ConformanceLoader(const std::string& root)
      : root_(fs::weakly_canonical(fs::absolute(root))) {}

  cairn::core::Result<std::vector<cairn::query::Quad>> operator()(const std::string& source) const {
    const auto path = t::pathFromFileIri(source);
    if (!path) {
      return cairn::core::Status::notFound("the test runner loads only file: IRIs: " + source);
    }
    std::error_code ec;
    const fs::path resolved = fs::weakly_canonical(*path, ec);
    const auto [rootEnd, unused] =
        std::mismatch(root_.begin(), root_.end(), resolved.begin(), resolved.end());
    if (ec || rootEnd != root_.end() || !fs::is_regular_file(resolved, ec)) {
      return cairn::core::Status::notFound("no such file under the conformance directory: " +
                                           source);
    }
    auto quads = readRdf(resolved.string());
    if (!quads) return quads.status();
    std::vector<cairn::query::Quad> out;
    out.reserve(quads->size());
    for (t::Quad& q : *quads) {
      cairn::query::Quad quad{std::nullopt, std::move(q.subject), std::move(q.predicate),
                              std::move(q.object)};
      if (q.graph) quad.graph = q.graph->value;
      out.push_back(std::move(quad));
    }
    return out;
  }

 private:
  fs::path root_;
};

std::set<std::string> namedGraphsOf(const std::vector<t::Quad>& quads) {
  std::set<std::string> out;
  for (const t::Quad& q : quads) {
    if (q.graph) out.insert(q.graph->value);
  }
  return out;
}

std::string listGraphs(const std::set<std::string>& graphs) {
  if (graphs.empty()) return "none";
  std::string out;
  for (const std::string& g : graphs) out += (out.empty() ? "<" : ", <") + g + ">";
  return out;
}

std::string listQuads(const std::vector<t::Quad>& quads) {
  std::string out;
  for (const t::Quad& q : quads) out += "\n  " + t::toNQuads(q);
  return quads.empty() ? "\n  (empty store)" : out;
}

// Whether `actual` is the store `expected` describes; the explanation says how it differs.
t::MatchResult compareStores(const std::vector<t::Quad>& expected,
                             const std::vector<t::Quad>& actual) {
  const std::set<std::string> expectedGraphs = namedGraphsOf(expected);
  const std::set<std::string> actualGraphs = namedGraphsOf(actual);
  if (expectedGraphs != actualGraphs) {
    return {false, "named graphs differ: expected " + listGraphs(expectedGraphs) + ", got " +
                       listGraphs(actualGraphs) + "\nexpected store:" + listQuads(expected) +
                       "\nactual store:" + listQuads(actual)};
  }
  t::MatchResult match = t::datasetsIsomorphic(expected, actual);
  if (!match.matched) {
    match.explanation = "stores differ: " + match.explanation +
                        "\nexpected store:" + listQuads(expected) +
                        "\nactual store:" + listQuads(actual);
  }
  return match;
}

Outcome runUpdateTest(const t::Manifest& manifest, const t::ManifestEntry& entry,
                      const ConformanceLoader& loader) {
  if (!entry.action) return fail("no mf:action");
  const auto request = manifest.graph.object(*entry.action, iri(kUt, "request"));
  if (!request) return fail("no ut:request");
  const auto requestPath = t::pathFromFileIri(request->value);
  if (!requestPath) return fail("ut:request is not a file: " + request->value);
  const auto requestText = t::readFile(*requestPath);
  if (!requestText) return fail(requestText.status().message());

  auto before = readStore(manifest.graph, *entry.action);
  if (!before) return fail("cannot read the action's store: " + before.status().message());
  Store after;
  bool expectSuccess = true;
  if (entry.result) {
    auto expected = readStore(manifest.graph, *entry.result);
    if (!expected) return fail("cannot read the result's store: " + expected.status().message());
    after = std::move(expected).value();
    const auto result = manifest.graph.object(*entry.result, iri(kUt, "result"));
    expectSuccess = !result || result->value != iri(kUt, "failure");
  }
  std::vector<std::string> notes;
  for (const std::string& g : before->emptyGraphs) {
    notes.push_back("the action's graph <" + g +
                    "> is empty: Cairn keeps no empty graphs, so it does not exist");
  }
  for (const std::string& g : after.emptyGraphs) {
    notes.push_back("the result's graph <" + g +
                    "> is empty: Cairn keeps no empty graphs, so it must be absent");
  }

  cairn::query::UpdateRequest update;
  try {
    cairn::sparql::UpdateParseOptions options;
    options.baseIri = request->value;
    update = cairn::sparql::parseUpdate(*requestText, options);
  } catch (const cairn::core::Error& e) {
    return fail("parse error " + std::to_string(e.line()) + ":" + std::to_string(e.column()) +
                    ": " + e.message(),
                std::move(notes));
  }

  const cairn::index::IndexConfig config = cairn::index::IndexConfig::defaults();
  std::vector<t::Quad> actual;
  try {
    t::TestLedger base = t::makeTestLedger(before->quads, config);
    auto live = cairn::index::LiveLedger::open(*base.blobs, *base.heads, "test", nullptr, config);
    if (!live) return fail("cannot open the ledger: " + live.status().toString(), notes);
    cairn::query::UpdateOptions options;
    options.baseIri = request->value;
    options.query.timeout = std::chrono::seconds(20);
    options.loader = [&loader](const std::string& source) { return loader(source); };
    options.message = "W3C update test " + entry.name;
    try {
      cairn::query::executeUpdate(**live, update, options);
    } catch (const cairn::core::Error& e) {
      if (!expectSuccess) return {true, {}, std::move(notes)};
      return fail(std::string("update error: ") +
                      std::string(cairn::core::errorCodeName(e.code())) + ": " + e.message(),
                  std::move(notes));
    }
    if (!expectSuccess) return fail("the update succeeded; the test expects it to fail", notes);
    actual = t::ledgerQuads(*(*live)->snapshot());
    // The commit record must replay to the same state.
    auto reopened =
        cairn::index::LiveLedger::open(*base.blobs, *base.heads, "test", nullptr, config);
    if (!reopened) return fail("cannot reopen the ledger: " + reopened.status().toString(), notes);
    const std::vector<t::Quad> replayed = t::ledgerQuads(*(*reopened)->snapshot());
    if (replayed != actual) {
      return fail("the reopened ledger differs from the committed state\ncommitted:" +
                      listQuads(actual) + "\nreplayed:" + listQuads(replayed),
                  std::move(notes));
    }
  } catch (const cairn::core::Error& e) {
    return fail(std::string("ledger error: ") + std::string(cairn::core::errorCodeName(e.code())) +
                    ": " + e.message(),
                std::move(notes));
  }
  t::dropXsdStringDatatype(actual);

  const t::MatchResult match = compareStores(after.quads, actual);
  if (!match.matched) return fail(match.explanation, std::move(notes));
  return {true, {}, std::move(notes)};
}

struct Counts {
  size_t passed = 0, failed = 0, unapprovedPassed = 0, unapprovedFailed = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const t::RunnerOptions options = t::parseRunnerOptions(argc, argv);
  const std::string& root = options.root;
  const bool verbose = options.verbose;
  const std::string entryPoint = root + "/sparql11/manifest-sparql11-update.ttl";
  const std::string approved = std::string(t::manifest_vocab::kDawgt) + "Approved";
  const ConformanceLoader loader(root);

  Counts total;
  size_t excused = 0, unexcused = 0, stale = 0, notes = 0;
  std::set<std::string> seen;
  auto manifests = t::loadManifestTree(entryPoint);
  if (!manifests) {
    std::printf("FAIL cannot load %s: %s\n", entryPoint.c_str(),
                manifests.status().toString().c_str());
    return 1;
  }
  for (const t::Manifest& manifest : *manifests) {
    const std::string suite =
        fs::relative(fs::path(manifest.path).parent_path(), root).generic_string();
    Counts counts;
    for (const t::ManifestEntry& entry : manifest.entries) {
      if (t::localName(entry.type) != "UpdateEvaluationTest") continue;
      const std::string id = suite + "/" + entry.name;
      if (!options.selects(id)) continue;
      if (!seen.insert(entry.node.value + "|" + id).second) continue;
      const std::string_view approval = t::localName(entry.approval);
      if (approval == "Deprecated" || approval == "NotClassified") continue;

      const Outcome outcome = runUpdateTest(manifest, entry, loader);
      for (const std::string& note : outcome.notes) {
        ++notes;
        std::printf("NOTE %s: %s\n", id.c_str(), note.c_str());
      }
      const std::string headline(t::reasonHeadline(outcome.reason));
      if (entry.approval != approved) {
        ++(outcome.passed ? counts.unapprovedPassed : counts.unapprovedFailed);
        if (!outcome.passed) {
          std::printf("NOTE not approved, fails %s: %s\n", id.c_str(), headline.c_str());
          if (verbose) t::printReasonDetails(outcome.reason);
        } else if (verbose) {
          std::printf("pass (not approved) %s\n", id.c_str());
        }
        continue;
      }
      const t::SparqlExclusion* exclusion = t::findSparqlUpdateExclusion(id);
      if (outcome.passed) {
        ++counts.passed;
        if (exclusion != nullptr) {
          ++stale;
          std::printf("PASS %s is excluded (%s): remove it from the exclusion list\n", id.c_str(),
                      exclusion->reason.data());
        } else if (verbose) {
          std::printf("pass %s\n", id.c_str());
        }
        continue;
      }
      ++counts.failed;
      if (exclusion != nullptr) {
        ++excused;
        if (verbose) {
          std::printf("fail %s (excluded: %s): %s\n", id.c_str(), exclusion->reason.data(),
                      headline.c_str());
        }
      } else {
        ++unexcused;
        std::printf("FAIL %s: %s\n", id.c_str(), headline.c_str());
      }
      if (verbose) t::printReasonDetails(outcome.reason);
    }
    const size_t ran =
        counts.passed + counts.failed + counts.unapprovedPassed + counts.unapprovedFailed;
    if (ran > 0) {
      std::printf("%s: %zu passed, %zu failed", suite.c_str(), counts.passed, counts.failed);
      if (counts.unapprovedPassed + counts.unapprovedFailed > 0) {
        std::printf("; not approved: %zu passed, %zu failed", counts.unapprovedPassed,
                    counts.unapprovedFailed);
      }
      std::printf("\n");
    }
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.unapprovedPassed += counts.unapprovedPassed;
    total.unapprovedFailed += counts.unapprovedFailed;
  }
  for (const t::SparqlExclusion& e : t::kSparqlUpdateExclusions) {
    if (!e.test.empty() && options.filter.empty() &&
        !std::any_of(seen.begin(), seen.end(), [&](const std::string& s) {
          return s.ends_with("|" + std::string(e.test));
        })) {
      ++stale;
      std::printf("NOTE exclusion %s matches no test\n", e.test.data());
    }
  }
  std::printf(
      "%zu passed, %zu failed (%zu excluded with a reason); not approved: %zu passed, %zu failed; "
      "%zu NOTE lines\n",
      total.passed, total.failed, excused, total.unapprovedPassed, total.unapprovedFailed, notes);
  return unexcused == 0 && stale == 0 ? 0 : 1;
}
