#pragma once
// The leaves of the algebra: a position in a triple pattern holds a constant RDF term or a
// variable. Query blank nodes ("_:b" in a WHERE clause) are variables by the time they reach the
// algebra; the translator names them with a leading '.', which no SPARQL variable can have, so
// they are never projected by SELECT *.

#include <string>
#include <vector>

#include "core/term.h"

namespace cairn::query {

struct PatternTerm {
  bool isVariable = false;
  std::string variable;  // without '?' / '$'; set when isVariable
  core::Term term;       // set when !isVariable

  static PatternTerm var(std::string name) { return {true, std::move(name), {}}; }
  static PatternTerm constant(core::Term t) { return {false, {}, std::move(t)}; }
  bool operator==(const PatternTerm&) const = default;
};

struct TriplePattern {
  PatternTerm subject, predicate, object;
  bool operator==(const TriplePattern&) const = default;
};

// A SPARQL property path (spec §9). The translator expands what §18.2.2.4 expands (links,
// inverse links, sequences) into triple patterns with fresh variables; what remains reaches the
// engine as an AlgebraKind::kPath node.
struct PropertyPath {
  enum class Kind {
    kLink,         // iri
    kInverse,      // ^children[0]
    kSequence,     // children[0] / children[1] / ...
    kAlternative,  // children[0] | children[1] | ...
    kZeroOrMore,   // children[0]*
    kOneOrMore,    // children[0]+
    kZeroOrOne,    // children[0]?
    kNegatedSet,   // !(iri | ^iri ...): forward in `iris`, inverse in `inverseIris`
  };
  Kind kind = Kind::kLink;
  core::Term iri;                         // kLink
  std::vector<PropertyPath> children{};   // unary and n-ary kinds
  std::vector<core::Term> iris{};         // kNegatedSet, forward
  std::vector<core::Term> inverseIris{};  // kNegatedSet, inverse (^iri)

  bool operator==(const PropertyPath&) const = default;
};

// "?x", "<iri>", literal in N-Triples form; for EXPLAIN and messages.
std::string toString(const PatternTerm& term);
std::string toString(const TriplePattern& triple);
std::string toString(const PropertyPath& path);

}  // namespace cairn::query
