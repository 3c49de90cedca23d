#include "server/ledgers/ledger_summary.h"

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/literal_codec.h"

namespace cairn::server {
namespace {

nlohmann::json predicatesJson(const index::Ledger& ledger, const index::LedgerStats& stats) {
  nlohmann::json preds = nlohmann::json::array();
  for (const auto& p : stats.byPredicate) {
    nlohmann::json pj = {{"predicate", core::valueOrThrow(ledger.decodeNode(p.predicate)).value},
                         {"rows", p.rows},
                         {"distinctSubjects", p.distinctSubjects()},
                         {"distinctObjects", p.distinctObjects()}};
    for (const auto& [cls, n] : p.classCounts) {
      pj["classes"][core::valueOrThrow(ledger.decodeNode(cls)).value] = n;
    }
    for (const auto& r : p.ranges) {
      pj["ranges"].push_back({{"datatype", core::datatypeOfBuiltin(r.type)},
                              {"min", core::decodeInline(r.type, r.minKey)},
                              {"max", core::decodeInline(r.type, r.maxKey)},
                              {"rows", r.rows}});
    }
    preds.push_back(std::move(pj));
  }
  return preds;
}

// Triples in one graph now: the index's directory counts plus the novelty's delta.
uint64_t currentTriples(const index::Ledger& ledger, core::NodeId graph) {
  auto reader = ledger.reader(graph, index::Permutation::kSPOT);
  return reader ? core::valueOrThrow(reader->count(index::ScanRange::all())) : 0;
}

// A graph that only commits since the index root created: no statistics yet.
nlohmann::json novelGraphJson(const index::Ledger& ledger, core::NodeId graph) {
  // The default graph is "" as in graphJson: id kNoNode names no term.
  return {
      {"graph", graph == core::kNoNode ? "" : core::valueOrThrow(ledger.decodeNode(graph)).value},
      {"triples", currentTriples(ledger, graph)},
      {"indexedTriples", 0}};
}

nlohmann::json graphJson(const index::Ledger& ledger, const index::GraphIndex& g,
                         bool withPredicates) {
  const auto stats = core::valueOrThrow(ledger.statistics(g.graph));
  // Statistics describe the index root; "triples" is the current count.
  nlohmann::json j = {
      {"graph",
       g.graph == core::kNoNode ? "" : core::valueOrThrow(ledger.decodeNode(g.graph)).value},
      {"triples", currentTriples(ledger, g.graph)},
      {"indexedTriples", g.triples},
      {"distinctSubjects", stats->subjects},
      {"predicateCount", stats->byPredicate.size()}};
  for (index::Permutation perm : index::kAllPermutations) {
    const auto& r = g.permutation(perm);
    j["permutations"][std::string(index::permutationName(perm))] = {{"rows", r.rows},
                                                                    {"height", r.height}};
  }
  if (withPredicates) j["predicates"] = predicatesJson(ledger, *stats);
  return j;
}

}  // namespace

uint64_t currentQuads(const index::Ledger& ledger) {
  uint64_t quads = 0;
  for (core::NodeId g : ledger.graphIds()) quads += currentTriples(ledger, g);
  return quads;
}

nlohmann::json ledgerSummaryJson(const index::Ledger& ledger, bool withPredicates) {
  const index::IndexRoot& root = ledger.root();
  const uint64_t quads = currentQuads(ledger);
  nlohmann::json j = {
      {"ledger", ledger.name()},      {"t", ledger.t()},
      {"indexedT", root.t},           {"root", ledger.rootId().toHex()},
      {"createdAt", root.createdAt},  {"quads", quads},
      {"indexedQuads", root.quads},   {"noveltyFlakes", ledger.novelty().flakeCount()},
      {"treesT", root.baseT},         {"deltaFlakes", ledger.novelty().persistedFlakeCount()},
      {"iris", root.iris.size},       {"strings", root.strings.size},
      {"languages", root.languages},  {"datatypes", root.datatypes},
      {"blankNodes", root.blankNodes}};
  j["graphs"] = nlohmann::json::array();
  for (core::NodeId id : ledger.graphIds()) {
    const index::GraphIndex* g = root.findGraph(id);
    j["graphs"].push_back(g ? graphJson(ledger, *g, withPredicates) : novelGraphJson(ledger, id));
  }
  return j;
}

nlohmann::json indexReportJson(const index::IndexBuildReport& r) {
  return {{"fromT", r.fromT},
          {"t", r.toT},
          {"indexed", r.toT != r.fromT || r.folded},
          {"folded", r.folded},
          {"flakes", r.flakes},
          {"deltaFlakes", r.deltaFlakes},
          {"segmentsMerged", r.segmentsMerged},
          {"rowsChanged", r.rowsChanged},
          {"historyEntries", r.historyEntries},
          {"newIris", r.newIris},
          {"newStrings", r.newStrings},
          {"bytesWritten", r.bytesWritten},
          {"blobsWritten", r.blobsWritten},
          {"leafletsRewritten", r.leafletsRewritten},
          {"leafletsReused", r.leafletsReused},
          {"seconds", r.seconds}};
}

}  // namespace cairn::server
