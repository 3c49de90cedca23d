#include "server/api/rdf_body.h"

#include "core/io/input_source.h"
#include "core/rdf/rdf_format.h"
#include "query/update/rdf_quads.h"
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
  auto input = core::io::InputSource::fromString(request.body);
  std::optional<core::rdf::SyntaxIssue> issue;
  auto quads = query::readRdfQuads(*input, *format, baseIri, "body", graph, &issue);
  if (issue) throw HttpError(400, "syntax_error", issue->message, issue->line, issue->column);
  if (!quads.isOk()) throw HttpError(400, "invalid_rdf", quads.status().message());
  return std::move(quads).value();
}

}  // namespace cairn::server::api
