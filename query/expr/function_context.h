#pragma once
// Per-query state some built-in functions need (spec §17.4): NOW() is one instant for the whole
// query, BNODE() labels are fresh per solution, RAND/UUID draw from one generator. One context per
// query execution; not thread-safe.

#include <chrono>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>

namespace cairn::query::expr {

class FunctionContext {
 public:
  // `now` is an xsd:dateTime lexical form with timezone (fixed when the query starts);
  // `baseIri` resolves relative IRI("...") arguments.
  FunctionContext(std::string now, std::string baseIri, uint64_t seed);
  // NOW() is `start` (formatted only if a query asks for it).
  FunctionContext(std::chrono::system_clock::time_point start, std::string baseIri, uint64_t seed);

  // Formatting the time and seeding the generator cost more than a whole point query, so both
  // happen on first use.
  const std::string& now() const;
  const std::string& baseIri() const { return baseIri_; }
  std::mt19937_64& random();
  // A blank node label no stored or earlier-generated term uses.
  std::string freshBlankNodeLabel();
  // BNODE("x") must give the same node for the same string within one solution, a new one in
  // the next (§17.4.2.9): the engine calls this between solutions.
  void nextSolution() { ++solution_; }
  // The label BNODE(key) gives in the current solution: the same for the same key until
  // nextSolution(), fresh afterwards.
  const std::string& blankNodeFor(std::string_view key);
  uint64_t solution() const { return solution_; }

 private:
  mutable std::string now_;
  std::optional<std::chrono::system_clock::time_point> start_;
  std::string baseIri_;
  uint64_t seed_;
  std::optional<std::mt19937_64> random_;
  uint64_t blankNodes_ = 0;
  uint64_t solution_ = 0;
  uint64_t labelsSolution_ = 0;
  std::unordered_map<std::string, std::string> labelsByKey_;
};

// The current UTC time as xsd:dateTime ("2026-11-30T00:31:02.123Z").
std::string currentDateTime();
// `time` as xsd:dateTime in UTC with milliseconds.
std::string formatDateTime(std::chrono::system_clock::time_point time);

}  // namespace cairn::query::expr
