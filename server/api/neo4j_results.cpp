#include "server/api/neo4j_results.h"

#include <cmath>

#include "query/value/value_text.h"
#include "sparql/results/json_writer.h"

namespace cairn::server::api {
namespace {

using query::value::GraphAccess;
using query::value::Value;
using query::value::ValueKind;

void appendString(std::string& out, std::string_view s) {
  out += '"';
  sparql::results::appendJsonEscaped(out, s);
  out += '"';
}

// As id() answers them: the 64 bits as a signed integer.
void appendId(std::string& out, uint64_t id) { out += std::to_string(static_cast<int64_t>(id)); }

void appendFloat(std::string& out, double d) {
  if (std::isnan(d)) {
    out += "\"NaN\"";
  } else if (std::isinf(d)) {
    out += d > 0 ? "\"Infinity\"" : "\"-Infinity\"";
  } else {
    // Shortest round-trip digits; always valid JSON ("1.0", "1e-305", "-0.0").
    out += query::value::formatFloat(d);
  }
}

void appendRow(std::string& out, const Value& v, const GraphAccess& graph);

void appendMap(std::string& out, const Value::Map& entries, const GraphAccess& graph) {
  out += '{';
  for (size_t i = 0; i < entries.size(); ++i) {
    if (i > 0) out += ',';
    appendString(out, entries[i].first);
    out += ':';
    appendRow(out, entries[i].second, graph);
  }
  out += '}';
}

// A property map read through the graph (a map value, or null for an entity without any).
void appendProperties(std::string& out, const Value& properties, const GraphAccess& graph) {
  if (properties.kind() == ValueKind::kMap) {
    appendMap(out, properties.asMap(), graph);
  } else {
    out += "{}";
  }
}

void appendRow(std::string& out, const Value& v, const GraphAccess& graph) {
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
      appendFloat(out, v.asFloat());
      return;
    case ValueKind::kString:
      appendString(out, v.asString());
      return;
    case ValueKind::kList: {
      out += '[';
      const Value::List& items = v.asList();
      for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += ',';
        appendRow(out, items[i], graph);
      }
      out += ']';
      return;
    }
    case ValueKind::kMap:
      appendMap(out, v.asMap(), graph);
      return;
    case ValueKind::kNode:
      appendProperties(out, graph.nodeProperties(v.asNode()), graph);
      return;
    case ValueKind::kRelationship:
      appendProperties(out, graph.relationshipProperties(v.asRelationship()), graph);
      return;
    case ValueKind::kPath: {
      const query::value::Path& path = v.asPath();
      out += '[';
      for (size_t i = 0; i < path.nodes.size(); ++i) {
        if (i > 0) {
          out += ',';
          appendProperties(out, graph.relationshipProperties(path.relationships[i - 1]), graph);
          out += ',';
        }
        appendProperties(out, graph.nodeProperties(path.nodes[i]), graph);
      }
      out += ']';
      return;
    }
    case ValueKind::kDate:
    case ValueKind::kLocalTime:
    case ValueKind::kTime:
    case ValueKind::kLocalDateTime:
    case ValueKind::kDateTime:
    case ValueKind::kDuration:
      appendString(out, query::value::temporalText(v));
      return;
  }
}

// Whether the value is or holds a node, relationship or path (then it has a meta structure).
bool holdsEntity(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNode:
    case ValueKind::kRelationship:
    case ValueKind::kPath:
      return true;
    case ValueKind::kList:
      for (const Value& item : v.asList()) {
        if (holdsEntity(item)) return true;
      }
      return false;
    case ValueKind::kMap:
      for (const auto& [key, item] : v.asMap()) {
        if (holdsEntity(item)) return true;
      }
      return false;
    default:
      return false;
  }
}

void appendNodeMeta(std::string& out, core::NodeId node, const GraphAccess& graph) {
  out += "{\"id\":";
  appendId(out, node);
  out += ",\"type\":\"node\",\"deleted\":false,\"labels\":[";
  const std::vector<std::string> labels = graph.labels(node);
  for (size_t i = 0; i < labels.size(); ++i) {
    if (i > 0) out += ',';
    appendString(out, labels[i]);
  }
  out += "]}";
}

void appendRelationshipMeta(std::string& out, const query::value::Relationship& rel,
                            const GraphAccess& graph) {
  out += "{\"id\":";
  appendId(out, rel.id);
  out += ",\"type\":\"relationship\",\"deleted\":false,\"relType\":";
  appendString(out, graph.relationshipType(rel));
  out += ",\"startNode\":";
  appendId(out, rel.start);
  out += ",\"endNode\":";
  appendId(out, rel.end);
  out += '}';
}

