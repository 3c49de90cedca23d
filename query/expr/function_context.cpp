#include "query/expr/function_context.h"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace cairn::query::expr {

FunctionContext::FunctionContext(std::string now, std::string baseIri, uint64_t seed)
    : now_(std::move(now)), baseIri_(std::move(baseIri)), seed_(seed) {}

FunctionContext::FunctionContext(std::chrono::system_clock::time_point start, std::string baseIri,
                                 uint64_t seed)
    : start_(start), baseIri_(std::move(baseIri)), seed_(seed) {}

const std::string& FunctionContext::now() const {
  if (now_.empty() && start_) now_ = formatDateTime(*start_);
  return now_;
}

std::mt19937_64& FunctionContext::random() {
  if (!random_) random_.emplace(seed_);
  return *random_;
}

std::string FunctionContext::freshBlankNodeLabel() {
  // Stored blank nodes are labelled by the ledger ("b" + ordinal or the source label); the
  // "genid-q" prefix marks labels this query made, so they cannot collide with stored ones
  // within a result.
  return "genid-q" + std::to_string(++blankNodes_);
}

const std::string& FunctionContext::blankNodeFor(std::string_view key) {
  if (labelsSolution_ != solution_) {
    labelsByKey_.clear();
    labelsSolution_ = solution_;
  }
  auto [it, inserted] = labelsByKey_.try_emplace(std::string(key));
  if (inserted) it->second = freshBlankNodeLabel();
  return it->second;
}

std::string currentDateTime() { return formatDateTime(std::chrono::system_clock::now()); }

std::string formatDateTime(std::chrono::system_clock::time_point now) {
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  const std::time_t seconds = static_cast<std::time_t>(millis / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                static_cast<int>(millis % 1000));
  return buffer;
}

}  // namespace cairn::query::expr
