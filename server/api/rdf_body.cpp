#include "server/api/rdf_body.h"

#include <string_view>

#include "core/io/input_source.h"
#include "core/rdf/rdf_format.h"
#include "query/update/rdf_quads.h"
#include "server/http/http_error.h"
#include "server/http/media_type.h"

namespace cairn::server::api {
namespace {

using core::rdf::RdfFormat;
using http::HttpError;

constexpr std::string_view kRdfTypes =
    "application/n-triples, application/n-quads, text/turtle or application/trig";

std::optional<RdfFormat> formatOfMediaType(const std::string& essence) {
  if (essence == "application/n-triples" || essence == "text/plain") return RdfFormat::kNTriples;
  if (essence == "application/n-quads") return RdfFormat::kNQuads;
  if (essence == "text/turtle" || essence == "application/x-turtle") return RdfFormat::kTurtle;
  if (essence == "application/trig") return RdfFormat::kTriG;
  return std::nullopt;
}

std::string asciiLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string_view trimWhitespace(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// A file part without a Content-Type: what its name's extension conventionally means.
std::optional<RdfFormat> formatOfFilename(std::string_view filename) {
  const size_t dot = filename.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const std::string extension = asciiLower(filename.substr(dot + 1));
  if (extension == "nt") return RdfFormat::kNTriples;
  if (extension == "nq") return RdfFormat::kNQuads;
  if (extension == "ttl") return RdfFormat::kTurtle;
  if (extension == "trig") return RdfFormat::kTriG;
  return std::nullopt;
}

// Client text quoted in a message: the JSON error body must stay valid UTF-8, so printable
// ASCII only (other bytes as \xHH), cut short.
std::string printable(std::string_view text) {
  constexpr size_t kMax = 80;
  std::string out;
  for (size_t i = 0; i < text.size() && i < kMax; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7F) {
      out += static_cast<char>(byte);
    } else {
      constexpr char kHex[] = "0123456789ABCDEF";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    }
  }
  if (text.size() > kMax) out += "...";
  return out;
}

// Parses one RDF document; `label` names it in messages ("body", "part 2 (a.ttl)").
std::vector<query::Quad> readDocument(std::string_view text, RdfFormat format,
                                      const std::string& label,
                                      const std::optional<std::string>& graph,
                                      const std::string& baseIri, bool labelInMessages) {
  auto input = core::io::InputSource::fromString(std::string(text));
  std::optional<core::rdf::SyntaxIssue> issue;
  auto quads = query::readRdfQuads(*input, format, baseIri, label, graph, &issue);
  if (issue) {
    const std::string prefix = labelInMessages ? label + ": " : std::string();
    throw HttpError(400, "syntax_error", prefix + issue->message, issue->line, issue->column);
  }
  // readRdfQuads names the document in its other messages.
  if (!quads.isOk()) throw HttpError(400, "invalid_rdf", quads.status().message());
  return std::move(quads).value();
}

[[noreturn]] void malformedMultipart(const std::string& message) {
  throw HttpError(400, "invalid_multipart", message);
}

// RFC 2046 §5.1.1: 1 to 70 characters of bchars, the last not a space.
bool isValidBoundary(std::string_view boundary) {
  if (boundary.empty() || boundary.size() > 70 || boundary.back() == ' ') return false;
  for (char c : boundary) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum && std::string_view("'()+_,-./:=? ").find(c) == std::string_view::npos) {
      return false;
    }
  }
  return true;
}

