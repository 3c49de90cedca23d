#pragma once
// A graph that stresses the graph writers (JSON-LD, RDF/XML): IRIs and blank nodes as subjects
// and objects, blank node labels that are not XML names, plain / xsd:string / typed /
// language-tagged / empty literals, markup characters (< & " ' >), whitespace and controls that
// XML would normalize, non-ASCII text and names, predicates from many namespaces (some only
// splittable in unusual places), and a subject that comes back after others.

#include <string>
#include <vector>

#include "core/term.h"
#include "core/vocab.h"
#include "query/engine/result_sink.h"
#include "sparql/results/byte_output.h"
#include "sparql/results/result_writer.h"
#include "tests/support/graph_isomorphism.h"
#include "tests/support/rdf_test_io.h"

namespace cairn::sparql::results::graph_fixture {

inline const std::string kEx = "http://ex.org/";
inline const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";
inline const std::string kRdf = std::string(core::vocab::kRdf);

inline std::vector<testing::Quad> richGraph() {
  using core::Term;
  std::vector<testing::Quad> g;
  auto add = [&](Term s, std::string p, Term o) {
    g.push_back({std::move(s), Term::iri(std::move(p)), std::move(o), std::nullopt});
  };
  const Term a = Term::iri(kEx + "a");
  add(a, kRdf + "type", Term::iri(kEx + "Person"));
  add(a, kEx + "name", Term::literal("Ann", {}, "en"));
  add(a, kEx + "name", Term::literal("Anna"));
  add(a, kEx + "name", Term::literal("Anne", {}, "en-GB"));
  add(a, kEx + "label", Term::literal("typed as string", kXsd + "string"));
  add(a, kEx + "age", Term::literal("42", kXsd + "integer"));
  add(a, kEx + "emptyTyped", Term::literal("", kEx + "dt"));
  add(a, kEx + "empty", Term::literal(""));
  add(a, kEx + "emptyLang", Term::literal("", {}, "fr"));
  add(a, kEx + "markup", Term::literal("<tag attr=\"v\" other='w'>a & b</tag> ]]> &amp;"));
  add(a, kEx + "unicode", Term::literal("Grüße, 日本語, 😀", {}, "de-DE"));
  add(a, kEx + "spaces", Term::literal("  lead\n\ttab\r\nend\r  "));
  add(a, kEx + "link", Term::iri("http://ex.org/q?x=1&y='2'&z=\"3\"#<f>"));
  add(a, kEx + "link", Term::iri("http://ex.org/ö/ü"));
  add(a, kEx + "knows", Term::blank("b1"));
  add(Term::blank("b1"), "http://other.org/path#p", Term::literal("1.5", kXsd + "decimal"));
  add(Term::blank("b1"), kEx + "knows", Term::blank("x"));
  // Labels that are not XML names, and one ("n.78") that looks like an escaped "x": a chain
  // keeps them distinct nodes, so a writer that merged two would break isomorphism.
  const std::vector<std::string> labels = {"x",   "n.78", "1x",   "n.3178", "é",
                                           "a.b", "-a",   "c3_q", "_u"};
  for (size_t i = 0; i + 1 < labels.size(); ++i) {
    add(Term::blank(labels[i]), kEx + "next", Term::blank(labels[i + 1]));
  }
  add(Term::blank(labels.back()), kEx + "last", Term::literal("end", kEx + "dt"));
  const Term odd = Term::iri("http://ex.org/q?x=1&y='2'&z=\"3\"#<f>");
  add(odd, kRdf + "value", Term::literal("odd subject"));
  add(odd, kRdf + "_1", Term::iri(kEx + "first"));
  for (int i = 0; i < 30; ++i) {
    std::string n = std::to_string(i);
    add(a, "http://ns" + n + ".example/vocab#p" + n, Term::literal("v" + n));
    add(a, "http://ns" + n + ".example/terms/q", Term::iri("http://ns" + n + ".example/o"));
  }
  add(a, kEx + "größe", Term::literal("1.70", kXsd + "decimal"));
  add(a, kEx + "v/1a", Term::literal("digits stay in the namespace"));
  add(a, kEx + "a-b.c_d", Term::literal("name characters"));
  add(a, "urn:x-test:prop", Term::literal("urn namespace"));
  add(a, "http://www.w3.org/2000/01/rdf-schema#label", Term::literal("label"));
  add(a, "http://ns3.example/vocab#p3", Term::literal("namespace used again"));
  return g;
}

inline void writeQuads(query::ResultSink& sink, const std::vector<testing::Quad>& quads) {
  sink.beginGraph();
  for (const testing::Quad& q : quads) sink.triple(q.subject, q.predicate, q.object);
  sink.end();
}

inline std::string writeQuadsWith(ResultFormat format, const std::vector<testing::Quad>& quads,
                                  const WriterOptions& options = {}) {
  StringOutput out;
  auto writer = makeResultWriter(format, out, options);
  writeQuads(*writer, quads);
  return out.take();
}

// The graph as readers give it back: RDF 1.1 makes "x"^^xsd:string and "x" the same term.
inline std::vector<testing::Quad> normalized(std::vector<testing::Quad> quads) {
  testing::dropXsdStringDatatype(quads);
  return quads;
}

}  // namespace cairn::sparql::results::graph_fixture
