#include "index/permutation.h"

namespace cairn::index {

std::string_view permutationName(Permutation p) {
  static constexpr std::string_view kNames[] = {"SPOT", "PSOT", "POST", "OPST"};
  return kNames[static_cast<int>(p)];
}

std::string_view columnName(Column c) {
  static constexpr std::string_view kNames[] = {"s", "p", "ot", "ok", "i", "t"};
  return kNames[static_cast<int>(c)];
}

const std::array<Column, kKeyColumnCount>& keyColumns(Permutation p) {
  using C = Column;
  static const std::array<Column, kKeyColumnCount> kOrders[] = {
      {C::kS, C::kP, C::kOType, C::kOKey, C::kI},
      {C::kP, C::kS, C::kOType, C::kOKey, C::kI},
      {C::kP, C::kOType, C::kOKey, C::kS, C::kI},
      {C::kOType, C::kOKey, C::kP, C::kS, C::kI},
  };
  return kOrders[static_cast<int>(p)];
}

RowKey rowKey(Permutation p, const IndexRow& row) {
  // Spelled out per permutation (as keyColumns lists them): a loop over keyColumns goes through
  // IndexRow::get's switch once per column.
  switch (p) {
    case Permutation::kSPOT:
      return {row.s, row.p, row.ot, row.ok, row.i};
    case Permutation::kPSOT:
      return {row.p, row.s, row.ot, row.ok, row.i};
    case Permutation::kPOST:
      return {row.p, row.ot, row.ok, row.s, row.i};
    case Permutation::kOPST:
      return {row.ot, row.ok, row.p, row.s, row.i};
  }
  return {};
}

IndexRow rowOfKey(Permutation p, const RowKey& key) {
  IndexRow row;
  switch (p) {
    case Permutation::kSPOT:
      row = {key[0], key[1], key[3], key[4], 0, static_cast<core::ObjectType>(key[2])};
      break;
    case Permutation::kPSOT:
      row = {key[1], key[0], key[3], key[4], 0, static_cast<core::ObjectType>(key[2])};
      break;
    case Permutation::kPOST:
      row = {key[3], key[0], key[2], key[4], 0, static_cast<core::ObjectType>(key[1])};
      break;
    case Permutation::kOPST:
      row = {key[3], key[2], key[1], key[4], 0, static_cast<core::ObjectType>(key[0])};
      break;
  }
  return row;
}

bool rowLess(Permutation p, const IndexRow& a, const IndexRow& b) {
  switch (p) {
    case Permutation::kSPOT:
      if (a.s != b.s) return a.s < b.s;
      if (a.p != b.p) return a.p < b.p;
      if (a.ot != b.ot) return a.ot < b.ot;
      if (a.ok != b.ok) return a.ok < b.ok;
      return a.i < b.i;
    case Permutation::kPSOT:
      if (a.p != b.p) return a.p < b.p;
      if (a.s != b.s) return a.s < b.s;
      if (a.ot != b.ot) return a.ot < b.ot;
      if (a.ok != b.ok) return a.ok < b.ok;
      return a.i < b.i;
    case Permutation::kPOST:
      if (a.p != b.p) return a.p < b.p;
      if (a.ot != b.ot) return a.ot < b.ot;
      if (a.ok != b.ok) return a.ok < b.ok;
      if (a.s != b.s) return a.s < b.s;
      return a.i < b.i;
    case Permutation::kOPST:
      if (a.ot != b.ot) return a.ot < b.ot;
      if (a.ok != b.ok) return a.ok < b.ok;
      if (a.p != b.p) return a.p < b.p;
      if (a.s != b.s) return a.s < b.s;
      return a.i < b.i;
  }
  return false;
}

}  // namespace cairn::index
