#include "sparql/results/result_format.h"

#include <array>
#include <cstdlib>
#include <string>
#include <vector>

namespace cairn::sparql::results {
namespace {

std::string lowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

struct Offer {
  ResultFormat format;
  std::string_view mediaType;
  // Aliases count only when named exactly: "*/*" or "application/*" must not bring back a
  // format the client refused under its own media type.
  bool alias = false;
};

// In the server's order of preference; a format may be offered under several media types.
constexpr std::array kSolutionOffers = {
    Offer{ResultFormat::kJson, "application/sparql-results+json"},
    Offer{ResultFormat::kJson, "application/json", true},
    Offer{ResultFormat::kXml, "application/sparql-results+xml"},
    Offer{ResultFormat::kXml, "application/xml", true},
    Offer{ResultFormat::kXml, "text/xml", true},
    Offer{ResultFormat::kCsv, "text/csv"},
    Offer{ResultFormat::kTsv, "text/tab-separated-values"},
    Offer{ResultFormat::kTable, "text/plain"},
};
constexpr std::array kGraphOffers = {
    Offer{ResultFormat::kTurtle, "text/turtle"},
    Offer{ResultFormat::kTurtle, "application/x-turtle", true},
    Offer{ResultFormat::kNTriples, "application/n-triples"},
    Offer{ResultFormat::kNTriples, "text/plain", true},
    Offer{ResultFormat::kJsonLd, "application/ld+json"},
    Offer{ResultFormat::kJsonLd, "application/json", true},
    Offer{ResultFormat::kRdfXml, "application/rdf+xml"},
    Offer{ResultFormat::kRdfXml, "application/xml", true},
    Offer{ResultFormat::kRdfXml, "text/xml", true},
};

struct MediaRange {
  std::string type;     // "*" for a wildcard
  std::string subtype;  // "*" for a wildcard
  double q = 1.0;
};

// Parses "type/subtype;param=v;q=0.5" ranges; malformed ranges are skipped, as browsers do.
std::vector<MediaRange> parseAccept(std::string_view header) {
  std::vector<MediaRange> ranges;
  while (!header.empty()) {
    size_t comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    size_t semi = item.find(';');
    std::string_view range = trim(item.substr(0, semi));
    size_t slash = range.find('/');
    if (slash == std::string_view::npos) continue;
    MediaRange parsed{lowerAscii(trim(range.substr(0, slash))),
                      lowerAscii(trim(range.substr(slash + 1)))};
    if (parsed.type.empty() || parsed.subtype.empty()) continue;
    if (parsed.type == "*" && parsed.subtype != "*") continue;
    std::string_view params = semi == std::string_view::npos ? "" : item.substr(semi + 1);
    bool valid = true;
    while (!params.empty()) {
      size_t next = params.find(';');
      std::string_view param = trim(params.substr(0, next));
      params = next == std::string_view::npos ? std::string_view{} : params.substr(next + 1);
      size_t eq = param.find('=');
      if (eq == std::string_view::npos) continue;
      if (lowerAscii(trim(param.substr(0, eq))) != "q") continue;
      std::string value(trim(param.substr(eq + 1)));
      char* end = nullptr;
      double q = std::strtod(value.c_str(), &end);
      if (value.empty() || end != value.c_str() + value.size() || !(q >= 0.0 && q <= 1.0)) {
        valid = false;
        break;
      }
      parsed.q = q;
    }
    if (valid) ranges.push_back(std::move(parsed));
  }
  return ranges;
}

// How specifically `range` names `mediaType`: 3 exact, 2 "type/*", 1 "*/*", 0 no match.
int specificity(const MediaRange& range, std::string_view mediaType) {
  size_t slash = mediaType.find('/');
  std::string_view type = mediaType.substr(0, slash);
  std::string_view subtype = mediaType.substr(slash + 1);
  if (range.type == "*") return 1;
  if (range.type != type) return 0;
  if (range.subtype == "*") return 2;
  return range.subtype == subtype ? 3 : 0;
}

}  // namespace

std::string_view mediaType(ResultFormat format) {
  switch (format) {
    case ResultFormat::kJson:
      return "application/sparql-results+json";
    case ResultFormat::kXml:
      return "application/sparql-results+xml";
    case ResultFormat::kCsv:
      return "text/csv";
    case ResultFormat::kTsv:
      return "text/tab-separated-values";
    case ResultFormat::kNTriples:
      return "application/n-triples";
    case ResultFormat::kTurtle:
      return "text/turtle";
    case ResultFormat::kTable:
      return "text/plain";
    case ResultFormat::kJsonLd:
      return "application/ld+json";
    case ResultFormat::kRdfXml:
      return "application/rdf+xml";
  }
  return "application/octet-stream";
}

std::string_view formatName(ResultFormat format) {
  switch (format) {
    case ResultFormat::kJson:
      return "json";
    case ResultFormat::kXml:
      return "xml";
    case ResultFormat::kCsv:
      return "csv";
    case ResultFormat::kTsv:
      return "tsv";
    case ResultFormat::kNTriples:
      return "nt";
    case ResultFormat::kTurtle:
      return "ttl";
    case ResultFormat::kTable:
      return "table";
    case ResultFormat::kJsonLd:
      return "jsonld";
    case ResultFormat::kRdfXml:
      return "rdfxml";
  }
  return "";
}

std::optional<ResultFormat> formatFromName(std::string_view name) {
  std::string n = lowerAscii(name);
  if (n == "json") return ResultFormat::kJson;
  if (n == "xml") return ResultFormat::kXml;
  if (n == "csv") return ResultFormat::kCsv;
  if (n == "tsv") return ResultFormat::kTsv;
  if (n == "nt" || n == "ntriples") return ResultFormat::kNTriples;
  if (n == "ttl" || n == "turtle") return ResultFormat::kTurtle;
  if (n == "table") return ResultFormat::kTable;
  if (n == "jsonld" || n == "json-ld") return ResultFormat::kJsonLd;
  if (n == "rdfxml" || n == "rdf") return ResultFormat::kRdfXml;
  return std::nullopt;
}

bool isGraphFormat(ResultFormat format) {
  return format == ResultFormat::kNTriples || format == ResultFormat::kTurtle ||
         format == ResultFormat::kJsonLd || format == ResultFormat::kRdfXml;
}

std::optional<ResultFormat> negotiate(std::string_view acceptHeader, bool graphResult) {
  if (trim(acceptHeader).empty()) return graphResult ? ResultFormat::kTurtle : ResultFormat::kJson;
  std::vector<MediaRange> ranges = parseAccept(acceptHeader);
  const Offer* offers = graphResult ? kGraphOffers.data() : kSolutionOffers.data();
  size_t offerCount = graphResult ? kGraphOffers.size() : kSolutionOffers.size();

  std::optional<ResultFormat> best;
  double bestQ = 0.0;
  int bestSpecificity = 0;
  for (size_t i = 0; i < offerCount; ++i) {
    // The most specific range naming this media type decides its q (RFC 9110).
    int matchSpecificity = 0;
    double q = 0.0;
    for (const MediaRange& range : ranges) {
      int s = specificity(range, offers[i].mediaType);
      if (s > matchSpecificity || (s == matchSpecificity && s > 0 && range.q > q)) {
        matchSpecificity = s;
        q = range.q;
      }
    }
    if (matchSpecificity == 0 || q <= 0.0) continue;
    if (offers[i].alias && matchSpecificity < 3) continue;
    if (!best || q > bestQ || (q == bestQ && matchSpecificity > bestSpecificity)) {
      best = offers[i].format;
      bestQ = q;
      bestSpecificity = matchSpecificity;
    }
  }
  return best;
}

}  // namespace cairn::sparql::results
