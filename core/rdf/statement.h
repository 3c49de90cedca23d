#pragma once
// What RDF parsers hand to their consumer: one statement at a time through a StatementSink, as
// borrowed term views, plus syntax errors with their position so the consumer decides whether
// to stop or skip (the importer's --skip-invalid).
//
// Term conventions (shared by every parser in core/rdf/):
// - values are unescaped (\uXXXX, \UXXXXXXXX, string ECHARs, Turtle's PN_LOCAL escapes);
// - IRIs are absolute (relative references are resolved against the base by the parser);
// - a simple literal has empty datatype and language; "x"@en has language "en" (as written)
//   and empty datatype; a typed literal carries its full datatype IRI, passed through even when
//   it is xsd:string (consumers normalize);
// - a blank node's value is its label without "_:", unique within the document for each
//   distinct node (how parsers name anonymous nodes is documented on each parser).

#include <cstdint>
#include <optional>
#include <string>

#include "core/term.h"

namespace cairn::core::rdf {

// Views are valid only during the StatementSink::statement call that receives them.
struct StatementView {
  TermView subject, predicate, object;
  std::optional<TermView> graph;  // nullopt = the default graph
};

// A syntax error. Lines count from 1; columns count bytes from 1 (0 = position unknown).
struct SyntaxIssue {
  std::string file;
  uint64_t line = 0, column = 0;
  std::string message;
};

// "file:line:column: message" (the position parts are left out when unknown).
std::string formatSyntaxIssue(const SyntaxIssue& issue);

class StatementSink {
 public:
  virtual ~StatementSink() = default;
  virtual void statement(const StatementView& st) = 0;
  // Return true to skip the bad statement and continue (--skip-invalid), false to stop.
  virtual bool syntaxError(const SyntaxIssue& issue) = 0;
  // A prefix directive of the document (`@prefix foaf: <...>`), its namespace resolved; before
  // the statements that follow it. Formats without directives never call it.
  virtual void prefix(std::string_view /*name*/, std::string_view /*namespaceIri*/) {}
};

}  // namespace cairn::core::rdf