// The encapsulated parts of a multipart body (RFC 2046 §5.1.1): between delimiter lines
// "--boundary", up to the close delimiter "--boundary--"; the preamble and the epilogue are
// ignored. The CRLF before a delimiter belongs to it, not to the part. Lines may also end in a
// bare LF, as some tools write them.
std::vector<std::string_view> splitMultipart(std::string_view body, std::string_view boundary) {
  const std::string dash = "--" + std::string(boundary);
  const std::string lineDash = "\n" + dash;
  size_t at = body.starts_with(dash) ? 0 : body.find(lineDash);
  if (at == std::string_view::npos) {
    malformedMultipart("the body has no delimiter line --" + printable(boundary) +
                       " (the Content-Type's boundary does not match the body)");
  }
  if (at != 0) ++at;  // past the '\n'
  std::vector<std::string_view> parts;
  while (true) {
    size_t pos = at + dash.size();
    if (body.substr(pos, 2) == "--") break;  // the close delimiter
    while (pos < body.size() && (body[pos] == ' ' || body[pos] == '\t')) ++pos;  // padding
    if (body.substr(pos, 2) == "\r\n") {
      pos += 2;
    } else if (body.substr(pos, 1) == "\n") {
      pos += 1;
    } else if (pos >= body.size()) {
      malformedMultipart("the body ends without the close delimiter --" + printable(boundary) +
                         "--");
    } else {
      malformedMultipart("a delimiter line --" + printable(boundary) +
                         " is followed by other text (the boundary may not occur in a part)");
    }
    // Searching from the '\n' just passed finds a delimiter right after this one (an empty
    // part).
    const size_t next = body.find(lineDash, pos - 1);
    if (next == std::string_view::npos) {
      malformedMultipart("part " + std::to_string(parts.size() + 1) +
                         " is not ended by a delimiter line --" + printable(boundary) +
                         " (nor the body by the close delimiter --" + printable(boundary) + "--)");
    }
    size_t end = next < pos ? pos : next;
    if (end > pos && body[end - 1] == '\r') --end;
    parts.push_back(body.substr(pos, end - pos));
    at = next + 1;
  }
  if (parts.empty()) malformedMultipart("the multipart body has no parts");
  return parts;
}

// One part of a multipart/form-data body: the headers this reader looks at, and the content.
struct BodyPart {
  std::optional<std::string> contentType;
  std::optional<std::string> transferEncoding;
  std::string name, filename;  // from Content-Disposition, when it has them
  std::string_view content;
};

// Content-Disposition: form-data; name="..."; filename="..." (RFC 7578 §4.2). Its parameters
// have the grammar of media type parameters; one that does not parse is ignored, as the name
// serves only messages and the format guess.
void readContentDisposition(std::string_view value, BodyPart& part) {
  const size_t semicolon = value.find(';');
  if (semicolon == std::string_view::npos) return;
  const auto parsed = http::parseMediaType("form-data/x" + std::string(value.substr(semicolon)));
  if (!parsed) return;
  if (const std::string* name = http::findParameter(parsed->parameters, "name")) part.name = *name;
  if (const std::string* file = http::findParameter(parsed->parameters, "filename")) {
    part.filename = *file;
  }
}

// Header lines up to the first empty line, then the content (RFC 2046 §5.1.1).
BodyPart readPart(std::string_view text, const std::string& label) {
  BodyPart part;
  while (true) {
    const size_t eol = text.find('\n');
    if (eol == std::string_view::npos) {
      malformedMultipart(label + ": no empty line ends its header lines");
    }
    std::string_view line = text.substr(0, eol);
    if (line.ends_with('\r')) line.remove_suffix(1);
    text.remove_prefix(eol + 1);
    if (line.empty()) break;
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      malformedMultipart(label + ": a header line without ':': " + printable(line));
    }
    const std::string name = asciiLower(trimWhitespace(line.substr(0, colon)));
    const std::string_view value = trimWhitespace(line.substr(colon + 1));
    if (name == "content-type") {
      part.contentType = std::string(value);
    } else if (name == "content-transfer-encoding") {
      part.transferEncoding = asciiLower(value);
    } else if (name == "content-disposition") {
      readContentDisposition(value, part);
    }
  }
  part.content = text;
  return part;
}

