#pragma once
// The one user-facing error type: a stable code, a message, and a position where the input has
// one (syntax errors). Only server/ maps it to HTTP statuses and JSON bodies.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/status.h"

namespace cairn::core {

enum class ErrorCode {
  kSyntaxError,      // malformed input (RDF, SPARQL, ...) with line/column
  kInvalidArgument,  // a flag, parameter or option that makes no sense
  kNotFound,         // unknown ledger, graph, file
  kAlreadyExists,
  kStorageError,       // wraps a failed storage Status
  kResourceExhausted,  // memory budget, disk
  kTimeout,
  kCancelled,
  kUnsupported,
  // openCypher's error classes (the Neo4j status codes' middle part); Error::detail() carries
  // the TCK's finer name ("UndefinedVariable", "InvalidArgumentType", ...).
  kSemanticError,       // a statement that parses but means nothing (compile time)
  kTypeError,           // a value of the wrong type (runtime, or compile time for literals)
  kArgumentError,       // a value of the right type out of range (runtime)
  kArithmeticError,     // integer overflow, integer division by zero
  kEntityNotFound,      // access to a deleted node or relationship
  kParameterMissing,    // $p without a value
  kConstraintViolation, // a write that breaks a constraint (DELETE of a connected node, ...)
  kProcedureError,      // an unknown procedure, or one that failed
};

std::string_view errorCodeName(ErrorCode code);

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, std::string message, uint64_t line = 0, uint64_t column = 0);
  // With a finer classification (openCypher's TCK names, e.g. "VariableAlreadyBound").
  Error(ErrorCode code, std::string detail, std::string message, uint64_t line = 0,
        uint64_t column = 0);

  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // 0 when the error has no position; lines and columns count from 1.
  uint64_t line() const { return line_; }
  uint64_t column() const { return column_; }
  // Empty unless the thrower named one.
  const std::string& detail() const { return detail_; }

 private:
  ErrorCode code_;
  std::string detail_;
  std::string message_;
  uint64_t line_;
  uint64_t column_;
};

// The value of `result`, or an Error(kStorageError) carrying its status: for code that reports
// failures by exception (server handlers, CLI commands) reading the storage layer's Results.
template <typename T>
T valueOrThrow(Result<T> result) {
  if (!result.isOk()) throw Error(ErrorCode::kStorageError, result.status().toString());
  return std::move(result).value();
}

}  // namespace cairn::core
