#pragma once
// CONSTRUCT / DESCRIBE answers as JSON-LD 1.1 (application/ld+json) in expanded document form,
// streamed: a top-level array of node objects, no @context, so any JSON-LD processor reads it
// without fetching anything and a plain JSON reader sees every IRI in full.
//
//   [
//   {"@id":"http://ex.org/a",
//    "http://ex.org/name":[{"@value":"Ann","@language":"en"},{"@value":"Anna"}],
//    "http://ex.org/knows":[{"@id":"_:b1"}]},
//   ...
//   ]
//
// Terms: IRIs as {"@id":"iri"}; blank nodes as {"@id":"_:label"} with the engine's label as it
// is (JSON-LD allows any characters after "_:", and the mapping stays one-to-one); literals as
// {"@value":"lex"} (simple and xsd:string literals), plus "@language" or "@type":"datatype IRI".
// Lexical forms stay strings, never JSON numbers or booleans, so no value is reformatted.
// rdf:type is written as an ordinary property ({"@id":...} objects under the rdf:type IRI), not
// as "@type": the same triple to a JSON-LD processor, and it needs no special case for a literal
// or blank node object.
//
// Grouping follows the stream, as in the Turtle writer: consecutive triples with the same
// subject share one node object, and consecutive ones with the same predicate one array. JSON
// forbids a repeated key, so when a predicate comes back within a subject's run after another
// predicate, the writer starts a second node object with the same "@id" (JSON-LD merges node
// objects by "@id"). The writer holds only the current subject and the predicates of the open
// node object, never the graph.
//
// IRIs are written as they are: the engine only hands out absolute IRIs, which is what expanded
// JSON-LD needs (a processor drops a property whose key is not an absolute IRI). A literal
// subject or a non-IRI predicate cannot be written and throws core::Error(kUnsupported).

#include <string>
#include <unordered_set>

#include "sparql/results/writer_base.h"

namespace cairn::sparql::results {

class JsonLdWriter final : public GraphWriter {
 public:
  using GraphWriter::GraphWriter;

 private:
  void writeStart() override;
  void writeTriple(const core::Term& subject, const core::Term& predicate,
                   const core::Term& object) override;
  void writeEnd() override;
  std::string_view formatLabel() const override { return "JSON-LD"; }

  void closeNode(std::string& out);

  bool nodeOpen_ = false;  // a node object (and its current property array) is open
  bool firstNode_ = true;
  core::Term lastSubject_;
  std::string lastPredicate_;
  // The keys the open node object already has; a repeated one needs a new node object.
  std::unordered_set<std::string> predicatesInNode_;
};

}  // namespace cairn::sparql::results
