// Runs the W3C SPARQL 1.1 Protocol tests (sparql11/protocol/manifest.ttl) against a live
// Cairn server started in-process on a free loopback port. Each mf:ProtocolTest gets its own
// ledger holding its data (ut:graphData files as named graphs called by their rdfs:label,
// qt:data / ut:data files in the default graph), created through POST /ledgers with a TriG
// body. Its ht:Requests then go, in order, over one raw TCP connection, byte for byte: the
// method, ht:absolutePath with "/sparql/" remapped to "/ledgers/{ledger}/sparql", the
// manifest's headers, the body encoded per cnt:characterEncoding (UTF-16 is sent as UTF-16),
// and a computed Content-Length. Each response is read strictly (status line, headers,
// Content-Length or chunked body) and checked against mf:expectedStatus (hts:StatusCode2xx and
// other classes, or named codes), mf:expectedFormat ("boolean", "tabular", "RDF": the
// Content-Type must be one the test allows and the body must parse as such) and
// mf:expectedBoolean.
//
//   sparql_protocol_runner [--verbose] [--filter TEXT] [conformance-root]
//
// Prints PASS / FAIL / EXCLUDED per test (excluded tests, tests/conformance/
// protocol_exclusions.h, are not sent) and the totals. Exits non-zero when a test that is not
// excluded fails, or when an exclusion names no test of the manifest. --verbose also shows
// every exchange and turns on the server's access log (stderr).

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/rdf/rdf_chars.h"
#include "core/rdf/rdf_format.h"
#include "core/utf8.h"
#include "index/ledger/ledger_name.h"
#include "server/http/media_type.h"
#include "server/service/cairn_server.h"
#include "sparql/results/result_readers.h"
#include "tests/conformance/protocol_exclusions.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/runner_support.h"
#include "tests/support/sparql_results.h"
#include "tests/support/w3c_manifest.h"

