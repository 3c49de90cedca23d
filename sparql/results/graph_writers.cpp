#include "sparql/results/graph_writers.h"

#include "core/term_escape.h"
#include "core/vocab.h"

namespace cairn::sparql::results {

void NTriplesWriter::writeTriple(const core::Term& subject, const core::Term& predicate,
                                 const core::Term& object) {
  std::string& out = buffer_.raw();
  appendNTriplesTerm(out, subject.view());
  out += ' ';
  appendNTriplesTerm(out, predicate.view());
  out += ' ';
  appendNTriplesTerm(out, object.view());
  out += " .\n";
  buffer_.maybeDrain();
}

void TurtleWriter::writeStart() {
  std::string& out = buffer_.raw();
  for (const auto& [prefix, ns] : prefixes_.declarations()) {
    out += "@prefix ";
    out += prefix;
    out += ": ";
    core::appendIriRef(out, ns);
    out += " .\n";
  }
  if (!prefixes_.empty()) out += '\n';
  buffer_.maybeDrain();
}

void TurtleWriter::writeTriple(const core::Term& subject, const core::Term& predicate,
                               const core::Term& object) {
  std::string& out = buffer_.raw();
  if (open_ && subject == lastSubject_) {
    if (predicate == lastPredicate_) {
      out += " ,\n        ";
      appendTurtleTerm(out, object.view(), &prefixes_);
      buffer_.maybeDrain();
      return;
    }
    out += " ;\n    ";
  } else {
    if (open_) out += " .\n";
    appendTurtleTerm(out, subject.view(), &prefixes_);
    out += ' ';
    lastSubject_ = subject;
    open_ = true;
  }
  if (predicate.kind == core::TermKind::kIri && predicate.value == core::vocab::kRdfType) {
    out += 'a';
  } else {
    appendTurtleTerm(out, predicate.view(), &prefixes_);
  }
  out += ' ';
  appendTurtleTerm(out, object.view(), &prefixes_);
  lastPredicate_ = predicate;
  buffer_.maybeDrain();
}

void TurtleWriter::writeEnd() {
  if (open_) buffer_.append(" .\n");
  open_ = false;
}

}  // namespace cairn::sparql::results
