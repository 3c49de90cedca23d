#pragma once
// The TCK backend available before Cypher execution exists: it runs the production compile-time
// front end, the parser (cypher::parseStatement) and the semantic pass (cypher::checkStatement),
// and nothing else. A statement either rejects has a complete outcome, its error, so
// canExecute() is true for it; a statement that passes both would need the engine, so
// canExecute() is false ("execution not built"). compile() gives the front end's verdict, which
// decides the scenarios whose only statement is a query expected to raise a SyntaxError at
// compile time (the TCK files the semantic checks, UndefinedVariable, VariableTypeConflict, ...,
// under SyntaxError). Holds no graph: there is nothing to reset.

#include <optional>
#include <string>

#include "tests/support/tck/tck_backend.h"

namespace cairn::core {
class Error;
}

namespace cairn::tck {

// A core::Error in the TCK's terms: errorCodeName() is the class ("SyntaxError",
// "ConstraintValidationFailed", ...), detail() the detail.
TckError tckErrorFromCoreError(const core::Error& error, bool atCompileTime);

class ParseOnlyBackend final : public TckBackend {
 public:
  void resetToEmptyGraph() override {}
  // Parsing does not depend on the procedures that exist (resolving a name is semantic work).
  void defineProcedure(const ProcedureSpec&) override {}
  // Returns the front end's error; throws std::logic_error for a statement without one.
  TckResult execute(const std::string& query, const TckParameters& parameters) override;
  bool canExecute(const std::string& query) const override;
  std::string cannotExecuteReason(const std::string& query) const override;
  std::optional<TckError> compile(const std::string& query) override;
  bool compileDetects(const std::string& errorClass) const override;
  std::string describe() const override;

 private:
  // The front end's verdict on `query`: nullopt when it parses and passes the semantic pass.
  // The last one is kept because the runner asks canExecute() and then execute() or compile()
  // for the same text.
  const std::optional<TckError>& verdict(const std::string& query) const;

  mutable std::string lastQuery_;
  mutable std::optional<TckError> lastVerdict_;
  mutable bool haveVerdict_ = false;
};

}  // namespace cairn::tck
