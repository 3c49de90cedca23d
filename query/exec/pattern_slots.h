#pragma once
// PatternSlots: a triple pattern compiled against the store — each position either a constant
// ValueId or a variable (an index into `variables`, the pattern's distinct variables in s, p, o
// order). A constant the store never saw makes the pattern `impossible` (no match, no scan).
// Used by IndexScan and BindJoin, which both check repeated variables (?x :p ?x) per row.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "query/algebra/term_pattern.h"
#include "query/exec/exec_context.h"
#include "query/exec/value_id.h"

namespace cairn::query {

struct PatternSlots {
  std::array<std::optional<ValueId>, 3> constant;
  std::array<int, 3> variable = {-1, -1, -1};
  std::vector<std::string> variables;
  bool impossible = false;

  // Whether the three values of a matching triple agree on repeated variables.
  bool consistent(const std::array<ValueId, 3>& spo) const {
    for (int i = 0; i < 3; ++i) {
      for (int j = i + 1; j < 3; ++j) {
        if (variable[i] >= 0 && variable[i] == variable[j] && spo[i] != spo[j]) return false;
      }
    }
    return true;
  }
};

PatternSlots compilePattern(ExecContext& ctx, const TriplePattern& pattern);

// "<iri>", "?x", literal: a pattern position for EXPLAIN.
std::string describePattern(const TriplePattern& pattern);

}  // namespace cairn::query
