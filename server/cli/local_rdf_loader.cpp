#include "server/cli/local_rdf_loader.h"

#include <cctype>
#include <cstring>
#include <filesystem>
#include <optional>

#include "core/io/input_source.h"
#include "core/rdf/iri.h"
#include "core/rdf/rdf_format.h"
#include "query/update/rdf_quads.h"

namespace cairn::server {
namespace {

bool mustEscape(unsigned char c) {
  return c <= 0x20 || c == 0x7f || std::strchr("<>\"{}|\\^`%#?", c) != nullptr;
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool startsWithNoCase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
  }
  return true;
}

// The path of a local file: IRI (file:///p, file://localhost/p, file:/p), percent-decoded, without
// query or fragment; nullopt for a remote host or a malformed escape.
std::optional<std::string> pathOfFileIri(std::string_view iri) {
  std::string_view rest = iri.substr(std::strlen("file:"));
  if (rest.starts_with("//")) {
    rest.remove_prefix(2);
    const size_t slash = rest.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    const std::string_view host = rest.substr(0, slash);
    const bool localhost =
        host.size() == std::strlen("localhost") && startsWithNoCase(host, "localhost");
    if (!host.empty() && !localhost) return std::nullopt;
    rest.remove_prefix(slash);
  }
  if (!rest.starts_with('/')) return std::nullopt;
  rest = rest.substr(0, rest.find_first_of("?#"));
  std::string path;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] != '%') {
      path += rest[i];
      continue;
    }
    if (i + 2 >= rest.size()) return std::nullopt;
    const int high = hexDigit(rest[i + 1]), low = hexDigit(rest[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    path += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return path;
}

}  // namespace

std::string fileIriOf(std::string_view absolutePath) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string iri = "file://";
  for (char c : absolutePath) {
    const auto byte = static_cast<unsigned char>(c);
    if (mustEscape(byte)) {
      iri += '%';
      iri += kHex[byte >> 4];
      iri += kHex[byte & 15];
    } else {
      iri += c;
    }
  }
  return iri;
}

core::Result<std::vector<query::Quad>> loadLocalRdf(const std::string& iri) {
  std::string path, base;
  if (core::rdf::hasIriScheme(iri)) {
    std::optional<std::string> local;
    if (startsWithNoCase(iri, "file:")) local = pathOfFileIri(iri);
    if (!local) {
      return core::Status::invalidArgument(
          "cairn update loads local files only (file:///path or a path), not <" + iri + ">");
    }
    path = std::move(*local);
    base = iri;
  } else {
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(iri, ec);
    if (ec) return core::Status::invalidArgument("cannot resolve path '" + iri + "'");
    path = absolute.string();
    base = fileIriOf(path);
  }
  const auto format = core::rdf::formatFromPath(path);
  if (!format) {
    return core::Status::invalidArgument("cannot tell the RDF format of '" + path +
                                         "' from its name (.nt, .nq, .ttl, .trig, "
                                         "optionally .gz or .zst)");
  }
  CAIRN_ASSIGN_OR_RETURN(auto input, core::io::InputSource::open(path));

  return query::readRdfQuads(*input, *format, base, path, std::nullopt);
}

}  // namespace cairn::server
