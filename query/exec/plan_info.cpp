#include "query/exec/plan_info.h"

#include <cstdio>
#include <nlohmann/json.hpp>

namespace cairn::query {

std::string formatRows(double rows) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", rows);
  return buf;
}

namespace {

void renderText(const PlanInfo& plan, int depth, std::string& out) {
  std::string indent(static_cast<size_t>(depth) * 2, ' ');
  out += indent + plan.op;
  if (plan.estimatedRows >= 0) out += "  est=" + formatRows(plan.estimatedRows);
  if (plan.actual) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "  rows=%llu batches=%llu time=%.3fms",
                  static_cast<unsigned long long>(plan.actual->rows),
                  static_cast<unsigned long long>(plan.actual->batches),
                  plan.actual->seconds * 1000);
    out += buf;
    if (plan.actual->peakBytes > 0) out += " mem=" + std::to_string(plan.actual->peakBytes);
  }
  out += "\n";
  for (const auto& [key, value] : plan.details) out += indent + "    " + key + ": " + value + "\n";
  for (const auto& child : plan.children) renderText(child, depth + 1, out);
}

nlohmann::ordered_json toJson(const PlanInfo& plan) {
  nlohmann::ordered_json j;
  j["op"] = plan.op;
  nlohmann::ordered_json details = nlohmann::ordered_json::object();
  for (const auto& [key, value] : plan.details) details[key] = value;
  j["details"] = details;
  if (plan.estimatedRows >= 0) j["estimatedRows"] = plan.estimatedRows;
  if (plan.actual) {
    j["actual"] = {{"rows", plan.actual->rows},
                   {"batches", plan.actual->batches},
                   {"seconds", plan.actual->seconds},
                   {"peakBytes", plan.actual->peakBytes}};
  }
  nlohmann::ordered_json children = nlohmann::ordered_json::array();
  for (const auto& child : plan.children) children.push_back(toJson(child));
  j["children"] = children;
  return j;
}

}  // namespace

std::string renderPlanText(const PlanInfo& plan) {
  std::string out;
  renderText(plan, 0, out);
  return out;
}

std::string renderPlanJson(const PlanInfo& plan) { return toJson(plan).dump(); }

}  // namespace cairn::query
