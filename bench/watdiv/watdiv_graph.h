#pragma once
// A WatDiv-style e-commerce and social data set (docs/watdiv.md): users who befriend, follow and
// like, products in fifteen categories with many optional attributes, reviews, offers by
// retailers, websites, and the small dimensions (cities, countries, languages, topics, genres).
// Every literal is a plain string, numbers and dates included, as in WatDiv.
//
// Deterministic and random-access: entity n of a kind draws everything from its own stream
// (bench/datagen/random.h), so the writer can stream the graph in little memory and the query
// instantiator can look any entity up again. Link targets are Zipf-skewed: number 0 of a kind is
// its biggest hub. The first `publicUsers` users (the hubs, who also act, write and publish) have
// nearly every optional attribute, so queries about them have answers at every size.
//
// Thread-safe after construction (all methods are const and fill a caller's Block).

#include <cstdint>
#include <vector>

#include "bench/datagen/random.h"
#include "bench/watdiv/block.h"

namespace cairn::bench::watdiv {

// How many entities of each kind a graph of about `triples` statements has. Users carry about
// nine tenths of the statements; reviews are not planned: the writer adds them until the file
// holds exactly the statements asked for.
struct Plan {
  uint64_t users = 0;
  uint64_t publicUsers = 0;
  uint64_t products = 0;
  uint64_t offers = 0;
  uint64_t retailers = 0;
  uint64_t websites = 0;
  uint64_t cities = 0;
  uint64_t countries = 0;
  uint64_t languages = 0;
  uint64_t topics = 0;
  uint64_t genres = 0;
  uint64_t subGenres = 0;
};
Plan planFor(uint64_t triples);

// Product categories: wsdbm:ProductCategory0..14. A category's family (number % 5) decides the
// extra attributes: books, movies, music, print, or none.
inline constexpr uint64_t kProductCategories = 15;
enum class ProductFamily : uint8_t { kBook, kMovie, kMusic, kPrint, kGeneral };
inline ProductFamily familyOf(uint64_t category) {
  return static_cast<ProductFamily>(category % 5);
}

// A user's purchases are wsdbm:Purchase(3u + k), k < kMaxPurchases.
inline constexpr uint64_t kMaxPurchases = 3;

class WatDivGraph {
 public:
  WatDivGraph(uint64_t triples, uint64_t seed);

  const Plan& plan() const { return plan_; }
  uint64_t seed() const { return seed_; }

  // Each clears `out` and fills it with the entity's statements.
  void country(uint64_t n, Block& out) const;
  void city(uint64_t n, Block& out) const;
  void language(uint64_t n, Block& out) const;
  void topic(uint64_t n, Block& out) const;
  void genre(uint64_t n, Block& out) const;
  void subGenre(uint64_t n, Block& out) const;
  void website(uint64_t n, Block& out) const;
  void retailer(uint64_t n, Block& out) const;
  void product(uint64_t n, Block& out) const;
  void offer(uint64_t n, Block& out) const;
  void user(uint64_t n, Block& out) const;
  // Reviews are numbered without end; the writer stops when the file is full.
  void review(uint64_t n, Block& out) const;

  // The category of product n (also its rdf:type).
  uint64_t productCategory(uint64_t n) const;
  // The userId literal of user n: distinct per user (for up to 10^8 users), digits only.
  uint64_t userIdValue(uint64_t n) const;

 private:
  using Rng = datagen::Rng;
  using Picker = datagen::TargetPicker;

  // `count` distinct targets (fewer if the picker repeats itself), never `self`, ascending.
  void pickDistinct(Rng& rng, const Picker& picker, uint64_t count, uint64_t self,
                    std::vector<uint64_t>& out) const;
  void links(Rng& rng, Pred p, Kind kind, const Picker& picker, uint64_t count, uint64_t self,
             Block& out) const;

  Plan plan_;
  uint64_t seed_;
  uint64_t userIdKey_;
  datagen::DiscreteTable friendDegrees_, followDegrees_, likeDegrees_, categories_;
  datagen::DiscreteTable userZipf_, productZipf_, websiteZipf_, cityZipf_, countryZipf_,
      languageZipf_, topicZipf_, subGenreZipf_, retailerZipf_;
  Picker friendTargets_, followTargets_, roleTargets_, likeTargets_, productTargets_,
      subscribeTargets_, homepageTargets_, cityTargets_, countryTargets_, languageTargets_,
      topicTargets_, subGenreTargets_, retailerTargets_;
};

}  // namespace cairn::bench::watdiv
