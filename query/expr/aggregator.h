#pragma once
// Aggregate functions (spec §18.5): COUNT, SUM, MIN, MAX, AVG, SAMPLE, GROUP_CONCAT, with
// DISTINCT. One Aggregator per group and aggregate call; the engine feeds it the argument value
// of every solution of the group (nullopt for an expression error or unbound), then asks for the
// result. An error inside the aggregate makes the result an error (nullopt), per §18.5.1.

#include <cstdint>
#include <memory>
#include <optional>

#include "core/term.h"
#include "query/algebra/expr.h"

namespace cairn::query::expr {

class Aggregator {
 public:
  virtual ~Aggregator() = default;
  // One solution's argument value; for COUNT(*) the engine passes any non-null term.
  virtual void add(const std::optional<core::Term>& value) = 0;
  virtual std::optional<core::Term> result() const = 0;
  // Adds `count` xsd:integer values whose exact sum is `sum`, as `count` add() calls of them
  // would. Only SUM and AVG without DISTINCT take it (the engine gathers inline integers as
  // ids and hands over their sum when another kind of value comes); others fail a CAIRN_CHECK.
  virtual void addIntegers(__int128 sum, uint64_t count);
  // Bytes retained (DISTINCT sets, GROUP_CONCAT buffers), for the memory budget.
  virtual size_t retainedBytes() const = 0;
};

std::unique_ptr<Aggregator> makeAggregator(const AggregateCall& call);

// The term as DISTINCT compares it: simple and xsd:string literals are one term, and language
// tags compare without case.
core::Term distinctKey(const core::Term& t);

}  // namespace cairn::query::expr
