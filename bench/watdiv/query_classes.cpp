#include "bench/watdiv/query_classes.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <unordered_set>

namespace cairn::bench::watdiv {
namespace {

using datagen::Rng;
using datagen::streamSeed;

// Tries per template before giving up; a try regenerates a few entities (microseconds).
constexpr uint64_t kMaxAttempts = 2'000'000;

std::string ref(Kind kind, uint64_t n) {
  return "wsdbm:" + std::string(kindName(kind)) + std::to_string(n);
}

std::string prologue() {
  std::string out;
  for (const Namespace& ns : kNamespaces) {
    out += "PREFIX " + std::string(ns.prefix) + ": <" + std::string(ns.iri) + ">\n";
  }
  return out;
}

// What a template is: its class and name, the shape in words, and how to instantiate it once.
// `attempt` returns the query body (after the prologue) or nullopt when the drawn witness did
// not match.
struct Template {
  std::string cls;
  std::string name;
  std::string shape;
  std::function<std::optional<std::string>()> attempt;
  // True when one attempt already searches the whole graph: it is not retried.
  bool exhaustive = false;
};

class Instantiator {
 public:
  Instantiator(const WatDivGraph& graph, const GenerateResult& written, uint64_t querySeed)
      : graph_(graph), plan_(graph.plan()), rng_(streamSeed(querySeed, 0x0E7, graph.seed())) {
    // Reverse indexes over the small kinds: which products have reviews and offers, and which
    // users act in a movie that has a language (for C1).
    reviewed_.assign(plan_.products, 0);
    for (uint64_t r = 0; r < written.completeReviews; ++r) {
      graph_.review(r, a_);
      reviewed_[a_.statements().front().subject.number] = 1;
    }
    offersOf_.resize(plan_.products);
    for (uint64_t o = 0; o < plan_.offers; ++o) {
      graph_.offer(o, a_);
      offersOf_[a_.objects({Kind::kOffer, o}, Pred::kIncludes).front()].push_back(o);
    }
    for (uint64_t p = 0; p < plan_.products; ++p) {
      graph_.product(p, a_);
      const Node node{Kind::kProduct, p};
      if (!a_.has(node, Pred::kLanguage)) continue;
      for (uint64_t actor : a_.objects(node, Pred::kActor)) actorsWithLanguage_.insert(actor);
    }
    completeReviews_ = written.completeReviews;
  }

  std::vector<Template> templates();

 private:
  uint64_t one(const std::vector<uint64_t>& items) { return items[rng_.below(items.size())]; }
  Node user(uint64_t n, Block& b) {
    graph_.user(n, b);
    return {Kind::kUser, n};
  }
  Node product(uint64_t n, Block& b) {
    graph_.product(n, b);
    return {Kind::kProduct, n};
  }
  uint64_t randomUser() { return rng_.below(plan_.users); }

