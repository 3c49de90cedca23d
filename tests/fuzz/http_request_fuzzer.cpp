// libFuzzer target for the HTTP request path up to query execution: the Beast request parser
// with the server's limits, then the decoders the server runs on what it parsed (request target,
// Content-Type, form body, Accept negotiation). The same decoders also get the raw input, which
// reaches states a well-formed request would not.
//
// core::Error is the expected way to reject input. Anything else is a finding: a crash, a
// sanitizer report, another exception escaping (libFuzzer reports it as a deadly signal), or a
// broken invariant below (checked with abort(), since the target may be built without asserts).

#include <boost/beast/core/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "server/http/media_type.h"
#include "server/http/url_codec.h"
#include "sparql/results/result_format.h"

namespace {

namespace beast = boost::beast;
namespace http = boost::beast::http;
using namespace cairn::server::http;

// The server's limits (the server issue): 16 KiB of request line and headers, 1 MiB of body.
constexpr std::uint32_t kHeaderLimit = 16 * 1024;
constexpr std::uint64_t kBodyLimit = 1024 * 1024;
// Pipelined requests parsed from one input; a few are enough to reach parser reuse states.
constexpr int kMaxRequests = 4;

void check(bool condition) {
  if (!condition) std::abort();
}

std::string_view toStd(beast::string_view s) { return {s.data(), s.size()}; }

bool isLowerToken(std::string_view s) {
  for (char c : s) {
    if (c >= 'A' && c <= 'Z') return false;
  }
  return !s.empty();
}

void decodeText(std::string_view text) {
  for (bool plusAsSpace : {false, true}) {
    std::optional<std::string> decoded = percentDecode(text, plusAsSpace);
    if (decoded) check(decoded->size() <= text.size());
  }
  try {
    Parameters params = parseFormUrlEncoded(text);
    for (const auto& [name, value] : params) {
      check(findParameter(params, name) != nullptr);
      check(!allParameters(params, name).empty());
      check(name.size() + value.size() <= text.size());
    }
  } catch (const cairn::core::Error&) {
  }
}

void decodeTarget(std::string_view target) {
  try {
    RequestTarget parsed = parseRequestTarget(target);
    check(!parsed.path.empty() && parsed.path.front() == '/');
    check(parsed.path.size() <= target.size());
    for (const std::string& segment : parsed.segments) {
      check(!segment.empty() && segment != "." && segment != "..");
      check(segment.find('/') == std::string::npos && segment.find('\0') == std::string::npos);
    }
  } catch (const cairn::core::Error&) {
  }
}

std::optional<MediaType> decodeMediaType(std::string_view value) {
  std::optional<MediaType> media = parseMediaType(value);
  if (media) {
    check(isLowerToken(media->type) && isLowerToken(media->subtype));
    for (const auto& parameter : media->parameters) check(isLowerToken(parameter.first));
  }
  return media;
}

void negotiateBoth(std::string_view accept) {
  cairn::sparql::results::negotiate(accept, false);
  cairn::sparql::results::negotiate(accept, true);
}

// Parses one request from the front of `input`; returns how many bytes it used (0 when no whole
// request parsed, so the caller stops).
size_t parseOneRequest(std::string_view input) {
  http::request_parser<http::string_body> parser;
  parser.header_limit(kHeaderLimit);
  parser.body_limit(kBodyLimit);
  parser.eager(true);
  beast::error_code ec;
  size_t used = 0;
  while (!parser.is_done() && used < input.size()) {
    size_t n = parser.put(boost::asio::const_buffer(input.data() + used, input.size() - used), ec);
    used += n;
    if (ec || n == 0) break;
  }
  if (!ec && !parser.is_done()) parser.put_eof(ec);
  if (ec || !parser.is_done()) return 0;

  const http::request<http::string_body>& request = parser.get();
  decodeTarget(toStd(request.target()));
  std::optional<MediaType> contentType;
  if (auto it = request.find(http::field::content_type); it != request.end()) {
    contentType = decodeMediaType(toStd(it->value()));
  }
  if (contentType && contentType->essence() == "application/x-www-form-urlencoded") {
    decodeText(request.body());
  }
  if (auto it = request.find(http::field::accept); it != request.end()) {
    negotiateBoth(toStd(it->value()));
  }
  return used;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);

  size_t offset = 0;
  for (int i = 0; i < kMaxRequests && offset < input.size(); ++i) {
    size_t used = parseOneRequest(input.substr(offset));
    if (used == 0) break;
    offset += used;
  }

  decodeText(input);
  decodeTarget(input);
  decodeMediaType(input);
  negotiateBoth(input);
  return 0;
}
