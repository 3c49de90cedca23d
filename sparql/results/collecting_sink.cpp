#include "sparql/results/collecting_sink.h"

#include "core/check.h"

namespace cairn::sparql::results {

void CollectingSink::beginSolutions(const std::vector<std::string>& variables) {
  CAIRN_CHECK(result_.kind == ResultKind::kNone, "beginSolutions after another result");
  result_.kind = ResultKind::kSolutions;
  result_.variables = variables;
}

void CollectingSink::solution(std::span<const core::Term* const> cells) {
  CAIRN_CHECK(result_.kind == ResultKind::kSolutions && !ended_, "solution outside solutions");
  CAIRN_CHECK(cells.size() == result_.variables.size(), "solution width differs");
  std::vector<std::optional<core::Term>> row;
  row.reserve(cells.size());
  for (const core::Term* cell : cells) {
    row.push_back(cell ? std::optional<core::Term>(*cell) : std::nullopt);
  }
  result_.rows.push_back(std::move(row));
}

void CollectingSink::booleanResult(bool value) {
  CAIRN_CHECK(result_.kind == ResultKind::kNone, "booleanResult after another result");
  result_.kind = ResultKind::kBoolean;
  result_.boolean = value;
}

void CollectingSink::beginGraph() {
  CAIRN_CHECK(result_.kind == ResultKind::kNone, "beginGraph after another result");
  result_.kind = ResultKind::kGraph;
}

void CollectingSink::triple(const core::Term& subject, const core::Term& predicate,
                            const core::Term& object) {
  CAIRN_CHECK(result_.kind == ResultKind::kGraph && !ended_, "triple outside a graph");
  result_.triples.push_back({subject, predicate, object});
}

void CollectingSink::end() {
  CAIRN_CHECK(result_.kind != ResultKind::kNone && !ended_, "end without a result");
  ended_ = true;
}

}  // namespace cairn::sparql::results