  const WatDivGraph& graph_;
  const Plan& plan_;
  Rng rng_;
  Block a_, b_, c_;
  std::vector<uint8_t> reviewed_;
  std::vector<std::vector<uint64_t>> offersOf_;
  std::unordered_set<uint64_t> actorsWithLanguage_;
  uint64_t completeReviews_ = 0;
};

std::vector<Template> Instantiator::templates() {
  std::vector<Template> t;
  // --- linear: a chain from one constant ------------------------------------------------------
  t.push_back({"linear", "L1", "chain of 3: website <-subscribes- user -likes-> product -caption->",
               [this]() -> std::optional<std::string> {
                 const Node u = user(randomUser(), a_);
                 const auto sites = a_.objects(u, Pred::kSubscribes);
                 const auto liked = a_.objects(u, Pred::kLikes);
                 if (sites.empty() || liked.empty()) return std::nullopt;
                 const Node p = product(one(liked), b_);
                 if (!b_.has(p, Pred::kCaption)) return std::nullopt;
                 return "SELECT ?v0 ?v2 ?v3 WHERE {\n  ?v0 wsdbm:subscribes " +
                        ref(Kind::kWebsite, one(sites)) +
                        " .\n  ?v0 wsdbm:likes ?v2 .\n  ?v2 sorg:caption ?v3 .\n}\n";
               }});
  t.push_back(
      {"linear", "L2",
       "chain of 3: city <-Location- user -friendOf-> user -userId->; a city from the "
       "smaller half (selective)",
       [this]() -> std::optional<std::string> {
         const Node u = user(randomUser(), a_);
         const auto city = a_.objects(u, Pred::kLocation);
         // Witnesses come in proportion to a city's users; keep to the smaller half.
         if (city.empty() || city.front() < plan_.cities / 2 || !a_.has(u, Pred::kFriendOf)) {
           return std::nullopt;
         }
         return "SELECT ?v0 ?v1 ?v2 WHERE {\n  ?v0 dc:Location " + ref(Kind::kCity, city.front()) +
                " .\n  ?v0 wsdbm:friendOf ?v1 .\n  ?v1 wsdbm:userId ?v2 .\n}\n";
       }});
  t.push_back({"linear", "L2-hub",
               "L2 with one of the three biggest cities: unselective (tens of thousands of rows "
               "at 10M)",
               [this]() -> std::optional<std::string> {
                 const uint64_t hub = rng_.below(std::min<uint64_t>(3, plan_.cities));
                 for (uint64_t n = 0; n < plan_.users; ++n) {
                   const Node u = user(n, a_);
                   const auto city = a_.objects(u, Pred::kLocation);
                   if (city.empty() || city.front() != hub || !a_.has(u, Pred::kFriendOf)) {
                     continue;
                   }
                   return "SELECT ?v0 ?v1 ?v2 WHERE {\n  ?v0 dc:Location " + ref(Kind::kCity, hub) +
                          " .\n  ?v0 wsdbm:friendOf ?v1 .\n  ?v1 wsdbm:userId ?v2 .\n}\n";
                 }
                 return std::nullopt;
               },
               true});
  t.push_back({"linear", "L3", "2 patterns: users who like something and subscribe to a website",
               [this]() -> std::optional<std::string> {
                 const Node u = user(randomUser(), a_);
                 const auto sites = a_.objects(u, Pred::kSubscribes);
                 if (sites.empty() || !a_.has(u, Pred::kLikes)) return std::nullopt;
                 return "SELECT ?v0 ?v1 WHERE {\n  ?v0 wsdbm:likes ?v1 .\n  ?v0 wsdbm:subscribes " +
                        ref(Kind::kWebsite, one(sites)) + " .\n}\n";
               }});
  t.push_back({"linear", "L3-hub", "L3 with one of the three most subscribed websites",
               [this]() -> std::optional<std::string> {
                 const uint64_t hub = rng_.below(std::min<uint64_t>(3, plan_.websites));
                 for (uint64_t n = 0; n < plan_.users; ++n) {
                   const Node u = user(n, a_);
                   const auto sites = a_.objects(u, Pred::kSubscribes);
                   if (!a_.has(u, Pred::kLikes) ||
                       std::find(sites.begin(), sites.end(), hub) == sites.end()) {
                     continue;
                   }
                   return "SELECT ?v0 ?v1 WHERE {\n  ?v0 wsdbm:likes ?v1 .\n  ?v0 "
                          "wsdbm:subscribes " +
                          ref(Kind::kWebsite, hub) + " .\n}\n";
                 }
                 return std::nullopt;
               },
               true});
  t.push_back({"linear", "L4", "2 patterns: products tagged with a topic, and their captions",
               [this]() -> std::optional<std::string> {
                 const Node p = product(rng_.below(plan_.products), a_);
                 const auto tags = a_.objects(p, Pred::kTag);
                 if (tags.empty() || !a_.has(p, Pred::kCaption)) return std::nullopt;
                 return "SELECT ?v0 ?v2 WHERE {\n  ?v0 og:tag " + ref(Kind::kTopic, one(tags)) +
                        " .\n  ?v0 sorg:caption ?v2 .\n}\n";
               }});
  t.push_back({"linear", "L5", "chain of 4 from a user: friendOf -> likes -> hasReview -> reviewer",
               [this]() -> std::optional<std::string> {
                 const Node u = user(randomUser(), a_);
                 const auto friends = a_.objects(u, Pred::kFriendOf);
                 for (size_t i = 0; i < friends.size() && i < 64; ++i) {
                   const Node f = user(friends[i], b_);
                   for (uint64_t p : b_.objects(f, Pred::kLikes)) {
                     if (!reviewed_[p]) continue;
                     return "SELECT ?v1 ?v2 ?v3 ?v4 WHERE {\n  " + ref(Kind::kUser, u.number) +
                            " wsdbm:friendOf ?v1 .\n  ?v1 wsdbm:likes ?v2 .\n  ?v2 rev:hasReview "
                            "?v3 .\n  ?v3 rev:reviewer ?v4 .\n}\n";
                   }
                 }
                 return std::nullopt;
               }});

  // --- star: patterns on one subject -----------------------------------------------------------
  t.push_back({"star", "S1", "star of 9 on an offer, the retailer constant",
               [this]() -> std::optional<std::string> {
                 graph_.offer(rng_.below(plan_.offers), a_);
                 const Node o = a_.subject();
                 for (Pred p : {Pred::kValidFrom, Pred::kValidThrough, Pred::kEligibleQuantity,
                                Pred::kEligibleRegion}) {
                   if (!a_.has(o, p)) return std::nullopt;
                 }
                 const uint64_t retailer = a_.statements().front().subject.number;
                 return "SELECT ?v0 ?v1 ?v3 ?v4 ?v5 ?v6 ?v7 ?v8 ?v9 WHERE {\n  ?v0 gr:includes "
                        "?v1 .\n  " +
                        ref(Kind::kRetailer, retailer) +
                        " gr:offers ?v0 .\n  ?v0 gr:price ?v3 .\n  ?v0 gr:serialNumber ?v4 .\n"
                        "  ?v0 gr:validFrom ?v5 .\n  ?v0 gr:validThrough ?v6 .\n"
                        "  ?v0 gr:eligibleQuantity ?v7 .\n  ?v0 gr:eligibleRegion ?v8 .\n"
                        "  ?v0 rdf:type ?v9 .\n}\n";
               }});
  t.push_back({"star", "S2", "star of 4 on a user, nationality and type constant",
               [this]() -> std::optional<std::string> {
                 const Node u = user(randomUser(), a_);
                 const auto country = a_.objects(u, Pred::kNationality);
                 if (country.empty() || !a_.has(u, Pred::kLocation) || !a_.has(u, Pred::kGender)) {
                   return std::nullopt;
                 }
                 return "SELECT ?v0 ?v1 ?v3 WHERE {\n  ?v0 dc:Location ?v1 .\n  ?v0 "
                        "sorg:nationality " +
                        ref(Kind::kCountry, country.front()) +
                        " .\n  ?v0 wsdbm:gender ?v3 .\n  ?v0 rdf:type wsdbm:User .\n}\n";
               }});
  t.push_back({"star", "S3", "star of 4 on a product, the category constant",
               [this]() -> std::optional<std::string> {
                 const Node p = product(rng_.below(plan_.products), a_);
                 for (Pred pr : {Pred::kCaption, Pred::kHasGenre, Pred::kPublisher}) {
                   if (!a_.has(p, pr)) return std::nullopt;
                 }
                 return "SELECT ?v0 ?v2 ?v3 ?v4 WHERE {\n  ?v0 rdf:type " +
                        ref(Kind::kProductCategory, graph_.productCategory(p.number)) +
                        " .\n  ?v0 sorg:caption ?v2 .\n  ?v0 wsdbm:hasGenre ?v3 .\n"
                        "  ?v0 sorg:publisher ?v4 .\n}\n";
               }});
  t.push_back({"star", "S4", "star of 4 on an artist: age and nationality constant",
               [this]() -> std::optional<std::string> {
                 const Node p = product(rng_.below(plan_.products), a_);
                 const auto artists = a_.objects(p, Pred::kMoArtist);
                 if (artists.empty()) return std::nullopt;
                 const Node u = user(one(artists), b_);
                 const auto country = b_.objects(u, Pred::kNationality);
                 const std::string_view age = b_.literalOf(u, Pred::kAge);
                 if (country.empty() || age.empty() || !b_.has(u, Pred::kFamilyName)) {
                   return std::nullopt;
                 }
                 return "SELECT ?v0 ?v2 ?v3 WHERE {\n  ?v0 foaf:age \"" + std::string(age) +
                        "\" .\n  ?v0 foaf:familyName ?v2 .\n  ?v3 mo:artist ?v0 .\n"
                        "  ?v0 sorg:nationality " +
                        ref(Kind::kCountry, country.front()) + " .\n}\n";
               }});
  t.push_back({"star", "S5", "star of 4 on a product: category and language constant",
               [this]() -> std::optional<std::string> {
                 const Node p = product(rng_.below(plan_.products), a_);
                 const auto language = a_.objects(p, Pred::kLanguage);
                 if (language.empty() || !a_.has(p, Pred::kDescription) ||
                     !a_.has(p, Pred::kKeywords)) {
                   return std::nullopt;
                 }
                 return "SELECT ?v0 ?v2 ?v3 WHERE {\n  ?v0 rdf:type " +
                        ref(Kind::kProductCategory, graph_.productCategory(p.number)) +
                        " .\n  ?v0 sorg:description ?v2 .\n  ?v0 sorg:keywords ?v3 .\n"
                        "  ?v0 sorg:language " +
                        ref(Kind::kLanguage, language.front()) + " .\n}\n";
               }});
  t.push_back({"star", "S6", "star of 3 on a music product, the sub-genre constant",
               [this]() -> std::optional<std::string> {
                 const Node p = product(rng_.below(plan_.products), a_);
                 const auto genres = a_.objects(p, Pred::kHasGenre);
                 if (genres.empty() || !a_.has(p, Pred::kMoConductor)) return std::nullopt;
                 return "SELECT ?v0 ?v1 ?v2 WHERE {\n  ?v0 mo:conductor ?v1 .\n  ?v0 rdf:type "
                        "?v2 .\n  ?v0 wsdbm:hasGenre " +
                        ref(Kind::kSubGenre, one(genres)) + " .\n}\n";
               }});
  t.push_back({"star", "S7", "star of 3 on the products a given user likes",
               [this]() -> std::optional<std::string> {
                 const Node u = user(randomUser(), a_);
                 for (uint64_t liked : a_.objects(u, Pred::kLikes)) {
                   const Node p = product(liked, b_);
                   if (!b_.has(p, Pred::kText)) continue;
                   return "SELECT ?v0 ?v1 ?v2 WHERE {\n  ?v0 rdf:type ?v1 .\n  ?v0 sorg:text "
                          "?v2 .\n  " +
                          ref(Kind::kUser, u.number) + " wsdbm:likes ?v0 .\n}\n";
                 }
                 return std::nullopt;
               }});

  // --- snowflake: a star whose objects have stars -----------------------------------------------
  t.push_back({"snowflake", "F1",
               "sub-genre star (topic constant) joined to the star of its products",
               [this]() -> std::optional<std::string> {
                 const Node p = product(rng_.below(plan_.products), a_);
                 const auto genres = a_.objects(p, Pred::kHasGenre);
                 if (genres.empty() || !a_.has(p, Pred::kOgTitle)) return std::nullopt;
                 graph_.subGenre(one(genres), b_);
                 const auto topics = b_.objects(b_.subject(), Pred::kTag);
                 return "SELECT ?v0 ?v1 ?v3 ?v4 ?v5 WHERE {\n  ?v0 og:tag " +
                        ref(Kind::kTopic, one(topics)) +
                        " .\n  ?v0 sorg:name ?v1 .\n  ?v3 wsdbm:hasGenre ?v0 .\n"
                        "  ?v3 og:title ?v4 .\n  ?v3 rdf:type ?v5 .\n}\n";
               }});
  t.push_back({"snowflake", "F2", "product star (sub-genre constant) joined to its homepage's star",
               [this]() -> std::optional<std::string> {
                 const Node p = product(rng_.below(plan_.products), a_);
                 const auto genres = a_.objects(p, Pred::kHasGenre);
                 if (genres.empty() || !a_.has(p, Pred::kHomepage) || !a_.has(p, Pred::kOgTitle) ||
                     !a_.has(p, Pred::kCaption)) {
                   return std::nullopt;
                 }
                 return "SELECT ?v0 ?v1 ?v2 ?v3 ?v4 ?v5 ?v6 WHERE {\n  ?v0 foaf:homepage ?v1 "
                        ".\n  ?v0 og:title ?v2 .\n  ?v0 rdf:type ?v3 .\n  ?v0 sorg:caption ?v4 "
                        ".\n  ?v1 sorg:url ?v5 .\n  ?v1 wsdbm:hits ?v6 .\n  ?v0 wsdbm:hasGenre " +
                        ref(Kind::kSubGenre, one(genres)) + " .\n}\n";
               }});
  t.push_back({"snowflake", "F3",
               "product star (sub-genre constant) joined to its purchases and their buyers",
               [this]() -> std::optional<std::string> {
                 const Node u = user(randomUser(), a_);
                 for (uint64_t purchase : a_.objects(u, Pred::kMakesPurchase)) {
                   const auto bought = a_.objects({Kind::kPurchase, purchase}, Pred::kPurchaseFor);
                   const Node p = product(bought.front(), b_);
                   const auto genres = b_.objects(p, Pred::kHasGenre);
                   if (genres.empty() || !b_.has(p, Pred::kContentRating) ||
                       !b_.has(p, Pred::kContentSize)) {
                     continue;
                   }
                   return "SELECT ?v0 ?v1 ?v2 ?v4 ?v5 ?v6 WHERE {\n  ?v0 sorg:contentRating "
                          "?v1 .\n  ?v0 sorg:contentSize ?v2 .\n  ?v0 wsdbm:hasGenre " +
                          ref(Kind::kSubGenre, one(genres)) +
                          " .\n  ?v4 wsdbm:makesPurchase ?v5 .\n  ?v5 wsdbm:purchaseDate ?v6 .\n"
                          "  ?v5 wsdbm:purchaseFor ?v0 .\n}\n";
                 }
                 return std::nullopt;
               }});
  t.push_back({"snowflake", "F4",
               "product star (topic constant) joined to its offers and its homepage's star",
               [this]() -> std::optional<std::string> {
                 graph_.offer(rng_.below(plan_.offers), a_);
                 const auto included = a_.objects(a_.subject(), Pred::kIncludes);
                 const Node p = product(included.front(), b_);
                 const auto tags = b_.objects(p, Pred::kTag);
                 const auto home = b_.objects(p, Pred::kHomepage);
                 if (tags.empty() || home.empty() || !b_.has(p, Pred::kDescription)) {
                   return std::nullopt;
                 }
                 graph_.website(home.front(), c_);
                 if (!c_.has(c_.subject(), Pred::kLanguage)) return std::nullopt;
                 return "SELECT ?v0 ?v1 ?v2 ?v3 ?v4 ?v5 ?v6 ?v7 WHERE {\n  ?v0 foaf:homepage "
                        "?v1 .\n  ?v2 gr:includes ?v0 .\n  ?v0 og:tag " +
                        ref(Kind::kTopic, one(tags)) +
                        " .\n  ?v0 sorg:description ?v3 .\n  ?v1 sorg:url ?v4 .\n"
                        "  ?v1 wsdbm:hits ?v5 .\n  ?v1 sorg:language ?v6 .\n"
                        "  ?v2 gr:price ?v7 .\n}\n";
               }});
  t.push_back({"snowflake", "F5", "offer star (retailer constant) joined to its product's star",
               [this]() -> std::optional<std::string> {
                 graph_.offer(rng_.below(plan_.offers), a_);
                 if (!a_.has(a_.subject(), Pred::kValidThrough)) return std::nullopt;
                 const uint64_t retailer = a_.statements().front().subject.number;
                 const auto included = a_.objects(a_.subject(), Pred::kIncludes);
                 const Node p = product(included.front(), b_);
                 if (!b_.has(p, Pred::kOgTitle)) return std::nullopt;
                 return "SELECT ?v0 ?v1 ?v3 ?v4 ?v5 ?v6 WHERE {\n  ?v0 gr:includes ?v1 .\n  " +
                        ref(Kind::kRetailer, retailer) +
                        " gr:offers ?v0 .\n  ?v0 gr:price ?v3 .\n  ?v0 gr:validThrough ?v4 .\n"
                        "  ?v1 og:title ?v5 .\n  ?v1 rdf:type ?v6 .\n}\n";
               }});

  // --- complex: stars and chains, few or no constants -------------------------------------------
  t.push_back({"complex", "C1",
               "unselective, no constant: product star -> review star -> reviewer <- actor of a "
               "movie with a language (8 patterns)",
               [this]() -> std::optional<std::string> {
                 if (completeReviews_ == 0) return std::nullopt;
                 graph_.review(rng_.below(completeReviews_), a_);
                 const Node r = a_.subject();
                 const uint64_t reviewer = a_.objects(r, Pred::kReviewer).front();
                 if (!a_.has(r, Pred::kRevTitle) || !actorsWithLanguage_.contains(reviewer)) {
                   return std::nullopt;
                 }
                 const Node p = product(a_.statements().front().subject.number, b_);
                 for (Pred pr : {Pred::kCaption, Pred::kText, Pred::kContentRating}) {
                   if (!b_.has(p, pr)) return std::nullopt;
                 }
                 return std::string(
                     "SELECT ?v0 ?v1 ?v2 ?v3 ?v4 ?v5 ?v6 ?v7 ?v8 WHERE {\n"
                     "  ?v0 sorg:caption ?v1 .\n  ?v0 sorg:text ?v2 .\n"
                     "  ?v0 sorg:contentRating ?v3 .\n  ?v0 rev:hasReview ?v4 .\n"
                     "  ?v4 rev:title ?v5 .\n  ?v4 rev:reviewer ?v6 .\n  ?v7 sorg:actor ?v6 .\n"
                     "  ?v7 sorg:language ?v8 .\n}\n");
               }});
  t.push_back(
      {"complex", "C2",
       "selective, one constant (a country): retailer -> offer -> product <- purchase "
       "<- buyer star (10 patterns)",
       [this]() -> std::optional<std::string> {
         const Node u = user(randomUser(), a_);
         if (!a_.has(u, Pred::kJobTitle) || !a_.has(u, Pred::kHomepage)) {
           return std::nullopt;
         }
         for (uint64_t purchase : a_.objects(u, Pred::kMakesPurchase)) {
           const uint64_t p = a_.objects({Kind::kPurchase, purchase}, Pred::kPurchaseFor).front();
           for (uint64_t o : offersOf_[p]) {
             graph_.offer(o, b_);
             const auto regions = b_.objects(b_.subject(), Pred::kEligibleRegion);
             if (regions.empty()) continue;
             return "SELECT ?v0 ?v1 ?v2 ?v3 ?v4 ?v5 ?v6 ?v7 ?v8 ?v9 WHERE {\n"
                    "  ?v0 sorg:legalName ?v1 .\n  ?v0 gr:offers ?v2 .\n"
                    "  ?v2 gr:eligibleRegion " +
                    ref(Kind::kCountry, one(regions)) +
                    " .\n  ?v2 gr:includes ?v3 .\n  ?v4 sorg:jobTitle ?v5 .\n"
                    "  ?v4 foaf:homepage ?v6 .\n  ?v4 wsdbm:makesPurchase ?v7 .\n"
                    "  ?v7 wsdbm:purchaseFor ?v3 .\n  ?v3 rdf:type ?v8 .\n"
                    "  ?v0 dc:Location ?v9 .\n}\n";
           }
         }
         return std::nullopt;
       }});
  t.push_back({"complex", "C3",
               "unselective, no constant: a 6-pattern user star with two multi-valued links "
               "(likes, friendOf)",
               [this]() -> std::optional<std::string> {
                 const Node u = user(randomUser(), a_);
                 for (Pred p : {Pred::kLikes, Pred::kFriendOf, Pred::kLocation, Pred::kAge,
                                Pred::kGender, Pred::kGivenName}) {
                   if (!a_.has(u, p)) return std::nullopt;
                 }
                 return std::string(
                     "SELECT ?v0 ?v1 ?v2 ?v3 ?v4 ?v5 ?v6 WHERE {\n  ?v0 wsdbm:likes ?v1 .\n"
                     "  ?v0 wsdbm:friendOf ?v2 .\n  ?v0 dc:Location ?v3 .\n  ?v0 foaf:age ?v4 "
                     ".\n  ?v0 wsdbm:gender ?v5 .\n  ?v0 foaf:givenName ?v6 .\n}\n");
               }});
  return t;
}

// Queries without constants: issue 30's aggregate, ORDER BY and export shapes.
std::vector<Template> fixedTemplates() {
  auto fixed = [](std::string cls, std::string name, std::string shape, std::string body) {
    return Template{std::move(cls), std::move(name), std::move(shape),
                    [body]() -> std::optional<std::string> { return body; }};
  };
  return {
      fixed("agg", "count-optional", "COUNT(*) over every user with an OPTIONAL e-mail",
            "SELECT (COUNT(*) AS ?n) WHERE {\n  ?u wsdbm:userId ?id .\n"
            "  OPTIONAL { ?u sorg:email ?e }\n}\n"),
      fixed("agg", "count-optional-var",
            "COUNT(?e) over every user with an OPTIONAL e-mail (counts the bound ones)",
            "SELECT (COUNT(?e) AS ?n) WHERE {\n  ?u wsdbm:userId ?id .\n"
            "  OPTIONAL { ?u sorg:email ?e }\n}\n"),
      fixed("agg", "count-distinct-friend", "COUNT(DISTINCT) of the largest predicate's objects",
            "SELECT (COUNT(DISTINCT ?o) AS ?n) WHERE {\n  ?s wsdbm:friendOf ?o .\n}\n"),
      fixed("agg", "count-distinct-subjects", "COUNT(DISTINCT) of the largest predicate's subjects",
            "SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE {\n  ?s wsdbm:friendOf ?o .\n}\n"),
      fixed("agg", "count-2hop", "COUNT(*) of a two-hop join friendOf/likes",
            "SELECT (COUNT(*) AS ?n) WHERE {\n  ?a wsdbm:friendOf ?b .\n"
            "  ?b wsdbm:likes ?p .\n}\n"),
      fixed("agg", "count-star3", "COUNT(*) of a 3-pattern user star",
            "SELECT (COUNT(*) AS ?n) WHERE {\n  ?u wsdbm:userId ?id .\n  ?u foaf:age ?age .\n"
            "  ?u wsdbm:gender ?g .\n}\n"),
      fixed("agg", "group-count-gender", "GROUP BY a two-valued attribute",
            "SELECT ?g (COUNT(*) AS ?n) WHERE {\n  ?u wsdbm:gender ?g .\n}\nGROUP BY ?g\n"),
      fixed("agg", "group-count-genre", "GROUP BY the 145 sub-genres of products",
            "SELECT ?g (COUNT(*) AS ?n) WHERE {\n  ?p wsdbm:hasGenre ?g .\n}\nGROUP BY ?g\n"),
      fixed("order", "userid-asc", "top 10 of a string on every user (ORDER BY + LIMIT)",
            "SELECT ?s ?o WHERE {\n  ?s wsdbm:userId ?o .\n}\nORDER BY ?o ?s\nLIMIT 10\n"),
      fixed("order", "userid-desc", "top 10 descending of a string on every user",
            "SELECT ?s ?o WHERE {\n  ?s wsdbm:userId ?o .\n}\nORDER BY DESC(?o) ?s\nLIMIT 10\n"),
      fixed("order", "givenname-asc", "top 10 of a string on a fifth of the users",
            "SELECT ?s ?o WHERE {\n  ?s foaf:givenName ?o .\n}\nORDER BY ?o ?s\nLIMIT 10\n"),
      fixed("order", "givenname-desc", "top 10 descending of a string on a fifth of the users",
            "SELECT ?s ?o WHERE {\n  ?s foaf:givenName ?o .\n}\n"
            "ORDER BY DESC(?o) DESC(?s)\nLIMIT 10\n"),
      fixed("export", "likes-100k", "a 100,000-row result export of one predicate",
            "SELECT ?s ?o WHERE {\n  ?s wsdbm:likes ?o .\n}\nLIMIT 100000\n"),
  };
}

}  // namespace

std::vector<QueryFile> instantiateQueries(const WatDivGraph& graph, const GenerateResult& written,
                                          uint64_t triples, uint64_t querySeed,
                                          std::vector<std::string>& missing) {
  Instantiator instantiator(graph, written, querySeed);
  std::vector<Template> all = instantiator.templates();
  for (Template& t : fixedTemplates()) all.push_back(std::move(t));

  const std::string origin = "# generated by: watdiv_gen --triples " + std::to_string(triples) +
                             " --seed " + std::to_string(graph.seed()) + " --query-seed " +
                             std::to_string(querySeed) + "\n";
  std::vector<QueryFile> out;
  for (const Template& t : all) {
    std::optional<std::string> body;
    const uint64_t attempts = t.exhaustive ? 1 : kMaxAttempts;
    for (uint64_t i = 0; i < attempts && !body; ++i) body = t.attempt();
    const std::string name = t.cls + "-" + t.name;
    if (!body) {
      missing.push_back(name);
      continue;
    }
    out.push_back(
        {name, "# class: " + t.cls + "\n# shape: " + t.shape + "\n" + origin + prologue() + *body});
  }
  return out;
}

bool writeQueries(const std::vector<QueryFile>& queries, const std::string& directory,
                  std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(directory, ec);
  if (ec) {
    error = "cannot create " + directory + ": " + ec.message();
    return false;
  }
  for (const QueryFile& q : queries) {
    const std::string path = directory + "/" + q.name + ".rq";
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) {
      error = "cannot open " + path + ": " + std::strerror(errno);
      return false;
    }
    const bool ok = std::fwrite(q.text.data(), 1, q.text.size(), f) == q.text.size();
    if (std::fclose(f) != 0 || !ok) {
      error = "cannot write " + path;
      return false;
    }
  }
  return true;
}

}  // namespace cairn::bench::watdiv
