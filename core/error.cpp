#include "core/error.h"

namespace cairn::core {

std::string_view errorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kSyntaxError: return "SyntaxError";
    case ErrorCode::kInvalidArgument: return "InvalidArgument";
    case ErrorCode::kNotFound: return "NotFound";
    case ErrorCode::kAlreadyExists: return "AlreadyExists";
    case ErrorCode::kStorageError: return "StorageError";
    case ErrorCode::kResourceExhausted: return "ResourceExhausted";
    case ErrorCode::kTimeout: return "Timeout";
    case ErrorCode::kCancelled: return "Cancelled";
    case ErrorCode::kUnsupported: return "Unsupported";
    case ErrorCode::kSemanticError: return "SemanticError";
    case ErrorCode::kTypeError: return "TypeError";
    case ErrorCode::kArgumentError: return "ArgumentError";
    case ErrorCode::kArithmeticError: return "ArithmeticError";
    case ErrorCode::kEntityNotFound: return "EntityNotFound";
    case ErrorCode::kParameterMissing: return "ParameterMissing";
    case ErrorCode::kConstraintViolation: return "ConstraintValidationFailed";
    case ErrorCode::kProcedureError: return "ProcedureError";
  }
  return "Unknown";
}

Error::Error(ErrorCode code, std::string message, uint64_t line, uint64_t column)
    : std::runtime_error(message), code_(code), message_(std::move(message)), line_(line),
      column_(column) {}

Error::Error(ErrorCode code, std::string detail, std::string message, uint64_t line,
             uint64_t column)
    : Error(code, std::move(message), line, column) {
  detail_ = std::move(detail);
}

}  // namespace cairn::core
