#include "sparql/results/jsonld_writer.h"

#include "core/error.h"
#include "core/vocab.h"
#include "sparql/results/json_writer.h"

namespace cairn::sparql::results {
namespace {

void appendJsonString(std::string& out, std::string_view s) {
  out += '"';
  appendJsonEscaped(out, s);
  out += '"';
}

// "iri" or "_:label": the value of an "@id".
void appendNodeId(std::string& out, const core::Term& term) {
  out += '"';
  if (term.kind == core::TermKind::kBlank) out += "_:";
  appendJsonEscaped(out, term.value);
  out += '"';
}

void appendObject(std::string& out, const core::Term& object) {
  if (object.kind != core::TermKind::kLiteral) {
    out += "{\"@id\":";
    appendNodeId(out, object);
    out += '}';
    return;
  }
  out += "{\"@value\":";
  appendJsonString(out, object.value);
  if (!object.language.empty()) {
    out += ",\"@language\":";
    appendJsonString(out, object.language);
  } else if (!object.datatype.empty() && object.datatype != core::vocab::kXsdString) {
    out += ",\"@type\":";
    appendJsonString(out, object.datatype);
  }
  out += '}';
}

}  // namespace

void JsonLdWriter::writeStart() { buffer_.append('['); }

void JsonLdWriter::closeNode(std::string& out) {
  out += "]}";
  nodeOpen_ = false;
  predicatesInNode_.clear();
}

void JsonLdWriter::writeTriple(const core::Term& subject, const core::Term& predicate,
                               const core::Term& object) {
  if (subject.kind == core::TermKind::kLiteral || predicate.kind != core::TermKind::kIri) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "JSON-LD cannot hold the triple " + core::toNTriples(subject) + " " +
                          core::toNTriples(predicate) + " " + core::toNTriples(object) +
                          ": a subject must be an IRI or blank node and a predicate an IRI");
  }
  std::string& out = buffer_.raw();
  const bool sameSubject = nodeOpen_ && subject == lastSubject_;
  if (sameSubject && predicate.value == lastPredicate_) {
    out += ',';
    appendObject(out, object);
    buffer_.maybeDrain();
    return;
  }
  if (sameSubject && !predicatesInNode_.contains(predicate.value)) {
    out += "],\n ";
  } else {
    // A new subject, or a key this node object already has: open another node object.
    if (nodeOpen_) closeNode(out);
    out += firstNode_ ? "\n{\"@id\":" : ",\n{\"@id\":";
    firstNode_ = false;
    appendNodeId(out, subject);
    out += ",\n ";
    nodeOpen_ = true;
    if (!sameSubject) lastSubject_ = subject;
  }
  appendJsonString(out, predicate.value);
  out += ":[";
  appendObject(out, object);
  predicatesInNode_.insert(predicate.value);
  lastPredicate_ = predicate.value;
  buffer_.maybeDrain();
}

void JsonLdWriter::writeEnd() {
  std::string& out = buffer_.raw();
  if (nodeOpen_) closeNode(out);
  out += firstNode_ ? "]\n" : "\n]\n";
}

}  // namespace cairn::sparql::results
