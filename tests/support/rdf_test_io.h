#pragma once
// Reading RDF files and strings into owned quads for tests and conformance runners, with the
// production parsers: NTriplesParser (fed by io::LineChunker) for N-Triples / N-Quads, serd
// for Turtle / TriG. The first syntax error stops the parse and becomes the Status.

#include <optional>
#include <string>
#include <vector>

#include "core/io/input_source.h"
#include "core/rdf/rdf_format.h"
#include "core/rdf/statement.h"
#include "core/status.h"
#include "tests/support/graph_isomorphism.h"

namespace cairn::testing {

// Collects statements as owned quads; stops at the first syntax error, which it keeps.
class QuadCollector : public core::rdf::StatementSink {
 public:
  void statement(const core::rdf::StatementView& st) override;
  bool syntaxError(const core::rdf::SyntaxIssue& issue) override;

  std::vector<Quad> quads;
  std::optional<core::rdf::SyntaxIssue> firstError;
};

struct ParseOptions {
  std::string baseIri;             // Turtle / TriG only
  size_t chunkBytes = 1 << 20;     // N-Triples / N-Quads: LineChunker chunk size
  bool nquadsThroughSerd = false;  // parse N-Triples / N-Quads with serd instead
};

// Parses `input` (named `name` in messages) into quads.
core::Result<std::vector<Quad>> parseRdf(core::io::InputSource& input, core::rdf::RdfFormat format,
                                         const std::string& name, const ParseOptions& options = {});
core::Result<std::vector<Quad>> parseRdfFile(const std::string& path, core::rdf::RdfFormat format,
                                             const ParseOptions& options = {});
core::Result<std::vector<Quad>> parseRdfString(std::string text, core::rdf::RdfFormat format,
                                               const ParseOptions& options = {});

// RDF 1.1 makes "x" and "x"^^xsd:string the same term; parsers pass the datatype through.
void dropXsdStringDatatype(std::vector<Quad>& quads);

}  // namespace cairn::testing
