#include "tests/support/http_client.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <stdexcept>

namespace cairn::testing {
namespace {

std::string lowerCase(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' ||
                           text.back() == '\n')) {
    text.remove_suffix(1);
  }
  return text;
}

const std::string* findHeader(const HttpHeaders& headers, std::string_view name) {
  for (const auto& [key, value] : headers) {
    if (key == name) return &value;
  }
  return nullptr;
}

// curl_global_init is not thread-safe; every client goes through here first.
void initCurlOnce() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

size_t appendBody(char* data, size_t size, size_t count, void* user) {
  static_cast<std::string*>(user)->append(data, size * count);
  return size * count;
}

// Called once per header line, status lines included. An interim response (100 Continue)
// starts a new block: only the final response's headers are kept.
size_t collectHeader(char* data, size_t size, size_t count, void* user) {
  auto& headers = *static_cast<HttpHeaders*>(user);
  const std::string_view line(data, size * count);
  if (line.starts_with("HTTP/")) {
    headers.clear();
  } else if (const size_t colon = line.find(':'); colon != std::string_view::npos) {
    headers.emplace_back(lowerCase(trim(line.substr(0, colon))),
                         std::string(trim(line.substr(colon + 1))));
  }
  return size * count;
}

bool isUnreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

std::string percentEncode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size() * 3);
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (isUnreserved(c)) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace

const std::string* HttpResponse::header(std::string_view name) const {
  return findHeader(headers, name);
}

const std::string* RawResponse::header(std::string_view name) const {
  return findHeader(headers, name);
}

std::string formEncode(const HttpHeaders& parameters) {
  std::string out;
  for (const auto& [name, value] : parameters) {
    if (!out.empty()) out += '&';
    out += percentEncode(name);
    out += '=';
    out += percentEncode(value);
  }
  return out;
}

HttpClient::HttpClient(uint16_t port, std::chrono::milliseconds timeout)
    : base_("http://127.0.0.1:" + std::to_string(port)), timeout_(timeout) {
  initCurlOnce();
  curl_ = curl_easy_init();
  if (curl_ == nullptr) throw std::runtime_error("curl_easy_init failed");
}

HttpClient::~HttpClient() { curl_easy_cleanup(static_cast<CURL*>(curl_)); }

HttpResponse HttpClient::get(const std::string& target, const HttpHeaders& headers) {
  return send("GET", target, std::nullopt, headers);
}

HttpResponse HttpClient::post(const std::string& target, const std::string& body,
                              const std::string& contentType, const HttpHeaders& headers) {
  HttpHeaders all = headers;
  all.emplace_back("Content-Type", contentType);
  return send("POST", target, body, all);
}

HttpResponse HttpClient::send(const std::string& method, const std::string& target,
                              const std::optional<std::string>& body, const HttpHeaders& headers) {
  CURL* curl = static_cast<CURL*>(curl_);
  // Reset forgets the previous request's options but keeps the connection cache, so the next
  // request reuses the open connection.
  curl_easy_reset(curl);
  HttpResponse response;
  char errorText[CURL_ERROR_SIZE] = {};
  const std::string url = base_ + target;
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout_.count()));
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errorText);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &appendBody);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response.body);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, &collectHeader);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &response.headers);
  if (body) {
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body->size()));
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body->data());
    if (method != "POST") curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method.c_str());
  } else if (method == "HEAD") {
    curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
  } else if (method != "GET") {
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method.c_str());
  }
  curl_slist* list = nullptr;
  for (const auto& [name, value] : headers) {
    // "Name:" with nothing after it tells curl to drop its own header of that name.
    list = curl_slist_append(list, (name + ":" + (value.empty() ? "" : " " + value)).c_str());
  }
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
  const CURLcode code = curl_easy_perform(curl);
  curl_slist_free_all(list);
  long connects = 0;
  curl_easy_getinfo(curl, CURLINFO_NUM_CONNECTS, &connects);
  connectionsOpened_ += static_cast<uint64_t>(connects);
  if (code != CURLE_OK) {
    response.status = 0;
    response.transportError = curl_easy_strerror(code);
    if (errorText[0] != '\0') response.transportError += std::string(": ") + errorText;
    return response;
  }
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response.status);
  return response;
}

RawConnection::RawConnection(uint16_t port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const std::string reason = std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
    throw std::runtime_error("connect to port " + std::to_string(port) + ": " + reason);
  }
  const int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

