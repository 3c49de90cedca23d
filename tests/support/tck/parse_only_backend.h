#pragma once
// The TCK backend available before Cypher execution exists: it runs the production parser
// (cypher::parseStatement) and nothing else. A statement the parser rejects has a complete
// outcome, its SyntaxError, so canExecute() is true for it; a statement that parses would need
// the engine, so canExecute() is false ("execution not built"). compile() gives the parser's
// verdict, which decides the scenarios whose only statement is a query expected to raise a
// SyntaxError at compile time. Holds no graph: there is nothing to reset.
//
// The TCK files several semantic checks under SyntaxError (UndefinedVariable,
// VariableTypeConflict, ...), which the parser leaves to the semantic pass; those scenarios
// count as failed here ("compiled without error") until a backend with that pass replaces this
// one.

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
  // Returns the parser's error; throws std::logic_error for a statement that parses.
  TckResult execute(const std::string& query, const TckParameters& parameters) override;
  bool canExecute(const std::string& query) const override;
  std::string cannotExecuteReason(const std::string& query) const override;
  std::optional<TckError> compile(const std::string& query) override;
  bool compileDetects(const std::string& errorClass) const override;
  std::string describe() const override;

 private:
  // The parser's verdict on `query`: nullopt when it parses. The last one is kept because the
  // runner asks canExecute() and then execute() or compile() for the same text.
  const std::optional<TckError>& verdict(const std::string& query) const;

  mutable std::string lastQuery_;
  mutable std::optional<TckError> lastVerdict_;
  mutable bool haveVerdict_ = false;
};

}  // namespace cairn::tck
