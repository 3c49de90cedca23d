#include "bench/watdiv/watdiv_graph.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <string_view>

#include "bench/datagen/word_lists.h"

namespace cairn::bench::watdiv {
namespace {

using datagen::DiscreteTable;
using datagen::Rng;
using datagen::streamSeed;
namespace words = datagen::words;

// Random-stream domains: one per kind and purpose, so a change to one never shifts another.
constexpr uint64_t kCityDomain = 0x3D01 + 1;
constexpr uint64_t kTopicDomain = 0x3D01 + 3;
constexpr uint64_t kGenreDomain = 0x3D01 + 4;
constexpr uint64_t kSubGenreDomain = 0x3D01 + 5;
constexpr uint64_t kWebsiteDomain = 0x3D01 + 6;
constexpr uint64_t kRetailerDomain = 0x3D01 + 7;
constexpr uint64_t kProductDomain = 0x3D01 + 8;
constexpr uint64_t kOfferDomain = 0x3D01 + 9;
constexpr uint64_t kUserDomain = 0x3D01 + 10;
constexpr uint64_t kUserLinkDomain = 0x3D01 + 11;
constexpr uint64_t kReviewDomain = 0x3D01 + 12;
constexpr uint64_t kUserIdDomain = 0x3D01 + 13;

constexpr std::array<std::string_view, 25> kLanguageCodes = {
    "en", "de", "fr", "es", "it", "pt", "nl", "sv", "no", "da", "fi", "pl", "cs",
    "hu", "ro", "el", "tr", "ru", "ja", "zh", "ko", "ar", "he", "hi", "id",
};
constexpr std::array<std::string_view, 12> kJobTitles = {
    "Engineer", "Teacher", "Nurse",     "Accountant", "Designer", "Chef",
    "Lawyer",   "Analyst", "Carpenter", "Pharmacist", "Pilot",    "Librarian",
};
constexpr std::array<std::string_view, 6> kContentRatings = {"G", "PG",    "PG-13",
                                                             "R", "NC-17", "Unrated"};
constexpr std::array<std::string_view, 8> kPayments = {
    "Cash", "Credit Card", "Debit Card", "PayPal", "Invoice", "Bank Transfer", "Voucher", "Check",
};
constexpr std::array<std::string_view, 6> kAwards = {
    "Golden Reel", "Silver Lens", "Audience Prize", "Best Debut", "Critics Choice", "Jury Award",
};
constexpr std::array<std::string_view, 8> kSections = {
    "Politics", "Business", "Sports", "Culture", "Science", "Travel", "Opinion", "Local",
};

template <typename T, size_t N>
const T& pickFrom(Rng& rng, const std::array<T, N>& items) {
  return items[rng.below(N)];
}

std::string date(Rng& rng, int firstYear, int lastYear) {
  char buf[16];
  const auto year = static_cast<int>(rng.between(firstYear, lastYear));
  const auto month = static_cast<int>(rng.between(1, 12));
  const auto day = static_cast<int>(rng.between(1, 28));
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month, day);
  return buf;
}

// "12.99": a price in whole cents, from `loCents` to `hiCents`.
std::string price(Rng& rng, int64_t loCents, int64_t hiCents) {
  const int64_t cents = rng.between(loCents, hiCents);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld.%02lld", static_cast<long long>(cents / 100),
                static_cast<long long>(cents % 100));
  return buf;
}

std::string digits(Rng& rng, int count) {
  std::string out;
  for (int i = 0; i < count; ++i) out += static_cast<char>('0' + rng.below(10));
  return out;
}

