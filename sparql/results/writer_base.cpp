#include "sparql/results/writer_base.h"

#include <array>
#include <string>

#include "core/check.h"
#include "core/error.h"

namespace cairn::sparql::results {

void SolutionWriter::beginSolutions(const std::vector<std::string>& variables) {
  CAIRN_CHECK(state_ == State::kIdle, "beginSolutions called twice or after a result");
  state_ = State::kRows;
  columns_ = variables.size();
  writeHead(variables);
}

void SolutionWriter::solution(std::span<const core::Term* const> cells) {
  CAIRN_CHECK(state_ == State::kRows, "solution outside beginSolutions/end");
  CAIRN_CHECK(cells.size() == columns_, "solution width differs from the variable count");
  writeRow(cells);
}

void SolutionWriter::booleanResult(bool value) {
  CAIRN_CHECK(state_ == State::kIdle, "booleanResult after another result");
  state_ = State::kBoolean;
  writeBoolean(value);
}

void SolutionWriter::beginGraph() {
  static const std::vector<std::string> kTripleColumns = {"subject", "predicate", "object"};
  beginSolutions(kTripleColumns);
}

void SolutionWriter::triple(const core::Term& subject, const core::Term& predicate,
                            const core::Term& object) {
  std::array<const core::Term*, 3> cells = {&subject, &predicate, &object};
  solution(cells);
}

void SolutionWriter::end() {
  CAIRN_CHECK(state_ == State::kRows || state_ == State::kBoolean, "end without a result");
  if (state_ == State::kRows) writeTail();
  state_ = State::kDone;
  buffer_.flush();
}

void GraphWriter::beginSolutions(const std::vector<std::string>&) {
  throw core::Error(core::ErrorCode::kUnsupported,
                    std::string(formatLabel()) + " can only hold a graph (CONSTRUCT or DESCRIBE)");
}

void GraphWriter::solution(std::span<const core::Term* const>) {
  CAIRN_CHECK(false, "solution on a graph writer");
}

void GraphWriter::booleanResult(bool) {
  throw core::Error(core::ErrorCode::kUnsupported,
                    std::string(formatLabel()) + " can only hold a graph (CONSTRUCT or DESCRIBE)");
}

void GraphWriter::beginGraph() {
  CAIRN_CHECK(state_ == State::kIdle, "beginGraph called twice or after a result");
  state_ = State::kTriples;
  writeStart();
}

void GraphWriter::triple(const core::Term& subject, const core::Term& predicate,
                         const core::Term& object) {
  CAIRN_CHECK(state_ == State::kTriples, "triple outside beginGraph/end");
  writeTriple(subject, predicate, object);
}

void GraphWriter::end() {
  CAIRN_CHECK(state_ == State::kTriples, "end without beginGraph");
  writeEnd();
  state_ = State::kDone;
  buffer_.flush();
}

}  // namespace cairn::sparql::results
