#include "server/api/cypher_errors.h"

#include <nlohmann/json.hpp>

namespace cairn::server::api {
namespace {

using http::HttpError;

// The Neo4j code for a failure raised before or around the statement (the request's shape,
// tokens, the ledger), by its status.
std::string codeOfStatus(unsigned status) {
  switch (status) {
    case 401:
      return "Neo.ClientError.Security.Unauthorized";
    case 403:
      return "Neo.ClientError.Security.Forbidden";
    case 404:
      return "Neo.ClientError.Database.DatabaseNotFound";
    case 415:
      return "Neo.ClientError.Request.InvalidFormat";
    case 503:
      return "Neo.TransientError.General.DatabaseUnavailable";
    default:
      return status < 500 ? "Neo.ClientError.Request.Invalid"
                          : "Neo.DatabaseError.General.UnknownError";
  }
}

}  // namespace

std::string neo4jCode(const core::Error& error) {
  using core::ErrorCode;
  switch (error.code()) {
    case ErrorCode::kSyntaxError:
      return "Neo.ClientError.Statement.SyntaxError";
    case ErrorCode::kSemanticError:
      return "Neo.ClientError.Statement.SemanticError";
    case ErrorCode::kTypeError:
      return "Neo.ClientError.Statement.TypeError";
    case ErrorCode::kArgumentError:
      return "Neo.ClientError.Statement.ArgumentError";
    case ErrorCode::kArithmeticError:
      return "Neo.ClientError.Statement.ArithmeticError";
    case ErrorCode::kEntityNotFound:
      return "Neo.ClientError.Statement.EntityNotFound";
    case ErrorCode::kParameterMissing:
      return "Neo.ClientError.Statement.ParameterMissing";
    case ErrorCode::kConstraintViolation:
      return "Neo.ClientError.Schema.ConstraintValidationFailed";
    case ErrorCode::kProcedureError:
      return error.detail() == "ProcedureNotFound"
                 ? "Neo.ClientError.Procedure.ProcedureNotFound"
                 : "Neo.ClientError.Procedure.ProcedureCallFailed";
    case ErrorCode::kUnsupported:
      return "Neo.ClientError.Statement.FeatureNotSupported";
    case ErrorCode::kTimeout:
      return "Neo.ClientError.Transaction.TransactionTimedOut";
    case ErrorCode::kInvalidArgument:
      return "Neo.ClientError.Request.Invalid";
    case ErrorCode::kNotFound:
      if (error.detail() == "ConstraintDropFailed")
        return "Neo.ClientError.Schema.ConstraintDropFailed";
      return "Neo.ClientError.Database.DatabaseNotFound";
    case ErrorCode::kResourceExhausted:
      return "Neo.TransientError.General.MemoryPoolOutOfMemoryError";
    case ErrorCode::kCancelled:
      return "Neo.TransientError.Transaction.Terminated";
    case ErrorCode::kAlreadyExists:
      // Schema commands (cypher/statement/schema_statement.h) name the rule they clash with.
      if (!error.detail().empty()) return "Neo.ClientError.Schema." + error.detail();
      break;
    case ErrorCode::kStorageError:
      break;
  }
  return "Neo.DatabaseError.General.UnknownError";
}

HttpError cypherHttpError(const core::Error& error) {
  using core::ErrorCode;
  unsigned status = 400;
  switch (error.code()) {
    case ErrorCode::kNotFound:
      status = 404;
      break;
    case ErrorCode::kTimeout:
    case ErrorCode::kResourceExhausted:
    case ErrorCode::kCancelled:
      status = 503;  // as the SPARQL routes answer them
      break;
    case ErrorCode::kAlreadyExists:
      status = 409;
      break;
    case ErrorCode::kStorageError:
      status = 500;
      break;
    default:
      break;  // openCypher's classes and bad requests: the client's to fix
  }
  std::string message = error.message();
  if (error.line() > 0) {
    message += " (line " + std::to_string(error.line()) + ", column " +
               std::to_string(error.column()) + ")";
  }
  return HttpError(status, neo4jCode(error), std::move(message), error.line(), error.column());
}

std::string neo4jErrorBody(const HttpError& error) {
  const std::string code =
      error.code().starts_with("Neo.") ? error.code() : codeOfStatus(error.status());
  // Ordered as Neo4j writes it: results, then errors; code, then message.
  nlohmann::ordered_json failure;
  failure["code"] = code;
  failure["message"] = error.message();
  nlohmann::ordered_json body;
  body["results"] = nlohmann::ordered_json::array();
  body["errors"] = nlohmann::ordered_json::array({failure});
  // Messages may quote user input that is not valid UTF-8; replace rather than throw.
  return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace cairn::server::api