// An invented capitalized word of 2-4 syllables ("Kamira").
std::string inventWord(Rng& rng) {
  std::string out;
  const uint64_t syllables = 2 + rng.below(3);
  for (uint64_t i = 0; i < syllables; ++i) {
    // The last syllable, a lone "n", may not start a word.
    const size_t count = i == 0 ? words::kSyllables.size() - 1 : words::kSyllables.size();
    out += words::kSyllables[rng.below(count)].latin;
  }
  out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::string sentences(Rng& rng, uint64_t count) {
  std::string out;
  for (uint64_t i = 0; i < count; ++i) {
    if (!out.empty()) out += ' ';
    out += pickFrom(rng, words::kEnglishSentences);
  }
  return out;
}

std::string title(Rng& rng) {
  std::string out = "The ";
  out += pickFrom(rng, words::kProductAdjectives);
  out += ' ';
  out += pickFrom(rng, words::kTitleNouns).en;
  return out;
}

uint64_t clampCount(uint64_t value, uint64_t lo, uint64_t hi) { return std::clamp(value, lo, hi); }

}  // namespace

Plan planFor(uint64_t triples) {
  Plan p;
  p.users = std::max<uint64_t>(10, triples * 2 / 21);  // one per 10.5 statements
  p.publicUsers = std::max<uint64_t>(3, p.users / 1000);
  p.products = std::max<uint64_t>(15, triples / 500);
  p.offers = std::max<uint64_t>(10, triples / 400);
  p.retailers = std::max<uint64_t>(3, triples / 50'000);
  p.websites = std::max<uint64_t>(10, triples / 2'000);
  p.cities = clampCount(triples / 40'000, 10, 1'000);
  p.countries = 25;
  p.languages = kLanguageCodes.size();
  p.topics = clampCount(triples / 20'000, 20, 2'000);
  p.genres = 21;
  p.subGenres = 145;
  return p;
}

WatDivGraph::WatDivGraph(uint64_t triples, uint64_t seed)
    : plan_(planFor(triples)),
      seed_(seed),
      userIdKey_(streamSeed(seed, kUserIdDomain, 0) & ((uint64_t{1} << 27) - 1)),
      // P(d) ∝ 1/(d+1)^2 up to 5,000: 61% of users befriend nobody, the mean is about 4.5.
      friendDegrees_(DiscreteTable::inverseSquare(std::min<uint64_t>(plan_.users - 1, 5'000), 1)),
      followDegrees_(DiscreteTable::inverseSquare(std::min<uint64_t>(plan_.users - 1, 200), 1)),
      likeDegrees_(DiscreteTable::inverseSquare(std::min<uint64_t>(plan_.products - 1, 50), 1)),
      categories_(DiscreteTable::zipf(kProductCategories)),
      userZipf_(DiscreteTable::zipf(plan_.users)),
      productZipf_(DiscreteTable::zipf(plan_.products)),
      websiteZipf_(DiscreteTable::zipf(plan_.websites)),
      cityZipf_(DiscreteTable::zipf(plan_.cities)),
      countryZipf_(DiscreteTable::zipf(plan_.countries)),
      languageZipf_(DiscreteTable::zipf(plan_.languages)),
      topicZipf_(DiscreteTable::zipf(plan_.topics)),
      subGenreZipf_(DiscreteTable::zipf(plan_.subGenres)),
      retailerZipf_(DiscreteTable::zipf(plan_.retailers)),
      friendTargets_(userZipf_, 300'000),
      followTargets_(userZipf_, 500'000),
      roleTargets_(userZipf_, 300'000),
      likeTargets_(productZipf_, 500'000),
      productTargets_(productZipf_, 500'000),
      subscribeTargets_(websiteZipf_, 700'000),
      homepageTargets_(websiteZipf_, 500'000),
      cityTargets_(cityZipf_, 900'000),
      countryTargets_(countryZipf_, 600'000),
      languageTargets_(languageZipf_, 900'000),
      topicTargets_(topicZipf_, 500'000),
      subGenreTargets_(subGenreZipf_, 500'000),
      retailerTargets_(retailerZipf_, 500'000) {}

void WatDivGraph::pickDistinct(Rng& rng, const Picker& picker, uint64_t count, uint64_t self,
                               std::vector<uint64_t>& out) const {
  out.clear();
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t target = picker.pick(rng) - 1;
    if (target != self) out.push_back(target);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void WatDivGraph::links(Rng& rng, Pred p, Kind kind, const Picker& picker, uint64_t count,
                        uint64_t self, Block& out) const {
  std::vector<uint64_t> targets;
  pickDistinct(rng, picker, count, self, targets);
  for (uint64_t t : targets) out.link(p, kind, t);
}

void WatDivGraph::country(uint64_t n, Block& out) const {
  out.clear();
  out.setSubject(Kind::kCountry, n);
  out.type(Kind::kCountry);
  out.literal(Pred::kName, words::kCountries[n % words::kCountries.size()].en);
}

void WatDivGraph::city(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kCityDomain, n));
  out.clear();
  out.setSubject(Kind::kCity, n);
  out.type(Kind::kCity);
  out.literal(Pred::kName, inventWord(rng));
  out.link(Pred::kParentCountry, Kind::kCountry, countryZipf_.sample(rng));
}

void WatDivGraph::language(uint64_t n, Block& out) const {
  out.clear();
  out.setSubject(Kind::kLanguage, n);
  out.type(Kind::kLanguage);
  out.literal(Pred::kName, kLanguageCodes[n % kLanguageCodes.size()]);
}

void WatDivGraph::topic(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kTopicDomain, n));
  out.clear();
  out.setSubject(Kind::kTopic, n);
  out.type(Kind::kTopic);
  out.literal(Pred::kName, inventWord(rng));
}

void WatDivGraph::genre(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kGenreDomain, n));
  out.clear();
  out.setSubject(Kind::kGenre, n);
  out.type(Kind::kGenre);
  out.literal(Pred::kName,
              n < words::kGenres.size() ? std::string(words::kGenres[n]) : inventWord(rng));
}

void WatDivGraph::subGenre(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kSubGenreDomain, n));
  out.clear();
  out.setSubject(Kind::kSubGenre, n);
  out.type(Kind::kSubGenre);
  out.literal(Pred::kName, inventWord(rng) + " " + std::string(pickFrom(rng, words::kGenres)));
  out.link(Pred::kSubGenreOf, Kind::kGenre, rng.below(plan_.genres));
  links(rng, Pred::kTag, Kind::kTopic, topicTargets_, 1 + rng.below(2), kNoNumber, out);
}

void WatDivGraph::website(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kWebsiteDomain, n));
  out.clear();
  out.setSubject(Kind::kWebsite, n);
  out.type(Kind::kWebsite);
  std::string url = "http://www.";
  for (char c : inventWord(rng)) url += static_cast<char>(c | 0x20);
  url += std::to_string(n) + ".com/";
  out.literal(Pred::kUrl, url);
  // Hits fall with the rank, like the subscriptions the Zipf picker sends.
  out.literal(Pred::kHits, static_cast<int64_t>(1'000'000 / (n + 1) + rng.below(1'000)));
  if (rng.chance(800'000)) {
    out.link(Pred::kLanguage, Kind::kLanguage, languageTargets_.pick(rng) - 1);
  }
  if (rng.chance(300'000)) out.literal(Pred::kDescription, sentences(rng, 1));
}

void WatDivGraph::retailer(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kRetailerDomain, n));
  out.clear();
  out.setSubject(Kind::kRetailer, n);
  out.type(Kind::kRetailer);
  const std::string name = inventWord(rng);
  out.literal(Pred::kLegalName, name + " " + std::string(pickFrom(rng, words::kCompanySuffixes)));
  if (rng.chance(800'000)) {
    out.literal(Pred::kOpeningHours, "Mo-Fr " + std::to_string(rng.between(7, 10)) + ":00-" +
                                         std::to_string(rng.between(17, 21)) + ":00");
  }
  if (rng.chance(700'000)) out.literal(Pred::kPaymentAccepted, pickFrom(rng, kPayments));
  if (rng.chance(300'000)) out.literal(Pred::kFaxNumber, "+1-555-" + digits(rng, 7));
  if (rng.chance(500'000)) {
    out.literal(Pred::kPriceRange, std::string(1 + rng.below(4), '$'));
  }
  if (rng.chance(400'000)) {
    std::string mail = "support@";
    for (char c : name) mail += static_cast<char>(c | 0x20);
    out.literal(Pred::kContactPoint, mail + ".example");
  }
  if (rng.chance(600'000)) out.literal(Pred::kTelephone, "+1-555-" + digits(rng, 7));
  if (rng.chance(800'000)) out.literal(Pred::kUrl, "http://shop" + std::to_string(n) + ".example/");
  out.link(Pred::kLocation, Kind::kCity, cityTargets_.pick(rng) - 1);
  links(rng, Pred::kEmployee, Kind::kUser, roleTargets_, 1 + rng.below(3), kNoNumber, out);
  if (rng.chance(500'000)) out.literal(Pred::kAggregateRating, price(rng, 100, 500));
}

uint64_t WatDivGraph::productCategory(uint64_t n) const {
  Rng rng(streamSeed(seed_, kProductDomain, n));
  return categories_.sample(rng);
}

void WatDivGraph::product(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kProductDomain, n));
  const uint64_t category = categories_.sample(rng);  // first draw: see productCategory
  out.clear();
  out.setSubject(Kind::kProduct, n);
  out.type(Kind::kProductCategory, category);
  if (rng.chance(950'000)) {
    links(rng, Pred::kHasGenre, Kind::kSubGenre, subGenreTargets_, 1 + rng.below(3), kNoNumber,
          out);
  }
  if (rng.chance(600'000)) out.literal(Pred::kOgTitle, title(rng));
  if (rng.chance(400'000)) out.literal(Pred::kCaption, sentences(rng, 1));
  if (rng.chance(400'000)) out.literal(Pred::kText, sentences(rng, 2 + rng.below(2)));
  if (rng.chance(400'000)) out.literal(Pred::kContentRating, pickFrom(rng, kContentRatings));
  if (rng.chance(600'000)) {
    links(rng, Pred::kTag, Kind::kTopic, topicTargets_, 1 + rng.below(4), kNoNumber, out);
  }
  if (rng.chance(300'000)) {
    out.literal(Pred::kKeywords, std::string(pickFrom(rng, words::kProductNouns)) + ", " +
                                     std::string(pickFrom(rng, words::kProductAdjectives)));
  }
  if (rng.chance(200'000)) out.literal(Pred::kContentSize, rng.between(1, 99'999));
  if (rng.chance(500'000)) {
    out.link(Pred::kLanguage, Kind::kLanguage, languageTargets_.pick(rng) - 1);
  }
  if (rng.chance(300'000)) out.literal(Pred::kDescription, sentences(rng, 2));
  if (rng.chance(200'000)) out.literal(Pred::kAggregateRating, price(rng, 100, 500));
  if (rng.chance(400'000)) out.literal(Pred::kDatePublished, date(rng, 1970, 2014));
  if (rng.chance(100'000)) out.literal(Pred::kExpires, date(rng, 2015, 2020));
  if (rng.chance(200'000)) {
    out.link(Pred::kHomepage, Kind::kWebsite, homepageTargets_.pick(rng) - 1);
  }
  auto role = [&](Pred p, uint32_t perMillion, uint64_t maxCount) {
    if (rng.chance(perMillion)) {
      links(rng, p, Kind::kUser, roleTargets_, 1 + rng.below(maxCount), kNoNumber, out);
    }
  };
  switch (familyOf(category)) {
    case ProductFamily::kBook:
      role(Pred::kAuthor, 1'000'000, 2);
      if (rng.chance(900'000)) out.literal(Pred::kIsbn, "978-" + digits(rng, 10));
      if (rng.chance(900'000)) out.literal(Pred::kNumberOfPages, rng.between(48, 1'200));
      if (rng.chance(400'000)) out.literal(Pred::kBookEdition, rng.between(1, 12));
      role(Pred::kPublisher, 600'000, 1);
      role(Pred::kEditor, 200'000, 1);
      break;
    case ProductFamily::kMovie:
      role(Pred::kDirector, 800'000, 1);
      role(Pred::kActor, 950'000, 5);
      if (rng.chance(500'000)) {
        out.literal(Pred::kTrailer, "http://trailers.example/" + std::to_string(n) + ".mp4");
      }
      if (rng.chance(900'000)) out.literal(Pred::kDuration, rng.between(70, 200));
      if (rng.chance(200'000)) out.literal(Pred::kAward, pickFrom(rng, kAwards));
      role(Pred::kSorgProducer, 400'000, 1);
      break;
    case ProductFamily::kMusic:
      role(Pred::kMoArtist, 950'000, 2);
      role(Pred::kMoConductor, 300'000, 1);
      role(Pred::kSorgConductor, 200'000, 1);
      if (rng.chance(300'000)) out.literal(Pred::kMovement, "Movement " + digits(rng, 1));
      if (rng.chance(300'000))
        out.literal(Pred::kOpus, "Op. " + std::to_string(rng.between(1, 140)));
      if (rng.chance(300'000))
        out.link(Pred::kPerformedIn, Kind::kCity, cityTargets_.pick(rng) - 1);
      if (rng.chance(700'000)) out.literal(Pred::kRecordNumber, rng.between(1, 30));
      if (rng.chance(500'000)) out.literal(Pred::kRelease, date(rng, 1960, 2014));
      role(Pred::kMoProducer, 300'000, 1);
      role(Pred::kComposer, 400'000, 1);
      break;
    case ProductFamily::kPrint:
      if (rng.chance(900'000)) out.literal(Pred::kPrintPage, rng.between(1, 96));
      if (rng.chance(600'000)) out.literal(Pred::kPrintColumn, rng.between(1, 6));
      if (rng.chance(600'000)) out.literal(Pred::kPrintEdition, pickFrom(rng, kSections));
      if (rng.chance(600'000)) out.literal(Pred::kPrintSection, pickFrom(rng, kSections));
      if (rng.chance(800'000)) out.literal(Pred::kWordCount, rng.between(100, 5'000));
      role(Pred::kEditor, 500'000, 1);
      role(Pred::kPublisher, 700'000, 1);
      break;
    case ProductFamily::kGeneral:
      break;
  }
}

void WatDivGraph::offer(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kOfferDomain, n));
  out.clear();
  out.setSubject(Kind::kRetailer, retailerTargets_.pick(rng) - 1);
  out.link(Pred::kOffers, Kind::kOffer, n);
  out.setSubject(Kind::kOffer, n);
  out.type(Kind::kOffer);
  out.link(Pred::kIncludes, Kind::kProduct, productTargets_.pick(rng) - 1);
  out.literal(Pred::kPrice, price(rng, 99, 99'999));
  out.literal(Pred::kSerialNumber, digits(rng, 9));
  if (rng.chance(800'000)) out.literal(Pred::kValidFrom, date(rng, 2010, 2013));
  if (rng.chance(800'000)) out.literal(Pred::kValidThrough, date(rng, 2014, 2016));
  if (rng.chance(600'000)) out.literal(Pred::kEligibleQuantity, rng.between(1, 20));
  if (rng.chance(700'000)) {
    links(rng, Pred::kEligibleRegion, Kind::kCountry, countryTargets_, 1 + rng.below(3), kNoNumber,
          out);
  }
}

uint64_t WatDivGraph::userIdValue(uint64_t n) const {
  // A keyed permutation of [0, 2^27), applied again until the value lands below 10^8 (cycle
  // walking): distinct ids for up to 10^8 users, in an order unrelated to the user numbers.
  // Each step is a bijection on 27 bits: odd multiplications and xor-shifts.
  constexpr uint64_t kMask = (uint64_t{1} << 27) - 1;
  uint64_t x = n;
  do {
    x = (x * 0x2545F491ull + userIdKey_) & kMask;
    x ^= x >> 11;
    x = (x * 0x9E3779B1ull) & kMask;
    x ^= x >> 13;
  } while (x >= 100'000'000);
  return x;
}

void WatDivGraph::user(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kUserDomain, n));
  const bool isPublic = n < plan_.publicUsers;
  auto has = [&](uint32_t perMillion) { return rng.chance(isPublic ? 900'000 : perMillion); };
  out.clear();
  out.setSubject(Kind::kUser, n);
  out.type(Kind::kUser);
  out.literal(Pred::kUserId, static_cast<int64_t>(userIdValue(n)));
  const words::Name& given = pickFrom(rng, words::kGivenNames);
  const words::Name& family = pickFrom(rng, words::kFamilyNames);
  if (has(200'000)) out.literal(Pred::kGivenName, given.display);
  if (has(200'000)) out.literal(Pred::kFamilyName, family.display);
  if (has(500'000)) out.literal(Pred::kAge, rng.between(13, 90));
  if (has(100'000)) {
    out.literal(Pred::kEmail, std::string(given.slug) + "." + std::string(family.slug) +
                                  std::to_string(n) + "@" +
                                  std::string(pickFrom(rng, words::kMailDomains)));
  }
  if (has(30'000)) out.literal(Pred::kTelephone, "+1-555-" + digits(rng, 7));
  if (has(30'000)) out.literal(Pred::kJobTitle, pickFrom(rng, kJobTitles));
  if (has(80'000)) out.literal(Pred::kBirthDate, date(rng, 1924, 2001));
  if (has(300'000)) out.literal(Pred::kGender, rng.chance(500'000) ? "male" : "female");
  if (has(80'000)) out.link(Pred::kNationality, Kind::kCountry, countryTargets_.pick(rng) - 1);
  if (has(150'000)) out.link(Pred::kLocation, Kind::kCity, cityTargets_.pick(rng) - 1);
  if (has(30'000)) out.link(Pred::kHomepage, Kind::kWebsite, homepageTargets_.pick(rng) - 1);

  // Links come from a stream of their own, so attribute changes leave the graph's shape alone.
  Rng linkRng(streamSeed(seed_, kUserLinkDomain, n));
  links(linkRng, Pred::kFriendOf, Kind::kUser, friendTargets_, friendDegrees_.sample(linkRng), n,
        out);
  if (linkRng.chance(80'000)) {
    links(linkRng, Pred::kFollows, Kind::kUser, followTargets_, 1 + followDegrees_.sample(linkRng),
          n, out);
  }
  if (linkRng.chance(80'000)) {
    links(linkRng, Pred::kLikes, Kind::kProduct, likeTargets_, 1 + likeDegrees_.sample(linkRng),
          kNoNumber, out);
  }
  if (linkRng.chance(80'000)) {
    links(linkRng, Pred::kSubscribes, Kind::kWebsite, subscribeTargets_, 1 + linkRng.below(2),
          kNoNumber, out);
  }
  if (linkRng.chance(50'000)) {
    const uint64_t purchases = 1 + linkRng.below(kMaxPurchases);
    for (uint64_t k = 0; k < purchases; ++k) {
      out.setSubject(Kind::kUser, n);
      out.link(Pred::kMakesPurchase, Kind::kPurchase, kMaxPurchases * n + k);
      out.setSubject(Kind::kPurchase, kMaxPurchases * n + k);
      out.link(Pred::kPurchaseFor, Kind::kProduct, productTargets_.pick(linkRng) - 1);
      out.literal(Pred::kPurchaseDate, date(linkRng, 2010, 2014));
      out.literal(Pred::kPrice, price(linkRng, 99, 99'999));
    }
  }
}

void WatDivGraph::review(uint64_t n, Block& out) const {
  Rng rng(streamSeed(seed_, kReviewDomain, n));
  out.clear();
  out.setSubject(Kind::kProduct, productTargets_.pick(rng) - 1);
  out.link(Pred::kHasReview, Kind::kReview, n);
  out.setSubject(Kind::kReview, n);
  out.type(Kind::kReview);
  out.link(Pred::kReviewer, Kind::kUser, roleTargets_.pick(rng) - 1);
  out.literal(Pred::kRating, rng.between(1, 10));
  if (rng.chance(700'000)) out.literal(Pred::kRevTitle, title(rng));
  if (rng.chance(600'000)) out.literal(Pred::kRevText, sentences(rng, 1 + rng.below(3)));
  if (rng.chance(400'000)) out.literal(Pred::kTotalVotes, rng.between(0, 200));
}

}  // namespace cairn::bench::watdiv
