#pragma once
// Decoding of the URL pieces the HTTP server reads: RFC 3986 percent-escapes, request targets in
// origin form ("/path?query", RFC 9112 §3.2.1), and application/x-www-form-urlencoded text, the
// syntax of both query strings and form bodies (WHATWG URL §5.1).
//
// Decoded bytes are not checked to be UTF-8: whoever interprets them (the SPARQL parser, a ledger
// name check) does. Error messages quote raw input only as printable ASCII (other bytes as \xHH,
// cut short), so they stay valid UTF-8 for a JSON error body whatever the client sent.
// All functions are pure and keep no state: safe from any thread.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn::server::http {

// Name/value pairs in the order they were sent; a name may repeat (default-graph-uri, ...).
using Parameters = std::vector<std::pair<std::string, std::string>>;

// RFC 3986 §2.1 percent-decoding ("%41" and "%4a" alike). With plusAsSpace ('+' means a space,
// as in form encoding); without it, as in a path, '+' stays '+'. "%2B" is '+' either way.
// nullopt when a '%' is not followed by two hex digits.
std::optional<std::string> percentDecode(std::string_view text, bool plusAsSpace);

// application/x-www-form-urlencoded, also used for query strings: '&'-separated name=value,
// '+' is a space, percent-decoded, order kept, empty pieces skipped, "name" alone = empty value,
// only the first '=' separates ("a=b=c" is a → "b=c"). Throws core::Error(kInvalidArgument)
// naming the parameter when an escape is malformed.
Parameters parseFormUrlEncoded(std::string_view text);

// The value of the first parameter called `name` (exact, case-sensitive), or nullptr. The pointer
// lives as long as `params` is not modified.
const std::string* findParameter(const Parameters& params, std::string_view name);
// The values of every parameter called `name`, in order.
std::vector<std::string> allParameters(const Parameters& params, std::string_view name);
// A parameter's value as a whole number: decimal digits only (no sign, no space), fitting 64
// bits; nullopt otherwise.
std::optional<uint64_t> parseWholeNumber(std::string_view text);

struct RequestTarget {
  std::string path;                   // decoded, empty segments kept ("/a//b/")
  std::vector<std::string> segments;  // decoded path segments, empty ones dropped
  Parameters query;                   // the query string, decoded as a form
};

// An origin-form target ("/a/b%20c?x=y"). Throws core::Error(kInvalidArgument) for any other
// form (absolute URI, authority, "*", empty), a raw space, control character or '#', a malformed
// escape, or a decoded segment that is "." or ".." or contains '/' or NUL: such a segment could
// name a ledger or file other than the one it appears to, so it is refused rather than resolved.
RequestTarget parseRequestTarget(std::string_view target);

}  // namespace cairn::server::http
