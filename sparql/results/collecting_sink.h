#pragma once
// A whole query answer held in memory, and the ResultSink that builds one. For tests, the CLI
// and small internal queries; answers of unknown size should stream to a result writer instead.
// The result readers (result_readers.h) produce the same structure.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/term.h"
#include "query/engine/result_sink.h"

namespace cairn::sparql::results {

enum class ResultKind { kNone, kSolutions, kBoolean, kGraph };

struct CollectedTriple {
  core::Term subject, predicate, object;
  bool operator==(const CollectedTriple&) const = default;
};

struct CollectedResult {
  ResultKind kind = ResultKind::kNone;
  std::vector<std::string> variables;                        // kSolutions
  std::vector<std::vector<std::optional<core::Term>>> rows;  // kSolutions; nullopt = unbound
  bool boolean = false;                                      // kBoolean
  std::vector<CollectedTriple> triples;                      // kGraph
};

// Not thread-safe. Like the writers, it checks the call order with CAIRN_CHECK.
class CollectingSink : public query::ResultSink {
 public:
  void beginSolutions(const std::vector<std::string>& variables) override;
  void solution(std::span<const core::Term* const> cells) override;
  void booleanResult(bool value) override;
  void beginGraph() override;
  void triple(const core::Term& subject, const core::Term& predicate,
              const core::Term& object) override;
  void end() override;

  bool ended() const { return ended_; }
  const CollectedResult& result() const { return result_; }
  CollectedResult take() { return std::move(result_); }

 private:
  CollectedResult result_;
  bool ended_ = false;
};

}  // namespace cairn::sparql::results
