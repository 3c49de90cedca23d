#include "server/http/url_codec.h"

#include <charconv>

#include "core/error.h"

namespace cairn::server::http {
namespace {

using core::Error;
using core::ErrorCode;

int hexDigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Raw wire text as it may appear in an error message: quoted, printable ASCII kept, any other
// byte as \xHH, at most kMaxQuoted bytes of input, so the message is short and valid UTF-8.
std::string quoteForMessage(std::string_view raw) {
  constexpr size_t kMaxQuoted = 64;
  constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "\"";
  for (size_t i = 0; i < raw.size() && i < kMaxQuoted; ++i) {
    auto byte = static_cast<unsigned char>(raw[i]);
    if (byte >= 0x20 && byte < 0x7F && byte != '"' && byte != '\\') {
      out += static_cast<char>(byte);
    } else {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    }
  }
  out += raw.size() > kMaxQuoted ? "\"..." : "\"";
  return out;
}

// `what` names the source in messages ("form parameter", "query parameter").
Parameters parseParameters(std::string_view text, std::string_view what) {
  Parameters params;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('&', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view piece = text.substr(start, end - start);
    start = end + 1;
    if (piece.empty()) continue;
    size_t eq = piece.find('=');
    std::string_view rawName = piece.substr(0, eq);
    std::string_view rawValue =
        eq == std::string_view::npos ? std::string_view() : piece.substr(eq + 1);
    std::optional<std::string> name = percentDecode(rawName, true);
    if (!name) {
      throw Error(ErrorCode::kInvalidArgument, "malformed percent-escape in the name of " +
                                                   std::string(what) + " " +
                                                   quoteForMessage(rawName));
    }
    std::optional<std::string> value = percentDecode(rawValue, true);
    if (!value) {
      throw Error(ErrorCode::kInvalidArgument, "malformed percent-escape in the value of " +
                                                   std::string(what) + " " +
                                                   quoteForMessage(rawName));
    }
    params.emplace_back(std::move(*name), std::move(*value));
  }
  return params;
}

// Characters that can never appear raw in a request target: whitespace and controls would end
// or corrupt the request line, and a fragment is never sent to a server (RFC 9110 §7.1).
bool isForbiddenInTarget(char c) {
  auto byte = static_cast<unsigned char>(c);
  return byte <= 0x20 || byte == 0x7F || c == '#';
}

}  // namespace

std::optional<std::string> percentDecode(std::string_view text, bool plusAsSpace) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '%') {
      if (text.size() - i < 3) return std::nullopt;
      int high = hexDigitValue(text[i + 1]);
      int low = hexDigitValue(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      out += static_cast<char>(high * 16 + low);
      i += 2;
    } else if (c == '+' && plusAsSpace) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

Parameters parseFormUrlEncoded(std::string_view text) {
  return parseParameters(text, "form parameter");
}

std::optional<uint64_t> parseWholeNumber(std::string_view text) {
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

const std::string* findParameter(const Parameters& params, std::string_view name) {
  for (const auto& [key, value] : params) {
    if (key == name) return &value;
  }
  return nullptr;
}

std::vector<std::string> allParameters(const Parameters& params, std::string_view name) {
  std::vector<std::string> values;
  for (const auto& [key, value] : params) {
    if (key == name) values.push_back(value);
  }
  return values;
}

RequestTarget parseRequestTarget(std::string_view target) {
  if (target.empty() || target.front() != '/') {
    throw Error(ErrorCode::kInvalidArgument,
                "the request target must be an absolute path such as \"/sparql?query=...\", not " +
                    quoteForMessage(target));
  }
  for (char c : target) {
    if (isForbiddenInTarget(c)) {
      throw Error(ErrorCode::kInvalidArgument,
                  "the request target contains a space, control character or '#' that must be "
                  "percent-encoded: " +
                      quoteForMessage(target));
    }
  }
  size_t queryStart = target.find('?');
  std::string_view rawPath = target.substr(0, queryStart);
  std::string_view rawQuery =
      queryStart == std::string_view::npos ? std::string_view() : target.substr(queryStart + 1);

  RequestTarget result;
  result.path.reserve(rawPath.size());
  // Segments are decoded one by one (not the path as a whole) so that an encoded '/' is caught
  // inside its segment instead of silently splitting it.
  size_t start = 1;  // past the leading '/'
  while (start <= rawPath.size()) {
    size_t end = rawPath.find('/', start);
    if (end == std::string_view::npos) end = rawPath.size();
    std::string_view rawSegment = rawPath.substr(start, end - start);
    start = end + 1;
    std::optional<std::string> segment = percentDecode(rawSegment, false);
    if (!segment) {
      throw Error(
          ErrorCode::kInvalidArgument,
          "malformed percent-escape in the request path segment " + quoteForMessage(rawSegment));
    }
    if (*segment == "." || *segment == "..") {
      throw Error(ErrorCode::kInvalidArgument,
                  "the request path may not contain a \".\" or \"..\" segment: " +
                      quoteForMessage(rawSegment));
    }
    if (segment->find_first_of(std::string_view("/\0", 2)) != std::string::npos) {
      throw Error(ErrorCode::kInvalidArgument,
                  "a request path segment may not contain an encoded '/' or NUL: " +
                      quoteForMessage(rawSegment));
    }
    result.path += '/';
    result.path += *segment;
    if (!segment->empty()) result.segments.push_back(std::move(*segment));
  }
  result.query = parseParameters(rawQuery, "query parameter");
  return result;
}

}  // namespace cairn::server::http
