#include "tests/support/http_test_manifest.h"

#include "core/rdf/rdf_format.h"
#include "core/utf8.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/sparql_results.h"

namespace cairn::testing {
namespace {

using core::Result;
using core::Status;
using core::Term;
using http_vocab::kCnt;
using http_vocab::kHt;
using http_vocab::kHts;
using manifest_vocab::kMf;

std::string iri(std::string_view ns, std::string_view local) {
  return std::string(ns) + std::string(local);
}

std::optional<std::string> literal(const TermGraph& g, const Term& node, std::string_view p) {
  auto o = g.object(node, p);
  if (!o) return std::nullopt;
  return o->value;
}

// ht:headers ( [ ht:fieldName "..."; ht:fieldValue "..." ] ... ), on a request or a response.
Status readHeaders(const TermGraph& g, const Term& node, HttpHeaderList& out) {
  for (const Term& head : g.objects(node, iri(kHt, "headers"))) {
    CAIRN_ASSIGN_OR_RETURN(std::vector<Term> headers, g.list(head));
    for (const Term& h : headers) {
      auto name = literal(g, h, iri(kHt, "fieldName"));
      auto value = literal(g, h, iri(kHt, "fieldValue"));
      if (!name || !value) return Status::corruption("an ht:headers entry without name or value");
      out.emplace_back(*name, *value);
    }
  }
  return Status::ok();
}

Result<std::optional<HttpTestBody>> readBody(const TermGraph& g, const Term& node) {
  auto body = g.object(node, iri(kHt, "body"));
  if (!body) return std::optional<HttpTestBody>();
  auto chars = literal(g, *body, iri(kCnt, "chars"));
  if (!chars) return Status::corruption("an ht:body without cnt:chars");
  HttpTestBody out{*chars};
  if (auto encoding = literal(g, *body, iri(kCnt, "characterEncoding"))) out.encoding = *encoding;
  return std::optional<HttpTestBody>(std::move(out));
}

Result<HttpTestRequest> readRequest(const TermGraph& g, const Term& node) {
  HttpTestRequest r;
  auto method = literal(g, node, iri(kHt, "methodName"));
  auto path = literal(g, node, iri(kHt, "absolutePath"));
  if (!method || !path) return Status::corruption("an ht:Request without method or path");
  r.method = *method;
  r.absolutePath = *path;
  if (auto version = literal(g, node, iri(kHt, "httpVersion"))) r.httpVersion = *version;
  CAIRN_RETURN_IF_ERROR(readHeaders(g, node, r.headers));
  CAIRN_ASSIGN_OR_RETURN(r.body, readBody(g, node));
  auto resp = g.object(node, iri(kHt, "resp"));
  if (!resp) return Status::corruption("an ht:Request without ht:resp");
  for (const Term& s : g.objects(*resp, iri(kMf, "expectedStatus"))) {
    r.expect.statuses.push_back(s.value);
  }
  r.expect.format = literal(g, *resp, iri(kMf, "expectedFormat"));
  if (auto b = literal(g, *resp, iri(kMf, "expectedBoolean"))) r.expect.boolean = *b == "true";
  r.expect.location = literal(g, *resp, iri(kMf, "expectedLocation"));
  CAIRN_RETURN_IF_ERROR(readHeaders(g, *resp, r.expect.headers));
  CAIRN_ASSIGN_OR_RETURN(r.expect.body, readBody(g, *resp));
  return r;
}

}  // namespace

Result<std::vector<HttpTestRequest>> readHttpTestRequests(const TermGraph& graph,
                                                          const Term& connection) {
  auto requests = graph.object(connection, iri(kHt, "requests"));
  if (!requests) return Status::corruption("the connection has no ht:requests");
  CAIRN_ASSIGN_OR_RETURN(std::vector<Term> nodes, graph.list(*requests));
  if (nodes.empty()) return Status::corruption("ht:requests is empty");
  std::vector<HttpTestRequest> out;
  for (const Term& node : nodes) {
    CAIRN_ASSIGN_OR_RETURN(HttpTestRequest r, readRequest(graph, node));
    out.push_back(std::move(r));
  }
  return out;
}

Result<std::string> encodeHttpTestBody(const HttpTestBody& body) {
  const std::string encoding = asciiLowercase(body.encoding);
  if (encoding == "utf-8" || encoding == "utf8") return body.chars;
  bool bigEndian = true, byteOrderMark = false;
  if (encoding == "utf-16") {
    byteOrderMark = true;
  } else if (encoding == "utf-16le") {
    bigEndian = false;
  } else if (encoding != "utf-16be") {
    return Status::invalidArgument("unsupported cnt:characterEncoding " + body.encoding);
  }
  std::string out;
  auto unit = [&](uint32_t u) {
    const char hi = static_cast<char>(u >> 8), lo = static_cast<char>(u & 0xFF);
    out += bigEndian ? hi : lo;
    out += bigEndian ? lo : hi;
  };
  if (byteOrderMark) unit(0xFEFF);
  const char* p = body.chars.data();
  const char* end = p + body.chars.size();
  while (p < end) {
    uint32_t cp = 0;
    const int length = core::decodeUtf8(p, end, cp);
    if (length == 0) return Status::corruption("cnt:chars is not valid UTF-8");
    p += length;
    if (cp >= 0x10000) {
      unit(0xD800 + ((cp - 0x10000) >> 10));
      unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      unit(cp);
    }
  }
  return out;
}

Result<bool> statusMatches(std::string_view expected, int status) {
  if (!expected.starts_with(kHts)) {
    return Status::invalidArgument("unknown status " + std::string(expected));
  }
  const std::string_view local = expected.substr(kHts.size());
  if (local.size() == 13 && local.starts_with("StatusCode") && local.ends_with("xx") &&
      local[10] >= '1' && local[10] <= '5') {
    return status / 100 == local[10] - '0';
  }
  static constexpr std::pair<std::string_view, int> kNamed[] = {
      {"OK", 200},
      {"Created", 201},
      {"NoContent", 204},
      {"BadRequest", 400},
      {"NotFound", 404},
      {"MethodNotAllowed", 405},
      {"NotAcceptable", 406},
      {"UnsupportedMediaType", 415},
  };
  for (const auto& [name, code] : kNamed) {
    if (local == name) return status == code;
  }
  return Status::invalidArgument("unknown status hts:" + std::string(local));
}

Result<std::vector<Quad>> parseRdfAnswer(std::string body, std::string_view essence,
                                         const std::string& baseIri) {
  using core::rdf::RdfFormat;
  ParseOptions options;
  options.baseIri = baseIri;
  if (essence == "text/turtle" || essence == "application/x-turtle") {
    return parseRdfString(std::move(body), RdfFormat::kTurtle, options);
  }
  if (essence == "application/n-triples" || essence == "text/plain") {
    return parseRdfString(std::move(body), RdfFormat::kNTriples, options);
  }
  if (essence == "application/rdf+xml") return parseRdfXml(body, baseIri);
  return Status::invalidArgument("no RDF parser for " + std::string(essence));
}

std::string describeStatuses(const std::vector<std::string>& statuses) {
  std::string out;
  for (const std::string& s : statuses) {
    out += (out.empty() ? "" : " or ") + std::string(localName(s));
  }
  return out;
}

}  // namespace cairn::testing
