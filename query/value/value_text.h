#pragma once
// The literal text of a value as the openCypher TCK writes expected results (and Neo4j's
// browser shows them): 1, 1.0, -0.0, NaN, 'it\'s', [1, 2], {a: 1, b: 'x'}, true, null,
// (:Label {k: 1}), [:TYPE {k: 1}], <(:A)-[:T]->(:B)>, and temporal values as ISO 8601 text
// (query/value/temporal/temporal_text.h). Used by tests, the TCK runner and the table writer.
// Pure and thread-safe.

#include <string>

#include "query/value/graph_access.h"
#include "query/value/value.h"

namespace cairn::query::value {

// The ISO 8601 text of a temporal value (Value::isTemporal()), unquoted; empty for others.
std::string temporalText(const Value& v);

// Floats: the shortest digits that read back as the same double, in positional notation for
// magnitudes in [1e-6, 1e21) and with a ".0" when integral (1000000000.0, 0.00001), otherwise
// as <mantissa>e<exponent> (1e-305, 1.2635418652381264e305), as the TCK writes them.
std::string formatFloat(double d);

// The shortest decimal digits that read back as `d` (finite, not zero): its sign, the digits
// without a point, and the decimal exponent of the first one (1234.5 → "12345", 3). The TCK's
// text above and Java's Double.toString (toString()) place the point differently from these.
struct FloatDigits {
  bool negative = false;
  std::string digits;
  int exponent = 0;
};
FloatDigits shortestFloatDigits(double d);

// 'text' with \\, \' and the control characters \n \r \t escaped.
std::string quoteString(std::string_view s);

// Nodes, relationships and paths read their labels, types and properties through `graph`; with
// no graph they show their ids only: (#12), [#7], <(#1)-[#7]->(#2)>.
std::string toText(const Value& v, const GraphAccess* graph = nullptr);

}  // namespace cairn::query::value
