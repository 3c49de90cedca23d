#include "query/algebra/term_pattern.h"

namespace cairn::query {

std::string toString(const PatternTerm& term) {
  if (term.isVariable) return "?" + term.variable;
  return core::toNTriples(term.term);
}

std::string toString(const TriplePattern& triple) {
  return toString(triple.subject) + " " + toString(triple.predicate) + " " +
         toString(triple.object);
}

namespace {

std::string joinPaths(const std::vector<PropertyPath>& children, std::string_view separator) {
  std::string out = "(";
  for (size_t i = 0; i < children.size(); ++i) {
    if (i > 0) out += separator;
    out += toString(children[i]);
  }
  return out + ")";
}

}  // namespace

std::string toString(const PropertyPath& path) {
  using Kind = PropertyPath::Kind;
  switch (path.kind) {
    case Kind::kLink:
      return core::toNTriples(path.iri);
    case Kind::kInverse:
      return "^" + toString(path.children.at(0));
    case Kind::kSequence:
      return joinPaths(path.children, "/");
    case Kind::kAlternative:
      return joinPaths(path.children, "|");
    case Kind::kZeroOrMore:
      return toString(path.children.at(0)) + "*";
    case Kind::kOneOrMore:
      return toString(path.children.at(0)) + "+";
    case Kind::kZeroOrOne:
      return toString(path.children.at(0)) + "?";
    case Kind::kNegatedSet: {
      std::string out = "!(";
      bool first = true;
      for (const auto& iri : path.iris) {
        if (!first) out += "|";
        out += core::toNTriples(iri);
        first = false;
      }
      for (const auto& iri : path.inverseIris) {
        if (!first) out += "|";
        out += "^" + core::toNTriples(iri);
        first = false;
      }
      return out + ")";
    }
  }
  return "?path";
}

}  // namespace cairn::query
