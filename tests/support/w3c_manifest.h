#pragma once
// Reading W3C test manifests (rdf-tests: rdf11, sparql10, sparql11; see
// ../shared/conformance/README.md). A manifest is Turtle, read with Cairn's own Turtle parser
// (core/rdf/serd_parser.h) into a small in-memory graph; relative IRIs resolve against the
// manifest file's file:// IRI, so mf:action / mf:result IRIs map back to paths.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "core/term.h"

namespace cairn::testing {

namespace manifest_vocab {
inline constexpr std::string_view kMf = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
inline constexpr std::string_view kQt = "http://www.w3.org/2001/sw/DataAccess/tests/test-query#";
inline constexpr std::string_view kUt = "http://www.w3.org/2009/sparql/tests/test-update#";
inline constexpr std::string_view kDawgt = "http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#";
inline constexpr std::string_view kRdft = "http://www.w3.org/ns/rdftest#";
inline constexpr std::string_view kRdfs = "http://www.w3.org/2000/01/rdf-schema#";
inline constexpr std::string_view kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
}  // namespace manifest_vocab

// Owned triples indexed by subject; enough for walking manifests and result graphs.
class TermGraph {
 public:
  void add(core::Term subject, core::Term predicate, core::Term object);
  // Objects of (subject, predicate), in insertion order.
  std::vector<core::Term> objects(const core::Term& subject, std::string_view predicate) const;
  std::optional<core::Term> object(const core::Term& subject, std::string_view predicate) const;
  // Subjects having (predicate, object).
  std::vector<core::Term> subjects(std::string_view predicate, const core::Term& object) const;
  // Members of the RDF collection at `head` (rdf:first / rdf:rest ... rdf:nil).
  core::Result<std::vector<core::Term>> list(const core::Term& head) const;
  size_t size() const { return size_; }

 private:
  std::map<core::Term, std::vector<std::pair<core::Term, core::Term>>> bySubject_;
  size_t size_ = 0;
};

// Parses a Turtle file; relative IRIs resolve against `baseIri`, by default the file's IRI.
core::Result<TermGraph> loadTurtleGraph(const std::string& path, std::string baseIri = {});

// "file:///abs/path" for a file path (made absolute; spaces, '%', '#', '?' percent-encoded).
std::string fileIri(const std::string& path);
// The path named by a file: IRI (percent-decoded), or nullopt for other IRIs.
std::optional<std::string> pathFromFileIri(std::string_view iri);
// The part after the last '#' or '/'.
std::string_view localName(std::string_view iri);

struct ManifestEntry {
  core::Term node;       // the test's IRI (or blank node)
  std::string name;      // mf:name, else the local name of the test's IRI
  std::string type;      // the rdf:type IRI
  std::string comment;   // rdfs:comment
  std::string approval;  // rdft:approval or dawgt:approval IRI, empty if none
  std::optional<core::Term> action;
  std::optional<core::Term> result;
};

struct Manifest {
  std::string path;
  std::string iri;  // the manifest file's IRI
  std::string label;
  std::optional<std::string> assumedTestBase;  // mf:assumedTestBase
  std::vector<std::string> includes;           // paths of mf:include manifests, in order
  std::vector<ManifestEntry> entries;          // in mf:entries order
  TermGraph graph;                             // everything, for test-specific properties
};

core::Result<Manifest> loadManifest(const std::string& path);
// `path` and, depth first in order, every manifest it includes.
core::Result<std::vector<Manifest>> loadManifestTree(const std::string& path);

}  // namespace cairn::testing
