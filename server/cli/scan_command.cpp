// `cairn scan`: answer one triple pattern straight from the permutations — the smallest query
// there is, and a way to look inside a ledger before the SPARQL engine is there.

#include <cstdio>

#include "core/error.h"
#include "index/ledger/ledger.h"
#include "server/cli/commands.h"
#include "server/cli/store_access.h"
#include "server/cli/triple_pattern.h"

namespace cairn::server {
namespace {

// Which permutation answers the pattern, and the values of its bound key prefix. (s, ?p, o) has
// no contiguous range: it scans SPOT by subject and filters on the object.
struct Access {
  index::Permutation perm = index::Permutation::kSPOT;
  std::vector<uint64_t> prefix;
  std::optional<core::EncodedObject> objectFilter;
};

Access chooseAccess(std::optional<core::NodeId> s, std::optional<core::NodeId> p,
                    std::optional<core::EncodedObject> o) {
  using index::Permutation;
  Access a;
  if (s) {
    a.perm = Permutation::kSPOT;
    a.prefix.push_back(*s);
    if (p) {
      a.prefix.push_back(*p);
      if (o) a.prefix.insert(a.prefix.end(), {o->type, o->key});
    } else if (o) {
      a.objectFilter = o;
    }
  } else if (p) {
    if (o) {
      a.perm = Permutation::kPOST;
      a.prefix = {*p, o->type, o->key};
    } else {
      a.perm = Permutation::kPSOT;
      a.prefix = {*p};
    }
  } else if (o) {
    a.perm = Permutation::kOPST;
    a.prefix = {o->type, o->key};
  }
  return a;
}

}  // namespace

void runScan(const ScanArgs& args) {
  TriplePattern pattern = parseTriplePattern(args.pattern);
  auto store = openStore(args.data, /*readOnly=*/true);
  auto opened = openLedger(*store, args.ledger, size_t{256} << 20);
  const index::Ledger& ledger = *opened;

  auto emptyResult = [&] {
    if (args.count) std::printf("0\n");
  };
  core::NodeId graph = core::kNoNode;
  if (!args.graph.empty()) {
    auto g = core::valueOrThrow(ledger.encodeNode(core::Term::iri(args.graph)));
    if (!g) return emptyResult();
    graph = *g;
  }
  std::optional<core::NodeId> s, p;
  std::optional<core::EncodedObject> o;
  if (pattern.positions[0]) {
    s = core::valueOrThrow(ledger.encodeNode(*pattern.positions[0]));
    if (!s) return emptyResult();
  }
  if (pattern.positions[1]) {
    p = core::valueOrThrow(ledger.encodeNode(*pattern.positions[1]));
    if (!p) return emptyResult();
  }
  if (pattern.positions[2]) {
    o = core::valueOrThrow(ledger.encodeObject(*pattern.positions[2]));
    if (!o) return emptyResult();
  }
  auto reader = ledger.reader(graph, index::Permutation::kSPOT);
  if (!reader) return emptyResult();
  Access access = chooseAccess(s, p, o);
  reader = ledger.reader(graph, access.perm);
  auto range = index::ScanRange::prefix(access.prefix);

  if (args.count && !access.objectFilter) {
    std::printf("%llu\n",
                static_cast<unsigned long long>(core::valueOrThrow(reader->count(range))));
    return;
  }
  using index::Column;
  index::ColumnMask mask = index::columnBit(Column::kS) | index::columnBit(Column::kP) |
                           index::columnBit(Column::kOType) | index::columnBit(Column::kOKey);
  auto cursor = reader->scan(range, mask);
  index::ColumnBatch batch;
  uint64_t matched = 0;
  std::string line;
  while (core::valueOrThrow(cursor.next(batch))) {
    const auto& cs = batch.columns[static_cast<int>(Column::kS)];
    const auto& cp = batch.columns[static_cast<int>(Column::kP)];
    const auto& cot = batch.columns[static_cast<int>(Column::kOType)];
    const auto& cok = batch.columns[static_cast<int>(Column::kOKey)];
    for (size_t r = 0; r < batch.rows; ++r) {
      core::EncodedObject obj{static_cast<core::ObjectType>(cot[r]), cok[r]};
      if (access.objectFilter && obj != *access.objectFilter) continue;
      ++matched;
      if (args.count) continue;
      line = core::toNTriples(core::valueOrThrow(ledger.decodeNode(cs[r])));
      line += ' ';
      line += core::toNTriples(core::valueOrThrow(ledger.decodeNode(cp[r])));
      line += ' ';
      line += core::toNTriples(core::valueOrThrow(ledger.decodeObject(obj)));
      line += " .\n";
      std::fwrite(line.data(), 1, line.size(), stdout);
      if (args.limit != 0 && matched >= args.limit) return;
    }
  }
  if (args.count) std::printf("%llu\n", static_cast<unsigned long long>(matched));
}

}  // namespace cairn::server
