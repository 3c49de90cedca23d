#pragma once
// IRIs of the vocabularies the core knows by heart.

#include <string_view>

namespace cairn::core::vocab {

inline constexpr std::string_view kXsd = "http://www.w3.org/2001/XMLSchema#";
inline constexpr std::string_view kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
inline constexpr std::string_view kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
inline constexpr std::string_view kRdfLangString =
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";
inline constexpr std::string_view kXsdString = "http://www.w3.org/2001/XMLSchema#string";

}  // namespace cairn::core::vocab
