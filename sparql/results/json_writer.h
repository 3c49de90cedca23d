#pragma once
// SPARQL 1.1 Query Results JSON Format (application/sparql-results+json), streamed: the head,
// then one binding object per solution; unbound variables are left out of their binding
// object. Literals carry "xml:lang" or "datatype" (none for simple / xsd:string literals).

#include "sparql/results/writer_base.h"

namespace cairn::sparql::results {

class JsonResultWriter final : public SolutionWriter {
 public:
  using SolutionWriter::SolutionWriter;

 private:
  void writeHead(const std::vector<std::string>& variables) override;
  void writeRow(std::span<const core::Term* const> cells) override;
  void writeBoolean(bool value) override;
  void writeTail() override;

  std::vector<std::string> keys_;  // each variable as an escaped JSON string
  bool firstRow_ = true;
};

// Appends the body of a JSON string (no quotes): '"', '\\' and every control character escaped.
// Shared by the SPARQL JSON and the JSON-LD writers.
void appendJsonEscaped(std::string& out, std::string_view s);

}  // namespace cairn::sparql::results
