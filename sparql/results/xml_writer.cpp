#include "sparql/results/xml_writer.h"

#include "core/vocab.h"

namespace cairn::sparql::results {
namespace {

constexpr std::string_view kPrologue =
    "<?xml version=\"1.0\"?>\n<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n";

}  // namespace

void appendXmlEscaped(std::string& out, std::string_view s) {
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\r':
        out += "&#13;";
        break;
      case '\n':
        out += "&#10;";
        break;
      case '\t':
        out += "&#9;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += "\xEF\xBF\xBD";
        } else {
          out += c;
        }
    }
  }
}

void XmlResultWriter::writeHead(const std::vector<std::string>& variables) {
  std::string& out = buffer_.raw();
  out += kPrologue;
  out += "<head>\n";
  bindingOpen_.clear();
  for (const std::string& variable : variables) {
    std::string name;
    appendXmlEscaped(name, variable);
    out += "  <variable name=\"" + name + "\"/>\n";
    bindingOpen_.push_back("<binding name=\"" + name + "\">");
  }
  out += "</head>\n<results>\n";
  buffer_.maybeDrain();
}

void XmlResultWriter::writeRow(std::span<const core::Term* const> cells) {
  std::string& out = buffer_.raw();
  out += "  <result>\n";
  for (size_t i = 0; i < cells.size(); ++i) {
    const core::Term* term = cells[i];
    if (term == nullptr) continue;
    out += "    ";
    out += bindingOpen_[i];
    switch (term->kind) {
      case core::TermKind::kIri:
        out += "<uri>";
        appendXmlEscaped(out, term->value);
        out += "</uri>";
        break;
      case core::TermKind::kBlank:
        out += "<bnode>";
        appendXmlEscaped(out, term->value);
        out += "</bnode>";
        break;
      case core::TermKind::kLiteral:
        out += "<literal";
        if (!term->language.empty()) {
          out += " xml:lang=\"";
          appendXmlEscaped(out, term->language);
          out += '"';
        } else if (!term->datatype.empty() && term->datatype != core::vocab::kXsdString) {
          out += " datatype=\"";
          appendXmlEscaped(out, term->datatype);
          out += '"';
        }
        out += '>';
        appendXmlEscaped(out, term->value);
        out += "</literal>";
        break;
    }
    out += "</binding>\n";
  }
  out += "  </result>\n";
  buffer_.maybeDrain();
}

void XmlResultWriter::writeBoolean(bool value) {
  buffer_.append(kPrologue);
  buffer_.append("<head/>\n");
  buffer_.append(value ? "<boolean>true</boolean>\n</sparql>\n"
                       : "<boolean>false</boolean>\n</sparql>\n");
}

void XmlResultWriter::writeTail() { buffer_.append("</results>\n</sparql>\n"); }

}  // namespace cairn::sparql::results