// The part's RDF syntax: its Content-Type, or the filename's extension when it has none or only
// application/octet-stream (what curl -F and browsers send for a file type they do not know).
RdfFormat partFormat(const BodyPart& part, const std::string& label) {
  if (part.transferEncoding && *part.transferEncoding != "binary" &&
      *part.transferEncoding != "8bit" && *part.transferEncoding != "7bit") {
    throw HttpError(415, "unsupported_media_type",
                    label + ": Content-Transfer-Encoding " + printable(*part.transferEncoding) +
                        " is not supported (RFC 7578 §4.7: send the document as it is)");
  }
  std::optional<http::MediaType> type;
  if (part.contentType) type = http::parseMediaType(*part.contentType);
  const bool generic = !part.contentType || (type && type->essence() == "application/octet-stream");
  if (!generic) {
    const auto format = type ? formatOfMediaType(type->essence()) : std::nullopt;
    if (!format) {
      throw HttpError(415, "unsupported_media_type",
                      label + ": a part must be " + std::string(kRdfTypes) + ", not " +
                          printable(*part.contentType));
    }
    return *format;
  }
  if (auto format = formatOfFilename(part.filename)) return *format;
  throw HttpError(415, "unsupported_media_type",
                  label + " has " +
                      (part.contentType ? "Content-Type " + printable(*part.contentType)
                                        : std::string("no Content-Type")) +
                      " and no filename ending in .nt, .nq, .ttl or .trig: give it one of " +
                      std::string(kRdfTypes));
}

// Every part's statements, in order. Each part's blank node labels get the prefix
// "part<index>_": the digits end at the '_', so distinct (part, label) pairs stay distinct and
// no label is shared across parts.
std::vector<query::Quad> readMultipart(std::string_view body, const http::MediaType& type,
                                       const std::optional<std::string>& graph,
                                       const std::string& baseIri) {
  const std::string* boundary = http::findParameter(type.parameters, "boundary");
  if (boundary == nullptr) {
    malformedMultipart("a multipart/form-data Content-Type needs a boundary parameter");
  }
  if (!isValidBoundary(*boundary)) {
    malformedMultipart("the boundary '" + printable(*boundary) +
                       "' is not 1 to 70 of the characters RFC 2046 allows");
  }
  const std::vector<std::string_view> texts = splitMultipart(body, *boundary);
  std::vector<query::Quad> out;
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string index = std::to_string(i + 1);
    std::string label = "part " + index;
    const BodyPart part = readPart(texts[i], label);
    const std::string& name = part.filename.empty() ? part.name : part.filename;
    if (!name.empty()) label += " (" + printable(name) + ")";
    const RdfFormat format = partFormat(part, label);
    std::vector<query::Quad> quads =
        readDocument(part.content, format, label, graph, baseIri, /*labelInMessages=*/true);
    const std::string prefix = "part" + index + "_";
    for (query::Quad& q : quads) {
      for (core::Term* term : {&q.subject, &q.object}) {
        if (term->kind == core::TermKind::kBlank) term->value.insert(0, prefix);
      }
      out.push_back(std::move(q));
    }
  }
  return out;
}

}  // namespace

std::vector<query::Quad> readRdfBody(const http::Request& request,
                                     const std::optional<std::string>& graph,
                                     const std::string& baseIri) {
  const std::string* contentType = request.header("content-type");
  const auto type = contentType ? http::parseMediaType(*contentType) : std::nullopt;
  if (type && type->essence() == "multipart/form-data") {
    return readMultipart(request.body, *type, graph, baseIri);
  }
  const auto format = type ? formatOfMediaType(type->essence()) : std::nullopt;
  if (!format) {
    throw HttpError(415, "unsupported_media_type",
                    "the body must be " + std::string(kRdfTypes) +
                        ", or multipart/form-data with one of them per part" +
                        (contentType ? ", not " + printable(*contentType) : std::string()));
  }
  return readDocument(request.body, *format, "body", graph, baseIri, /*labelInMessages=*/false);
}

}  // namespace cairn::server::api
