#include "query/exec/pattern_slots.h"

namespace cairn::query {

namespace {
std::string positionText(const PatternTerm& t) {
  return t.isVariable ? "?" + t.variable : core::toNTriples(t.term);
}
}  // namespace

PatternSlots compilePattern(ExecContext& ctx, const TriplePattern& pattern) {
  PatternSlots out;
  const PatternTerm* positions[3] = {&pattern.subject, &pattern.predicate, &pattern.object};
  for (int i = 0; i < 3; ++i) {
    const PatternTerm& t = *positions[i];
    if (t.isVariable) {
      int index = -1;
      for (size_t v = 0; v < out.variables.size(); ++v) {
        if (out.variables[v] == t.variable) index = static_cast<int>(v);
      }
      if (index < 0) {
        index = static_cast<int>(out.variables.size());
        out.variables.push_back(t.variable);
      }
      out.variable[i] = index;
    } else {
      auto id = ctx.terms().findStored(t.term);
      if (!id) {
        out.impossible = true;
        out.constant[i] = ValueId{0, kLocalTermType};
      } else {
        out.constant[i] = *id;
      }
    }
  }
  return out;
}

std::string describePattern(const TriplePattern& p) {
  return positionText(p.subject) + " " + positionText(p.predicate) + " " + positionText(p.object);
}

}  // namespace cairn::query
