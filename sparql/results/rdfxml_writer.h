#pragma once
// CONSTRUCT / DESCRIBE answers as RDF/XML (application/rdf+xml), streamed, in the plainest
// striped form every RDF/XML parser reads:
//
//   <?xml version="1.0" encoding="utf-8"?>
//   <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
//       xmlns:ex="http://ex.org/">
//     <rdf:Description rdf:about="http://ex.org/a">
//       <ex:name xml:lang="en">Ann</ex:name>
//       <ns1:knows xmlns:ns1="http://other.org/" rdf:nodeID="b1"/>
//     </rdf:Description>
//   </rdf:RDF>
//
// One rdf:Description per run of consecutive triples with the same subject (rdf:about for an
// IRI, rdf:nodeID for a blank node); a subject that comes back later gets another Description,
// which parsers merge. Objects: rdf:resource, rdf:nodeID, or text with xml:lang or
// rdf:datatype (none for simple and xsd:string literals). rdf:type is an ordinary property
// element. Text and attribute values are XML-escaped as in the SPARQL XML writer (CR, LF and
// TAB as character references so XML normalization keeps them; the C0 controls XML 1.0 cannot
// carry become U+FFFD, a lossy but well-formed fallback).
//
// Predicates become element names, so each is split into a namespace and an NCName local part:
// first by the longest namespace declared on rdf:RDF that leaves an NCName, else at the longest
// NCName that ends the IRI (xmlLocalNameStart). A predicate that cannot be split, or that RDF/XML
// reserves (rdf:Description, rdf:about, rdf:li, ..., or a name in the XML namespaces), throws
// core::Error(kUnsupported). That check runs before anything of the triple is written, and the
// document's opening is deferred until the first triple has passed it, so an unwritable first
// triple leaves the output empty (a server can still answer with an error status). A later bad
// triple stops the answer mid-document; the output is then truncated and not well-formed.
//
// Namespace declarations: rdf: and the caller's prefixes (WriterOptions::prefixes, usually the
// query's PREFIX clauses; a prefix that is not a usable XML prefix is renamed nsN) are declared
// once on rdf:RDF. A predicate in any other namespace declares it on its own property element
// (xmlns:nsN, the same N for the same namespace throughout the document). XML scopes a
// declaration to its element, so declaring it once on the rdf:Description would need the whole
// subject run buffered first, and declaring it on rdf:RDF the whole graph; repeating it per
// element keeps the writer streaming and bounded, at a few bytes per triple for namespaces the
// query did not name. The namespace → prefix memory is capped (kMaxRememberedNamespaces).
//
// IRIs are written as they are; a parser resolves rdf:about / rdf:resource / rdf:datatype
// against the document's base, which leaves absolute IRIs (all the engine hands out) unchanged.
// A literal subject or a non-IRI predicate throws core::Error(kUnsupported).

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sparql/results/writer_base.h"

namespace cairn::sparql::results {

// True when `name` is an XML NCName (Namespaces in XML 1.0; XML 1.0 fifth edition name
// characters, no ':'); false for an empty name or malformed UTF-8.
bool isXmlNcName(std::string_view name);

// Where the longest NCName that ends `iri` starts (the local part of a QName for `iri`), or
// nullopt when the IRI does not end in a name character sequence that has a name start
// character: "http://ex.org/ns#p1" → 17 ("p1"), "http://ex.org/1a" → 15 ("a"),
// "http://ex.org/12" → nullopt.
std::optional<size_t> xmlLocalNameStart(std::string_view iri);

// A blank node label as an rdf:nodeID value (an NCName), one-to-one: a label that is already an
// ASCII name without '.' stays as it is (engine labels "b12", "c3_x"); any other becomes "n."
// and the hex of its bytes, which never collides with a kept label since those have no '.'.
std::string xmlNodeId(std::string_view label);

class RdfXmlWriter final : public GraphWriter {
 public:
  static constexpr size_t kMaxRememberedNamespaces = 4096;

  RdfXmlWriter(ByteOutput& out, const WriterOptions& options);

 private:
  // A predicate as an element name; the views point into the writer's tables or the IRI.
  struct QName {
    std::string_view prefix;
    std::string_view local;
    std::string_view namespaceToDeclare;  // empty when declared on rdf:RDF
  };

  void writeStart() override {}
  void writeTriple(const core::Term& subject, const core::Term& predicate,
                   const core::Term& object) override;
  void writeEnd() override;
  std::string_view formatLabel() const override { return "RDF/XML"; }

  QName qnameFor(const core::Term& predicate);
  // "nsN" with the next N that no namespace on rdf:RDF uses.
  std::string freshPrefix();
  void writeOpening(std::string& out);

  // (prefix, namespace) declared on rdf:RDF, rdf first.
  std::vector<std::pair<std::string, std::string>> rootNamespaces_;
  // Looks strings up by string_view without building a std::string per triple.
  struct NamespaceHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  // Other namespaces → their generated prefix, declared per property element.
  std::unordered_map<std::string, std::string, NamespaceHash, std::equal_to<>> elementNamespaces_;
  size_t nextPrefix_ = 1;
  std::string overflowNamespace_;  // once elementNamespaces_ is full

  bool opened_ = false;  // the XML declaration and <rdf:RDF> are written
  bool descriptionOpen_ = false;
  core::Term lastSubject_;
};

}  // namespace cairn::sparql::results