namespace {

namespace t = cairn::testing;
namespace fs = std::filesystem;
namespace results = cairn::sparql::results;
using cairn::core::Result;
using cairn::core::Status;
using cairn::core::Term;
using t::manifest_vocab::kMf;
using t::manifest_vocab::kQt;
using t::manifest_vocab::kRdfs;
using t::manifest_vocab::kUt;

constexpr std::string_view kHt = "http://www.w3.org/2011/http#";
constexpr std::string_view kHts = "http://www.w3.org/2011/http-statusCodes#";
constexpr std::string_view kCnt = "http://www.w3.org/2011/content#";
constexpr std::string_view kSparqlPrefix = "/sparql/";

std::string iri(std::string_view ns, std::string_view local) {
  return std::string(ns) + std::string(local);
}

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A test as its manifest states it.

struct ExpectedResponse {
  std::vector<std::string> statuses;  // hts: IRIs; any one may match
  std::optional<std::string> format;  // "boolean", "tabular", "RDF"
  std::optional<bool> boolean;
};

struct RequestBody {
  std::string chars;  // cnt:chars, as text
  std::string encoding = "UTF-8";
};

struct ProtocolRequest {
  std::string method, absolutePath, httpVersion = "1.1";
  std::vector<std::pair<std::string, std::string>> headers;
  std::optional<RequestBody> body;
  ExpectedResponse expect;
};

struct DataFile {
  std::string path;
  std::optional<std::string> graph;  // nullopt: the default graph
};

struct ProtocolTest {
  std::string id;  // the test IRI's local name
  std::vector<DataFile> data;
  std::vector<ProtocolRequest> requests;
};

std::optional<std::string> literal(const t::TermGraph& g, const Term& node, std::string_view p) {
  auto o = g.object(node, p);
  if (!o) return std::nullopt;
  return o->value;
}

Result<ProtocolRequest> readRequest(const t::TermGraph& g, const Term& node) {
  ProtocolRequest r;
  auto method = literal(g, node, iri(kHt, "methodName"));
  auto path = literal(g, node, iri(kHt, "absolutePath"));
  if (!method || !path) return Status::corruption("an ht:Request without method or path");
  r.method = *method;
  r.absolutePath = *path;
  if (auto version = literal(g, node, iri(kHt, "httpVersion"))) r.httpVersion = *version;
  for (const Term& head : g.objects(node, iri(kHt, "headers"))) {
    CAIRN_ASSIGN_OR_RETURN(std::vector<Term> headers, g.list(head));
    for (const Term& h : headers) {
      auto name = literal(g, h, iri(kHt, "fieldName"));
      auto value = literal(g, h, iri(kHt, "fieldValue"));
      if (!name || !value) return Status::corruption("an ht:RequestHeader without name or value");
      r.headers.emplace_back(*name, *value);
    }
  }
  if (auto body = g.object(node, iri(kHt, "body"))) {
    auto chars = literal(g, *body, iri(kCnt, "chars"));
    if (!chars) return Status::corruption("an ht:body without cnt:chars");
    r.body = RequestBody{*chars};
    if (auto encoding = literal(g, *body, iri(kCnt, "characterEncoding"))) {
      r.body->encoding = *encoding;
    }
  }
  auto resp = g.object(node, iri(kHt, "resp"));
  if (!resp) return Status::corruption("an ht:Request without ht:resp");
  for (const Term& s : g.objects(*resp, iri(kMf, "expectedStatus"))) {
    r.expect.statuses.push_back(s.value);
  }
  r.expect.format = literal(g, *resp, iri(kMf, "expectedFormat"));
  if (auto b = literal(g, *resp, iri(kMf, "expectedBoolean"))) r.expect.boolean = *b == "true";
  return r;
}

// ut:graphData is [ ut:graph <file>; rdfs:label "name" ]; qt:graphData is the file itself,
// named by its own IRI. The manifest puts them on the test; older ones on its action.
Result<ProtocolTest> readProtocolTest(const t::Manifest& m, const t::ManifestEntry& e) {
  const t::TermGraph& g = m.graph;
  ProtocolTest test;
  test.id = std::string(t::localName(e.node.value));
  std::vector<Term> holders = {e.node};
  if (e.action) holders.push_back(*e.action);
  for (const Term& holder : holders) {
    for (std::string_view ns : {kQt, kUt}) {
      for (const Term& d : g.objects(holder, iri(ns, "data"))) {
        auto path = t::pathFromFileIri(d.value);
        if (!path) return Status::corruption("data is not a file: " + d.value);
        test.data.push_back({*path, std::nullopt});
      }
      for (const Term& d : g.objects(holder, iri(ns, "graphData"))) {
        const auto file = g.object(d, iri(kUt, "graph"));
        const Term& fileTerm = file ? *file : d;
        auto path = t::pathFromFileIri(fileTerm.value);
        if (!path) return Status::corruption("graph data is not a file: " + fileTerm.value);
        auto label = literal(g, d, iri(kRdfs, "label"));
        test.data.push_back({*path, label ? *label : fileTerm.value});
      }
    }
  }
  if (!e.action) return Status::corruption("no mf:action");
  auto requests = g.object(*e.action, iri(kHt, "requests"));
  if (!requests) return Status::corruption("the action has no ht:requests");
  CAIRN_ASSIGN_OR_RETURN(std::vector<Term> nodes, g.list(*requests));
  if (nodes.empty()) return Status::corruption("ht:requests is empty");
  for (const Term& node : nodes) {
    CAIRN_ASSIGN_OR_RETURN(ProtocolRequest r, readRequest(g, node));
    test.requests.push_back(std::move(r));
  }
  return test;
}

// The test's data as one TriG document. Blank node labels are scoped to their file.
Result<std::string> datasetTrig(const std::vector<DataFile>& files) {
  std::string out;
  for (size_t i = 0; i < files.size(); ++i) {
    const DataFile& file = files[i];
    const auto format =
        cairn::core::rdf::formatFromPath(file.path).value_or(cairn::core::rdf::RdfFormat::kTurtle);
    t::ParseOptions options;
    options.baseIri = t::fileIri(file.path);
    CAIRN_ASSIGN_OR_RETURN(std::vector<t::Quad> quads, t::parseRdfFile(file.path, format, options));
    out += file.graph ? "<" + *file.graph + "> {\n" : "{\n";
    const std::string scope = "f" + std::to_string(i) + "x";
    for (t::Quad& q : quads) {
      if (q.graph) return Status::corruption(file.path + " holds a dataset, not a graph");
      for (Term* term : {&q.subject, &q.object}) {
        if (term->kind == cairn::core::TermKind::kBlank) term->value = scope + term->value;
      }
      out += "  " + cairn::core::toNTriples(q.subject) + " " +
             cairn::core::toNTriples(q.predicate) + " " + cairn::core::toNTriples(q.object) +
             " .\n";
    }
    out += "}\n";
  }
  return out;
}

// cnt:chars are text; cnt:characterEncoding says which bytes carry it. "UTF-16" is written
// big-endian after a byte order mark, as RFC 2781 §4.3 recommends for that label.
Result<std::string> encodeBody(const RequestBody& body) {
  const std::string encoding = lowercase(body.encoding);
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
    const int length = cairn::core::decodeUtf8(p, end, cp);
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

// A strict HTTP/1.1 client over one TCP connection, reconnecting when the server closed it.

struct HttpResponse {
  int status = 0;
  std::string statusLine;
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased
  std::string body;
  bool chunked = false;
  bool keepAlive = true;

  const std::string* header(std::string_view name) const {
    for (const auto& [n, v] : headers) {
      if (n == name) return &v;
    }
    return nullptr;
  }
};

class HttpConnection {
 public:
  HttpConnection(std::string host, uint16_t port) : host_(std::move(host)), port_(port) {}
  ~HttpConnection() { close(); }
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;

  // Sends one request's bytes and reads its response (no body after a HEAD request).
  Result<HttpResponse> roundTrip(const std::string& bytes, bool head) {
    if (fd_ < 0) CAIRN_RETURN_IF_ERROR(open());
    for (size_t sent = 0; sent < bytes.size();) {
      const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return failure("cannot send the request");
      sent += static_cast<size_t>(n);
    }
    auto response = readResponse(head);
    if (!response || !response->keepAlive) close();
    return response;
  }

 private:
  Status open() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) return Status::ioError(std::string("socket: ") + std::strerror(errno));
    // A server that stops answering fails the test instead of hanging the suite.
    timeval timeout{30, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port_);
    if (::inet_pton(AF_INET, host_.c_str(), &address.sin_addr) != 1) {
      return Status::invalidArgument("not an IPv4 address: " + host_);
    }
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      return failure("cannot connect to " + host_ + ":" + std::to_string(port_));
    }
    buffer_.clear();
    return Status::ok();
  }

  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    buffer_.clear();
  }

  Status failure(const std::string& what) {
    const int error = errno;
    close();
    return Status::ioError(what + ": " + std::strerror(error));
  }

  // Reads more bytes; false at the end of the stream.
  Result<bool> fill() {
    char chunk[16 * 1024];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n < 0) {
      return errno == EAGAIN || errno == EWOULDBLOCK
                 ? Status::ioError("no answer within 30 s")
                 : Status::ioError(std::string("recv: ") + std::strerror(errno));
    }
    buffer_.append(chunk, static_cast<size_t>(n));
    return n > 0;
  }

  // One line ended by CRLF (a bare LF is a framing error), without its end.
  Result<std::string> line() {
    size_t end;
    while ((end = buffer_.find('\n')) == std::string::npos) {
      CAIRN_ASSIGN_OR_RETURN(bool more, fill());
      if (!more) return Status::corruption("the connection closed inside a line");
    }
    if (end == 0 || buffer_[end - 1] != '\r') {
      return Status::corruption("a line ends in a bare LF, not CRLF");
    }
    std::string out = buffer_.substr(0, end - 1);
    buffer_.erase(0, end + 1);
    return out;
  }

  Result<std::string> take(size_t n) {
    while (buffer_.size() < n) {
      CAIRN_ASSIGN_OR_RETURN(bool more, fill());
      if (!more) return Status::corruption("the connection closed inside the body");
    }
    std::string out = buffer_.substr(0, n);
    buffer_.erase(0, n);
    return out;
  }

  Result<HttpResponse> readResponse(bool head) {
    HttpResponse r;
    do {  // interim 1xx answers precede the real one
      r = HttpResponse{};
      CAIRN_ASSIGN_OR_RETURN(r.statusLine, line());
      const std::string& s = r.statusLine;
      if (s.size() < 13 || !s.starts_with("HTTP/1.") || s[8] != ' ' || s[12] != ' ' ||
          !std::isdigit(static_cast<unsigned char>(s[9])) ||
          !std::isdigit(static_cast<unsigned char>(s[10])) ||
          !std::isdigit(static_cast<unsigned char>(s[11]))) {
        return Status::corruption("malformed status line '" + s + "'");
      }
      r.status = std::stoi(s.substr(9, 3));
      r.keepAlive = s[7] == '1';
      while (true) {
        CAIRN_ASSIGN_OR_RETURN(std::string h, line());
        if (h.empty()) break;
        const size_t colon = h.find(':');
        if (colon == std::string::npos || colon == 0 || h[colon - 1] == ' ') {
          return Status::corruption("malformed header line '" + h + "'");
        }
        std::string value = h.substr(colon + 1);
        value.erase(0, value.find_first_not_of(" \t"));
        value.erase(value.find_last_not_of(" \t") + 1);
        r.headers.emplace_back(lowercase(h.substr(0, colon)), std::move(value));
      }
    } while (r.status >= 100 && r.status < 200);

    if (const std::string* c = r.header("connection")) {
      const std::string value = lowercase(*c);
      if (value.find("close") != std::string::npos) r.keepAlive = false;
      if (value.find("keep-alive") != std::string::npos) r.keepAlive = true;
    }
    const std::string* encoding = r.header("transfer-encoding");
    const std::string* length = r.header("content-length");
    if (encoding && length) {
      return Status::corruption("both Transfer-Encoding and Content-Length (RFC 9112 §6.1)");
    }
    if (head || r.status == 204 || r.status == 304) return r;
    if (encoding) {
      if (lowercase(*encoding) != "chunked") {
        return Status::corruption("unexpected Transfer-Encoding '" + *encoding + "'");
      }
      r.chunked = true;
      while (true) {
        CAIRN_ASSIGN_OR_RETURN(std::string sizeLine, line());
        const std::string hex = sizeLine.substr(0, sizeLine.find(';'));
        size_t size = 0;
        if (hex.empty() || hex.size() > 8)
          return Status::corruption("bad chunk size '" + hex + "'");
        for (char c : hex) {
          const int digit = cairn::core::rdf::hexValue(c);
          if (digit < 0) return Status::corruption("bad chunk size '" + hex + "'");
          size = size * 16 + static_cast<size_t>(digit);
        }
        if (size == 0) break;
        CAIRN_ASSIGN_OR_RETURN(std::string data, take(size));
        r.body += data;
        CAIRN_ASSIGN_OR_RETURN(std::string end, line());
        if (!end.empty()) return Status::corruption("a chunk is longer than its size");
      }
      while (true) {  // trailer fields
        CAIRN_ASSIGN_OR_RETURN(std::string trailer, line());
        if (trailer.empty()) break;
      }
    } else if (length) {
      if (length->empty() || length->find_first_not_of("0123456789") != std::string::npos) {
        return Status::corruption("bad Content-Length '" + *length + "'");
      }
      CAIRN_ASSIGN_OR_RETURN(r.body, take(std::stoull(*length)));
    } else {
      while (true) {  // the body runs to the end of the connection
        CAIRN_ASSIGN_OR_RETURN(bool more, fill());
        if (!more) break;
      }
      r.body = std::move(buffer_);
      buffer_.clear();
      r.keepAlive = false;
    }
    return r;
  }

  std::string host_;
  uint16_t port_;
  int fd_ = -1;
  std::string buffer_;  // bytes received and not yet consumed
};

