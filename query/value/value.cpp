#include "query/value/value.h"

#include <algorithm>

namespace cairn::query::value {

std::string_view kindName(ValueKind kind) {
  switch (kind) {
    case ValueKind::kNull:
      return "Null";
    case ValueKind::kBoolean:
      return "Boolean";
    case ValueKind::kInteger:
      return "Integer";
    case ValueKind::kFloat:
      return "Float";
    case ValueKind::kString:
      return "String";
    case ValueKind::kList:
      return "List";
    case ValueKind::kMap:
      return "Map";
    case ValueKind::kNode:
      return "Node";
    case ValueKind::kRelationship:
      return "Relationship";
    case ValueKind::kPath:
      return "Path";
    case ValueKind::kDate:
      return "Date";
    case ValueKind::kLocalTime:
      return "LocalTime";
    case ValueKind::kTime:
      return "Time";
    case ValueKind::kLocalDateTime:
      return "LocalDateTime";
    case ValueKind::kDateTime:
      return "DateTime";
    case ValueKind::kDuration:
      return "Duration";
  }
  return "?";
}

Value Value::string(std::string v) {
  return Value(Data(std::in_place_index<4>, std::make_shared<const std::string>(std::move(v))));
}

Value Value::list(List items) {
  return Value(Data(std::in_place_index<5>, std::make_shared<const List>(std::move(items))));
}

Value Value::map(Map entries) {
  // Stable, so that among equal keys the given order survives and the last one can win.
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  Map unique;
  unique.reserve(entries.size());
  for (auto& entry : entries) {
    if (!unique.empty() && unique.back().first == entry.first) {
      unique.back().second = std::move(entry.second);
    } else {
      unique.push_back(std::move(entry));
    }
  }
  return Value(Data(std::in_place_index<6>, std::make_shared<const Map>(std::move(unique))));
}

Value Value::relationship(const Relationship& r) {
  return Value(Data(std::in_place_index<8>, std::make_shared<const Relationship>(r)));
}

Value Value::path(Path p) {
  return Value(Data(std::in_place_index<9>, std::make_shared<const Path>(std::move(p))));
}

Value Value::dateTime(DateTime v) {
  return Value(Data(std::in_place_index<14>, std::make_shared<const DateTime>(std::move(v))));
}

const Value* Value::find(std::string_view key) const {
  const Map& m = asMap();
  const auto it =
      std::lower_bound(m.begin(), m.end(), key,
                       [](const auto& entry, std::string_view k) { return entry.first < k; });
  if (it == m.end() || it->first != key) return nullptr;
  return &it->second;
}

}  // namespace cairn::query::value
