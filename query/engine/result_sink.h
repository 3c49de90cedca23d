#pragma once
// ResultSink: where a query's answer goes, one solution or triple at a time, so a result streams
// from the operators to the client without being held whole. Result writers (sparql/results/)
// and test collectors implement it. A sink may throw core::Error (e.g. the client went away);
// the engine stops and propagates it.

#include <span>
#include <string>
#include <vector>

#include "core/term.h"

namespace cairn::query {

class ResultSink {
 public:
  virtual ~ResultSink() = default;

  // SELECT: beginSolutions once, then solution() per row with one cell per variable, in order
  // (nullptr = unbound; pointers valid only during the call), then end().
  virtual void beginSolutions(const std::vector<std::string>& variables) = 0;
  virtual void solution(std::span<const core::Term* const> cells) = 0;
  // ASK: booleanResult once, then end().
  virtual void booleanResult(bool value) = 0;
  // CONSTRUCT / DESCRIBE: beginGraph once, triple() per distinct triple, then end().
  virtual void beginGraph() = 0;
  virtual void triple(const core::Term& subject, const core::Term& predicate,
                      const core::Term& object) = 0;
  virtual void end() = 0;
};

}  // namespace cairn::query
