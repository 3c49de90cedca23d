#pragma once
// Section writers of GraphGenerator: one member function per entity class, writing that entity's
// statements subject-grouped. Percentages in comments are the documented shares (docs/datagen.md);
// change both together. Included at the end of graph_generator.h only.
//
// Never draw from an Rng twice within one expression (two draws as arguments of one call, or as
// operands of one operator): the evaluation order is unspecified, and compilers differ (GCC
// evaluates arguments right to left, Clang left to right), which would break byte-identical
// output across builds. Draw into a named local first.

#include "bench/datagen/graph_generator.h"

namespace cairn::bench::datagen {

namespace detail {

// A range in kPredicates notation ("xsd:integer", "rdf:List", "Person") as a full IRI.
inline std::string rangeIri(std::string_view range) {
  auto after = [&](size_t n) { return std::string(range.substr(n)); };
  if (range.starts_with("xsd:")) return std::string(kXsdNs) + after(4);
  if (range.starts_with("rdf:")) return "http://www.w3.org/1999/02/22-rdf-syntax-ns#" + after(4);
  if (range.starts_with("rdfs:")) return "http://www.w3.org/2000/01/rdf-schema#" + after(5);
  return std::string(kOntology) + std::string(range);
}

inline bool isDatatypeRange(std::string_view range) {
  return range.starts_with("xsd:") || range == "rdf:langString" || range == "rdfs:Literal";
}

inline void lowercaseAscii(std::string& s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
}

}  // namespace detail

inline void GraphGenerator::writeOntology() {
  out_.setGraph(std::string(kGraphBase) + "ontology");
  for (const ClassInfo& c : kClasses) {
    out_.setSubjectOntology(c.name);
    out_.iri(Pred::kRdfType, kRdfsClass);
    if (!c.superClass.empty()) out_.ontologyIri(Pred::kRdfsSubClassOf, c.superClass);
    out_.langString(Pred::kRdfsLabel, c.en, "en");
    out_.langString(Pred::kRdfsLabel, c.de, "de");
    out_.langString(Pred::kRdfsLabel, c.fr, "fr");
    out_.langString(Pred::kRdfsLabel, c.ja, "ja");
  }
  out_.setSubjectOntology(kPostalAddressClass);
  out_.iri(Pred::kRdfType, kRdfsClass);
  out_.langString(Pred::kRdfsLabel, "postal address", "en");
  for (const PredicateInfo& p : kPredicates) {
    if (p.local.empty()) continue;
    out_.setSubjectOntology(p.local);
    out_.iri(Pred::kRdfType,
             detail::isDatatypeRange(p.range) ? kOwlDatatypeProperty : kOwlObjectProperty);
    out_.langString(Pred::kRdfsLabel, p.label, "en");
    out_.iri(Pred::kRdfsRange, detail::rangeIri(p.range));
  }
}

// `owner` cairn:address _:<label><number>, a PostalAddress in `city`. Leaves the owner as subject.
inline void GraphGenerator::writeAddress(Entity owner, uint64_t ownerNumber, std::string_view label,
                                         uint64_t city, Rng& rng) {
  out_.blank(Pred::kAddress, label, ownerNumber);
  out_.setSubjectBlank(label, ownerNumber);
  out_.ontologyIri(Pred::kRdfType, kPostalAddressClass);
  inventWord(rng, text2_, kana_);
  text_.clear();
  text_ += std::to_string(rng.between(1, 250));
  text_ += ' ';
  text_ += text2_;
  text_ += ' ';
  text_ += pickFrom(rng, words::kStreetKinds);
  out_.string(Pred::kStreetAddress, text_);
  ShortText code;
  code.appendPadded(rng.below(100'000), 5);
  out_.string(Pred::kPostalCode, code.view());
  out_.resource(Pred::kAddressLocality, Entity::kPlace, city);
  out_.setSubjectResource(owner, ownerNumber);
}

inline void GraphGenerator::writePlace(uint64_t n) {
  Rng rng = entityStream(Entity::kPlace, n);
  beginEntity(Entity::kPlace, n);
  placeName(n, name_, kana_);
  if (n <= plan_.countries) {
    const words::Country& c = words::kCountries[n - 1];
    out_.ontologyIri(Pred::kRdfType, "Country");
    out_.string(Pred::kName, c.en);
    out_.langString(Pred::kRdfsLabel, c.en, "en");
    out_.langString(Pred::kRdfsLabel, c.de, "de");
    out_.langString(Pred::kRdfsLabel, c.fr, "fr");
    out_.langString(Pred::kRdfsLabel, c.ja, "ja");
    out_.string(Pred::kIsoCode, c.iso);
    out_.iri(Pred::kOwlSameAs, std::string(kCountryAuthority) + std::string(c.iso));
    out_.iri(Pred::kWikiPage, std::string(kWiki) + std::string(c.ja));  // raw non-ASCII IRI
    integer(Pred::kPopulation, rng.between(1'000'000, 300'000'000), rng);
    const int64_t areaDigits = rng.between(1'000, 99'999);
    doubleValue(Pred::kArea, areaDigits, static_cast<int>(rng.between(1, 3)), rng);
    return;
  }
  out_.ontologyIri(Pred::kRdfType, "City");
  out_.string(Pred::kName, name_);
  out_.langString(Pred::kRdfsLabel, name_, "en");
  if (rng.below(100) < 50) out_.langString(Pred::kRdfsLabel, kana_, "ja");
  out_.resource(Pred::kLocatedIn, Entity::kPlace, countries_.pick(rng));
  // Popular cities (low numbers, the Zipf hubs of livesIn) are also the populous ones.
  const uint64_t rank = n - plan_.countries;
  integer(Pred::kPopulation, static_cast<int64_t>(8'000'000 / rank) + rng.between(500, 20'000),
          rng);
  if (rng.below(100) < 90) {
    const int64_t areaDigits = rng.between(10, 9'999);
    doubleValue(Pred::kArea, areaDigits, static_cast<int>(rng.between(-1, 1)), rng);
  }
  decimal(Pred::kLatitude, rng.between(-60'000'000, 70'000'000), 6, rng);
  decimal(Pred::kLongitude, rng.between(-180'000'000, 180'000'000), 6, rng);
}

inline void GraphGenerator::writeOrganization(uint64_t n) {
  Rng rng = entityStream(Entity::kOrganization, n);
  beginEntity(Entity::kOrganization, n);
  const uint64_t kindRoll = rng.below(100);  // 70% Company, 15% University, 15% NonProfit
  const std::string_view kind =
      kindRoll < 70 ? "Company" : (kindRoll < 85 ? "University" : "NonProfit");
  out_.ontologyIri(Pred::kRdfType, kind);
  const uint64_t city = cityNumber(cities_.pick(rng));
  std::string cityName;
  placeName(city, cityName, kana_);
  std::string brand;
  inventWord(rng, brand, kana_);
  if (kind == "Company") {
    name_ = brand + " " + std::string(pickFrom(rng, words::kCompanySuffixes));
  } else if (kind == "University") {
    name_ = "University of " + cityName;
  } else {
    name_ = brand + " " + std::string(pickFrom(rng, words::kCauses)) + " Foundation";
  }
  out_.string(Pred::kName, name_);
  if (rng.below(100) < 90) date(Pred::kFoundingDate, dayIn(rng, 1850, 2021));
  if (rng.below(100) < 80) {
    // Log-uniform over 1..99,999 employees.
    int64_t low = 1;
    for (int64_t m = rng.between(1, 5); m > 1; --m) low *= 10;
    integer(Pred::kEmployeeCount, rng.between(low, low * 10 - 1), rng);
  }
  out_.resource(Pred::kLocatedIn, Entity::kPlace, city);
  if (rng.below(100) < 60) {
    std::string host = kind == "University" ? "uni-" + cityName : brand;
    detail::lowercaseAscii(host);
    out_.iri(Pred::kHomepage, "https://www." + host + std::to_string(n) + ".example/");
  }
  if (kind == "Company" && rng.below(100) < 50) boolean(Pred::kIsPublic, rng.below(100) < 30, rng);
  if (n > 1 && rng.below(100) < 3) {
    const uint64_t parent = organizations_.pick(rng);
    if (parent != n) out_.resource(Pred::kParentOrganization, Entity::kOrganization, parent);
  }
  if (rng.below(100) < 50) {
    const Lang lang = drawLang(rng, 70);
    organizationBlurb(lang, name_, kind == "Company" ? "company" : "institution", cityName, text_);
    out_.langString(Pred::kDescription, text_, langTag(lang));
  }
  if (rng.below(100) < 20) writeAddress(Entity::kOrganization, n, "hq", city, rng);
}

inline void GraphGenerator::writePerson(uint64_t n) {
  Rng rng = entityStream(Entity::kPerson, n);
  beginEntity(Entity::kPerson, n);
  if (n % EntityPlan::kAuthorStride == 0) out_.ontologyIri(Pred::kRdfType, "Author");
  const bool japanese = rng.chance(60'000);  // 6%
  const words::Name& given =
      japanese ? pickFrom(rng, words::kJapaneseGivenNames) : pickFrom(rng, words::kGivenNames);
  const words::Name& family =
      japanese ? pickFrom(rng, words::kJapaneseFamilyNames) : pickFrom(rng, words::kFamilyNames);
  name_.clear();
  name_ += japanese ? family.display : given.display;
  name_ += ' ';
  name_ += japanese ? given.display : family.display;
  out_.string(Pred::kName, name_);
  if (rng.below(100) < 90) out_.string(Pred::kGivenName, given.display);
  if (rng.below(100) < 90) out_.string(Pred::kFamilyName, family.display);
  const bool hasAge = rng.below(100) < 70;
  const int64_t age = rng.between(16, 90);
  if (hasAge) integer(Pred::kAge, age, rng);
  if (rng.below(100) < 60) {
    const int64_t born =
        hasAge ? daysFromYear(2024) - age * 365 - rng.between(0, 364) : dayIn(rng, 1935, 2009);
    date(Pred::kBirthDate, born);
  }
  if (rng.below(100) < 60) {
    text_.clear();
    text_.append(given.slug).append(".").append(family.slug).append(std::to_string(n));
    text_.append("@").append(pickFrom(rng, words::kMailDomains));
    out_.string(Pred::kEmail, text_);
  }
  drawDistinct(persons_, knowsDegree_.sample(rng), n, rng, targets_);
  for (uint64_t t : targets_) out_.resource(Pred::kKnows, Entity::kPerson, t);
  if (rng.below(100) < 80) {
    out_.resource(Pred::kWorksFor, Entity::kOrganization, organizations_.pick(rng));
  }
  const uint64_t city = cityNumber(cities_.pick(rng));
  if (rng.below(100) < 95) out_.resource(Pred::kLivesIn, Entity::kPlace, city);
  if (rng.below(100) < 30) {
    const int64_t day = dayIn(rng, 2010, 2025);
    dateTime(Pred::kMemberSince, day, secondOfDay(rng), rng);
  }
  if (rng.chance(40'000)) out_.string(Pred::kNickname, pickFrom(rng, words::kNicknames));  // 4%
  if (rng.below(100) < 5) {
    const Lang lang = drawLang(rng, 60);
    const std::string_view first = pickFrom(rng, words::kEventTopics);
    interestsBlurb(lang, first, pickFrom(rng, words::kEventTopics), text_);
    out_.langString(Pred::kDescription, text_, langTag(lang));
  }
  if (rng.below(100) < 8) writeAddress(Entity::kPerson, n, "addr", city, rng);
}

inline void GraphGenerator::writeCreativeWork(uint64_t n) {
  Rng rng = entityStream(Entity::kCreativeWork, n);
  beginEntity(Entity::kCreativeWork, n);
  const uint64_t kindRoll = rng.below(100);  // 50% Book, 25% Film, 25% Article
  const std::string_view kind = kindRoll < 50 ? "Book" : (kindRoll < 75 ? "Film" : "Article");
  out_.ontologyIri(Pred::kRdfType, kind);
  const TitleShape title = drawTitle(rng);
  renderTitle(title, Lang::kEn, name_);
  out_.string(Pred::kName, name_);
  out_.langString(Pred::kRdfsLabel, name_, "en");
  static constexpr std::array<std::pair<Lang, uint32_t>, 3> kTranslations = {
      {{Lang::kDe, 30}, {Lang::kFr, 30}, {Lang::kJa, 25}}};
  for (const auto& [lang, percent] : kTranslations) {
    if (rng.below(100) < percent) {
      renderTitle(title, lang, text_);
      out_.langString(Pred::kRdfsLabel, text_, langTag(lang));
    }
  }
  uint64_t authorCount = 1;
  const uint64_t authorRoll = rng.below(100);
  if (kind == "Book") authorCount = authorRoll < 70 ? 1 : (authorRoll < 90 ? 2 : 3);
  if (kind == "Article") authorCount = authorRoll < 75 ? 1 : 2;
  drawDistinct(authors_, authorCount, 0, rng, targets_);
  for (uint64_t a : targets_) {
    out_.resource(Pred::kAuthor, Entity::kPerson, a * EntityPlan::kAuthorStride);
  }
  if (rng.below(100) < 80) {
    out_.resource(Pred::kPublisher, Entity::kOrganization, organizations_.pick(rng));
  }
  const int64_t published = dayIn(rng, 1950, 2025);
  date(Pred::kDatePublished, published);
  if (kind == "Book") {
    integer(Pred::kPageCount, rng.between(48, 1'200), rng);
    if (rng.below(100) < 90) {
      ShortText isbn;
      isbn.append("978-");
      isbn.appendInt(rng.between(0, 9));
      isbn.append('-');
      isbn.appendPadded(rng.below(100'000), 5);
      isbn.append('-');
      isbn.appendPadded(rng.below(1'000), 3);
      isbn.append('-');
      isbn.appendInt(rng.between(0, 9));
      out_.string(Pred::kIsbn, isbn.view());
    }
  } else if (kind == "Film") {
    integer(Pred::kRuntimeMinutes, rng.between(70, 200), rng);
  }
  const std::string_view genre = pickFrom(rng, words::kGenres);
  if (rng.below(100) < 80) out_.string(Pred::kGenre, genre);
  if (rng.below(100) < 10) {
    const uint64_t place = rng.below(2) == 0 ? countries_.pick(rng) : cityNumber(cities_.pick(rng));
    out_.resource(Pred::kAbout, Entity::kPlace, place);
  }
  if (rng.below(100) < 40) {
    text_.assign("A ").append(genre).append(" ");
    text_ += kind == "Book" ? "book" : (kind == "Film" ? "film" : "article");
    text_.append(" first published in ")
        .append(std::to_string(civilFromDays(published).year))
        .append(".");
    out_.langString(Pred::kDescription, text_, "en");
  }
  // Several authors: their order as an RDF list, _:al<8n+1> -> _:al<8n+2> -> ... -> rdf:nil.
  if (targets_.size() > 1) {
    const uint64_t base = 8 * n;
    out_.blank(Pred::kAuthorList, "al", base + 1);
    for (size_t i = 0; i < targets_.size(); ++i) {
      out_.setSubjectBlank("al", base + 1 + i);
      out_.resource(Pred::kRdfFirst, Entity::kPerson, targets_[i] * EntityPlan::kAuthorStride);
      if (i + 1 == targets_.size()) {
        out_.iri(Pred::kRdfRest, kRdfNil);
      } else {
        out_.blank(Pred::kRdfRest, "al", base + 2 + i);
      }
    }
  }
}

inline void GraphGenerator::writeProduct(uint64_t n) {
  Rng rng = entityStream(Entity::kProduct, n);
  beginEntity(Entity::kProduct, n);
  name_.assign(pickFrom(rng, words::kProductAdjectives));
  name_.append(" ").append(pickFrom(rng, words::kProductNouns)).append(" ");
  name_ += static_cast<char>('A' + rng.below(26));
  name_ += std::to_string(rng.between(100, 9'999));
  out_.string(Pred::kName, name_);
  ShortText sku;
  sku.append("SKU-");
  sku.appendPadded(n, 8);
  out_.string(Pred::kSku, sku.view());
  // Prices end in .99, .00, .50, .95 or .49; 80% under 100 euro.
  static constexpr std::array<int64_t, 5> kCents = {99, 0, 50, 95, 49};
  const int64_t euros = rng.below(100) < 80 ? rng.between(1, 99) : rng.between(100, 2'999);
  decimal(Pred::kPrice, euros * 100 + pickFrom(rng, kCents), 2, rng);
  if (rng.below(100) < 90) boolean(Pred::kInStock, rng.below(100) < 85, rng);
  if (rng.below(100) < 95) {
    out_.resource(Pred::kManufacturer, Entity::kOrganization, organizations_.pick(rng));
  }
  if (rng.below(100) < 80) date(Pred::kReleaseDate, dayIn(rng, 2000, 2025));
  out_.string(Pred::kCategory, pickFrom(rng, words::kCategories));
  if (rng.below(100) < 60) doubleValue(Pred::kWeight, rng.between(50, 30'000), -3, rng);
  if (rng.below(100) < 70) {
    text_.assign("The ").append(name_).append(".");
    if (rng.below(100) < 25) {
      appendSentencesUntil(rng, words::kEnglishSentences, 200, text_);  // a long text
    } else {
      appendSentences(rng, words::kEnglishSentences, static_cast<int>(rng.between(1, 3)), text_);
    }
    out_.langString(Pred::kDescription, text_, "en");
  }
  static constexpr std::array<std::pair<Lang, uint32_t>, 3> kTranslations = {
      {{Lang::kDe, 15}, {Lang::kFr, 10}, {Lang::kJa, 5}}};
  for (const auto& [lang, percent] : kTranslations) {
    if (rng.below(100) < percent) {
      text_.clear();
      appendSentences(rng, sentencesFor(lang), static_cast<int>(rng.between(1, 2)), text_);
      out_.langString(Pred::kDescription, text_, langTag(lang));
    }
  }
}

inline void GraphGenerator::writeEvent(uint64_t n) {
  Rng rng = entityStream(Entity::kEvent, n);
  beginEntity(Entity::kEvent, n);
  const std::string_view topic = pickFrom(rng, words::kEventTopics);
  const std::string_view kind = pickFrom(rng, words::kEventKinds);
  const int64_t year = rng.between(2018, 2026);
  name_.assign(topic).append(" ").append(kind).append(" ").append(std::to_string(year));
  out_.string(Pred::kName, name_);
  const int64_t startDay = dayIn(rng, year, year + 1);
  const uint32_t startSecond = secondOfDay(rng);
  dateTime(Pred::kStartDate, startDay, startSecond, rng);
  if (rng.below(100) < 60) {
    const int64_t end = startSecond + 3'600 * rng.between(1, 72);
    dateTime(Pred::kEndDate, startDay + end / 86'400, static_cast<uint32_t>(end % 86'400), rng);
  }
  if (rng.below(100) < 90) {
    out_.resource(Pred::kLocation, Entity::kPlace, cityNumber(cities_.pick(rng)));
  }
  if (rng.below(100) < 80) {
    out_.resource(Pred::kOrganizer, Entity::kOrganization, organizations_.pick(rng));
  }
  drawDistinct(attendees_, 1 + attendeeDegree_.sample(rng), 0, rng, targets_);
  for (uint64_t t : targets_) out_.resource(Pred::kAttendee, Entity::kPerson, t);
  if (rng.below(100) < 70) {
    integer(Pred::kCapacity,
            std::max<int64_t>(static_cast<int64_t>(targets_.size()), rng.between(20, 5'000)), rng);
  }
  boolean(Pred::kIsOnline, rng.below(100) < 25, rng);
  if (rng.below(100) < 50) {
    const Lang lang = drawLang(rng, 70);
    switch (lang) {
      case Lang::kEn:
        text_.assign("A ").append(kind).append(" about ").append(topic).append(".");
        break;
      case Lang::kDe:
        text_.assign("Eine Veranstaltung über ").append(topic).append(".");
        break;
      case Lang::kFr:
        text_.assign("Un événement consacré à ").append(topic).append(".");
        break;
      case Lang::kJa:
        text_.assign(topic).append("に関するイベントです。");
        break;
    }
    out_.langString(Pred::kDescription, text_, langTag(lang));
  }
}

inline void GraphGenerator::writeReview(uint64_t n) {
  Rng rng = entityStream(Entity::kReview, n);
  beginEntity(Entity::kReview, n);
  if (rng.below(100) < 40) out_.ontologyIri(Pred::kRdfType, "VerifiedReview");
  out_.resource(Pred::kReviewOf, Entity::kProduct, products_.pick(rng));
  out_.resource(Pred::kAuthor, Entity::kPerson, reviewers_.pick(rng));
  if (rng.below(100) < 97) {
    doubleValue(Pred::kRating, 10 + 5 * static_cast<int64_t>(ratingTenths_.sample(rng)), -1, rng);
  } else {
    doubleValue(Pred::kRating, rng.between(100, 500), -2, rng);  // e.g. 4.25
  }
  if (rng.below(100) < 95) {
    const int64_t day = dayIn(rng, 2015, 2025);
    dateTime(Pred::kDatePublished, day, secondOfDay(rng), rng);
  }
  if (rng.below(100) < 10) out_.string(Pred::kName, pickFrom(rng, words::kHeadlines));
  if (rng.below(100) < 35) {
    // 75% plain strings, 10% @en, 6% @de, 5% @fr, 4% @ja; a fifth of them long (>= 200 bytes).
    const uint64_t langRoll = rng.below(100);
    const bool tagged = langRoll >= 75;
    const Lang lang = langRoll < 85
                          ? Lang::kEn
                          : (langRoll < 91 ? Lang::kDe : (langRoll < 96 ? Lang::kFr : Lang::kJa));
    text_.clear();
    if (rng.below(100) < 20) {
      appendSentencesUntil(rng, sentencesFor(lang), 200, text_);
    } else {
      appendSentences(rng, sentencesFor(lang), static_cast<int>(rng.between(1, 3)), text_);
    }
    if (tagged) {
      out_.langString(Pred::kReviewBody, text_, langTag(lang));
    } else {
      out_.string(Pred::kReviewBody, text_);
    }
  }
  if (rng.below(100) < 25) {
    integer(Pred::kHelpfulCount, static_cast<int64_t>(smallCount_.sample(rng)), rng);
  }
}

}  // namespace cairn::bench::datagen
