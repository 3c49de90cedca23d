#pragma once
// ValueId: one runtime value of the engine, an RDF term as integers. Stored objects keep their
// (ObjectType, key) pair; subject and predicate node ids become (kIri or kBlank by bit 63, id),
// exactly as index::Ledger::encodeObject encodes nodes, so values from any triple position
// compare by id. Terms the store never saw (computed by BIND, aggregates, VALUES) get a key in
// the per-query term table under kLocalTermType (exec/term_table.h). The table makes every term
// have one id, so id equality is RDF term equality everywhere. Type 0 means unbound.
//
// Batch: a column-major block of rows, one vector of ValueIds per output variable, in the
// operator's variable order. Operators pull batches from their inputs (exec/operator.h).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/object_type.h"

namespace cairn::query {

// A type code no stored object uses (between the lexical built-ins and language strings).
inline constexpr core::ObjectType kLocalTermType = 0x3F00;

struct ValueId {
  uint64_t key = 0;
  core::ObjectType type = core::otype::kNone;

  bool isBound() const { return type != core::otype::kNone; }
  static ValueId unbound() { return {}; }
  static ValueId node(core::NodeId id) {
    return {id, core::isBlankNode(id) ? core::otype::kBlank : core::otype::kIri};
  }
  bool operator==(const ValueId&) const = default;
  auto operator<=>(const ValueId&) const = default;
};

inline uint64_t mixValueBits(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

inline uint64_t hashValue(const ValueId& v) {
  return mixValueBits(v.key ^ (uint64_t{v.type} << 48) ^ (uint64_t{v.type} * 0x100000001B3ULL));
}

struct ValueIdHash {
  size_t operator()(const ValueId& v) const { return hashValue(v); }
};

// A row of values (keys of hash tables: join keys, group keys, distinct rows).
using ValueRow = std::vector<ValueId>;

struct ValueRowHash {
  size_t operator()(const ValueRow& row) const {
    uint64_t h = 0x12345;
    for (const ValueId& v : row) h = mixValueBits(h ^ hashValue(v));
    return h;
  }
};

struct Batch {
  std::vector<std::vector<ValueId>> columns;
  size_t rows = 0;

  // Empties the batch for `width` columns, keeping the vectors' capacity.
  void reset(size_t width) {
    columns.resize(width);
    for (auto& c : columns) c.clear();
    rows = 0;
  }
  size_t width() const { return columns.size(); }
  ValueId at(size_t row, size_t column) const { return columns[column][row]; }
  // Appends one row given as one value per column.
  void appendRow(const ValueId* values) {
    for (size_t c = 0; c < columns.size(); ++c) columns[c].push_back(values[c]);
    ++rows;
  }
  void appendRow(const ValueRow& values) { appendRow(values.data()); }
  // Appends row `row` of `from` (same width).
  void appendFrom(const Batch& from, size_t row) {
    for (size_t c = 0; c < columns.size(); ++c) columns[c].push_back(from.columns[c][row]);
    ++rows;
  }
  ValueRow row(size_t r) const {
    ValueRow out(columns.size());
    for (size_t c = 0; c < columns.size(); ++c) out[c] = columns[c][r];
    return out;
  }
};

}  // namespace cairn::query
