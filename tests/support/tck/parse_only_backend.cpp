#include "tests/support/tck/parse_only_backend.h"

#include <exception>
#include <stdexcept>

#include "core/error.h"
#include "cypher/parser/parser.h"
#include "cypher/semantic/semantic_check.h"

namespace cairn::tck {

TckError tckErrorFromCoreError(const core::Error& error, bool atCompileTime) {
  TckError tckError;
  tckError.errorClass = std::string(core::errorCodeName(error.code()));
  tckError.detail = error.detail();
  tckError.atCompileTime = atCompileTime;
  tckError.message = error.message();
  if (error.line() > 0) {
    tckError.message = std::to_string(error.line()) + ":" + std::to_string(error.column()) + ": " +
                       tckError.message;
  }
  return tckError;
}

const std::optional<TckError>& ParseOnlyBackend::verdict(const std::string& query) const {
  if (haveVerdict_ && query == lastQuery_) return lastVerdict_;
  lastQuery_ = query;
  haveVerdict_ = true;
  lastVerdict_.reset();
  try {
    cypher::checkStatement(cypher::parseStatement(query));
  } catch (const core::Error& e) {
    lastVerdict_ = tckErrorFromCoreError(e, true);
  } catch (const std::exception& e) {
    // A front end that throws anything but core::Error is broken; the scenario shows it.
    lastVerdict_ = TckError{"InternalError", {}, true, e.what()};
  }
  return lastVerdict_;
}

bool ParseOnlyBackend::canExecute(const std::string& query) const {
  // A rejected statement's whole outcome is its error, unless the parser declined to judge it
  // (kUnsupported): that is not the statement's outcome in Cypher.
  const std::optional<TckError>& error = verdict(query);
  return error && error->errorClass != "Unsupported";
}

std::string ParseOnlyBackend::cannotExecuteReason(const std::string& query) const {
  const std::optional<TckError>& error = verdict(query);
  if (error) return "the front end does not support it: " + error->message;
  return "execution not built";
}

TckResult ParseOnlyBackend::execute(const std::string& query, const TckParameters&) {
  const std::optional<TckError>& error = verdict(query);
  if (!error) {
    throw std::logic_error("ParseOnlyBackend cannot execute a statement that compiles");
  }
  TckResult result;
  result.error = *error;
  // Nothing ran, so nothing changed: a rejected statement has no side effects.
  result.sideEffects = TckSideEffects{};
  return result;
}

std::optional<TckError> ParseOnlyBackend::compile(const std::string& query) {
  return verdict(query);
}

bool ParseOnlyBackend::compileDetects(const std::string& errorClass) const {
  return errorClass == "SyntaxError";
}

std::string ParseOnlyBackend::describe() const {
  return "compile only (cypher::parseStatement, cypher::checkStatement); execution not built";
}

}  // namespace cairn::tck
