#include "query/graph/snapshot_graph_access.h"

#include <algorithm>
#include <array>
#include <utility>

#include "core/error.h"
#include "core/vocab.h"
#include "index/tree/column_batch.h"
#include "index/tree/scan_range.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/graph/value_terms.h"

namespace cairn::query::graph {

using value::Value;

SnapshotGraphAccess::SnapshotGraphAccess(const index::Ledger& ledger, uint64_t asOf)
    : ledger_(ledger), asOf_(asOf) {}

SnapshotGraphAccess::~SnapshotGraphAccess() = default;

const CypherNames& SnapshotGraphAccess::names() const {
  if (!names_) names_ = cypherNames(ledger_, asOf_);
  return *names_;
}

const index::SnapshotReader* SnapshotGraphAccess::spot(core::NodeId graph) const {
  auto it = readers_.find(graph);
  if (it == readers_.end()) {
    it = readers_.emplace(graph, ledger_.reader(graph, index::Permutation::kSPOT)).first;
  }
  return it->second ? &*it->second : nullptr;
}

index::SnapshotKeyProbe* SnapshotGraphAccess::probe(core::NodeId graph,
                                                    index::Permutation perm) const {
  auto [it, fresh] = probes_.try_emplace({graph, perm});
  if (fresh) {
    if (auto reader = ledger_.reader(graph, perm)) {
      it->second = std::make_unique<Probed>(std::move(*reader), asOf_);
    }
  }
  return it->second ? &it->second->probe : nullptr;
}

std::optional<core::NodeId> SnapshotGraphAccess::iriId(std::string_view iri) const {
  if (auto it = iriIds_.find(std::string(iri)); it != iriIds_.end()) return it->second;
  // A miss is remembered by the dictionary's answer cache, not here.
  auto id = core::valueOrThrow(ledger_.encodeIri(iri));
  if (id) iriIds_.emplace(std::string(iri), *id);
  return id;
}

std::optional<core::NodeId> SnapshotGraphAccess::edgesGraph() const {
  if (!edgesGraph_) edgesGraph_ = iriId(kEdgesGraphIri);
  return *edgesGraph_;
}

std::vector<core::NodeId> SnapshotGraphAccess::nameIds(std::string_view name) const {
  std::vector<core::NodeId> ids;
  if (auto id = iriId(names().iriOf(name))) ids.push_back(*id);
  // A foreign IRI is its own name (CypherNames::nameOf); a bare name has no ':' in practice.
  if (name.find(':') != std::string_view::npos) {
    if (auto id = iriId(name); id && (ids.empty() || ids.front() != *id)) ids.push_back(*id);
  }
  return ids;
}

const std::string& SnapshotGraphAccess::nameOf(core::NodeId id) const {
  auto it = nodeNames_.find(id);
  if (it == nodeNames_.end()) {
    core::Term term = core::valueOrThrow(ledger_.decodeNode(id));
    std::string name =
        term.kind == core::TermKind::kIri ? names().nameOf(term.value) : "_:" + term.value;
    it = nodeNames_.emplace(id, std::move(name)).first;
  }
  return it->second;
}

std::vector<SnapshotGraphAccess::Fact> SnapshotGraphAccess::literalFacts(core::NodeId graph,
                                                                         core::NodeId s,
                                                                         core::NodeId p) const {
  std::vector<Fact> facts;
  // One predicate's facts are PSOT's (p, s) prefix; all of them SPOT's (s).
  const bool onePredicate = p != core::kNoNode;
  index::SnapshotKeyProbe* reads =
      probe(graph, onePredicate ? index::Permutation::kPSOT : index::Permutation::kSPOT);
  if (reads == nullptr) return facts;
  probed_.clear();
  const index::RowKey prefix =
      onePredicate ? index::RowKey{p, s, 0, 0, 0} : index::RowKey{s, 0, 0, 0, 0};
  if (core::Status read = reads->rows(prefix, onePredicate ? 2 : 1, probed_); !read.isOk()) {
    throw core::Error(core::ErrorCode::kStorageError, read.toString());
  }
  for (const index::IndexRow& row : probed_) {
    if (core::isLiteral(row.ot)) facts.push_back(Fact{row.p, {row.ot, row.ok}, row.i});
  }
  return facts;
}

Value SnapshotGraphAccess::propertyValue(std::vector<Fact> facts) const {
  auto decode = [&](const Fact& f) { return core::valueOrThrow(ledger_.decodeObject(f.object)); };
  if (facts.empty()) return Value();
  if (facts.size() == 1 && facts.front().i == 0) {
    return termToValue(decode(facts.front())).value_or(Value());
  }
  // A list: positions in i order (index order is by object first); facts with i = 0 of a
  // multi-valued RDF property keep index order, before any positions.
  std::stable_sort(facts.begin(), facts.end(),
                   [](const Fact& a, const Fact& b) { return a.i < b.i; });
  Value::List items;
  items.reserve(facts.size());
  for (const Fact& f : facts) {
    core::Term term = decode(f);
    if (term.datatype == kEmptyListDatatype) continue;  // a stale marker beside elements
    items.push_back(termToValue(term).value_or(Value()));
  }
  return Value::list(std::move(items));
}

const std::vector<core::NodeId>& SnapshotGraphAccess::keyIds(std::string_view key) const {
  auto it = keyIds_.find(key);
  if (it == keyIds_.end()) it = keyIds_.emplace(std::string(key), nameIds(key)).first;
  return it->second;
}

PropertyWalk* SnapshotGraphAccess::walkOf(core::NodeId graph, core::NodeId p) const {
  auto [it, fresh] = walks_.try_emplace({graph, p});
  if (fresh) {
    if (auto psot = ledger_.reader(graph, index::Permutation::kPSOT)) {
      it->second = std::make_unique<PropertyWalk>(std::move(*psot), p, asOf_);
    }
  }
  return it->second.get();
}

Value SnapshotGraphAccess::property(core::NodeId graph, core::NodeId s,
                                    std::string_view key) const {
  for (core::NodeId p : keyIds(key)) {
    std::vector<Fact> facts;
    PropertyWalk* walk = walkOf(graph, p);
    if (walk != nullptr && walk->read(s, walked_)) {
      facts.reserve(walked_.size());
      for (const PropertyFact& f : walked_) facts.push_back(Fact{p, f.object, f.i});
    } else {
      facts = literalFacts(graph, s, p);
    }
    if (!facts.empty()) return propertyValue(std::move(facts));
  }
  return Value();
}

Value SnapshotGraphAccess::properties(core::NodeId graph, core::NodeId s) const {
  if (!rdfType_) rdfType_ = iriId(core::vocab::kRdfType);
  const core::NodeId rdfType = rdfType_->value_or(core::kNoNode);
  std::vector<Fact> facts = literalFacts(graph, s, core::kNoNode);
  Value::Map entries;
  // SPOT order groups the facts by predicate.
  for (size_t begin = 0; begin < facts.size();) {
    size_t end = begin;
    while (end < facts.size() && facts[end].p == facts[begin].p) ++end;
    if (facts[begin].p != rdfType) {
      std::vector<Fact> group(facts.begin() + begin, facts.begin() + end);
      entries.emplace_back(nameOf(facts[begin].p), propertyValue(std::move(group)));
    }
    begin = end;
  }
  return Value::map(std::move(entries));
}

std::vector<std::string> SnapshotGraphAccess::labels(core::NodeId node) const {
  std::vector<std::string> out;
  if (!rdfType_) rdfType_ = iriId(core::vocab::kRdfType);
  if (!nodeMarker_) nodeMarker_ = iriId(kNodeMarkerIri);
  const index::SnapshotReader* reader = spot(core::kNoNode);
  if (!*rdfType_ || reader == nullptr) return out;
  const std::array<uint64_t, 2> prefix = {node, **rdfType_};
  const index::ColumnMask columns =
      index::columnBit(index::Column::kOType) | index::columnBit(index::Column::kOKey);
  index::SnapshotCursor cursor = reader->scan(index::ScanRange::prefix(prefix), columns, asOf_);
  index::ColumnBatch batch;
  while (core::valueOrThrow(cursor.next(batch))) {
    const auto& ots = batch.column(index::Column::kOType);
    const auto& oks = batch.column(index::Column::kOKey);
    for (size_t r = 0; r < batch.rows; ++r) {
      if (ots[r] != core::otype::kIri || oks[r] == nodeMarker_->value_or(core::kNoNode)) continue;
      out.push_back(nameOf(oks[r]));
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool SnapshotGraphAccess::hasLabel(core::NodeId node, std::string_view label) const {
  if (!rdfType_) rdfType_ = iriId(core::vocab::kRdfType);
  if (!nodeMarker_) nodeMarker_ = iriId(kNodeMarkerIri);
  index::SnapshotKeyProbe* reads = probe(core::kNoNode, index::Permutation::kPOST);
  if (!*rdfType_ || reads == nullptr) return false;
  for (core::NodeId type : keyIds(label)) {  // a label maps to IRIs as a key does
    if (type == nodeMarker_->value_or(core::kNoNode)) continue;
    const index::RowKey key = {**rdfType_, core::otype::kIri, type, node, 0};
    if (core::valueOrThrow(reads->contains(key))) return true;
  }
  return false;
}

Value SnapshotGraphAccess::nodeProperty(core::NodeId node, std::string_view key) const {
  return property(core::kNoNode, node, key);
}

Value SnapshotGraphAccess::nodeProperties(core::NodeId node) const {
  return properties(core::kNoNode, node);
}

std::string SnapshotGraphAccess::relationshipType(const value::Relationship& rel) const {
  if (rel.type != core::kNoNode || rel.id == 0) return nameOf(rel.type);
  // Created by the running statement with a type the store did not have yet
  // (cypher/write/create_writer.h): the type is the predicate of its fact, found among the
  // start node's facts by identity.
  const index::SnapshotReader* reader = spot(core::kNoNode);
  if (reader != nullptr) {
    const std::array<uint64_t, 1> prefix = {rel.start};
    const index::ColumnMask columns =
        index::columnBit(index::Column::kP) | index::columnBit(index::Column::kI);
    index::SnapshotCursor cursor = reader->scan(index::ScanRange::prefix(prefix), columns, asOf_);
    index::ColumnBatch batch;
    while (core::valueOrThrow(cursor.next(batch))) {
      const auto& ps = batch.column(index::Column::kP);
      const auto& is = batch.column(index::Column::kI);
      for (size_t r = 0; r < batch.rows; ++r) {
        if (is[r] == rel.id) return nameOf(ps[r]);
      }
    }
  }
  throw core::Error(core::ErrorCode::kEntityNotFound,
                    "relationship " + std::to_string(rel.id) + " has no type");
}

Value SnapshotGraphAccess::relationshipProperty(const value::Relationship& rel,
                                                std::string_view key) const {
  const std::optional<core::NodeId> graph = edgesGraph();
  if (rel.id == 0 || !graph) return Value();
  return property(*graph, rel.id, key);
}

Value SnapshotGraphAccess::relationshipProperties(const value::Relationship& rel) const {
  const std::optional<core::NodeId> graph = edgesGraph();
  if (rel.id == 0 || !graph) return Value::map({});
  return properties(*graph, rel.id);
}

namespace {

std::vector<std::string> sortedUnique(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace

std::vector<std::string> SnapshotGraphAccess::allLabels() const {
  if (!rdfType_) rdfType_ = iriId(core::vocab::kRdfType);
  if (!nodeMarker_) nodeMarker_ = iriId(kNodeMarkerIri);
  const auto post = ledger_.reader(core::kNoNode, index::Permutation::kPOST);
  std::vector<std::string> out;
  if (!*rdfType_ || !post) return out;
  const uint64_t type = **rdfType_;
  index::RowKey from = {type, 0, 0, 0, 0};
  for (;;) {
    auto found = core::valueOrThrow(post->seek(from, asOf_));
    if (!found || found->p != type) break;
    if (core::isNode(found->ot) && found->ok != nodeMarker_->value_or(core::kNoNode))
      out.push_back(nameOf(found->ok));
    if (found->ok == UINT64_MAX) break;
    from = {type, found->ot, found->ok + 1, 0, 0};
  }
  return sortedUnique(std::move(out));
}

void SnapshotGraphAccess::predicateNames(core::NodeId graph, std::vector<std::string>* types,
                                         std::vector<std::string>* keys) const {
  if (!rdfType_) rdfType_ = iriId(core::vocab::kRdfType);
  const auto psot = ledger_.reader(graph, index::Permutation::kPSOT);
  const auto post = ledger_.reader(graph, index::Permutation::kPOST);
  if (!psot || !post) return;
  index::RowKey from = {0, 0, 0, 0, 0};
  for (;;) {
    auto found = core::valueOrThrow(psot->seek(from, asOf_));
    if (!found) break;
    const uint64_t p = found->p;
    if (p != rdfType_->value_or(core::kNoNode)) {
      const uint64_t all[] = {p};
      const uint64_t iris[] = {p, core::otype::kIri};
      const uint64_t blanks[] = {p, core::otype::kBlank};
      const uint64_t rows = core::valueOrThrow(post->count(index::ScanRange::prefix(all), asOf_));
      const uint64_t nodes =
          core::valueOrThrow(post->count(index::ScanRange::prefix(iris), asOf_)) +
          core::valueOrThrow(post->count(index::ScanRange::prefix(blanks), asOf_));
      if (types && nodes > 0) types->push_back(nameOf(p));
      if (keys && rows > nodes) keys->push_back(nameOf(p));
    }
    if (p == UINT64_MAX) break;
    from = {p + 1, 0, 0, 0, 0};
  }
}

std::vector<std::string> SnapshotGraphAccess::allRelationshipTypes() const {
  std::vector<std::string> out;
  predicateNames(core::kNoNode, &out, nullptr);
  return sortedUnique(std::move(out));
}

std::vector<std::string> SnapshotGraphAccess::allPropertyKeys() const {
  std::vector<std::string> out;
  predicateNames(core::kNoNode, nullptr, &out);
  if (auto edges = edgesGraph()) predicateNames(*edges, nullptr, &out);
  return sortedUnique(std::move(out));
}

}  // namespace cairn::query::graph
