#pragma once
// Result writers: query::ResultSinks that serialize a query's answer as it streams, into a
// ByteOutput, in one of the ResultFormats. Each writer keeps only a bounded buffer (and the
// table writer a bounded sample of rows), never the whole result.
//
// Solution formats also accept a graph (CONSTRUCT/DESCRIBE), written as rows of the variables
// "subject", "predicate", "object"; graph formats (N-Triples, Turtle, JSON-LD, RDF/XML) throw
// core::Error(kUnsupported) from beginSolutions() and booleanResult(). Calling the sink out of
// order (a row before begin, anything after end) is a bug and fails a CAIRN_CHECK.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "query/engine/result_sink.h"
#include "sparql/results/byte_output.h"
#include "sparql/results/result_format.h"

namespace cairn::sparql::results {

struct WriterOptions {
  // Turtle and RDF/XML: (prefix, namespace IRI) declarations, usually the query's PREFIX
  // clauses.
  std::vector<std::pair<std::string, std::string>> prefixes;
  // Bytes collected before they are handed to the ByteOutput.
  size_t bufferBytes = OutputBuffer::kDefaultCapacity;
  // Table only: rows held back to compute column widths before the first row is written; later
  // rows use those widths (wider cells are cut).
  size_t tableSampleRows = 1000;
  // Table only: the widest a column gets, in characters (code points); longer cells are cut
  // and end in "...".
  size_t tableMaxColumnWidth = 80;
};

// The writer borrows `out`, which must outlive it. The writer flushes `out` at end().
std::unique_ptr<query::ResultSink> makeResultWriter(ResultFormat format, ByteOutput& out,
                                                    const WriterOptions& options = {});

}  // namespace cairn::sparql::results
