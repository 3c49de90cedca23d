#pragma once
// A small solution sequence and graph exercising what result writers must get right:
// unbound cells, blank nodes, language tags, datatypes (xsd:string omitted, numbers in short
// form or not), and characters every format has to escape.

#include <ostream>
#include <string>
#include <vector>

#include "query/engine/result_sink.h"
#include "sparql/results/byte_output.h"
#include "sparql/results/result_writer.h"

namespace cairn::core {
// Readable gtest failure messages for terms (gtest finds PrintTo by argument-dependent lookup).
inline void PrintTo(const Term& term, std::ostream* os) { *os << toNTriples(term); }
}  // namespace cairn::core

namespace cairn::sparql::results::fixture {

inline const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";

inline std::vector<std::string> variables() { return {"x", "y", "z"}; }

// Rows of optional terms (nullopt = unbound).
inline std::vector<std::vector<std::optional<core::Term>>> rows() {
  using core::Term;
  return {
      {Term::iri("http://ex.org/a"), Term::literal("plain"), std::nullopt},
      {Term::blank("b1"), Term::literal("chat", {}, "fr"), Term::literal("4", kXsd + "integer")},
      {Term::iri("http://ex.org/q?a=1&b=2"), Term::literal("He said \"hi\",\n\tok\\"),
       Term::literal("1.5", kXsd + "decimal")},
      {std::nullopt, Term::literal("x", "http://ex.org/dt"),
       Term::literal("1.0e6", kXsd + "double")},
      {Term::literal("s", kXsd + "string"), Term::literal("5.", kXsd + "decimal"),
       Term::literal("true", kXsd + "boolean")},
  };
}

// Feeds the fixture's solutions to a sink.
inline void writeSolutions(
    query::ResultSink& sink, const std::vector<std::string>& vars = variables(),
    const std::vector<std::vector<std::optional<core::Term>>>& data = rows()) {
  sink.beginSolutions(vars);
  for (const auto& row : data) {
    std::vector<const core::Term*> cells;
    for (const auto& cell : row) cells.push_back(cell ? &*cell : nullptr);
    sink.solution(cells);
  }
  sink.end();
}

inline std::string writeWith(ResultFormat format, const WriterOptions& options = {}) {
  StringOutput out;
  auto writer = makeResultWriter(format, out, options);
  writeSolutions(*writer);
  return out.take();
}

inline std::string writeBoolean(ResultFormat format, bool value) {
  StringOutput out;
  auto writer = makeResultWriter(format, out);
  writer->booleanResult(value);
  writer->end();
  return out.take();
}

struct Triple {
  core::Term s, p, o;
};

inline std::vector<Triple> graph() {
  using core::Term;
  const Term a = Term::iri("http://ex.org/a");
  const Term type = Term::iri("http://www.w3.org/1999/02/22-rdf-syntax-ns#type");
  const Term name = Term::iri("http://ex.org/name");
  return {
      {a, type, Term::iri("http://ex.org/Person")},
      {a, name, Term::literal("Ann", {}, "en")},
      {a, name, Term::literal("Anna\ttab")},
      {Term::blank("b1"), Term::iri("http://ex.org/age"), Term::literal("42", kXsd + "integer")},
      {Term::blank("b1"), Term::iri("http://other.org/path/x y"), a},
      {a, name, Term::literal("again")},  // a again, after b1: not merged with the first group
  };
}

inline std::string writeGraph(ResultFormat format, const WriterOptions& options = {}) {
  StringOutput out;
  auto writer = makeResultWriter(format, out, options);
  writer->beginGraph();
  for (const Triple& t : graph()) writer->triple(t.s, t.p, t.o);
  writer->end();
  return out.take();
}

}  // namespace cairn::sparql::results::fixture
