#pragma once
// Expected SPARQL query results from the W3C suites (../shared/conformance), loaded into one
// comparable form, and the comparison conformance runners use.
//
// Formats: SPARQL Results XML (.srx), JSON (.srj), TSV (.tsv) and CSV (.csv) through the
// production readers (sparql/results/result_readers.h); result sets written as RDF in the
// DAWG result-set vocabulary (rs:ResultSet, mostly sparql10 .ttl, and the ten sparql10/sort
// .rdf files in RDF/XML); and graph answers (CONSTRUCT / DESCRIBE) in Turtle or N-Triples.
// RDF/XML is read by a small reader for the subset these files use (rdf:Description and typed
// node elements, rdf:about / rdf:ID / rdf:nodeID / rdf:resource, rdf:datatype, xml:lang,
// rdf:parseType="Resource", property attributes); it also reads the six sparql11/subquery
// .rdf data files.

#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "sparql/results/collecting_sink.h"
#include "tests/support/graph_isomorphism.h"
#include "tests/support/w3c_manifest.h"

namespace cairn::testing {

struct ExpectedResults {
  bool isBoolean = false;
  bool boolean = false;
  std::vector<std::string> variables;
  std::vector<TermRow> rows;  // one cell per variable, nullopt = unbound
  // CONSTRUCT / DESCRIBE: the graph (default-graph quads); variables and rows are unused.
  bool isGraph = false;
  std::vector<Quad> graph;
  // The file fixes the row order (rs:index in rs: result sets); runners still decide whether
  // the query's ORDER BY makes order part of the test.
  bool hasRowOrder = false;
  // Read from CSV: terms are simple literals or blank nodes (see readCsvResults);
  // compareResults compares the actual side's CSV projection.
  bool lossyCsv = false;
};

// Loads by extension: .srx, .srj, .tsv, .csv, .ttl (rs:ResultSet if it holds one, else a
// graph), .nt (graph), .rdf (RDF/XML; rs:ResultSet or graph). Relative IRIs resolve against
// the file's IRI.
core::Result<ExpectedResults> readResultsFile(const std::string& path);

// The rs:ResultSet in `graph`; an error when there is none.
core::Result<ExpectedResults> resultSetFromGraph(const TermGraph& graph);

// RDF/XML (the subset above) into default-graph quads; `baseIri` defaults to the file's IRI.
core::Result<std::vector<Quad>> parseRdfXmlFile(const std::string& path, std::string baseIri = {});
core::Result<std::vector<Quad>> parseRdfXml(std::string_view text, const std::string& baseIri);

// An answer collected from the engine (or read back from a writer's output).
ExpectedResults fromCollected(const sparql::results::CollectedResult& result);

// Expected vs actual. Solutions: the same variables (in any order) and rows equal modulo a
// blank node bijection, as a multiset or, when `ordered`, as a sequence (one bijection for
// all rows). Booleans: equal. Graphs: isomorphic. Literals compare as terms, except that
// "x"^^xsd:string equals "x" and language tags compare case-insensitively.
MatchResult compareResults(const ExpectedResults& expected, const ExpectedResults& actual,
                           bool ordered);

// "?x ?y\n<a> \"b\"\n..." for failure messages (at most `maxRows` rows).
std::string describeResults(const ExpectedResults& results, size_t maxRows = 20);

}  // namespace cairn::testing
