#pragma once
// PlanInfo: the description of one physical operator and its inputs — what EXPLAIN prints and
// EXPLAIN ANALYZE fills with actuals. Built by the operators from the tree that runs, so the
// description can never disagree with the execution.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cairn::query {

struct PlanActuals {
  uint64_t rows = 0;
  uint64_t batches = 0;
  double seconds = 0;      // inclusive of children
  uint64_t peakBytes = 0;  // retained state of this operator at its peak
};

struct PlanInfo {
  std::string op;  // "IndexScan", "HashJoin", ...
  // Parameters in display order: ("permutation", "POST"), ("range", "p=<…> o=5"),
  // ("algorithm", "hash"), ("rejected", "bind join: 1.2M probes estimated > 40K build rows").
  std::vector<std::pair<std::string, std::string>> details;
  double estimatedRows = -1;  // -1: no estimate
  std::optional<PlanActuals> actual;
  std::vector<PlanInfo> children;
};

// Indented text, one operator per line with its details on the following lines.
std::string renderPlanText(const PlanInfo& plan);
// A row estimate as EXPLAIN shows it: a whole number ("1846603").
std::string formatRows(double rows);
// {"op":…, "details":{…}, "estimatedRows":…, "actual":{…}, "children":[…]}
std::string renderPlanJson(const PlanInfo& plan);

}  // namespace cairn::query
