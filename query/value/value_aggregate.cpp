#include "query/value/value_aggregate.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>
#include <vector>

#include "core/error.h"
#include "query/value/value_arithmetic.h"
#include "query/value/value_compare.h"
#include "query/value/value_errors.h"

namespace cairn::query::value {

namespace {

using Function = AggregateCall::Function;

// Drops repeated values (by equivalence) before they reach the aggregate, for DISTINCT.
class DistinctFilter {
 public:
  explicit DistinctFilter(bool enabled) : enabled_(enabled) {}
  bool admit(const Value& v) { return !enabled_ || seen_.insert(v).second; }

 private:
  bool enabled_;
  std::unordered_set<Value, EquivalentHash, EquivalentEqual> seen_;
};

void requireNumber(const Value& v, std::string_view function) {
  if (v.isNumber()) return;
  if (v.kind() == ValueKind::kDuration) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      std::string(function) + "() of durations is not supported yet");
  }
  throwInvalidArgumentType(std::string(function) + "()", v);
}

class Count final : public ValueAggregator {
 public:
  Count(bool distinct, bool star) : distinct_(distinct), star_(star) {}
  void add(const Value& v, const Value&) override {
    if (star_ || (!v.isNull() && distinct_.admit(v))) ++count_;
  }
  Value result() const override { return Value::integer(count_); }

 private:
  DistinctFilter distinct_;
  bool star_;
  int64_t count_ = 0;
};

class SumAvg final : public ValueAggregator {
 public:
  SumAvg(bool distinct, bool average) : distinct_(distinct), average_(average) {}
  void add(const Value& v, const Value&) override {
    if (v.isNull()) return;
    requireNumber(v, average_ ? "avg" : "sum");
    if (!distinct_.admit(v)) return;
    ++count_;
    // Integers add exactly (with overflow checks) until a float joins.
    sum_ = arithmetic(Op::kAdd, sum_, v);
  }
  Value result() const override {
    if (!average_) return sum_;
    if (count_ == 0) return Value();
    return Value::floating(sum_.asNumber() / static_cast<double>(count_));
  }

 private:
  DistinctFilter distinct_;
  bool average_;
  int64_t count_ = 0;
  Value sum_ = Value::integer(0);
};

class Extreme final : public ValueAggregator {
 public:
  explicit Extreme(bool max) : max_(max) {}
  void add(const Value& v, const Value&) override {
    if (v.isNull()) return;
    if (best_.isNull()) {
      best_ = v;
      return;
    }
    const int c = orderCompare(v, best_);
    if (max_ ? c > 0 : c < 0) best_ = v;
  }
  Value result() const override { return best_; }

 private:
  bool max_;
  Value best_;
};

class Collect final : public ValueAggregator {
 public:
  explicit Collect(bool distinct) : distinct_(distinct) {}
  void add(const Value& v, const Value&) override {
    if (!v.isNull() && distinct_.admit(v)) items_.push_back(v);
  }
  Value result() const override { return Value::list(items_); }

 private:
  DistinctFilter distinct_;
  Value::List items_;
};

class Percentile final : public ValueAggregator {
 public:
  Percentile(bool distinct, bool continuous) : distinct_(distinct), continuous_(continuous) {}
  void add(const Value& v, const Value& extra) override {
    const std::string_view name = continuous_ ? "percentileCont" : "percentileDisc";
    if (!extra.isNumber() || !(extra.asNumber() >= 0.0 && extra.asNumber() <= 1.0)) {
      throwArgumentError("NumberOutOfRange", std::string(name) +
                                                 "(): the percentile must be a number in "
                                                 "[0, 1], not " +
                                                 describeValue(extra));
    }
    percentile_ = extra.asNumber();
    if (v.isNull()) return;
    requireNumber(v, name);
    if (distinct_.admit(v)) values_.push_back(v);
  }
  Value result() const override {
    if (values_.empty()) return Value();
    std::vector<Value> sorted = values_;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Value& a, const Value& b) { return orderCompare(a, b) < 0; });
    const size_t n = sorted.size();
    if (!continuous_) {
      // Neo4j's rule: the value at ceil(p * n) - 1, the first one for p = 0.
      if (percentile_ >= 1.0 || n == 1) return sorted.back();
      const double position = percentile_ * static_cast<double>(n);
      auto index = static_cast<size_t>(position);
      if (static_cast<double>(index) == position && index > 0) --index;
      return sorted[std::min(index, n - 1)];
    }
    const double position = percentile_ * static_cast<double>(n - 1);
    const auto lower = static_cast<size_t>(std::floor(position));
    const auto upper = static_cast<size_t>(std::ceil(position));
    const double low = sorted[lower].asNumber();
    if (lower == upper || lower == n - 1) return Value::floating(low);
    const double high = sorted[upper].asNumber();
    return Value::floating(low + (high - low) * (position - static_cast<double>(lower)));
  }

 private:
  DistinctFilter distinct_;
  bool continuous_;
  double percentile_ = 0.0;
  std::vector<Value> values_;
};

// Welford's running mean and sum of squared deviations: stable for large, close values.
class StandardDeviation final : public ValueAggregator {
 public:
  StandardDeviation(bool distinct, bool population)
      : distinct_(distinct), population_(population) {}
  void add(const Value& v, const Value&) override {
    if (v.isNull()) return;
    requireNumber(v, population_ ? "stDevP" : "stDev");
    if (!distinct_.admit(v)) return;
    const double x = v.asNumber();
    ++count_;
    const double delta = x - mean_;
    mean_ += delta / static_cast<double>(count_);
    squares_ += delta * (x - mean_);
  }
  Value result() const override {
    if (count_ < 2) return Value::floating(0.0);
    const double n = static_cast<double>(population_ ? count_ : count_ - 1);
    return Value::floating(std::sqrt(squares_ / n));
  }

 private:
  DistinctFilter distinct_;
  bool population_;
  int64_t count_ = 0;
  double mean_ = 0.0;
  double squares_ = 0.0;
};

}  // namespace

std::unique_ptr<ValueAggregator> makeValueAggregator(Function function, bool distinct,
                                                     bool countStar) {
  switch (function) {
    case Function::kCount:
      return std::make_unique<Count>(distinct, countStar);
    case Function::kSum:
      return std::make_unique<SumAvg>(distinct, false);
    case Function::kAvg:
      return std::make_unique<SumAvg>(distinct, true);
    case Function::kMin:
      return std::make_unique<Extreme>(false);
    case Function::kMax:
      return std::make_unique<Extreme>(true);
    case Function::kCollect:
      return std::make_unique<Collect>(distinct);
    case Function::kPercentileDisc:
      return std::make_unique<Percentile>(distinct, false);
    case Function::kPercentileCont:
      return std::make_unique<Percentile>(distinct, true);
    case Function::kStDev:
      return std::make_unique<StandardDeviation>(distinct, false);
    case Function::kStDevP:
      return std::make_unique<StandardDeviation>(distinct, true);
    case Function::kSample:
    case Function::kGroupConcat:
      break;
  }
  throw core::Error(
      core::ErrorCode::kUnsupported,
      "the SPARQL aggregate " + std::string(aggregateName(function)) + " has no Cypher evaluation");
}

std::unique_ptr<ValueAggregator> makeValueAggregator(const AggregateCall& call) {
  return makeValueAggregator(call.function, call.distinct, !call.arg.has_value());
}

}  // namespace cairn::query::value
