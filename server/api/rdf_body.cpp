#include "server/api/rdf_body.h"

#include "core/io/input_source.h"
#include "core/rdf/ntriples_parser.h"
#include "core/rdf/rdf_format.h"
#include "core/rdf/serd_parser.h"
#include "server/http/http_error.h"
#include "server/http/media_type.h"

namespace cairn::server::api {
namespace {

using http::HttpError;

std::optional<core::rdf::RdfFormat> formatOfMediaType(const std::string& essence) {
  using core::rdf::RdfFormat;
  if (essence == "application/n-triples" || essence == "text/plain") return RdfFormat::kNTriples;
  if (essence == "application/n-quads") return RdfFormat::kNQuads;
  if (essence == "text/turtle" || essence == "application/x-turtle") return RdfFormat::kTurtle;
  if (essence == "application/trig") return RdfFormat::kTriG;
  return std::nullopt;
}

class QuadSink : public core::rdf::StatementSink {
 public:
  explicit QuadSink(const std::optional<std::string>& graph) : graph_(graph) {}

  void statement(const core::rdf::StatementView& st) override {
    query::Quad q;
    q.subject = core::Term::fromView(st.subject);
    q.predicate = core::Term::fromView(st.predicate);
    q.object = core::Term::fromView(st.object);
    if (st.graph) {
      if (st.graph->kind != core::TermKind::kIri) {
        bad_ = "a graph name must be an IRI, not a blank node";
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
    return false;
  }

  std::vector<query::Quad> quads;
  const std::optional<core::rdf::SyntaxIssue>& issue() const { return issue_; }
  const std::string& bad() const { return bad_; }

 private:
  const std::optional<std::string>& graph_;
  std::optional<core::rdf::SyntaxIssue> issue_;
  std::string bad_;
};

}  // namespace

std::vector<query::Quad> readRdfBody(const http::Request& request,
                                     const std::optional<std::string>& graph,
                                     const std::string& baseIri) {
  const std::string* contentType = request.header("content-type");
  const auto type = contentType ? http::parseMediaType(*contentType) : std::nullopt;
  const auto format = type ? formatOfMediaType(type->essence()) : std::nullopt;
  if (!format) {
    throw HttpError(415, "unsupported_media_type",
                    "the body must be application/n-triples, application/n-quads, text/turtle or "
                    "application/trig" +
                        (contentType ? ", not " + *contentType : std::string()));
  }
  QuadSink sink(graph);
  auto input = core::io::InputSource::fromString(request.body);
  core::Status status;
  if (core::rdf::isLineBased(*format)) {
    core::rdf::NTriplesParser parser(*format, "body");
    status = parser.parseChunk(request.body, 1, sink);
  } else {
    status = core::rdf::parseWithSerd(*input, *format, baseIri, "body", sink);
  }
  if (const auto& issue = sink.issue()) {
    throw HttpError(400, "syntax_error", issue->message, issue->line, issue->column);
  }
  if (!status.isOk()) throw HttpError(400, "syntax_error", status.message());
  if (!sink.bad().empty()) throw HttpError(400, "invalid_rdf", sink.bad());
  return std::move(sink.quads);
}

}  // namespace cairn::server::api
