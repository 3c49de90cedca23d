// `cairn stats`: what a ledger holds — counts, dictionaries, and per graph the statistics the
// planner uses (rows, distinct subjects/objects, class counts, value ranges per predicate).

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

template <typename T>
T orThrow(core::Result<T> r) {
  if (!r.isOk()) throw core::Error(core::ErrorCode::kStorageError, r.status().toString());
  return std::move(r).value();
}

std::string nodeText(const index::Ledger& ledger, core::NodeId id) {
  return core::toNTriples(orThrow(ledger.decodeNode(id)));
}

std::string rangeText(const index::ValueRange& r) {
  std::string dt(core::datatypeOfBuiltin(r.type));
  auto hash = dt.find('#');
  if (hash != std::string::npos) dt = "xsd:" + dt.substr(hash + 1);
  return dt + " " + core::decodeInline(r.type, r.minKey) + " .. " +
         core::decodeInline(r.type, r.maxKey) + " (" + std::to_string(r.rows) + ")";
}

void printGraph(const index::Ledger& ledger, const index::GraphIndex& g,
                const index::LedgerStats& stats, size_t maxClasses) {
  std::printf("\ngraph %s: %llu triples, ~%llu subjects, %zu predicates\n",
              g.graph == core::kNoNode ? "(default)" : nodeText(ledger, g.graph).c_str(),
              static_cast<unsigned long long>(g.triples),
              static_cast<unsigned long long>(stats.subjects), stats.byPredicate.size());
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
  std::printf("ledger '%s' at t=%llu (root %s, created %s)\n", args.ledger.c_str(),
              static_cast<unsigned long long>(root.t), ledger.rootId().shortHex().c_str(),
              root.createdAt.c_str());
  std::printf("  quads        %llu in %zu graph(s)\n", static_cast<unsigned long long>(root.quads),
              root.graphs.size());
  std::printf(
      "  dictionaries %llu IRIs, %llu strings, %zu language tags, %zu other datatypes, "
      "%llu blank nodes\n",
      static_cast<unsigned long long>(root.iris.size),
      static_cast<unsigned long long>(root.strings.size), root.languages.size(),
      root.datatypes.size(), static_cast<unsigned long long>(root.blankNodes));
  for (const auto& g : root.graphs)
    printGraph(ledger, g, orThrow(ledger.stats(g.graph)), args.classes);
}

}  // namespace cairn::server
