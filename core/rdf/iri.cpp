#include "core/rdf/iri.h"

#include <optional>

namespace cairn::core::rdf {
namespace {

bool isAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// The five components of RFC 3986 §3; an absent component differs from an empty one for
// authority, query and fragment ("http://a/b?" keeps its empty query).
struct IriParts {
  std::optional<std::string_view> scheme;
  std::optional<std::string_view> authority;
  std::string_view path;
  std::optional<std::string_view> query;
  std::optional<std::string_view> fragment;
};

size_t schemeLength(std::string_view iri) {
  if (iri.empty() || !isAlpha(iri[0])) return 0;
  for (size_t i = 1; i < iri.size(); ++i) {
    char c = iri[i];
    if (c == ':') return i;
    if (!isAlpha(c) && !isDigit(c) && c != '+' && c != '-' && c != '.') return 0;
  }
  return 0;
}

// RFC 3986 Appendix B, written out.
IriParts splitIri(std::string_view s) {
  IriParts parts;
  if (size_t n = schemeLength(s); n > 0) {
    parts.scheme = s.substr(0, n);
    s.remove_prefix(n + 1);
  }
  if (size_t hash = s.find('#'); hash != std::string_view::npos) {
    parts.fragment = s.substr(hash + 1);
    s = s.substr(0, hash);
  }
  if (size_t q = s.find('?'); q != std::string_view::npos) {
    parts.query = s.substr(q + 1);
    s = s.substr(0, q);
  }
  if (s.size() >= 2 && s[0] == '/' && s[1] == '/') {
    size_t slash = s.find('/', 2);
    if (slash == std::string_view::npos) slash = s.size();
    parts.authority = s.substr(2, slash - 2);
    s.remove_prefix(slash);
  }
  parts.path = s;
  return parts;
}

// RFC 3986 §5.2.4, appending the result to `out`. Works on the input as a sequence of
// segments; `out` holds the output buffer from `outStart` on.
void removeDotSegmentsInto(std::string_view input, std::string& out) {
  const size_t outStart = out.size();
  auto dropLastOutputSegment = [&] {
    size_t lastSlash = out.rfind('/');
    if (lastSlash == std::string::npos || lastSlash < outStart) lastSlash = outStart;
    out.resize(lastSlash);
  };
  while (!input.empty()) {
    if (input.starts_with("../")) {
      input.remove_prefix(3);
    } else if (input.starts_with("./")) {
      input.remove_prefix(2);
    } else if (input.starts_with("/./")) {
      input.remove_prefix(2);
    } else if (input == "/.") {
      input = "/";
    } else if (input.starts_with("/../")) {
      input.remove_prefix(3);
      dropLastOutputSegment();
    } else if (input == "/..") {
      input = "/";
      dropLastOutputSegment();
    } else if (input == "." || input == "..") {
      input = {};
    } else {
      // Move the first segment (with its leading '/', if any) to the output.
      size_t next = input.find('/', input[0] == '/' ? 1 : 0);
      if (next == std::string_view::npos) next = input.size();
      out.append(input.substr(0, next));
      input.remove_prefix(next);
    }
  }
}

void appendAuthority(std::string& out, const std::optional<std::string_view>& authority) {
  if (authority) {
    out += "//";
    out += *authority;
  }
}

void appendQueryAndFragment(std::string& out, const std::optional<std::string_view>& query,
                            const std::optional<std::string_view>& fragment) {
  if (query) {
    out += '?';
    out += *query;
  }
  if (fragment) {
    out += '#';
    out += *fragment;
  }
}

}  // namespace

bool hasIriScheme(std::string_view iri) { return schemeLength(iri) > 0; }

void resolveIriInto(std::string_view base, std::string_view reference, std::string& out) {
  const IriParts r = splitIri(reference);
  if (r.scheme) {
    out += *r.scheme;
    out += ':';
    appendAuthority(out, r.authority);
    removeDotSegmentsInto(r.path, out);
    appendQueryAndFragment(out, r.query, r.fragment);
    return;
  }
  const IriParts b = splitIri(base);
  if (b.scheme) {
    out += *b.scheme;
    out += ':';
  }
  if (r.authority) {
    appendAuthority(out, r.authority);
    removeDotSegmentsInto(r.path, out);
    appendQueryAndFragment(out, r.query, r.fragment);
    return;
  }
  appendAuthority(out, b.authority);
  if (r.path.empty()) {
    out += b.path;
    appendQueryAndFragment(out, r.query ? r.query : b.query, r.fragment);
    return;
  }
  if (r.path[0] == '/') {
    removeDotSegmentsInto(r.path, out);
  } else {
    // §5.2.3 merge: the base path up to its last '/', or "/" when the base has an authority
    // and an empty path; then the reference path.
    thread_local std::string merged;
    merged.clear();
    if (b.authority && b.path.empty()) {
      merged = "/";
    } else if (size_t slash = b.path.rfind('/'); slash != std::string_view::npos) {
      merged.assign(b.path.substr(0, slash + 1));
    }
    merged += r.path;
    removeDotSegmentsInto(merged, out);
  }
  appendQueryAndFragment(out, r.query, r.fragment);
}

}  // namespace cairn::core::rdf