// Checking a response.

Result<bool> statusMatches(std::string_view expected, int status) {
  if (!expected.starts_with(kHts))
    return Status::invalidArgument("unknown status " + std::string(expected));
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

// The body of an answer the test constrains, parsed as the Content-Type says; "" when it is
// what the test expects, else why not.
std::string checkBody(const ExpectedResponse& expect, const HttpResponse& response,
                      const std::string& baseIri) {
  if (!expect.format && !expect.boolean) return {};
  const std::string format = expect.format.value_or("boolean");
  const std::string* contentType = response.header("content-type");
  if (contentType == nullptr) return "the answer has no Content-Type";
  const auto type = cairn::server::http::parseMediaType(*contentType);
  if (!type) return "malformed Content-Type '" + *contentType + "'";
  if (const std::string* charset =
          cairn::server::http::findParameter(type->parameters, "charset")) {
    if (lowercase(*charset) != "utf-8")
      return "the answer's charset is " + *charset + ", not UTF-8";
  }
  const std::string essence = type->essence();
  try {
    if (format == "boolean" || format == "tabular") {
      std::optional<results::ResultFormat> resultFormat;
      if (essence == "application/sparql-results+xml") resultFormat = results::ResultFormat::kXml;
      if (essence == "application/sparql-results+json") resultFormat = results::ResultFormat::kJson;
      if (format == "tabular" && essence == "text/csv") resultFormat = results::ResultFormat::kCsv;
      if (format == "tabular" && essence == "text/tab-separated-values") {
        resultFormat = results::ResultFormat::kTsv;
      }
      if (!resultFormat) {
        return "Content-Type " + essence + " is not a SPARQL results format the test allows (" +
               (format == "boolean" ? "XML, JSON" : "XML, JSON, CSV, TSV") + ")";
      }
      const results::CollectedResult answer = results::readResults(response.body, *resultFormat);
      if (format == "boolean" && answer.kind != results::ResultKind::kBoolean) {
        return "the answer is not a boolean result";
      }
      if (format == "tabular" && answer.kind != results::ResultKind::kSolutions) {
        return "the answer is not a table of solutions";
      }
      if (expect.boolean && answer.boolean != *expect.boolean) {
        return std::string("the answer is ") + (answer.boolean ? "true" : "false") + ", expected " +
               (*expect.boolean ? "true" : "false");
      }
      return {};
    }
    if (format == "RDF") {
      // The test allows RDF/XML, Turtle, N-Triples and RDFa; text/plain is N-Triples' old type.
      Result<std::vector<t::Quad>> graph = Status::internal("unread");
      t::ParseOptions options;
      options.baseIri = baseIri;
      using cairn::core::rdf::RdfFormat;
      if (essence == "text/turtle" || essence == "application/x-turtle") {
        graph = t::parseRdfString(response.body, RdfFormat::kTurtle, options);
      } else if (essence == "application/n-triples" || essence == "text/plain") {
        graph = t::parseRdfString(response.body, RdfFormat::kNTriples, options);
      } else if (essence == "application/rdf+xml") {
        graph = t::parseRdfXml(response.body, baseIri);
      } else if (essence == "text/html" || essence == "application/xhtml+xml") {
        return "an RDFa answer, which this runner cannot parse to check";
      } else {
        return "Content-Type " + essence +
               " is not an RDF format the test allows (RDF/XML, Turtle, N-Triples, RDFa)";
      }
      if (!graph)
        return "the answer does not parse as " + essence + ": " + graph.status().message();
      return {};
    }
  } catch (const cairn::core::Error& e) {
    return "the answer does not parse as " + essence + ": " + e.message();
  }
  return "unknown mf:expectedFormat \"" + format + "\"";
}

std::string describeResponse(const HttpResponse& r) {
  std::string out = r.statusLine;
  for (const auto& [name, value] : r.headers) out += "\n" + name + ": " + value;
  if (r.chunked) out += "\n(chunked body)";
  std::string body = r.body.substr(0, 600);
  if (r.body.size() > body.size()) body += "...";
  if (!body.empty()) out += "\n\n" + body;
  return out;
}

struct Outcome {
  bool passed = false;
  std::string reason;  // a headline, then detail lines
};

struct Endpoint {
  std::string host;
  uint16_t port = 0;
  std::string authority() const { return host + ":" + std::to_string(port); }
};

std::string requestHead(std::string_view method, std::string_view target, std::string_view version,
                        const Endpoint& endpoint) {
  std::string out;
  out.append(method).append(" ").append(target).append(" HTTP/").append(version).append("\r\n");
  out += "Host: " + endpoint.authority() + "\r\n";
  return out;
}

// The test's own ledger, with its data, through POST /ledgers.
std::string createLedger(const Endpoint& endpoint, const std::string& name,
                         const std::string& trig) {
  std::string bytes = requestHead("POST", "/ledgers?name=" + name, "1.1", endpoint);
  if (!trig.empty()) bytes += "Content-Type: application/trig\r\n";
  bytes += "Content-Length: " + std::to_string(trig.size()) + "\r\nConnection: close\r\n\r\n";
  bytes += trig;
  HttpConnection connection(endpoint.host, endpoint.port);
  auto response = connection.roundTrip(bytes, false);
  if (!response) return "cannot create ledger '" + name + "': " + response.status().message();
  if (response->status != 201) {
    return "cannot create ledger '" + name + "'\n" + describeResponse(*response);
  }
  return {};
}

Outcome runProtocolTest(const ProtocolTest& test, const Endpoint& endpoint, bool verbose) {
  const std::string& ledger = test.id;
  if (!cairn::index::isValidLedgerName(ledger)) {
    return {false, "the test's name is not a valid ledger name: " + ledger};
  }
  auto trig = datasetTrig(test.data);
  if (!trig) return {false, "cannot read the test's data: " + trig.status().message()};
  if (std::string problem = createLedger(endpoint, ledger, *trig); !problem.empty()) {
    return {false, problem};
  }
  const std::string sparqlPath = "/ledgers/" + ledger + "/sparql";
  HttpConnection connection(endpoint.host, endpoint.port);  // the test's ht:Connection
  for (size_t i = 0; i < test.requests.size(); ++i) {
    const ProtocolRequest& request = test.requests[i];
    const std::string which = "request " + std::to_string(i + 1) + " (" + request.method + ")";
    if (!request.absolutePath.starts_with(kSparqlPrefix)) {
      return {false,
              which + ": path outside " + std::string(kSparqlPrefix) + ": " + request.absolutePath};
    }
    std::string rest = request.absolutePath.substr(kSparqlPrefix.size());
    if (!rest.empty() && rest.front() != '?') rest = "/" + rest;
    const std::string target = sparqlPath + rest;

    std::string body;
    if (request.body) {
      auto encoded = encodeBody(*request.body);
      if (!encoded) return {false, which + ": " + encoded.status().message()};
      body = std::move(*encoded);
    }
    std::string bytes = requestHead(request.method, target, request.httpVersion, endpoint);
    for (const auto& [name, value] : request.headers) {
      if (lowercase(name) == "content-length" || lowercase(name) == "host") continue;
      bytes += name + ": " + value + "\r\n";
    }
    if (request.body || (request.method != "GET" && request.method != "HEAD")) {
      bytes += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    }
    bytes += "\r\n" + body;

    auto response = connection.roundTrip(bytes, request.method == "HEAD");
    if (!response) return {false, which + ": " + response.status().message()};
    if (verbose) {
      std::printf("  > %s %s (%zu body bytes)\n", request.method.c_str(), target.c_str(),
                  body.size());
      const std::string* type = response->header("content-type");
      std::printf("  < %s; %s; %zu body bytes%s\n", response->statusLine.c_str(),
                  type ? type->c_str() : "no Content-Type", response->body.size(),
                  response->chunked ? ", chunked" : "");
    }
    const std::string details = "\n" + which + " " + target + "\n" + describeResponse(*response);

    bool statusOk = request.expect.statuses.empty();
    for (const std::string& expected : request.expect.statuses) {
      auto matches = statusMatches(expected, response->status);
      if (!matches) return {false, which + ": " + matches.status().message()};
      statusOk = statusOk || *matches;
    }
    if (!statusOk) {
      std::string wanted;
      for (const std::string& s : request.expect.statuses) {
        wanted += (wanted.empty() ? "" : " or ") + std::string(t::localName(s));
      }
      return {false, which + ": status " + std::to_string(response->status) + ", expected " +
                         wanted + details};
    }
    if (response->status >= 300 && response->status < 400 &&
        (request.expect.format || request.expect.boolean)) {
      return {false, which + ": a redirect, which this runner does not follow" + details};
    }
    const std::string problem =
        checkBody(request.expect, *response, "http://" + endpoint.authority() + target);
    if (!problem.empty()) return {false, which + ": " + problem + details};
  }
  return {true, {}};
}

// A fresh directory for the server's store, removed at exit.
struct TemporaryDirectory {
  fs::path path;
  TemporaryDirectory() {
    std::string pattern = (fs::temp_directory_path() / "cairn-protocol-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) path = pattern;
  }
  ~TemporaryDirectory() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

}  // namespace

int main(int argc, char** argv) {
  const t::RunnerOptions options = t::parseRunnerOptions(argc, argv);
  const std::string manifestPath = options.root + "/sparql11/protocol/manifest.ttl";
  auto manifest = t::loadManifest(manifestPath);
  if (!manifest) {
    std::printf("FAIL cannot load %s: %s\n", manifestPath.c_str(),
                manifest.status().toString().c_str());
    return 1;
  }

  TemporaryDirectory directory;
  if (directory.path.empty()) {
    std::printf("FAIL cannot create a temporary directory: %s\n", std::strerror(errno));
    return 1;
  }
  cairn::server::ServerConfig config;
  config.listenAddress = "127.0.0.1";
  config.port = 0;
  config.dataDirectory = (directory.path / "data").string();
  config.ioThreads = 1;
  config.queryThreads = 2;
  config.cacheBytes = uint64_t{64} << 20;
  config.shutdownGrace = std::chrono::milliseconds(2000);
  cairn::server::CairnServer server(config, /*accessLog=*/options.verbose);
  try {
    cairn::server::validate(config);
    server.start();
  } catch (const cairn::core::Error& e) {
    std::printf("FAIL cannot start the server: %s\n", e.message().c_str());
    return 1;
  }
  const Endpoint endpoint{config.listenAddress, server.port()};

  size_t passed = 0, failed = 0, excluded = 0;
  std::set<std::string> ids;
  for (const t::ManifestEntry& entry : manifest->entries) {
    const std::string local(t::localName(entry.node.value));
    ids.insert(local);
    const std::string id = "protocol/" + local;
    if (!options.selects(id)) continue;
    if (const t::ProtocolExclusion* exclusion = t::findProtocolExclusion(local)) {
      ++excluded;
      std::printf("EXCLUDED %s: %s\n", id.c_str(), exclusion->reason.data());
      continue;
    }
    Outcome outcome;
    if (t::localName(entry.type) != "ProtocolTest") {
      outcome.reason = "not an mf:ProtocolTest: " + entry.type;
    } else if (auto test = readProtocolTest(*manifest, entry); !test) {
      outcome.reason = "malformed test: " + test.status().message();
    } else {
      outcome = runProtocolTest(*test, endpoint, options.verbose);
    }
    if (outcome.passed) {
      ++passed;
      std::printf("PASS %s\n", id.c_str());
    } else {
      ++failed;
      const std::string headline(t::reasonHeadline(outcome.reason));
      std::printf("FAIL %s (%s): %s\n", id.c_str(), entry.name.c_str(), headline.c_str());
      t::printReasonDetails(outcome.reason);
    }
  }
  server.stop();

  size_t stale = 0;
  for (const t::ProtocolExclusion& e : t::kProtocolExclusions) {
    if (!ids.contains(std::string(e.test))) {
      ++stale;
      std::printf("FAIL exclusion '%s' names no test of the manifest\n", e.test.data());
    }
  }
  std::printf("protocol: %zu passed, %zu failed, %zu excluded (of %zu tests)\n", passed, failed,
              excluded, manifest->entries.size());
  return failed == 0 && stale == 0 ? 0 : 1;
}
