#pragma once
// A Pokec-shaped social network (the Slovak social site's public profile dump, as graph
// benchmarks use it): `User` nodes with an id and profile properties, many of them missing, and
// directed `Friend` relationships whose out-degrees follow a heavy-tailed law and whose targets
// favour a few hubs. Deterministic: a user's properties and friends are drawn from their own
// random stream (bench/datagen/random.h), so one seed gives the same graph on every machine and
// the same user the same profile at every size that contains it.
//
// Sizes the benchmarks use (docs/BENCHMARKS.md): 10K users / ~120K relationships, 100K / ~1.8M,
// 1.6M / ~30M — mean out-degrees 12, 18 and 18.75, as in the Pokec samples graph benchmarks cut.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/datagen/random.h"

namespace cairn::bench::pokec {

struct Date {
  int year = 0, month = 0, day = 0;
};

struct User {
  uint64_t id = 0;                         // 1..users
  std::optional<int64_t> age;              // missing for ~30%
  std::optional<std::string_view> gender;  // "male" / "female"; missing for ~4%
  int64_t completionPercentage = 0;        // 0..100, always present
  std::optional<std::string_view> region;  // missing for ~8%
  bool isPublic = false;
  Date registration;                         // 1999-2012
  std::optional<Date> lastLogin;             // missing for ~2%
  std::optional<int64_t> height;             // cm; missing for ~60%
  std::optional<int64_t> weight;             // kg; missing for ~62%
  std::optional<std::string_view> eyeColor;  // missing for ~70%
  std::optional<std::string_view> hobbies;   // missing for ~55%
};

// The mean out-degree graph benchmarks use for `users` users: 12 up to 10K users, 18 up to
// 100K, 18.75 above.
uint64_t defaultMeanDegreeTimes100(uint64_t users);

class PokecGraph {
 public:
  PokecGraph(uint64_t users, uint64_t seed, uint64_t meanDegreeTimes100);

  uint64_t users() const { return users_; }
  User user(uint64_t id) const;
  // The distinct targets of `id`'s Friend relationships, ascending; never `id` itself.
  std::vector<uint64_t> friends(uint64_t id) const;
  // The mean of the out-degree law before self-loops and repeats are dropped, times 100.
  uint64_t drawnMeanDegreeTimes100() const { return drawnMeanTimes100_; }

 private:
  uint64_t users_;
  uint64_t seed_;
  uint64_t maxDegree_;
  datagen::DiscreteTable degrees_;
  datagen::DiscreteTable hubs_;
  uint64_t drawnMeanTimes100_ = 0;
};

}  // namespace cairn::bench::pokec
