// `cairn stats`: what a ledger holds — counts, dictionaries, and per graph the statistics the
// planner uses (rows, distinct subjects/objects, class counts, value ranges per predicate).
// Counts include the commits since the index root; the statistics describe the root.

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/literal_codec.h"
#include "index/ledger/ledger.h"
#include "server/cli/commands.h"
#include "server/cli/store_access.h"
#include "server/ledgers/ledger_summary.h"

namespace cairn::server {
namespace {

std::string nodeText(const index::Ledger& ledger, core::NodeId id) {
  return core::toNTriples(core::valueOrThrow(ledger.decodeNode(id)));
}

std::string rangeText(const index::ValueRange& r) {
  std::string dt(core::datatypeOfBuiltin(r.type));
  auto hash = dt.find('#');
  if (hash != std::string::npos) dt = "xsd:" + dt.substr(hash + 1);
  return dt + " " + core::decodeInline(r.type, r.minKey) + " .. " +
         core::decodeInline(r.type, r.maxKey) + " (" + std::to_string(r.rows) + ")";
}

// Triples in one graph now: directory counts plus the novelty's delta.
uint64_t currentTriples(const index::Ledger& ledger, core::NodeId graph) {
  auto reader = ledger.reader(graph, index::Permutation::kSPOT);
  return reader ? core::valueOrThrow(reader->count(index::ScanRange::all())) : 0;
}

std::string graphName(const index::Ledger& ledger, core::NodeId graph) {
  return graph == core::kNoNode ? "(default)" : nodeText(ledger, graph);
}

// A graph of the index root: its current count, then the root's statistics.
void printGraph(const index::Ledger& ledger, const index::GraphIndex& g,
                const index::LedgerStats& stats, size_t maxClasses) {
  const uint64_t triples = currentTriples(ledger, g.graph);
  std::printf("\ngraph %s: %llu triples", graphName(ledger, g.graph).c_str(),
              static_cast<unsigned long long>(triples));
  if (triples != g.triples) {
    std::printf(" (%llu indexed)", static_cast<unsigned long long>(g.triples));
  }
  std::printf(", ~%llu subjects, %zu predicates\n", static_cast<unsigned long long>(stats.subjects),
              stats.byPredicate.size());
  std::printf("  %-56s %10s %10s %10s\n", "predicate", "rows", "~subjects", "~objects");
  for (const auto& p : stats.byPredicate) {
    std::printf("  %-56s %10llu %10llu %10llu\n", nodeText(ledger, p.predicate).c_str(),
                static_cast<unsigned long long>(p.rows),
                static_cast<unsigned long long>(p.distinctSubjects()),
                static_cast<unsigned long long>(p.distinctObjects()));
    auto classes = p.classCounts;
    std::sort(classes.begin(), classes.end(),
              [](const auto& a, const auto& b) { return a.second > b.second; });
    for (size_t i = 0; i < classes.size() && i < maxClasses; ++i) {
      std::printf("      class %s: %llu\n", nodeText(ledger, classes[i].first).c_str(),
                  static_cast<unsigned long long>(classes[i].second));
    }
    if (classes.size() > maxClasses)
      std::printf("      ... %zu more classes\n", classes.size() - maxClasses);
    for (const auto& r : p.ranges) std::printf("      values %s\n", rangeText(r).c_str());
  }
}

}  // namespace

void runStats(const StatsArgs& args) {
  auto store = openStore(args.data, /*readOnly=*/true);
  auto opened = openLedger(*store, args.ledger, size_t{64} << 20);
  const index::Ledger& ledger = *opened;
  const index::IndexRoot& root = ledger.root();
  if (args.json) {
    std::printf("%s\n", ledgerSummaryJson(ledger, /*withPredicates=*/true).dump(2).c_str());
    return;
  }
  std::printf("ledger '%s' at t=%llu (index root %s at t=%llu, created %s)\n", args.ledger.c_str(),
              static_cast<unsigned long long>(ledger.t()), ledger.rootId().shortHex().c_str(),
              static_cast<unsigned long long>(root.t), root.createdAt.c_str());
  const std::vector<core::NodeId> graphs = ledger.graphIds();
  std::printf("  quads        %llu in %zu graph(s)",
              static_cast<unsigned long long>(currentQuads(ledger)), graphs.size());
  if (ledger.t() != root.baseT) {
    std::printf(
        " (%llu in the trees at t=%llu, %llu changes in the delta layer, %llu since the "
        "root)",
        static_cast<unsigned long long>(root.quads), static_cast<unsigned long long>(root.baseT),
        static_cast<unsigned long long>(ledger.novelty().persistedFlakeCount()),
        static_cast<unsigned long long>(ledger.novelty().flakeCount()));
  }
  std::printf("\n");
  std::printf(
      "  dictionaries %llu IRIs, %llu strings, %zu language tags, %zu other datatypes, "
      "%llu blank nodes\n",
      static_cast<unsigned long long>(ledger.nextIriId() - 1),
      static_cast<unsigned long long>(ledger.nextStringId() - 1), root.languages.size(),
      root.datatypes.size(), static_cast<unsigned long long>(root.blankNodes));
  for (core::NodeId id : graphs) {
    if (const index::GraphIndex* g = root.findGraph(id)) {
      printGraph(ledger, *g, core::valueOrThrow(ledger.stats(id)), args.classes);
    } else {
      std::printf("\ngraph %s: %llu triples (added since the index root; no statistics yet)\n",
                  graphName(ledger, id).c_str(),
                  static_cast<unsigned long long>(currentTriples(ledger, id)));
    }
  }
}

}  // namespace cairn::server
