#pragma once
// The benchmark knowledge graph: an ontology section, then places, organizations, people,
// creative works, products and events in numbers proportional to the requested statement count,
// then reviews until exactly that many statements are written. docs/datagen.md documents the
// shape (classes, predicates, distributions, named graphs) for people writing queries against it.
//
// Determinism: the output is a function of (triples, seed, format) only. Each entity draws from
// its own stream seeded by (seed, class, number), so an entity's literal values do not depend on
// N; link targets do (the target ranges grow with N).

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bench/datagen/lexical.h"
#include "bench/datagen/random.h"
#include "bench/datagen/statement_writer.h"
#include "bench/datagen/texts.h"
#include "bench/datagen/vocabulary.h"
#include "bench/datagen/word_lists.h"

namespace cairn::bench::datagen {

// How many entities of each planned class a run of `triples` statements has. Reviews are not
// planned: they fill the remainder. The ratios give about two thirds of the statements to reviews
// and keep every class non-empty at 1K.
struct EntityPlan {
  uint64_t countries = 0;
  uint64_t places = 0;  // countries included: Place/1..countries are countries, the rest cities
  uint64_t organizations = 0;
  uint64_t persons = 0;
  uint64_t creativeWorks = 0;
  uint64_t products = 0;
  uint64_t events = 0;

  uint64_t cities() const { return places - countries; }
  uint64_t authors() const { return persons / kAuthorStride; }

  // Every kAuthorStride-th person is also a cairn:Author.
  static constexpr uint64_t kAuthorStride = 12;

