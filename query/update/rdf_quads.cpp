#include "query/update/rdf_quads.h"

#include "core/rdf/ntriples_parser.h"
#include "core/rdf/serd_parser.h"

namespace cairn::query {
namespace {

class QuadCollector : public core::rdf::StatementSink {
 public:
  explicit QuadCollector(const std::optional<std::string>& graph) : graph_(graph) {}

  void statement(const core::rdf::StatementView& st) override {
    Quad q;
    q.subject = core::Term::fromView(st.subject);
    q.predicate = core::Term::fromView(st.predicate);
    q.object = core::Term::fromView(st.object);
    if (st.graph) {
      if (st.graph->kind != core::TermKind::kIri) {
        if (bad_.empty()) bad_ = "a graph name must be an IRI, not a blank node";
        return;
      }
      q.graph = std::string(st.graph->value);
    } else {
      q.graph = graph_;
    }
    quads.push_back(std::move(q));
  }
  bool syntaxError(const core::rdf::SyntaxIssue& issue) override {
    if (!issue_) issue_ = issue;
    return false;  // stop at the first error: an update applies all of a document or nothing
  }

  std::vector<Quad> quads;
  const std::optional<core::rdf::SyntaxIssue>& issue() const { return issue_; }
  const std::string& bad() const { return bad_; }

 private:
  const std::optional<std::string>& graph_;
  std::optional<core::rdf::SyntaxIssue> issue_;
  std::string bad_;
};

core::Result<std::string> readAll(core::io::InputSource& input) {
  std::string text;
  std::string buffer(size_t{1} << 20, '\0');
  while (true) {
    CAIRN_ASSIGN_OR_RETURN(size_t n, input.read(buffer.data(), buffer.size()));
    if (n == 0) return text;
    text.append(buffer.data(), n);
  }
}

}  // namespace

core::Result<std::vector<Quad>> readRdfQuads(core::io::InputSource& input,
                                             core::rdf::RdfFormat format,
                                             const std::string& baseIri, const std::string& name,
                                             const std::optional<std::string>& graph,
                                             std::optional<core::rdf::SyntaxIssue>* issue) {
  QuadCollector sink(graph);
  core::Status status;
  if (core::rdf::isLineBased(format)) {
    CAIRN_ASSIGN_OR_RETURN(std::string text, readAll(input));
    core::rdf::NTriplesParser parser(format, name);
    status = parser.parseChunk(text, 1, sink);
  } else {
    status = core::rdf::parseWithSerd(input, format, baseIri, name, sink);
  }
  if (sink.issue()) {
    if (issue != nullptr) *issue = sink.issue();
    return core::Status::invalidArgument(core::rdf::formatSyntaxIssue(*sink.issue()));
  }
  if (!status.isOk()) return status;
  if (!sink.bad().empty()) return core::Status::invalidArgument(name + ": " + sink.bad());
  return std::move(sink.quads);
}

}  // namespace cairn::query
