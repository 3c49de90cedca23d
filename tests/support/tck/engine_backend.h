#pragma once
// The TCK backend over Cairn's engine: a fresh in-memory ledger per scenario, statements run by
// cypher::runStatement (the production path: parser, translator, planner, operators, CREATE
// writer), results turned into TckValues through the values' TCK text. Compile-time checks
// (parser and semantic pass) come from ParseOnlyBackend, so both backends judge compile-time
// errors alike. A statement the engine declines (kUnsupported at translation) is "not
// runnable", not failed. A scenario's test procedures ("there exists a procedure") are a
// catalog the statements' CALLs resolve against: a call answers the table rows whose input
// cells equal its arguments (Cypher equality; null matches null).

#include <memory>
#include <optional>
#include <string>

#include "query/value/procedures.h"
#include "tests/support/tck/parse_only_backend.h"
#include "tests/support/tck/tck_backend.h"

namespace cairn::tck {

class EngineBackend final : public TckBackend {
 public:
  EngineBackend();
  ~EngineBackend() override;

  void resetToEmptyGraph() override;
  void defineProcedure(const ProcedureSpec& spec) override;
  TckResult execute(const std::string& query, const TckParameters& parameters) override;
  bool canExecute(const std::string& query) const override;
  std::string cannotExecuteReason(const std::string& query) const override;
  std::optional<TckError> compile(const std::string& query) override;
  bool compileDetects(const std::string& errorClass) const override;
  std::string describe() const override;

 private:
  struct Graph;
  // Why the engine declines `query`, or nullopt when it runs it (cached for the last query).
  const std::optional<std::string>& declined(const std::string& query) const;

  ParseOnlyBackend compiler_;
  std::unique_ptr<Graph> graph_;
  bool proceduresDefined_ = false;
  query::value::ProcedureCatalog procedures_;  // the scenario's test procedures
  mutable std::string lastQuery_;
  mutable std::optional<std::string> lastDeclined_;
  mutable bool haveVerdict_ = false;
};

}  // namespace cairn::tck
