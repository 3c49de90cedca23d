#include "sparql/results/json_writer.h"

#include "core/term_escape.h"
#include "core/vocab.h"

namespace cairn::sparql::results {

// JSON string escapes are those of N-Triples with every control escaped.
void appendJsonEscaped(std::string& out, std::string_view s) {
  core::appendEscapedString(out, s, core::StringEscaping::kAllControls);
}

void JsonResultWriter::writeHead(const std::vector<std::string>& variables) {
  std::string& out = buffer_.raw();
  out += "{\"head\":{\"vars\":[";
  keys_.clear();
  for (size_t i = 0; i < variables.size(); ++i) {
    std::string key = "\"";
    appendJsonEscaped(key, variables[i]);
    key += '"';
    if (i > 0) out += ',';
    out += key;
    keys_.push_back(std::move(key));
  }
  out += "]},\"results\":{\"bindings\":[";
  buffer_.maybeDrain();
}

void JsonResultWriter::writeRow(std::span<const core::Term* const> cells) {
  std::string& out = buffer_.raw();
  out += firstRow_ ? "\n{" : ",\n{";
  firstRow_ = false;
  bool firstCell = true;
  for (size_t i = 0; i < cells.size(); ++i) {
    const core::Term* term = cells[i];
    if (term == nullptr) continue;
    if (!firstCell) out += ',';
    firstCell = false;
    out += keys_[i];
    switch (term->kind) {
      case core::TermKind::kIri:
        out += ":{\"type\":\"uri\",\"value\":\"";
        break;
      case core::TermKind::kBlank:
        out += ":{\"type\":\"bnode\",\"value\":\"";
        break;
      case core::TermKind::kLiteral:
        out += ":{\"type\":\"literal\",\"value\":\"";
        break;
    }
    appendJsonEscaped(out, term->value);
    out += '"';
    if (term->kind == core::TermKind::kLiteral) {
      if (!term->language.empty()) {
        out += ",\"xml:lang\":\"";
        appendJsonEscaped(out, term->language);
        out += '"';
      } else if (!term->datatype.empty() && term->datatype != core::vocab::kXsdString) {
        out += ",\"datatype\":\"";
        appendJsonEscaped(out, term->datatype);
        out += '"';
      }
    }
    out += '}';
  }
  out += '}';
  buffer_.maybeDrain();
}

void JsonResultWriter::writeBoolean(bool value) {
  buffer_.append(value ? "{\"head\":{},\"boolean\":true}\n" : "{\"head\":{},\"boolean\":false}\n");
}

void JsonResultWriter::writeTail() { buffer_.append(firstRow_ ? "]}}\n" : "\n]}}\n"); }

}  // namespace cairn::sparql::results
