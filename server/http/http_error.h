#pragma once
// HttpError: a failure with the HTTP status it answers and the JSON body every failure carries,
// `{"code": ..., "message": ..., "line": ..., "column": ...}`. core::Error (the engine's one
// user-facing error) maps to a status here and nowhere else.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"

namespace cairn::server::http {

class HttpError : public std::runtime_error {
 public:
  // `code` is a stable snake_case name ("malformed_query", "unknown_ledger", ...).
  HttpError(unsigned status, std::string code, std::string message, uint64_t line = 0,
            uint64_t column = 0);

  unsigned status() const { return status_; }
  const std::string& code() const { return code_; }
  const std::string& message() const { return message_; }
  uint64_t line() const { return line_; }
  uint64_t column() const { return column_; }

  // The JSON body (one line, with a trailing newline).
  std::string body() const;

  // Headers the answer must carry (WWW-Authenticate on 401, Allow on 405, Retry-After).
  const std::vector<std::pair<std::string, std::string>>& headers() const { return headers_; }
  HttpError& withHeader(std::string name, std::string value) {
    headers_.emplace_back(std::move(name), std::move(value));
    return *this;
  }

 private:
  unsigned status_;
  std::string code_;
  std::string message_;
  uint64_t line_;
  uint64_t column_;
  std::vector<std::pair<std::string, std::string>> headers_;
};

// The status and code a core::Error answers: syntax and argument errors 400, unknown things
// 404, existing ones 409, timeouts and exhausted limits 503, unsupported features 501, storage
// failures 500.
HttpError toHttpError(const core::Error& error);

}  // namespace cairn::server::http
