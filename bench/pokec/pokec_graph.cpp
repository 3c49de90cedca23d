#include "bench/pokec/pokec_graph.h"

#include <algorithm>
#include <numeric>
#include <tuple>
#include <utility>

namespace cairn::bench::pokec {
namespace {

using datagen::DiscreteTable;
using datagen::Rng;
using datagen::streamSeed;

// Random-stream domains: one per kind of draw, so adding a property never shifts another.
constexpr uint64_t kProfileDomain = 0x9043C;
constexpr uint64_t kFriendsDomain = 0xF41E4D;

// Pokec's regions are "<kraj>, <town>"; a few dozen of them, Zipf-skewed (the capital's region
// is the largest).
constexpr std::array<std::string_view, 32> kRegions = {
    "bratislavsky kraj, bratislava - ruzinov",
    "bratislavsky kraj, bratislava - petrzalka",
    "zilinsky kraj, zilina",
    "kosicky kraj, kosice - zapad",
    "banskobystricky kraj, banska bystrica",
    "presovsky kraj, presov",
    "trnavsky kraj, trnava",
    "nitriansky kraj, nitra",
    "trenciansky kraj, trencin",
    "bratislavsky kraj, bratislava - stare mesto",
    "zilinsky kraj, martin",
    "kosicky kraj, kosice - juh",
    "trenciansky kraj, povazska bystrica",
    "zilinsky kraj, ruzomberok",
    "presovsky kraj, poprad",
    "nitriansky kraj, nove zamky",
    "trnavsky kraj, piestany",
    "banskobystricky kraj, zvolen",
    "zilinsky kraj, cadca",
    "trenciansky kraj, prievidza",
    "kosicky kraj, michalovce",
    "presovsky kraj, bardejov",
    "nitriansky kraj, komarno",
    "trnavsky kraj, dunajska streda",
    "banskobystricky kraj, lucenec",
    "zilinsky kraj, liptovsky mikulas",
    "trenciansky kraj, nove mesto nad vahom",
    "kosicky kraj, spisska nova ves",
    "presovsky kraj, humenne",
    "nitriansky kraj, levice",
    "bratislavsky kraj, malacky",
    "zahranicie, zahranicie",
};
constexpr std::array<std::string_view, 6> kEyeColors = {"modra", "hneda",  "zelena",
                                                        "siva",  "cierna", "modrozelena"};
constexpr std::array<std::string_view, 10> kHobbies = {
    "sport, hudba", "pocitace, internet", "turistika",       "citanie knih",      "hudba, tanec",
    "futbal",       "cestovanie",         "kino, priatelia", "varenie, zahradka", "rybarcina",
};

// Hubs are spread over the id range: Zipf rank r names user ((r - 1) * stride) mod users + 1,
// a bijection because the stride is coprime to the user count.
uint64_t coprimeStride(uint64_t users) {
  for (uint64_t candidate : {1'000'003ull, 999'983ull, 1'000'033ull, 7ull}) {
    if (std::gcd(candidate, users) == 1) return candidate;
  }
  return 1;
}

Date drawDate(Rng& rng, int firstYear, int lastYear) {
  return {static_cast<int>(rng.between(firstYear, lastYear)), static_cast<int>(rng.between(1, 12)),
          static_cast<int>(rng.between(1, 28))};
}

// Mean of P(d) ∝ 1/(d + offset)^2 over 0..maxDegree, times 100, exactly in integers.
uint64_t inverseSquareMeanTimes100(uint64_t maxDegree, uint64_t offset) {
  constexpr uint64_t kUnit = uint64_t{1} << 40;  // as DiscreteTable::inverseSquare weighs
  unsigned __int128 weights = 0, weighted = 0;
  for (uint64_t d = 0; d <= maxDegree; ++d) {
    const uint64_t w = kUnit / ((d + offset) * (d + offset));
    weights += w;
    weighted += static_cast<unsigned __int128>(w) * d;
  }
  return static_cast<uint64_t>(weighted * 100 / weights);
}

}  // namespace

uint64_t defaultMeanDegreeTimes100(uint64_t users) {
  if (users <= 10'000) return 1200;
  if (users <= 100'000) return 1800;
  return 1875;
}

PokecGraph::PokecGraph(uint64_t users, uint64_t seed, uint64_t meanDegreeTimes100)
    : users_(users), seed_(seed), maxDegree_(std::min<uint64_t>(users - 1, 2'000)) {
  // The offset whose law has the mean closest to the one asked for (the mean grows with it).
  uint64_t bestOffset = 1;
  uint64_t bestDistance = UINT64_MAX;
  for (uint64_t offset = 1; offset <= 256; ++offset) {
    const uint64_t mean = inverseSquareMeanTimes100(maxDegree_, offset);
    const uint64_t distance =
        mean > meanDegreeTimes100 ? mean - meanDegreeTimes100 : meanDegreeTimes100 - mean;
    if (distance < bestDistance) {
      bestDistance = distance;
      bestOffset = offset;
      drawnMeanTimes100_ = mean;
    }
    if (mean > meanDegreeTimes100) break;
  }
  degrees_ = DiscreteTable::inverseSquare(maxDegree_, bestOffset);
  hubs_ = DiscreteTable::zipf(users);
}

User PokecGraph::user(uint64_t id) const {
  Rng rng(streamSeed(seed_, kProfileDomain, id));
  User u;
  u.id = id;
  if (!rng.chance(300'000)) u.age = rng.between(14, 80);
  if (!rng.chance(40'000)) u.gender = rng.chance(500'000) ? "male" : "female";
  u.completionPercentage = rng.between(0, 100);
  if (!rng.chance(80'000)) {
    static const DiscreteTable regions = DiscreteTable::zipf(kRegions.size());
    u.region = kRegions[regions.sample(rng)];
  }
  u.isPublic = rng.chance(700'000);
  u.registration = drawDate(rng, 1999, 2012);
  if (!rng.chance(20'000)) {
    u.lastLogin = drawDate(rng, 2011, 2012);
    auto key = [](const Date& d) { return std::tuple(d.year, d.month, d.day); };
    if (key(*u.lastLogin) < key(u.registration)) std::swap(*u.lastLogin, u.registration);
  }
  if (!rng.chance(600'000)) u.height = rng.between(150, 200);
  if (!rng.chance(620'000)) u.weight = rng.between(45, 110);
  if (!rng.chance(700'000)) u.eyeColor = kEyeColors[rng.below(kEyeColors.size())];
  if (!rng.chance(550'000)) u.hobbies = kHobbies[rng.below(kHobbies.size())];
  return u;
}

std::vector<uint64_t> PokecGraph::friends(uint64_t id) const {
  Rng rng(streamSeed(seed_, kFriendsDomain, id));
  const uint64_t degree = degrees_.sample(rng);
  const uint64_t stride = coprimeStride(users_);
  std::vector<uint64_t> out;
  out.reserve(degree);
  for (uint64_t i = 0; i < degree; ++i) {
    // 30% of the links go to Zipf-ranked hubs, the rest anywhere: a few users gather
    // thousands of in-links, most a handful.
    const uint64_t target = rng.chance(300'000)
                                ? (hubs_.sample(rng) * (stride % users_)) % users_ + 1
                                : rng.below(users_) + 1;
    if (target != id) out.push_back(target);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace cairn::bench::pokec