void appendMeta(std::string& out, const Value& v, const GraphAccess& graph) {
  if (!holdsEntity(v)) {
    out += "null";
    return;
  }
  switch (v.kind()) {
    case ValueKind::kNode:
      appendNodeMeta(out, v.asNode(), graph);
      return;
    case ValueKind::kRelationship:
      appendRelationshipMeta(out, v.asRelationship(), graph);
      return;
    case ValueKind::kPath: {
      const query::value::Path& path = v.asPath();
      out += '[';
      for (size_t i = 0; i < path.nodes.size(); ++i) {
        if (i > 0) {
          out += ',';
          appendRelationshipMeta(out, path.relationships[i - 1], graph);
          out += ',';
        }
        appendNodeMeta(out, path.nodes[i], graph);
      }
      out += ']';
      return;
    }
    case ValueKind::kList: {
      out += '[';
      const Value::List& items = v.asList();
      for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += ',';
        appendMeta(out, items[i], graph);
      }
      out += ']';
      return;
    }
    case ValueKind::kMap: {
      out += '{';
      const Value::Map& entries = v.asMap();
      for (size_t i = 0; i < entries.size(); ++i) {
        if (i > 0) out += ',';
        appendString(out, entries[i].first);
        out += ':';
        appendMeta(out, entries[i].second, graph);
      }
      out += '}';
      return;
    }
    default:
      out += "null";
  }
}

}  // namespace

void appendNeo4jValue(std::string& row, std::string& meta, const Value& value,
                      const GraphAccess& graph) {
  appendRow(row, value, graph);
  appendMeta(meta, value, graph);
}

Neo4jResultWriter::Neo4jResultWriter(sparql::results::ByteOutput& out) : buffer_(out) {}

void Neo4jResultWriter::begin(const std::vector<std::string>& columns, const GraphAccess& graph) {
  graph_ = &graph;
  begun_ = true;
  std::string& out = buffer_.raw();
  out += "{\"results\":[{\"columns\":[";
  for (size_t i = 0; i < columns.size(); ++i) {
    if (i > 0) out += ',';
    appendString(out, columns[i]);
  }
  out += "],\"data\":[";
  buffer_.maybeDrain();
}

void Neo4jResultWriter::row(std::span<const Value> values) {
  std::string& out = buffer_.raw();
  out += firstRow_ ? "\n{\"row\":[" : ",\n{\"row\":[";
  firstRow_ = false;
  std::string meta = "],\"meta\":[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) {
      out += ',';
      meta += ',';
    }
    appendNeo4jValue(out, meta, values[i], *graph_);
  }
  out += meta;
  out += "]}";
  buffer_.maybeDrain();
}

void Neo4jResultWriter::end() {
  buffer_.raw() += ']';
  ended_ = true;
  graph_ = nullptr;  // valid only until end() returns
}

void Neo4jResultWriter::finish(const cypher::StatementReport& report) {
  if (!begun_) {
    query::value::NoEntities none;
    begin({}, none);
  }
  if (!ended_) end();
  std::string& out = buffer_.raw();
  if (report.wrote) {
    const cypher::UpdateCounters& c = report.counters;
    out += ",\"stats\":{\"contains_updates\":";
    out += c.any() ? "true" : "false";
    out += ",\"nodes_created\":" + std::to_string(c.nodesCreated);
    out += ",\"nodes_deleted\":" + std::to_string(c.nodesDeleted);
    out += ",\"relationships_created\":" + std::to_string(c.relationshipsCreated);
    out += ",\"relationships_deleted\":" + std::to_string(c.relationshipsDeleted);
    out += ",\"properties_set\":" + std::to_string(c.propertiesSet);
    out += ",\"properties_removed\":" + std::to_string(c.propertiesRemoved);
    out += ",\"labels_added\":" + std::to_string(c.labelsAdded);
    out += ",\"labels_removed\":" + std::to_string(c.labelsRemoved);
    out += ",\"constraints_added\":" + std::to_string(c.constraintsAdded);
    out += ",\"constraints_removed\":" + std::to_string(c.constraintsRemoved);
    out += "},\"t\":" + std::to_string(report.t);
  }
  if (report.mode != cypher::ast::StatementMode::kNormal) {
    out += ",\"plan\":";
    out += query::renderPlanJson(report.query.plan);
  }
  out += "}],\"errors\":[]}\n";
  buffer_.flush();
}

}  // namespace cairn::server::api
