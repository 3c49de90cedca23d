#pragma once
// A whole query as the engine receives it: its form, its algebra and what the form needs
// (projection, CONSTRUCT template, DESCRIBE targets), and its RDF dataset (FROM / FROM NAMED).

#include <map>
#include <string>
#include <vector>

#include "query/algebra/algebra.h"

namespace cairn::query {

enum class QueryForm : uint8_t { kSelect, kAsk, kConstruct, kDescribe };

// FROM / FROM NAMED (spec §13.2). When `specified` is false the engine uses the store's default
// graph and all its named graphs; when true, the default graph is the merge of `defaultGraphs`
// (empty: an empty default graph) and the named graphs are exactly `namedGraphs`.
struct Dataset {
  bool specified = false;
  std::vector<std::string> defaultGraphs;  // IRIs
  std::vector<std::string> namedGraphs;    // IRIs
};

struct Query {
  QueryForm form = QueryForm::kSelect;
  // The full algebra including the solution modifiers (Slice(Distinct(Project(OrderBy(...))))).
  AlgebraPtr pattern;
  // SELECT: the result variables in order (SELECT * lists the in-scope variables, no '.'-names).
  std::vector<std::string> projection;
  // CONSTRUCT: the template; blank nodes in it stay blank-node constants (fresh per solution).
  std::vector<TriplePattern> constructTemplate;
  // DESCRIBE: the resources to describe (constants or variables of the pattern); describeAll for *.
  std::vector<PatternTerm> describe;
  bool describeAll = false;
  Dataset dataset;
  std::string baseIri;
  std::map<std::string, std::string> prefixes;  // for Turtle output of CONSTRUCT / DESCRIBE
};

}  // namespace cairn::query
