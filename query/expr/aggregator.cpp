// The set functions of §18.5.1. Unbound values and expression errors arrive as nullopt, which
// the engine cannot tell apart; both are left out of the multiset (as an unbound value is by the
// spec), so SUM over a group where some rows have no value sums the others. A value of the wrong
// type (SUM of an IRI) makes the aggregate an error, as the spec's op:numeric-add does.

#include "query/expr/aggregator.h"

#include <set>
#include <string>

#include "core/check.h"
#include "core/error.h"
#include "query/expr/expression_program.h"
#include "query/expr/numeric.h"
#include "query/expr/values.h"

namespace cairn::query::expr {
namespace {

using core::Term;
using Function = AggregateCall::Function;

size_t termBytes(const Term& t) {
  return sizeof(Term) + t.value.capacity() + t.datatype.capacity() + t.language.capacity();
}

}  // namespace

void Aggregator::addIntegers(__int128, uint64_t) {
  CAIRN_CHECK(false, "only SUM and AVG without DISTINCT take a sum of integers");
}

namespace {

class AggregatorBase : public Aggregator {
 public:
  explicit AggregatorBase(bool distinct) : distinct_(distinct) {}

  void add(const std::optional<Term>& value) final {
    if (!value) return;
    if (distinct_) {
      auto [it, inserted] = seen_.insert(distinctKey(*value));
      if (!inserted) return;
      seenBytes_ += termBytes(*it);
    }
    accept(*value);
  }

  size_t retainedBytes() const override { return seenBytes_; }

 protected:
  bool distinct() const { return distinct_; }
  virtual void accept(const Term& value) = 0;

 private:
  bool distinct_;
  std::set<Term> seen_;
  size_t seenBytes_ = 0;
};

class CountAggregator final : public AggregatorBase {
 public:
  using AggregatorBase::AggregatorBase;
  std::optional<Term> result() const override { return makeInteger(count_); }

 private:
  void accept(const Term&) override { ++count_; }
  Int128 count_ = 0;
};

// SUM and AVG: op:numeric-add over the values, with promotion.
class SumAggregator final : public AggregatorBase {
 public:
  SumAggregator(bool distinct, bool average) : AggregatorBase(distinct), average_(average) {}

  std::optional<Term> result() const override {
    if (error_) return std::nullopt;
    if (count_ == 0) return makeInteger(0);  // §18.5.1.3 / .5: the sum and average of nothing
    if (!average_) return makeNumeric(sum_);
    const auto average = arithmetic(ArithmeticOp::kDivide, sum_, Numeric::ofInteger(count_));
    if (!average) return std::nullopt;
    return makeNumeric(*average);
  }

 private:
  void accept(const Term& value) override {
    if (error_) return;
    const auto n = numericOf(value);
    const auto sum = n ? arithmetic(ArithmeticOp::kAdd, sum_, *n) : std::nullopt;
    if (!sum) {
      error_ = true;
      return;
    }
    sum_ = *sum;
    ++count_;
  }

  void addIntegers(Int128 sum, uint64_t count) override {
    CAIRN_CHECK(!distinct(), "a sum of integers cannot be fed to a DISTINCT aggregate");
    if (error_ || count == 0) return;
    const auto total = arithmetic(ArithmeticOp::kAdd, sum_, Numeric::ofInteger(sum));
    if (!total) {
      error_ = true;
      return;
    }
    sum_ = *total;
    count_ += count;
  }

  bool average_;
  bool error_ = false;
  Numeric sum_ = Numeric::ofInteger(0);
  Int128 count_ = 0;
};

// MIN and MAX use ORDER BY's total order, so mixed types never make them an error.
class ExtremeAggregator final : public AggregatorBase {
 public:
  ExtremeAggregator(bool distinct, bool maximum) : AggregatorBase(distinct), maximum_(maximum) {}

  std::optional<Term> result() const override { return best_; }
  size_t retainedBytes() const override {
    return AggregatorBase::retainedBytes() + (best_ ? termBytes(*best_) : 0);
  }

 private:
  void accept(const Term& value) override {
    if (!best_) {
      best_ = value;
      return;
    }
    const int c = compareForOrdering(&value, &*best_);
    if (maximum_ ? c > 0 : c < 0) best_ = value;
  }

  bool maximum_;
  std::optional<Term> best_;
};

class SampleAggregator final : public AggregatorBase {
 public:
  using AggregatorBase::AggregatorBase;
  std::optional<Term> result() const override { return sample_; }
  size_t retainedBytes() const override {
    return AggregatorBase::retainedBytes() + (sample_ ? termBytes(*sample_) : 0);
  }

 private:
  void accept(const Term& value) override {
    if (!sample_) sample_ = value;
  }
  std::optional<Term> sample_;
};

// GROUP_CONCAT: the string values (STR) of the terms joined by the separator; the result is a
// simple literal whatever the arguments' language tags (§18.5.1.7). A blank node has no string
// value and makes the aggregate an error.
class GroupConcatAggregator final : public AggregatorBase {
 public:
  GroupConcatAggregator(bool distinct, std::string separator)
      : AggregatorBase(distinct), separator_(std::move(separator)) {}

  std::optional<Term> result() const override {
    if (error_) return std::nullopt;
    return makeString(text_);
  }
  size_t retainedBytes() const override {
    return AggregatorBase::retainedBytes() + text_.capacity();
  }

 private:
  void accept(const Term& value) override {
    if (error_) return;
    if (value.kind == core::TermKind::kBlank) {
      error_ = true;
      text_.clear();
      return;
    }
    if (!first_) text_ += separator_;
    first_ = false;
    text_ += value.value;
  }

  std::string separator_;
  std::string text_;
  bool first_ = true;
  bool error_ = false;
};

}  // namespace

Term distinctKey(const Term& t) {
  Term key = t;
  if (key.kind == core::TermKind::kLiteral) {
    if (isStringDatatype(key.datatype)) key.datatype.clear();
    for (char& c : key.language) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
    }
  }
  return key;
}

std::unique_ptr<Aggregator> makeAggregator(const AggregateCall& call) {
  switch (call.function) {
    case Function::kCount:
      return std::make_unique<CountAggregator>(call.distinct);
    case Function::kSum:
      return std::make_unique<SumAggregator>(call.distinct, false);
    case Function::kAvg:
      return std::make_unique<SumAggregator>(call.distinct, true);
    case Function::kMin:
      return std::make_unique<ExtremeAggregator>(call.distinct, false);
    case Function::kMax:
      return std::make_unique<ExtremeAggregator>(call.distinct, true);
    case Function::kSample:
      return std::make_unique<SampleAggregator>(call.distinct);
    case Function::kGroupConcat:
      return std::make_unique<GroupConcatAggregator>(call.distinct, call.separator);
    case Function::kCollect:
    case Function::kPercentileDisc:
    case Function::kPercentileCont:
    case Function::kStDev:
    case Function::kStDevP:
      throw core::Error(core::ErrorCode::kUnsupported,
                        "the openCypher aggregate " + std::string(aggregateName(call.function)) +
                            " has no SPARQL evaluation");
  }
  return nullptr;
}

}  // namespace cairn::query::expr
