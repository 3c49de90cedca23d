#include "core/term.h"

#include "core/term_escape.h"
#include "core/vocab.h"

namespace cairn::core {

std::string toNTriples(const TermView& term) {
  std::string out;
  switch (term.kind) {
    case TermKind::kIri:
      appendIriRef(out, term.value);
      break;
    case TermKind::kBlank:
      out += "_:";
      out += term.value;
      break;
    case TermKind::kLiteral:
      out += '"';
      appendEscapedString(out, term.value, StringEscaping::kMinimal);
      out += '"';
      if (!term.language.empty()) {
        out += '@';
        out += term.language;
      } else if (!term.datatype.empty() && term.datatype != vocab::kXsdString) {
        out += "^^";
        appendIriRef(out, term.datatype);
      }
      break;
  }
  return out;
}

}  // namespace cairn::core
