#include "server/http/response_head.h"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace cairn::server::http {
namespace {

bool safeHeaderValue(std::string_view value) {
  return value.find_first_of("\r\n") == std::string_view::npos;
}

void appendHeader(std::string& out, std::string_view name, std::string_view value) {
  if (!safeHeaderValue(name) || !safeHeaderValue(value)) return;
  out.append(name);
  out.append(": ");
  out.append(value);
  out.append("\r\n");
}

// RFC 9110 §6.6.1: an origin server with a clock sends Date. Formatting it costs more than a
// small response, so each thread keeps the text for the current second.
std::string_view httpDate() {
  thread_local std::time_t cachedSecond = 0;
  thread_local char text[40];
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  if (now != cachedSecond) {
    std::tm tm{};
    gmtime_r(&now, &tm);
    std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    cachedSecond = now;
  }
  return text;
}

}  // namespace

std::string_view reasonPhrase(unsigned status) {
  switch (status) {
    case 100:
      return "Continue";
    case 200:
      return "OK";
    case 201:
      return "Created";
    case 202:
      return "Accepted";
    case 204:
      return "No Content";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 406:
      return "Not Acceptable";
    case 408:
      return "Request Timeout";
    case 409:
      return "Conflict";
    case 411:
      return "Length Required";
    case 413:
      return "Content Too Large";
    case 414:
      return "URI Too Long";
    case 415:
      return "Unsupported Media Type";
    case 417:
      return "Expectation Failed";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return "Unknown";
  }
}

void appendResponseHead(const ResponseHead& head, std::string& out) {
  out.append(head.http10 ? "HTTP/1.0 " : "HTTP/1.1 ");
  out.append(std::to_string(head.status));
  out.push_back(' ');
  out.append(reasonPhrase(head.status));
  out.append("\r\n");
  appendHeader(out, "Server", "cairn");
  appendHeader(out, "Date", httpDate());
  if (!head.contentType.empty()) appendHeader(out, "Content-Type", head.contentType);
  switch (head.framing) {
    case BodyFraming::kContentLength:
      appendHeader(out, "Content-Length", std::to_string(head.contentLength));
      break;
    case BodyFraming::kChunked:
      appendHeader(out, "Transfer-Encoding", "chunked");
      break;
    case BodyFraming::kUntilClose:
      break;
  }
  if (!head.keepAlive) {
    appendHeader(out, "Connection", "close");
  } else if (head.http10) {
    appendHeader(out, "Connection", "keep-alive");
  }
  if (head.requestId != 0) appendHeader(out, "X-Request-Id", std::to_string(head.requestId));
  if (head.headers != nullptr) {
    for (const auto& [name, value] : *head.headers) appendHeader(out, name, value);
  }
  out.append("\r\n");
}

void appendChunk(std::string_view data, std::string& out) {
  if (data.empty()) return;  // an empty chunk would end the body
  char size[20];
  const int n = std::snprintf(size, sizeof size, "%zx\r\n", data.size());
  out.append(size, static_cast<size_t>(n));
  out.append(data);
  out.append("\r\n");
}

}  // namespace cairn::server::http
