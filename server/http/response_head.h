#pragma once
// The bytes of an HTTP/1.1 response head and of chunked-body framing. Written by hand rather
// than through Beast's serializer: a response is one buffer (head + body) and one write, which
// is what small query answers need.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/http/http_exchange.h"

namespace cairn::server::http {

enum class BodyFraming {
  kContentLength,  // the whole body is known
  kChunked,        // HTTP/1.1 streaming
  kUntilClose,     // HTTP/1.0 streaming: the body ends when the connection closes
};

struct ResponseHead {
  unsigned status = 200;
  std::string_view contentType;
  const HeaderList* headers = nullptr;
  BodyFraming framing = BodyFraming::kContentLength;
  uint64_t contentLength = 0;
  bool keepAlive = true;
  bool http10 = false;  // answer an HTTP/1.0 client (keep-alive must then be spelled out)
  uint64_t requestId = 0;
};

// Appends the head (status line, headers, blank line) to `out`. Header values containing CR
// or LF are dropped rather than written, so no input can split a response.
void appendResponseHead(const ResponseHead& head, std::string& out);

// "1a2b\r\n" + data + "\r\n" appended to out.
void appendChunk(std::string_view data, std::string& out);
inline constexpr std::string_view kLastChunk = "0\r\n\r\n";

// The reason phrase of a status ("Not Found"), or "Unknown".
std::string_view reasonPhrase(unsigned status);

}  // namespace cairn::server::http
