#pragma once
// The vocabulary of the WatDiv-style data set (docs/watdiv.md): the namespaces, the 86
// predicates and the kinds of entity, with the IRIs they are written as. WatDiv's own names are
// followed where they exist (wsdbm:friendOf, sorg:caption, rev:reviewer, gr:includes, ...); the
// predicate list, entity counts and value distributions are this generator's own.

#include <array>
#include <cstdint>
#include <string_view>

namespace cairn::bench::watdiv {

inline constexpr std::string_view kWsdbm = "http://db.uwaterloo.ca/~galuc/wsdbm/";
inline constexpr std::string_view kSorg = "http://schema.org/";
inline constexpr std::string_view kRev = "http://purl.org/stuff/rev#";
inline constexpr std::string_view kOg = "http://ogp.me/ns#";
inline constexpr std::string_view kGr = "http://purl.org/goodrelations/";
inline constexpr std::string_view kFoaf = "http://xmlns.com/foaf/";
inline constexpr std::string_view kDc = "http://purl.org/dc/terms/";
inline constexpr std::string_view kMo = "http://purl.org/ontology/mo/";
inline constexpr std::string_view kGn = "http://www.geonames.org/ontology#";
inline constexpr std::string_view kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";

// Prefix name and namespace, in the order queries declare them.
struct Namespace {
  std::string_view prefix;
  std::string_view iri;
};
inline constexpr std::array<Namespace, 10> kNamespaces = {{
    {"rdf", kRdf},
    {"wsdbm", kWsdbm},
    {"sorg", kSorg},
    {"rev", kRev},
    {"og", kOg},
    {"gr", kGr},
    {"foaf", kFoaf},
    {"dc", kDc},
    {"mo", kMo},
    {"gn", kGn},
}};

// X-macro: enumerator, namespace prefix, local name. Order fixes the --stats listing.
#define CAIRN_WATDIV_PREDICATES(X)               \
  X(kType, "rdf", "type")                        \
  X(kFriendOf, "wsdbm", "friendOf")              \
  X(kFollows, "wsdbm", "follows")                \
  X(kLikes, "wsdbm", "likes")                    \
  X(kSubscribes, "wsdbm", "subscribes")          \
  X(kMakesPurchase, "wsdbm", "makesPurchase")    \
  X(kPurchaseFor, "wsdbm", "purchaseFor")        \
  X(kPurchaseDate, "wsdbm", "purchaseDate")      \
  X(kUserId, "wsdbm", "userId")                  \
  X(kGender, "wsdbm", "gender")                  \
  X(kHasGenre, "wsdbm", "hasGenre")              \
  X(kHits, "wsdbm", "hits")                      \
  X(kSubGenreOf, "wsdbm", "subGenreOf")          \
  X(kComposer, "wsdbm", "composer")              \
  X(kGivenName, "foaf", "givenName")             \
  X(kFamilyName, "foaf", "familyName")           \
  X(kAge, "foaf", "age")                         \
  X(kHomepage, "foaf", "homepage")               \
  X(kLocation, "dc", "Location")                 \
  X(kParentCountry, "gn", "parentCountry")       \
  X(kHasReview, "rev", "hasReview")              \
  X(kReviewer, "rev", "reviewer")                \
  X(kRating, "rev", "rating")                    \
  X(kRevTitle, "rev", "title")                   \
  X(kRevText, "rev", "text")                     \
  X(kTotalVotes, "rev", "totalVotes")            \
  X(kOgTitle, "og", "title")                     \
  X(kTag, "og", "tag")                           \
  X(kOffers, "gr", "offers")                     \
  X(kIncludes, "gr", "includes")                 \
  X(kPrice, "gr", "price")                       \
  X(kSerialNumber, "gr", "serialNumber")         \
  X(kValidFrom, "gr", "validFrom")               \
  X(kValidThrough, "gr", "validThrough")         \
  X(kEligibleQuantity, "gr", "eligibleQuantity") \
  X(kEligibleRegion, "gr", "eligibleRegion")     \
  X(kMoArtist, "mo", "artist")                   \
  X(kMoConductor, "mo", "conductor")             \
  X(kMovement, "mo", "movement")                 \
  X(kOpus, "mo", "opus")                         \
  X(kPerformedIn, "mo", "performed_in")          \
  X(kMoProducer, "mo", "producer")               \
  X(kRecordNumber, "mo", "record_number")        \
  X(kRelease, "mo", "release")                   \
  X(kName, "sorg", "name")                       \
  X(kCaption, "sorg", "caption")                 \
  X(kText, "sorg", "text")                       \
  X(kContentRating, "sorg", "contentRating")     \
  X(kKeywords, "sorg", "keywords")               \
  X(kContentSize, "sorg", "contentSize")         \
  X(kLanguage, "sorg", "language")               \
  X(kDescription, "sorg", "description")         \
  X(kAggregateRating, "sorg", "aggregateRating") \
  X(kAuthor, "sorg", "author")                   \
  X(kDirector, "sorg", "director")               \
  X(kActor, "sorg", "actor")                     \
  X(kPublisher, "sorg", "publisher")             \
  X(kEditor, "sorg", "editor")                   \
  X(kSorgConductor, "sorg", "conductor")         \
  X(kSorgProducer, "sorg", "producer")           \
  X(kExpires, "sorg", "expires")                 \
  X(kDatePublished, "sorg", "datePublished")     \
  X(kIsbn, "sorg", "isbn")                       \
  X(kNumberOfPages, "sorg", "numberOfPages")     \
  X(kBookEdition, "sorg", "bookEdition")         \
  X(kPrintPage, "sorg", "printPage")             \
  X(kPrintColumn, "sorg", "printColumn")         \
  X(kPrintEdition, "sorg", "printEdition")       \
  X(kPrintSection, "sorg", "printSection")       \
  X(kWordCount, "sorg", "wordCount")             \
  X(kTrailer, "sorg", "trailer")                 \
  X(kDuration, "sorg", "duration")               \
  X(kAward, "sorg", "award")                     \
  X(kEmail, "sorg", "email")                     \
  X(kTelephone, "sorg", "telephone")             \
  X(kJobTitle, "sorg", "jobTitle")               \
  X(kBirthDate, "sorg", "birthDate")             \
  X(kNationality, "sorg", "nationality")         \
  X(kUrl, "sorg", "url")                         \
  X(kLegalName, "sorg", "legalName")             \
  X(kOpeningHours, "sorg", "openingHours")       \
  X(kPaymentAccepted, "sorg", "paymentAccepted") \
  X(kFaxNumber, "sorg", "faxNumber")             \
  X(kPriceRange, "sorg", "priceRange")           \
  X(kContactPoint, "sorg", "contactPoint")       \
  X(kEmployee, "sorg", "employee")

enum class Pred : uint8_t {
#define CAIRN_WATDIV_ENUM(name, prefix, local) name,
  CAIRN_WATDIV_PREDICATES(CAIRN_WATDIV_ENUM)
#undef CAIRN_WATDIV_ENUM
};

struct PredicateInfo {
  std::string_view prefix;
  std::string_view local;
};
inline constexpr PredicateInfo kPredicates[] = {
#define CAIRN_WATDIV_INFO(name, prefix, local) {prefix, local},
    CAIRN_WATDIV_PREDICATES(CAIRN_WATDIV_INFO)
#undef CAIRN_WATDIV_INFO
};
inline constexpr size_t kPredicateCount = std::size(kPredicates);
static_assert(kPredicateCount == 86, "docs/watdiv.md promises 86 predicates");

inline const PredicateInfo& info(Pred p) { return kPredicates[static_cast<size_t>(p)]; }

// The namespace IRI of a prefix in kNamespaces.
constexpr std::string_view namespaceOf(std::string_view prefix) {
  for (const Namespace& ns : kNamespaces) {
    if (ns.prefix == prefix) return ns.iri;
  }
  return {};
}

// Entities are wsdbm IRIs: the kind's name and a number from 0, e.g. wsdbm:User123. Classes
// (rdf:type objects) are wsdbm IRIs too, e.g. wsdbm:User, wsdbm:ProductCategory3.
enum class Kind : uint8_t {
  kUser,
  kProduct,
  kReview,
  kOffer,
  kPurchase,
  kRetailer,
  kWebsite,
  kCity,
  kCountry,
  kLanguage,
  kTopic,
  kGenre,
  kSubGenre,
  kProductCategory,  // only as a class: wsdbm:ProductCategoryN
};
inline constexpr std::array<std::string_view, 14> kKindNames = {
    "User", "Product", "Review",   "Offer", "Purchase", "Retailer", "Website",
    "City", "Country", "Language", "Topic", "Genre",    "SubGenre", "ProductCategory",
};
inline std::string_view kindName(Kind k) { return kKindNames[static_cast<size_t>(k)]; }

}  // namespace cairn::bench::watdiv
