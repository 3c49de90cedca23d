#pragma once
// The IRIs of the generated knowledge graph: namespaces, entity classes, predicates and the named
// graphs. docs/datagen.md describes the same vocabulary for people writing queries against it;
// keep the two in step.

#include <array>
#include <cstdint>
#include <string_view>

namespace cairn::bench::datagen {

inline constexpr std::string_view kOntology = "http://cairn.example/ontology/";
inline constexpr std::string_view kResource = "http://cairn.example/resource/";
inline constexpr std::string_view kGraphBase = "http://cairn.example/graph/";
inline constexpr std::string_view kXsdNs = "http://www.w3.org/2001/XMLSchema#";

// Entity classes that own an IRI range http://cairn.example/resource/<Class>/<n>, n from 1.
// The order is the generation order.
enum class Entity : uint8_t {
  kPlace,
  kOrganization,
  kPerson,
  kCreativeWork,
  kProduct,
  kEvent,
  kReview,
};
inline constexpr size_t kEntityCount = 7;

inline constexpr std::array<std::string_view, kEntityCount> kEntityNames = {
    "Place", "Organization", "Person", "CreativeWork", "Product", "Event", "Review"};

inline std::string_view entityName(Entity e) { return kEntityNames[static_cast<size_t>(e)]; }

// Classes (local names under kOntology), with their superclass and labels in four languages.
struct ClassInfo {
  std::string_view name;
  std::string_view superClass;  // empty for a top class
  std::string_view en, de, fr, ja;
};

inline constexpr std::array<ClassInfo, 17> kClasses = {{
    {"Place", "", "place", "Ort", "lieu", "場所"},
    {"Country", "Place", "country", "Land", "pays", "国"},
    {"City", "Place", "city", "Stadt", "ville", "都市"},
    {"Organization", "", "organization", "Organisation", "organisation", "組織"},
    {"Company", "Organization", "company", "Unternehmen", "entreprise", "会社"},
    {"University", "Organization", "university", "Universität", "université", "大学"},
    {"NonProfit", "Organization", "non-profit", "gemeinnützige Organisation",
     "organisation à but non lucratif", "非営利団体"},
    {"Person", "", "person", "Person", "personne", "人"},
    {"Author", "Person", "author", "Autor", "auteur", "著者"},
    {"CreativeWork", "", "creative work", "Werk", "œuvre", "創作物"},
    {"Book", "CreativeWork", "book", "Buch", "livre", "本"},
    {"Film", "CreativeWork", "film", "Film", "film", "映画"},
    {"Article", "CreativeWork", "article", "Artikel", "article", "記事"},
    {"Product", "", "product", "Produkt", "produit", "製品"},
    {"Event", "", "event", "Veranstaltung", "événement", "イベント"},
    {"Review", "", "review", "Rezension", "critique", "レビュー"},
    {"VerifiedReview", "Review", "verified review", "verifizierte Rezension", "critique vérifiée",
     "認証済みレビュー"},
}};

// PostalAddress is the class of the blank-node addresses; it has no IRI range of its own.
inline constexpr std::string_view kPostalAddressClass = "PostalAddress";

// Predicates. Values index kPredicates.
enum class Pred : uint8_t {
  kRdfType,
  kRdfFirst,
  kRdfRest,
  kRdfsLabel,
  kRdfsSubClassOf,
  kRdfsRange,
  kOwlSameAs,
  kName,
  kDescription,
  kGivenName,
  kFamilyName,
  kAge,
  kBirthDate,
  kEmail,
  kKnows,
  kWorksFor,
  kLivesIn,
  kMemberSince,
  kNickname,
  kAddress,
  kStreetAddress,
  kPostalCode,
  kAddressLocality,
  kFoundingDate,
  kEmployeeCount,
  kLocatedIn,
  kHomepage,
  kIsPublic,
  kParentOrganization,
  kPopulation,
  kArea,
  kLatitude,
  kLongitude,
  kIsoCode,
  kWikiPage,
  kSku,
  kPrice,
  kInStock,
  kManufacturer,
  kReleaseDate,
  kCategory,
  kWeight,
  kAuthor,
  kAuthorList,
  kPublisher,
  kDatePublished,
  kPageCount,
  kRuntimeMinutes,
  kGenre,
  kIsbn,
  kAbout,
  kStartDate,
  kEndDate,
  kLocation,
  kOrganizer,
  kAttendee,
  kCapacity,
  kIsOnline,
  kReviewOf,
  kRating,
  kReviewBody,
  kHelpfulCount,
};

// How a cairn: predicate is declared in the ontology section: its range (a class local name, an
// xsd local name, or rdf:langString / rdfs:Literal) and an English label. Vocabulary from other
// namespaces (rdf:, rdfs:, owl:) has `local` empty and `iri` set.
struct PredicateInfo {
  std::string_view iri;    // full IRI for rdf/rdfs/owl terms
  std::string_view local;  // local name under kOntology
  std::string_view range;  // "xsd:…", "rdf:langString", "rdfs:Literal" or a class local name
  std::string_view label;
};

inline constexpr std::array<PredicateInfo, 62> kPredicates = {{
    {"http://www.w3.org/1999/02/22-rdf-syntax-ns#type", "", "", ""},
    {"http://www.w3.org/1999/02/22-rdf-syntax-ns#first", "", "", ""},
    {"http://www.w3.org/1999/02/22-rdf-syntax-ns#rest", "", "", ""},
    {"http://www.w3.org/2000/01/rdf-schema#label", "", "", ""},
    {"http://www.w3.org/2000/01/rdf-schema#subClassOf", "", "", ""},
    {"http://www.w3.org/2000/01/rdf-schema#range", "", "", ""},
    {"http://www.w3.org/2002/07/owl#sameAs", "", "", ""},
    {"", "name", "xsd:string", "name"},
    {"", "description", "rdf:langString", "description"},
    {"", "givenName", "xsd:string", "given name"},
    {"", "familyName", "xsd:string", "family name"},
    {"", "age", "xsd:integer", "age"},
    {"", "birthDate", "xsd:date", "birth date"},
    {"", "email", "xsd:string", "e-mail address"},
    {"", "knows", "Person", "knows"},
    {"", "worksFor", "Organization", "works for"},
    {"", "livesIn", "City", "lives in"},
    {"", "memberSince", "xsd:dateTime", "member since"},
    {"", "nickname", "xsd:string", "nickname"},
    {"", "address", "PostalAddress", "address"},
    {"", "streetAddress", "xsd:string", "street address"},
    {"", "postalCode", "xsd:string", "postal code"},
    {"", "addressLocality", "City", "locality"},
    {"", "foundingDate", "xsd:date", "founding date"},
    {"", "employeeCount", "xsd:integer", "number of employees"},
    {"", "locatedIn", "Place", "located in"},
    {"", "homepage", "rdfs:Resource", "homepage"},
    {"", "isPublic", "xsd:boolean", "publicly traded"},
    {"", "parentOrganization", "Organization", "parent organization"},
    {"", "population", "xsd:integer", "population"},
    {"", "area", "xsd:double", "area in square kilometres"},
    {"", "latitude", "xsd:decimal", "latitude"},
    {"", "longitude", "xsd:decimal", "longitude"},
    {"", "isoCode", "xsd:string", "ISO 3166 code"},
    {"", "wikiPage", "rdfs:Resource", "wiki page"},
    {"", "sku", "xsd:string", "stock keeping unit"},
    {"", "price", "xsd:decimal", "price in euro"},
    {"", "inStock", "xsd:boolean", "in stock"},
    {"", "manufacturer", "Organization", "manufacturer"},
    {"", "releaseDate", "xsd:date", "release date"},
    {"", "category", "xsd:string", "category"},
    {"", "weight", "xsd:double", "weight in kilograms"},
    {"", "author", "Person", "author"},
    {"", "authorList", "rdf:List", "ordered list of authors"},
    {"", "publisher", "Organization", "publisher"},
    {"", "datePublished", "rdfs:Literal", "publication date (xsd:date) or time (xsd:dateTime)"},
    {"", "pageCount", "xsd:integer", "number of pages"},
    {"", "runtimeMinutes", "xsd:integer", "running time in minutes"},
    {"", "genre", "xsd:string", "genre"},
    {"", "isbn", "xsd:string", "ISBN"},
    {"", "about", "Place", "about"},
    {"", "startDate", "xsd:dateTime", "start"},
    {"", "endDate", "xsd:dateTime", "end"},
    {"", "location", "Place", "location"},
    {"", "organizer", "Organization", "organizer"},
    {"", "attendee", "Person", "attendee"},
    {"", "capacity", "xsd:integer", "capacity"},
    {"", "isOnline", "xsd:boolean", "online event"},
    {"", "reviewOf", "Product", "review of"},
    {"", "rating", "xsd:double", "rating from 1 to 5"},
    {"", "reviewBody", "rdfs:Literal", "review text"},
    {"", "helpfulCount", "xsd:integer", "helpful votes"},
}};

inline constexpr size_t kPredicateCount = kPredicates.size();
static_assert(static_cast<size_t>(Pred::kHelpfulCount) + 1 == kPredicateCount);

inline const PredicateInfo& predicateInfo(Pred p) { return kPredicates[static_cast<size_t>(p)]; }

inline constexpr std::string_view kRdfNil = "http://www.w3.org/1999/02/22-rdf-syntax-ns#nil";
inline constexpr std::string_view kRdfsClass = "http://www.w3.org/2000/01/rdf-schema#Class";
inline constexpr std::string_view kOwlObjectProperty =
    "http://www.w3.org/2002/07/owl#ObjectProperty";
inline constexpr std::string_view kOwlDatatypeProperty =
    "http://www.w3.org/2002/07/owl#DatatypeProperty";

// External IRI spaces (not dereferenceable; ".example" is reserved for documentation).
inline constexpr std::string_view kCountryAuthority = "http://geo.example.org/country/";
inline constexpr std::string_view kWiki = "http://wiki.example.org/ja/";

}  // namespace cairn::bench::datagen