  static EntityPlan forTriples(uint64_t triples) {
    EntityPlan p;
    p.countries = std::min<uint64_t>(words::kCountries.size(), 3 + triples / 20'000);
    p.places = std::max<uint64_t>(p.countries + 10, triples / 2'000);
    p.organizations = std::max<uint64_t>(5, triples / 1'000);
    p.persons = std::max<uint64_t>(24, triples / 60);
    p.creativeWorks = std::max<uint64_t>(5, triples / 300);
    p.products = std::max<uint64_t>(10, triples / 200);
    p.events = std::max<uint64_t>(2, triples / 800);
    return p;
  }
};

// Entities per named graph in N-Quads output.
inline constexpr uint64_t kEntitiesPerGraph = 100'000;

class GraphGenerator {
 public:
  // `out` must outlive the generator; its limit is the number of statements to write.
  GraphGenerator(uint64_t triples, uint64_t seed, StatementWriter& out)
      : seed_(seed),
        plan_(EntityPlan::forTriples(triples)),
        out_(out),
        personZipf_(DiscreteTable::zipf(plan_.persons)),
        authorZipf_(DiscreteTable::zipf(plan_.authors())),
        organizationZipf_(DiscreteTable::zipf(plan_.organizations)),
        cityZipf_(DiscreteTable::zipf(plan_.cities())),
        countryZipf_(DiscreteTable::zipf(plan_.countries)),
        productZipf_(DiscreteTable::zipf(plan_.products)),
        persons_(personZipf_, 700'000),
        authors_(authorZipf_, 900'000),
        reviewers_(personZipf_, 300'000),
        attendees_(personZipf_, 500'000),
        organizations_(organizationZipf_, 800'000),
        cities_(cityZipf_, 900'000),
        countries_(countryZipf_, 1'000'000),
        products_(productZipf_, 1'000'000),
        knowsDegree_(DiscreteTable::inverseSquare(300, 2)),
        attendeeDegree_(DiscreteTable::inverseSquare(500, 1)),
        smallCount_(DiscreteTable::inverseSquare(2'000, 1)),
        ratingTenths_(std::array<uint64_t, 9>{8, 2, 5, 3, 9, 6, 20, 17, 30}) {}

  // The pickers point into this object's own Zipf tables.
  GraphGenerator(const GraphGenerator&) = delete;
  GraphGenerator& operator=(const GraphGenerator&) = delete;

  const EntityPlan& plan() const { return plan_; }
  // Entities started per class (the last one may be cut short by the statement limit).
  const std::array<uint64_t, kEntityCount>& entityCounts() const { return entityCounts_; }

  void run() {
    writeOntology();
    out_.flushDuplicates();
    generate(Entity::kPlace, plan_.places, [this](uint64_t n) { writePlace(n); });
    generate(Entity::kOrganization, plan_.organizations,
             [this](uint64_t n) { writeOrganization(n); });
    generate(Entity::kPerson, plan_.persons, [this](uint64_t n) { writePerson(n); });
    generate(Entity::kCreativeWork, plan_.creativeWorks,
             [this](uint64_t n) { writeCreativeWork(n); });
    generate(Entity::kProduct, plan_.products, [this](uint64_t n) { writeProduct(n); });
    generate(Entity::kEvent, plan_.events, [this](uint64_t n) { writeEvent(n); });
    generate(Entity::kReview, ~uint64_t{0}, [this](uint64_t n) { writeReview(n); });
  }

 private:
  template <typename Fn>
  void generate(Entity e, uint64_t count, Fn&& writeOne) {
    for (uint64_t n = 1; n <= count && !out_.full(); ++n) {
      writeOne(n);
      out_.flushDuplicates();
      ++entityCounts_[static_cast<size_t>(e)];
    }
  }

  Rng entityStream(Entity e, uint64_t n) const {
    return Rng(streamSeed(seed_, 1 + static_cast<uint64_t>(e), n));
  }

  // N-Quads graph of an entity: places, organizations and people in the default graph; the
  // others in one graph per source and per kEntitiesPerGraph entities.
  void enterGraph(Entity e, uint64_t n) {
    std::string_view source;
    switch (e) {
      case Entity::kPlace:
      case Entity::kOrganization:
      case Entity::kPerson:
        out_.setGraph({});
        return;
      case Entity::kCreativeWork:
        source = "media/";
        break;
      case Entity::kProduct:
        source = "catalog/";
        break;
      case Entity::kEvent:
        source = "events/";
        break;
      case Entity::kReview:
        source = "reviews/";
        break;
    }
    const uint64_t chunk = (n - 1) / kEntitiesPerGraph + 1;
    if (e != graphEntity_ || chunk != graphChunk_) {
      graphEntity_ = e;
      graphChunk_ = chunk;
      graph_.assign(kGraphBase);
      graph_ += source;
      graph_ += std::to_string(chunk);
    }
    out_.setGraph(graph_);
  }

  void beginEntity(Entity e, uint64_t n) {
    enterGraph(e, n);
    out_.setSubjectResource(e, n);
    out_.ontologyIri(Pred::kRdfType, entityName(e));
  }

  // --- literal helpers: canonical form, or (0.1%) another spelling of the same value ---------

  void integer(Pred p, int64_t v, Rng& rng) {
    ShortText t;
    if (rng.chance(kNonCanonicalPerMillion)) {
      nonCanonicalInteger(t, v, rng);
    } else {
      integerLexical(t, v);
    }
    out_.typed(p, t.view(), Xsd::kInteger);
  }
  void decimal(Pred p, int64_t unscaled, int scale, Rng& rng) {
    ShortText t;
    if (rng.chance(kNonCanonicalPerMillion)) {
      nonCanonicalDecimal(t, unscaled, scale, rng);
    } else {
      decimalLexical(t, unscaled, scale);
    }
    out_.typed(p, t.view(), Xsd::kDecimal);
  }
  void doubleValue(Pred p, int64_t mantissa, int exponent, Rng& rng) {
    ShortText t;
    if (rng.chance(kNonCanonicalPerMillion)) {
      nonCanonicalDouble(t, mantissa, exponent, rng);
    } else {
      doubleLexical(t, mantissa, exponent);
    }
    out_.typed(p, t.view(), Xsd::kDouble);
  }
  void boolean(Pred p, bool v, Rng& rng) {
    ShortText t;
    if (rng.chance(kNonCanonicalPerMillion)) {
      nonCanonicalBoolean(t, v);
    } else {
      booleanLexical(t, v);
    }
    out_.typed(p, t.view(), Xsd::kBoolean);
  }
  void date(Pred p, int64_t days) {
    ShortText t;
    dateLexical(t, days);
    out_.typed(p, t.view(), Xsd::kDate);
  }
  // 60% UTC ("Z"), 40% without timezone; 0.1% "+00:00" or ".000Z" spellings of a UTC instant.
  void dateTime(Pred p, int64_t days, uint32_t secondOfDay, Rng& rng) {
    ShortText t;
    if (rng.chance(kNonCanonicalPerMillion)) {
      nonCanonicalDateTime(t, days, secondOfDay, rng);
    } else {
      dateTimeLexical(t, days, secondOfDay, rng.below(10) < 6);
    }
    out_.typed(p, t.view(), Xsd::kDateTime);
  }
  // A day in [fromYear, toYear).
  static int64_t dayIn(Rng& rng, int64_t fromYear, int64_t toYear) {
    return rng.between(daysFromYear(fromYear), daysFromYear(toYear) - 1);
  }
  static uint32_t secondOfDay(Rng& rng) { return static_cast<uint32_t>(rng.below(86'400)); }

  // English with probability enPercent, the rest split about evenly between de, fr and ja.
  static Lang drawLang(Rng& rng, uint32_t enPercent) {
    const uint64_t r = rng.below(100);
    if (r < enPercent) return Lang::kEn;
    const uint64_t rest = r - enPercent;
    const uint64_t third = (100 - enPercent + 2) / 3;
    if (rest < third) return Lang::kDe;
    if (rest < 2 * third) return Lang::kFr;
    return Lang::kJa;
  }

  // Up to `count` distinct targets other than `self` (0: none excluded), in draw order.
  void drawDistinct(const TargetPicker& picker, uint64_t count, uint64_t self, Rng& rng,
                    std::vector<uint64_t>& out) {
    out.clear();
    count = std::min(count, picker.count() - (self != 0 ? 1 : 0));
    // A bounded number of attempts: hubs are drawn often, and a tiny range may run out.
    for (uint64_t attempt = 0; out.size() < count && attempt < 4 * count + 8; ++attempt) {
      const uint64_t t = picker.pick(rng);
      if (t == self || std::find(out.begin(), out.end(), t) != out.end()) continue;
      out.push_back(t);
    }
  }

  uint64_t cityNumber(uint64_t rank) const { return plan_.countries + rank; }

  // The name of Place/n: a country's English name or an invented city name (and its katakana).
  void placeName(uint64_t n, std::string& latin, std::string& kana) const {
    if (n <= plan_.countries) {
      latin = words::kCountries[n - 1].en;
      kana = words::kCountries[n - 1].ja;
      return;
    }
    Rng rng = nameStream(seed_, Entity::kPlace, n);
    inventWord(rng, latin, kana);
  }

  // --- sections ------------------------------------------------------------------------------

  void writeOntology();
  void writeAddress(Entity owner, uint64_t ownerNumber, std::string_view label, uint64_t city,
                    Rng& rng);
  void writePlace(uint64_t n);
  void writeOrganization(uint64_t n);
  void writePerson(uint64_t n);
  void writeCreativeWork(uint64_t n);
  void writeProduct(uint64_t n);
  void writeEvent(uint64_t n);
  void writeReview(uint64_t n);

  uint64_t seed_;
  EntityPlan plan_;
  StatementWriter& out_;

  // Zipf tables (declared before the pickers that point into them).
  DiscreteTable personZipf_;
  DiscreteTable authorZipf_;
  DiscreteTable organizationZipf_;
  DiscreteTable cityZipf_;
  DiscreteTable countryZipf_;
  DiscreteTable productZipf_;
  // Link-target choosers: share of Zipf-ranked picks (rest uniform) per link kind.
  TargetPicker persons_;
  TargetPicker authors_;
  TargetPicker reviewers_;
  TargetPicker attendees_;
  TargetPicker organizations_;
  TargetPicker cities_;
  TargetPicker countries_;
  TargetPicker products_;
  DiscreteTable knowsDegree_;
  DiscreteTable attendeeDegree_;
  DiscreteTable smallCount_;
  DiscreteTable ratingTenths_;

  std::array<uint64_t, kEntityCount> entityCounts_{};
  Entity graphEntity_ = Entity::kPlace;
  uint64_t graphChunk_ = 0;
  std::string graph_;
  // Scratch space reused across entities, so the hot path does not allocate.
  std::string text_, text2_, name_, kana_;
  std::vector<uint64_t> targets_;
};

}  // namespace cairn::bench::datagen

// The per-class section writers, kept in their own file to keep each file to one purpose.
#include "bench/datagen/graph_generator_inl.h"  // IWYU pragma: export
