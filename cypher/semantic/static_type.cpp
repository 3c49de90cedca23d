#include "cypher/semantic/static_type.h"

#include <utility>

namespace cairn::cypher::semantic {

std::string describeType(const StaticType& type) {
  if (type.bits == kAnyBits) return "Any";
  static constexpr std::pair<uint32_t, const char*> kNames[] = {
      {kNullBit, "Null"},   {kBooleanBit, "Boolean"},   {kIntegerBit, "Integer"},
      {kFloatBit, "Float"}, {kStringBit, "String"},     {kListBit, "List"},
      {kMapBit, "Map"},     {kNodeBit, "Node"},         {kRelationshipBit, "Relationship"},
      {kPathBit, "Path"},   {kTemporalBit, "Temporal"}, {kDurationBit, "Duration"},
  };
  std::string out;
  for (const auto& [bit, name] : kNames) {
    if ((type.bits & bit) == 0) continue;
    if (!out.empty()) out += " | ";
    out += name;
  }
  return out.empty() ? "Nothing" : out;
}

}  // namespace cairn::cypher::semantic
