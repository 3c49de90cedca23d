#pragma once
// Names for the variables the translation invents (spec §18.2): query blank nodes, the joints of
// expanded path sequences and the results of lifted aggregates. Every name starts with '.', which
// no SPARQL variable can, so they never clash with the query's own and SELECT * never shows them.

#include <string>
#include <string_view>

namespace cairn::sparql {

class FreshVariables {
 public:
  // ".<kind><n>" with n unique across the whole query: ".b1", ".p2", ".agg3".
  std::string next(std::string_view kind) {
    return "." + std::string(kind) + std::to_string(++count_);
  }
  // The variable standing for the query blank node "_:label" (the same for every use).
  static std::string forBlankLabel(std::string_view label) { return "._" + std::string(label); }

 private:
  int count_ = 0;
};

}  // namespace cairn::sparql
