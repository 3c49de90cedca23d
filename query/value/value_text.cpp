#include "query/value/value_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "query/value/temporal/temporal_text.h"

namespace cairn::query::value {

namespace {

void appendText(std::string& out, const Value& v, const GraphAccess* graph);

void appendProperties(std::string& out, const Value& properties, const GraphAccess* graph) {
  if (properties.kind() != ValueKind::kMap || properties.asMap().empty()) return;
  out += ' ';
  appendText(out, properties, graph);
}

void appendNode(std::string& out, core::NodeId id, const GraphAccess* graph) {
  out += '(';
  if (graph == nullptr) {
    out += '#' + std::to_string(id);
  } else {
    for (const auto& label : graph->labels(id)) out += ':' + label;
    appendProperties(out, graph->nodeProperties(id), graph);
    if (out.size() > 1 && out[1] == ' ') out.erase(1, 1);  // no labels: "({k: 1})"
  }
  out += ')';
}

void appendRelationship(std::string& out, const Relationship& r, const GraphAccess* graph) {
  out += '[';
  if (graph == nullptr) {
    out += '#' + std::to_string(r.id);
  } else {
    out += ':' + graph->relationshipType(r);
    appendProperties(out, graph->relationshipProperties(r), graph);
  }
  out += ']';
}

void appendPath(std::string& out, const Path& p, const GraphAccess* graph) {
  out += '<';
  for (size_t i = 0; i < p.nodes.size(); ++i) {
    appendNode(out, p.nodes[i], graph);
    if (i >= p.relationships.size()) break;
    const Relationship& r = p.relationships[i];
    // A relationship traversed against its direction points back to the node before it.
    const bool forward = r.start == p.nodes[i];
    out += forward ? "-" : "<-";
    appendRelationship(out, r, graph);
    out += forward ? "->" : "-";
  }
  out += '>';
}

void appendText(std::string& out, const Value& v, const GraphAccess* graph) {
  switch (v.kind()) {
    case ValueKind::kNull:
      out += "null";
      return;
    case ValueKind::kBoolean:
      out += v.asBoolean() ? "true" : "false";
      return;
    case ValueKind::kInteger:
      out += std::to_string(v.asInteger());
      return;
    case ValueKind::kFloat:
      out += formatFloat(v.asFloat());
      return;
    case ValueKind::kString:
      out += quoteString(v.asString());
      return;
    case ValueKind::kList: {
      out += '[';
      bool first = true;
      for (const Value& e : v.asList()) {
        if (!first) out += ", ";
        first = false;
        appendText(out, e, graph);
      }
      out += ']';
      return;
    }
    case ValueKind::kMap: {
      out += '{';
      bool first = true;
      for (const auto& [k, e] : v.asMap()) {
        if (!first) out += ", ";
        first = false;
        out += k + ": ";
        appendText(out, e, graph);
      }
      out += '}';
      return;
    }
    case ValueKind::kNode:
      appendNode(out, v.asNode(), graph);
      return;
    case ValueKind::kRelationship:
      appendRelationship(out, v.asRelationship(), graph);
      return;
    case ValueKind::kPath:
      appendPath(out, v.asPath(), graph);
      return;
    case ValueKind::kDate:
    case ValueKind::kLocalTime:
    case ValueKind::kTime:
    case ValueKind::kLocalDateTime:
    case ValueKind::kDateTime:
    case ValueKind::kDuration:
      out += quoteString(temporalText(v));
      return;
  }
}

}  // namespace

std::string temporalText(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kDate:
      return formatDate(v.asDate());
    case ValueKind::kLocalTime:
      return formatLocalTime(v.asLocalTime());
    case ValueKind::kTime:
      return formatTime(v.asTime());
    case ValueKind::kLocalDateTime:
      return formatLocalDateTime(v.asLocalDateTime());
    case ValueKind::kDateTime:
      return formatDateTime(v.asDateTime());
    case ValueKind::kDuration:
      return formatDuration(v.asDuration());
    default:
      return {};
  }
}

FloatDigits shortestFloatDigits(double d) {
  // Shortest round-trip digits in scientific form: "-1.2345e+06".
  char buffer[64];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, d, std::chars_format::scientific);
  const std::string_view sci(buffer, static_cast<size_t>(result.ptr - buffer));
  const size_t e = sci.find('e');
  FloatDigits out;
  out.negative = sci[0] == '-';
  for (char c : sci.substr(out.negative ? 1 : 0, e - (out.negative ? 1 : 0))) {
    if (c != '.') out.digits += c;
  }
  std::from_chars(sci.data() + e + 1 + (sci[e + 1] == '+' ? 1 : 0), sci.data() + sci.size(),
                  out.exponent);
  return out;
}

std::string formatFloat(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  if (d == 0) return std::signbit(d) ? "-0.0" : "0.0";
  const auto [negative, digits, exponent] = shortestFloatDigits(d);
  std::string out = negative ? "-" : "";
  if (exponent >= -6 && exponent < 21) {
    if (exponent < 0) {
      out += "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
    } else if (static_cast<size_t>(exponent) + 1 >= digits.size()) {
      out += digits + std::string(static_cast<size_t>(exponent) + 1 - digits.size(), '0') + ".0";
    } else {
      out += digits.substr(0, static_cast<size_t>(exponent) + 1) + "." +
             digits.substr(static_cast<size_t>(exponent) + 1);
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  return out + "e" + std::to_string(exponent);
}

std::string quoteString(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\'':
        out += "\\'";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
  return out + "'";
}

std::string toText(const Value& v, const GraphAccess* graph) {
  std::string out;
  appendText(out, v, graph);
  return out;
}

}  // namespace cairn::query::value
