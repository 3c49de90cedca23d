#include "tests/support/strict_http.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

#include "core/rdf/rdf_chars.h"

namespace cairn::testing {

using core::Result;
using core::Status;

std::string asciiLowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

const std::string* StrictHttpResponse::header(std::string_view name) const {
  for (const auto& [n, v] : headers) {
    if (n == name) return &v;
  }
  return nullptr;
}

std::string describeResponse(const StrictHttpResponse& r) {
  std::string out = r.statusLine;
  for (const auto& [name, value] : r.headers) out += "\n" + name + ": " + value;
  if (r.chunked) out += "\n(chunked body)";
  std::string body = r.body.substr(0, 600);
  if (r.body.size() > body.size()) body += "...";
  if (!body.empty()) out += "\n\n" + body;
  return out;
}

std::string requestBytes(std::string_view method, std::string_view target,
                         std::string_view httpVersion, const Endpoint& endpoint,
                         const HttpHeaderList& headers, const std::optional<std::string>& body) {
  std::string out;
  out.append(method).append(" ").append(target).append(" HTTP/").append(httpVersion);
  out += "\r\nHost: " + endpoint.authority() + "\r\n";
  for (const auto& [name, value] : headers) {
    const std::string lower = asciiLowercase(name);
    if (lower == "content-length" || lower == "host") continue;
    out += name + ": " + value + "\r\n";
  }
  if (body || (method != "GET" && method != "HEAD")) {
    out += "Content-Length: " + std::to_string(body ? body->size() : 0) + "\r\n";
  }
  out += "\r\n";
  if (body) out += *body;
  return out;
}

Result<StrictHttpResponse> StrictHttpConnection::roundTrip(const std::string& bytes, bool head) {
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

Status StrictHttpConnection::open() {
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) return Status::ioError(std::string("socket: ") + std::strerror(errno));
  timeval timeout{30, 0};
  ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(endpoint_.port);
  if (::inet_pton(AF_INET, endpoint_.host.c_str(), &address.sin_addr) != 1) {
    close();
    return Status::invalidArgument("not an IPv4 address: " + endpoint_.host);
  }
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    return failure("cannot connect to " + endpoint_.authority());
  }
  buffer_.clear();
  return Status::ok();
}

void StrictHttpConnection::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  buffer_.clear();
}

Status StrictHttpConnection::failure(const std::string& what) {
  const int error = errno;
  close();
  return Status::ioError(what + ": " + std::strerror(error));
}

// Reads more bytes; false at the end of the stream.
Result<bool> StrictHttpConnection::fill() {
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

// One line ended by CRLF, without its end.
Result<std::string> StrictHttpConnection::line() {
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

Result<std::string> StrictHttpConnection::take(size_t n) {
  while (buffer_.size() < n) {
    CAIRN_ASSIGN_OR_RETURN(bool more, fill());
    if (!more) return Status::corruption("the connection closed inside the body");
  }
  std::string out = buffer_.substr(0, n);
  buffer_.erase(0, n);
  return out;
}

Result<StrictHttpResponse> StrictHttpConnection::readResponse(bool head) {
  StrictHttpResponse r;
  do {  // interim 1xx answers precede the real one
    r = StrictHttpResponse{};
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
      r.headers.emplace_back(asciiLowercase(h.substr(0, colon)), std::move(value));
    }
  } while (r.status >= 100 && r.status < 200);

  if (const std::string* c = r.header("connection")) {
    const std::string value = asciiLowercase(*c);
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
    if (asciiLowercase(*encoding) != "chunked") {
      return Status::corruption("unexpected Transfer-Encoding '" + *encoding + "'");
    }
    r.chunked = true;
    while (true) {
      CAIRN_ASSIGN_OR_RETURN(std::string sizeLine, line());
      const std::string hex = sizeLine.substr(0, sizeLine.find(';'));
      size_t size = 0;
      if (hex.empty() || hex.size() > 8) return Status::corruption("bad chunk size '" + hex + "'");
      for (char c : hex) {
        const int digit = core::rdf::hexValue(c);
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

}  // namespace cairn::testing
