#pragma once
// CONSTRUCT / DESCRIBE answers as N-Triples (application/n-triples) and Turtle (text/turtle).
//
// The Turtle writer declares the given prefixes up front and compacts IRIs with them, writes
// rdf:type as "a", numbers and booleans in their short form, and groups triples only while
// they stream by: consecutive triples with the same subject share it (";"), and with the same
// predicate too (","). It never reorders, so a subject interleaved with others is repeated.

#include "sparql/results/term_text.h"
#include "sparql/results/writer_base.h"

namespace cairn::sparql::results {

class NTriplesWriter final : public GraphWriter {
 public:
  using GraphWriter::GraphWriter;

 private:
  void writeStart() override {}
  void writeTriple(const core::Term& subject, const core::Term& predicate,
                   const core::Term& object) override;
  void writeEnd() override {}
  std::string_view formatLabel() const override { return "N-Triples"; }
};

class TurtleWriter final : public GraphWriter {
 public:
  TurtleWriter(ByteOutput& out, const WriterOptions& options)
      : GraphWriter(out, options), prefixes_(options.prefixes) {}

 private:
  void writeStart() override;
  void writeTriple(const core::Term& subject, const core::Term& predicate,
                   const core::Term& object) override;
  void writeEnd() override;
  std::string_view formatLabel() const override { return "Turtle"; }

  PrefixMap prefixes_;
  bool open_ = false;  // a statement is open (not yet ended by " .")
  core::Term lastSubject_;
  core::Term lastPredicate_;
};

}  // namespace cairn::sparql::results
