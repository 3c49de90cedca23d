#include "query/exec/relationship_reader.h"

#include <algorithm>

#include "core/error.h"
#include "core/vocab.h"
#include "query/exec/cypher_runtime.h"
#include "query/exec/exec_context.h"
#include "query/value/value.h"

namespace cairn::query {

uint64_t relationshipIdentity(uint64_t i, core::NodeId s, core::NodeId p, core::NodeId o) {
  if (i != 0) return i;
  uint64_t h = mixValueBits(s);
  h = mixValueBits(h ^ p);
  h = mixValueBits(h ^ o);
  return h & ~core::kBlankNodeBit;
}

namespace {

// The fact (s, p, o) with identity column i as a step read from s (outgoing) or from o.
RelationshipStep stepOf(uint64_t i, core::NodeId s, core::NodeId p, core::NodeId o,
                        core::ObjectType ot, bool outgoing) {
  RelationshipStep step;
  step.identity = relationshipIdentity(i, s, p, o);
  step.start = s;
  step.type = p;
  step.endNode = outgoing ? o : s;
  step.end = outgoing ? ValueId{o, ot} : ValueId::node(s);
  step.object = o;
  return step;
}

}  // namespace

void appendRelationshipIdentities(CypherRuntime& runtime, ValueId value,
                                  std::vector<uint64_t>& out) {
  if (value.type != kLocalValueType) return;
  const value::Value v = runtime.toValue(value);
  if (v.kind() == value::ValueKind::kRelationship) {
    out.push_back(v.asRelationship().id);
  } else if (v.kind() == value::ValueKind::kList) {
    for (const value::Value& e : v.asList()) {
      if (e.kind() == value::ValueKind::kRelationship) out.push_back(e.asRelationship().id);
    }
  }
}

RelationshipReader::RelationshipReader(ExecContext& ctx, const std::vector<std::string>& types)
    : ctx_(ctx) {
  auto storedNode = [&](const std::string& iri) -> std::optional<core::NodeId> {
    auto id = ctx.terms().findStored(core::Term::iri(iri));
    if (!id || !core::isNode(id->type)) return std::nullopt;
    return id->key;
  };
  anyType_ = types.empty();
  for (const auto& type : types) {
    auto id = storedNode(type);
    // [:T|:T] reads T once.
    if (id && std::find(typeIds_.begin(), typeIds_.end(), *id) == typeIds_.end()) {
      typeIds_.push_back(*id);
    }
  }
  impossible_ = !anyType_ && typeIds_.empty();
  rdfType_ = storedNode(std::string(core::vocab::kRdfType)).value_or(0);
  if (!ctx.defaultScope().graphs.empty()) defaultGraph_ = ctx.defaultScope().graphs.front();
}

bool RelationshipReader::acceptsType(core::NodeId type) const {
  return anyType_ || std::find(typeIds_.begin(), typeIds_.end(), type) != typeIds_.end();
}

void RelationshipReader::scan(index::Permutation perm, const index::ScanRange& range, bool outgoing,
                              bool skipSelfLoops, std::vector<RelationshipStep>& out) {
  const index::SnapshotReader* reader = ctx_.reader(defaultGraph_, perm);
  if (reader == nullptr) return;
  const index::ColumnMask mask =
      index::columnBit(index::Column::kS) | index::columnBit(index::Column::kP) |
      index::columnBit(index::Column::kOType) | index::columnBit(index::Column::kOKey) |
      index::columnBit(index::Column::kI);
  index::SnapshotCursor cursor = reader->scan(range, mask, ctx_.asOf());
  while (true) {
    auto more = cursor.next(batch_);
    if (!more.isOk()) throwStorageError(more.status());
    for (size_t r = 0; r < batch_.rows; ++r) {
      const auto ot = static_cast<core::ObjectType>(batch_.column(index::Column::kOType)[r]);
      const core::NodeId p = batch_.column(index::Column::kP)[r];
      if (!core::isNode(ot) || p == rdfType_) continue;
      const core::NodeId s = batch_.column(index::Column::kS)[r];
      const core::NodeId o = batch_.column(index::Column::kOKey)[r];
      if (skipSelfLoops && s == o) continue;
      out.push_back(stepOf(batch_.column(index::Column::kI)[r], s, p, o, ot, outgoing));
    }
    if (!*more) break;
  }
}

void RelationshipReader::read(ValueId node, ExpandDirection direction,
                              std::vector<RelationshipStep>& out, std::optional<ValueId> target) {
  if (impossible_ || !core::isNode(node.type)) return;
  if (target && !core::isNode(target->type)) return;
  const bool outgoing = direction != ExpandDirection::kIncoming;
  const bool incoming = direction != ExpandDirection::kOutgoing;
  auto oneWay = [&](bool forward, std::optional<core::NodeId> type) {
    // Undirected: a self-loop read as outgoing is not read again as incoming.
    const bool skipSelfLoops = !forward && outgoing;
    index::ScanRange range;
    if (target && type) {
      // Both ends and the type known: the facts (node, T, target) or (target, T, node), one
      // exact SPOT range however many relationships the node has.
      const ValueId subject = forward ? node : *target;
      const ValueId object = forward ? *target : node;
      range.low = {subject.key, *type, object.type, object.key, 0};
      range.high = {subject.key, *type, object.type, object.key, UINT64_MAX};
      scan(index::Permutation::kSPOT, range, forward, skipSelfLoops, out);
      return;
    }
    if (forward) {
      // SPOT: (s, p, ot, ok, i)
      range.low = {node.key, type.value_or(0), 0, 0, 0};
      range.high = {node.key, type.value_or(UINT64_MAX), UINT64_MAX, UINT64_MAX, UINT64_MAX};
      scan(index::Permutation::kSPOT, range, true, false, out);
    } else {
      // OPST: (ot, ok, p, s, i)
      range.low = {node.type, node.key, type.value_or(0), 0, 0};
      range.high = {node.type, node.key, type.value_or(UINT64_MAX), UINT64_MAX, UINT64_MAX};
      scan(index::Permutation::kOPST, range, false, skipSelfLoops, out);
    }
  };
  for (const bool forward : {true, false}) {
    if ((forward && !outgoing) || (!forward && !incoming)) continue;
    if (anyType_) {
      oneWay(forward, std::nullopt);
    } else {
      for (core::NodeId type : typeIds_) oneWay(forward, type);
    }
  }
}

bool RelationshipReader::readRange(const std::vector<ValueId>& nodes, size_t begin, size_t end,
                                   core::NodeId type, bool forward, bool skipSelfLoops,
                                   std::vector<std::vector<RelationshipStep>>& out) {
  // A seek costs about what a sequential read of this many rows does (cursor, descent, decode).
  constexpr uint64_t kRowsPerSeek = 128;
  const index::Permutation perm = forward ? index::Permutation::kPSOT : index::Permutation::kPOST;
  const index::SnapshotReader* reader = ctx_.reader(defaultGraph_, perm);
  if (reader == nullptr) return true;
  const ValueId first = nodes[begin];
  const ValueId last = nodes[end - 1];
  index::ScanRange range;
  if (forward) {  // PSOT: (p, s, ot, ok, i)
    range.low = {type, first.key, 0, 0, 0};
    range.high = {type, last.key, UINT64_MAX, UINT64_MAX, UINT64_MAX};
  } else {  // POST: (p, ot, ok, s, i)
    range.low = {type, first.type, first.key, 0, 0};
    range.high = {type, first.type, last.key, UINT64_MAX, UINT64_MAX};
  }
  const uint64_t rows = core::valueOrThrow(reader->estimateCount(range, ctx_.asOf()));
  if (rows > (end - begin) * kRowsPerSeek) return false;
  const index::ColumnMask mask =
      index::columnBit(index::Column::kS) | index::columnBit(index::Column::kOType) |
      index::columnBit(index::Column::kOKey) | index::columnBit(index::Column::kI);
  index::SnapshotCursor cursor = reader->scan(range, mask, ctx_.asOf());
  size_t at = begin;
  while (true) {
    auto more = cursor.next(batch_);
    if (!more.isOk()) throwStorageError(more.status());
    const auto& ss = batch_.column(index::Column::kS);
    const auto& ots = batch_.column(index::Column::kOType);
    const auto& oks = batch_.column(index::Column::kOKey);
    const auto& is = batch_.column(index::Column::kI);
    for (size_t r = 0; r < batch_.rows; ++r) {
      const auto ot = static_cast<core::ObjectType>(ots[r]);
      if (!core::isNode(ot)) continue;
      const core::NodeId s = ss[r];
      const core::NodeId o = oks[r];
      const core::NodeId node = forward ? s : o;
      while (at < end && nodes[at].key < node) ++at;
      if (at == end) return true;
      if (nodes[at].key != node) continue;
      if (skipSelfLoops && s == o) continue;
      out[at].push_back(stepOf(is[r], s, type, o, ot, forward));
    }
    if (!*more) return true;
  }
}

void RelationshipReader::readMany(const std::vector<ValueId>& nodes, ExpandDirection direction,
                                  std::vector<std::vector<RelationshipStep>>& out) {
  out.resize(nodes.size());
  if (impossible_ || nodes.empty()) return;
  const bool outgoing = direction != ExpandDirection::kIncoming;
  const bool incoming = direction != ExpandDirection::kOutgoing;
  std::vector<char> seek(nodes.size(), anyType_ ? 1 : 0);
  for (const bool forward : {true, false}) {
    if ((forward && !outgoing) || (!forward && !incoming) || anyType_) continue;
    const bool skipSelfLoops = !forward && outgoing;
    for (const core::NodeId type : typeIds_) {
      // Runs of one object type (IRIs, blank nodes): a range each.
      for (size_t begin = 0; begin < nodes.size();) {
        size_t end = begin;
        while (end < nodes.size() && nodes[end].type == nodes[begin].type) ++end;
        if (core::isNode(nodes[begin].type) &&
            !readRange(nodes, begin, end, type, forward, skipSelfLoops, out)) {
          std::fill(seek.begin() + static_cast<std::ptrdiff_t>(begin),
                    seek.begin() + static_cast<std::ptrdiff_t>(end), 1);
        }
        begin = end;
      }
    }
  }
  // What a sequential read did not serve: as read() would, from scratch (its order).
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (!seek[i]) continue;
    out[i].clear();
    read(nodes[i], direction, out[i]);
  }
}

}  // namespace cairn::query
