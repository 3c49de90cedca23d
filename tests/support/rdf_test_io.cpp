#include "tests/support/rdf_test_io.h"

#include "core/io/line_chunker.h"
#include "core/rdf/ntriples_parser.h"
#include "core/rdf/serd_parser.h"
#include "core/vocab.h"

namespace cairn::testing {

void QuadCollector::statement(const core::rdf::StatementView& st) {
  Quad q{core::Term::fromView(st.subject), core::Term::fromView(st.predicate),
         core::Term::fromView(st.object), std::nullopt};
  if (st.graph) q.graph = core::Term::fromView(*st.graph);
  quads.push_back(std::move(q));
}

bool QuadCollector::syntaxError(const core::rdf::SyntaxIssue& issue) {
  if (!firstError) firstError = issue;
  return false;
}

core::Result<std::vector<Quad>> parseRdf(core::io::InputSource& input, core::rdf::RdfFormat format,
                                         const std::string& name, const ParseOptions& options) {
  QuadCollector collector;
  if (core::rdf::isLineBased(format) && !options.nquadsThroughSerd) {
    core::rdf::NTriplesParser parser(format, name);
    core::io::LineChunker chunker(input, options.chunkBytes);
    std::string chunk;
    uint64_t firstLine = 0;
    for (;;) {
      CAIRN_ASSIGN_OR_RETURN(bool more, chunker.next(chunk, firstLine));
      if (!more) break;
      CAIRN_RETURN_IF_ERROR(parser.parseChunk(chunk, firstLine, collector));
    }
  } else {
    CAIRN_RETURN_IF_ERROR(
        core::rdf::parseWithSerd(input, format, options.baseIri, name, collector));
  }
  return std::move(collector.quads);
}

core::Result<std::vector<Quad>> parseRdfFile(const std::string& path, core::rdf::RdfFormat format,
                                             const ParseOptions& options) {
  CAIRN_ASSIGN_OR_RETURN(auto input, core::io::InputSource::open(path));
  return parseRdf(*input, format, path, options);
}

core::Result<std::vector<Quad>> parseRdfString(std::string text, core::rdf::RdfFormat format,
                                               const ParseOptions& options) {
  auto input = core::io::InputSource::fromString(std::move(text));
  return parseRdf(*input, format, "<string>", options);
}

void dropXsdStringDatatype(std::vector<Quad>& quads) {
  for (Quad& q : quads) {
    if (q.object.kind == core::TermKind::kLiteral && q.object.datatype == core::vocab::kXsdString) {
      q.object.datatype.clear();
    }
  }
}

}  // namespace cairn::testing
