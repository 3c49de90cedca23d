#pragma once
// A Cypher answer in the shape of Neo4j's HTTP API, streamed as the rows come:
//
//   {"results":[{"columns":["n","x"],
//                "data":[{"row":[{"name":"Ann"},1.5],
//                         "meta":[{"id":7,"type":"node","deleted":false,"labels":["Person"]},null]}],
//                "stats":{...},"t":4,"plan":{...}}],
//    "errors":[]}
//
// `row` holds each value as JSON: nodes and relationships as their property maps, paths as the
// list node, relationship, node, ..., temporal values and durations as ISO 8601 strings, floats
// as numbers ("NaN", "Infinity", "-Infinity" as strings). `meta` says what the row cannot:
// {"id","type":"node","deleted":false,"labels"} for a node, {"id","type":"relationship",
// "deleted":false,"relType","startNode","endNode"} for a relationship, a list for a path, and for
// a list or map holding any of those the same structure; null otherwise. Ids are id()'s values.
// `stats` and `t` (the commit) follow a statement that wrote, `plan` an EXPLAIN or PROFILE.
//
// Used by the /cypher route and `cairn query --lang cypher --format json`. Not thread-safe.

#include <string>
#include <vector>

#include "cypher/statement/statement_runner.h"
#include "query/engine/cypher_query.h"
#include "sparql/results/byte_output.h"

namespace cairn::server::api {

class Neo4jResultWriter final : public query::ValueSink {
 public:
  explicit Neo4jResultWriter(sparql::results::ByteOutput& out);

  void begin(const std::vector<std::string>& columns,
             const query::value::GraphAccess& graph) override;
  void row(std::span<const query::value::Value> values) override;
  void end() override;

  // After the statement ran: its stats, t and plan, the end of the document, and a flush.
  void finish(const cypher::StatementReport& report);

 private:
  sparql::results::OutputBuffer buffer_;
  const query::value::GraphAccess* graph_ = nullptr;
  bool begun_ = false;
  bool ended_ = false;
  bool firstRow_ = true;
};

// One value as the row and meta JSON above (appended to `row` and `meta`); exposed for tests.
void appendNeo4jValue(std::string& row, std::string& meta, const query::value::Value& value,
                      const query::value::GraphAccess& graph);

}  // namespace cairn::server::api
