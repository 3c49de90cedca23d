#include "server/http/http_error.h"

#include <nlohmann/json.hpp>

namespace cairn::server::http {

HttpError::HttpError(unsigned status, std::string code, std::string message, uint64_t line,
                     uint64_t column)
    : std::runtime_error(message),
      status_(status),
      code_(std::move(code)),
      message_(std::move(message)),
      line_(line),
      column_(column) {}

std::string HttpError::body() const {
  nlohmann::json j = {{"code", code_}, {"message", message_}};
  if (line_ > 0) {
    j["line"] = line_;
    j["column"] = column_;
  }
  // Messages may quote user input that is not valid UTF-8; replace rather than throw.
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

HttpError toHttpError(const core::Error& error) {
  using core::ErrorCode;
  switch (error.code()) {
    case ErrorCode::kSyntaxError:
      return HttpError(400, "syntax_error", error.message(), error.line(), error.column());
    case ErrorCode::kInvalidArgument:
      return HttpError(400, "invalid_argument", error.message(), error.line(), error.column());
    case ErrorCode::kNotFound:
      return HttpError(404, "not_found", error.message());
    case ErrorCode::kAlreadyExists:
      return HttpError(409, "already_exists", error.message());
    case ErrorCode::kResourceExhausted:
      return HttpError(503, "resource_exhausted", error.message());
    case ErrorCode::kTimeout:
      return HttpError(503, "timeout", error.message());
    case ErrorCode::kCancelled:
      return HttpError(503, "cancelled", error.message());
    case ErrorCode::kUnsupported:
      return HttpError(501, "unsupported", error.message());
    case ErrorCode::kSemanticError:
    case ErrorCode::kTypeError:
    case ErrorCode::kArgumentError:
    case ErrorCode::kArithmeticError:
    case ErrorCode::kParameterMissing:
    case ErrorCode::kProcedureError:
      return HttpError(400, std::string(core::errorCodeName(error.code())), error.message(),
                       error.line(), error.column());
    case ErrorCode::kEntityNotFound:
      return HttpError(404, "EntityNotFound", error.message());
    case ErrorCode::kConstraintViolation:
      return HttpError(409, "ConstraintValidationFailed", error.message());
    case ErrorCode::kStorageError:
      break;
  }
  return HttpError(500, "storage_error", error.message());
}

}  // namespace cairn::server::http
