#pragma once
// SPARQL 1.1 Query Results CSV and TSV Formats.
//
// CSV (text/csv) is lossy by design: a header of variable names, then per solution the IRI,
// the literal's lexical form (no datatype or language) or "_:label" for a blank node; an
// unbound variable is an empty field. Fields holding '"', ',', CR or LF are quoted, with '"'
// doubled. Lines end in CRLF.
//
// TSV (text/tab-separated-values) keeps terms: a header of "?var" names, then each term in
// Turtle/SPARQL syntax (<iri>, "lex"@lang, "lex"^^<dt>, _:label; integers, decimals and
// doubles in their short form as in the spec's examples); tabs, LF and CR inside literals are
// escaped, so lines (ending in LF) hold no stray separators.
//
// Neither spec defines ASK results; as common practice (e.g. RDF4J's text/boolean) these
// writers write the single word "true" or "false" followed by the format's line end.

#include "sparql/results/writer_base.h"

namespace cairn::sparql::results {

class CsvResultWriter final : public SolutionWriter {
 public:
  using SolutionWriter::SolutionWriter;

 private:
  void writeHead(const std::vector<std::string>& variables) override;
  void writeRow(std::span<const core::Term* const> cells) override;
  void writeBoolean(bool value) override;
  void writeTail() override {}
};

class TsvResultWriter final : public SolutionWriter {
 public:
  using SolutionWriter::SolutionWriter;

 private:
  void writeHead(const std::vector<std::string>& variables) override;
  void writeRow(std::span<const core::Term* const> cells) override;
  void writeBoolean(bool value) override;
  void writeTail() override {}
};

// One CSV field, quoted when it holds '"', ',', CR or LF.
void appendCsvField(std::string& out, std::string_view value);

}  // namespace cairn::sparql::results