RawConnection::~RawConnection() { close(); }

void RawConnection::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void RawConnection::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error(std::string("send: ") + std::strerror(errno));
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

bool RawConnection::fill(std::chrono::steady_clock::time_point deadline) {
  if (eof_ || fd_ < 0) return false;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    char chunk[64 * 1024];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {  // closed (or reset: the same thing to a client)
      eof_ = true;
      return false;
    }
    buffer_.append(chunk, static_cast<size_t>(n));
    return true;
  }
}

bool RawConnection::waitForClose(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (fill(deadline)) {
  }
  return eof_;
}

std::optional<RawResponse> RawConnection::readResponse(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  // Ensures buffer_ holds at least `size` bytes.
  auto need = [&](size_t size) {
    while (buffer_.size() < size) {
      if (!fill(deadline)) return false;
    }
    return true;
  };
  // The end of the CRLF-terminated line starting at `from`.
  auto lineEnd = [&](size_t from) -> std::optional<size_t> {
    for (;;) {
      const size_t at = buffer_.find("\r\n", from);
      if (at != std::string::npos) return at;
      if (!fill(deadline)) return std::nullopt;
    }
  };

  for (;;) {
    size_t headEnd;
    for (;;) {
      headEnd = buffer_.find("\r\n\r\n");
      if (headEnd != std::string::npos) break;
      if (!fill(deadline)) return std::nullopt;
    }
    RawResponse response;
    const std::string_view head(buffer_.data(), headEnd);
    size_t lineStart = 0;
    bool first = true;
    while (lineStart <= head.size()) {
      size_t end = head.find("\r\n", lineStart);
      if (end == std::string_view::npos) end = head.size();
      const std::string_view line = head.substr(lineStart, end - lineStart);
      lineStart = end + 2;
      if (first) {
        first = false;
        const size_t space = line.find(' ');
        if (space == std::string_view::npos || line.size() < space + 4) {
          throw std::runtime_error("malformed status line: " + std::string(line));
        }
        response.version = std::string(line.substr(0, space));
        response.status = std::stoi(std::string(line.substr(space + 1, 3)));
        continue;
      }
      const size_t colon = line.find(':');
      if (colon == std::string_view::npos) {
        throw std::runtime_error("malformed header line: " + std::string(line));
      }
      response.headers.emplace_back(lowerCase(trim(line.substr(0, colon))),
                                    std::string(trim(line.substr(colon + 1))));
    }
    size_t position = headEnd + 4;
    if (response.status >= 100 && response.status < 200) {  // interim: the real one follows
      buffer_.erase(0, position);
      continue;
    }
    const std::string* encoding = response.header("transfer-encoding");
    const std::string* length = response.header("content-length");
    if (encoding != nullptr && lowerCase(*encoding).find("chunked") != std::string::npos) {
      response.chunked = true;
      for (;;) {
        const auto end = lineEnd(position);
        if (!end) return std::nullopt;
        const size_t size =
            std::stoul(buffer_.substr(position, *end - position), nullptr, /*base=*/16);
        position = *end + 2;
        if (size == 0) {
          // Trailers (none expected), then the blank line ending the body.
          for (;;) {
            const auto trailerEnd = lineEnd(position);
            if (!trailerEnd) return std::nullopt;
            const bool blank = *trailerEnd == position;
            position = *trailerEnd + 2;
            if (blank) break;
          }
          break;
        }
        if (!need(position + size + 2)) return std::nullopt;
        response.body.append(buffer_, position, size);
        if (buffer_.compare(position + size, 2, "\r\n") != 0) {
          throw std::runtime_error("chunk not followed by CRLF");
        }
        position += size + 2;
      }
    } else if (length != nullptr) {
      const size_t size = std::stoul(*length);
      if (!need(position + size)) return std::nullopt;
      response.body = buffer_.substr(position, size);
      position += size;
    } else if (response.status == 204 || response.status == 304) {
      // No body by definition.
    } else {
      response.untilClose = true;
      while (fill(deadline)) {
      }
      if (!eof_) return std::nullopt;  // the deadline passed first
      response.body = buffer_.substr(position);
      position = buffer_.size();
    }
    buffer_.erase(0, position);
    return response;
  }
}

}  // namespace cairn::testing
