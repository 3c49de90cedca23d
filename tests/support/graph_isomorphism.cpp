#include "tests/support/graph_isomorphism.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <unordered_map>

namespace cairn::testing {
namespace {

uint64_t mix(uint64_t h, uint64_t v) {
  // splitmix64 finalizer over the combined value: order-sensitive and well spread.
  uint64_t x = h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2));
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// A cell is a ground term id (>= 0; 0 = absent) or a blank node, encoded as -(index + 1).
using Cell = int64_t;
using Row = std::vector<Cell>;

bool isBlank(Cell c) { return c < 0; }
size_t blankIndex(Cell c) { return static_cast<size_t>(-c - 1); }
Cell blankCell(size_t index) { return -static_cast<Cell>(index) - 1; }

// Interns ground terms of both sides into one id space so rows compare as integers.
class TermIds {
 public:
  Cell id(const std::optional<core::Term>& term) {
    if (!term) return 0;
    auto [it, inserted] = ids_.try_emplace(*term, static_cast<Cell>(terms_.size() + 1));
    if (inserted) terms_.push_back(*term);
    return it->second;
  }
  const core::Term& term(Cell id) const { return terms_[static_cast<size_t>(id - 1)]; }

 private:
  std::map<core::Term, Cell> ids_;
  std::vector<core::Term> terms_;
};

struct Side {
  std::vector<Row> groundRows;
  std::vector<Row> blankRows;
  std::vector<std::string> blankLabels;
  std::vector<std::vector<size_t>> rowsOfBlank;  // indexes into blankRows, each row once

  void build(const std::vector<TermRow>& rows, TermIds& ids) {
    std::unordered_map<std::string, size_t> blankIds;
    for (const TermRow& row : rows) {
      Row cells;
      bool hasBlank = false;
      for (const auto& term : row) {
        if (term && term->kind == core::TermKind::kBlank) {
          auto [it, inserted] = blankIds.try_emplace(term->value, blankLabels.size());
          if (inserted) blankLabels.push_back(term->value);
          cells.push_back(blankCell(it->second));
          hasBlank = true;
        } else {
          cells.push_back(ids.id(term));
        }
      }
      (hasBlank ? blankRows : groundRows).push_back(std::move(cells));
    }
    rowsOfBlank.assign(blankLabels.size(), {});
    for (size_t r = 0; r < blankRows.size(); ++r) {
      for (Cell c : blankRows[r]) {
        if (!isBlank(c)) continue;
        auto& list = rowsOfBlank[blankIndex(c)];
        if (list.empty() || list.back() != r) list.push_back(r);
      }
    }
    std::sort(groundRows.begin(), groundRows.end());
  }
};

using Colors = std::vector<uint64_t>;

// One refinement round: a blank node's new colour hashes its colour with the sorted multiset
// of signatures of the rows it occurs in (where it stands, what else is in the row).
Colors refine(const Side& side, const Colors& colors) {
  Colors next(colors.size());
  std::vector<uint64_t> signatures;
  for (size_t b = 0; b < colors.size(); ++b) {
    signatures.clear();
    for (size_t r : side.rowsOfBlank[b]) {
      uint64_t h = 0x51ED270B27ull;
      const Row& row = side.blankRows[r];
      for (size_t i = 0; i < row.size(); ++i) {
        const Cell c = row[i];
        if (!isBlank(c)) {
          h = mix(h, mix(1 + i, static_cast<uint64_t>(c)));
        } else if (blankIndex(c) == b) {
          h = mix(h, mix(2 + i, 0xB1A4Cull));
        } else {
          h = mix(h, mix(3 + i, colors[blankIndex(c)]));
        }
      }
      signatures.push_back(h);
    }
    std::sort(signatures.begin(), signatures.end());
    uint64_t h = colors[b];
    for (uint64_t s : signatures) h = mix(h, s);
    next[b] = h;
  }
  return next;
}

size_t distinctCount(Colors colors) {
  std::sort(colors.begin(), colors.end());
  return static_cast<size_t>(std::unique(colors.begin(), colors.end()) - colors.begin());
}

Colors sorted(Colors colors) {
  std::sort(colors.begin(), colors.end());
  return colors;
}

class Matcher {
 public:
  Matcher(const Side& a, const Side& b) : a_(a), b_(b) {}

  bool match(Colors ca, Colors cb) {
    if (!refineJointly(ca, cb)) return false;
    // Pick the smallest colour class with more than one member.
    std::map<uint64_t, size_t> classSize;
    for (uint64_t c : ca) ++classSize[c];
    uint64_t pick = 0;
    size_t best = SIZE_MAX;
    for (auto [color, n] : classSize) {
      if (n > 1 && n < best) best = n, pick = color;
    }
    if (best == SIZE_MAX) return verify(ca, cb);
    const size_t x = static_cast<size_t>(std::find(ca.begin(), ca.end(), pick) - ca.begin());
    for (size_t y = 0; y < cb.size(); ++y) {
      if (cb[y] != pick) continue;
      if (++steps_ > kMaxSteps) return false;
      Colors na = ca, nb = cb;
      na[x] = nb[y] = mix(pick, 0x1D1u + steps_);
      if (match(std::move(na), std::move(nb))) return true;
    }
    return false;
  }

  bool gaveUp() const { return steps_ > kMaxSteps; }

 private:
  static constexpr uint64_t kMaxSteps = 1'000'000;

  // Refines both sides in lock step until the partitions stop splitting; false when the colour
  // multisets differ (then no mapping can exist under the current choices).
  bool refineJointly(Colors& ca, Colors& cb) {
    size_t classes = distinctCount(ca);
    for (;;) {
      if (sorted(ca) != sorted(cb)) return false;
      Colors na = refine(a_, ca), nb = refine(b_, cb);
      const size_t n = distinctCount(na);
      ca = std::move(na);
      cb = std::move(nb);
      if (n == classes) return sorted(ca) == sorted(cb);
      classes = n;
    }
  }

  bool verify(const Colors& ca, const Colors& cb) const {
    std::unordered_map<uint64_t, size_t> byColor;
    for (size_t y = 0; y < cb.size(); ++y) byColor[cb[y]] = y;
    std::vector<Row> mapped = a_.blankRows;
    for (Row& row : mapped) {
      for (Cell& c : row) {
        if (isBlank(c)) c = blankCell(byColor.at(ca[blankIndex(c)]));
      }
    }
    std::vector<Row> target = b_.blankRows;
    std::sort(mapped.begin(), mapped.end());
    std::sort(target.begin(), target.end());
    return mapped == target;
  }

  const Side& a_;
  const Side& b_;
  uint64_t steps_ = 0;
};

std::string describe(const Row& row, const Side& side, const TermIds& ids) {
  std::string out;
  for (Cell c : row) {
    if (!out.empty()) out += ' ';
    if (isBlank(c)) {
      out += "_:" + side.blankLabels[blankIndex(c)];
    } else if (c == 0) {
      out += "(none)";
    } else {
      out += core::toNTriples(ids.term(c));
    }
  }
  return out;
}

void listRows(std::string& out, const char* heading, const std::vector<Row>& rows, const Side& side,
              const TermIds& ids) {
  constexpr size_t kMaxListed = 12;
  if (rows.empty()) return;
  out += heading;
  out += " (" + std::to_string(rows.size()) + "):\n";
  for (size_t i = 0; i < rows.size() && i < kMaxListed; ++i) {
    out += "  " + describe(rows[i], side, ids) + "\n";
  }
  if (rows.size() > kMaxListed) out += "  ...\n";
}

}  // namespace

MatchResult matchRowsModuloBlankNodes(const std::vector<TermRow>& expected,
                                      const std::vector<TermRow>& actual) {
  TermIds ids;
  Side a, b;
  a.build(expected, ids);
  b.build(actual, ids);
  MatchResult result;
  if (a.groundRows != b.groundRows) {
    std::vector<Row> missing, unexpected;
    std::set_difference(a.groundRows.begin(), a.groundRows.end(), b.groundRows.begin(),
                        b.groundRows.end(), std::back_inserter(missing));
    std::set_difference(b.groundRows.begin(), b.groundRows.end(), a.groundRows.begin(),
                        a.groundRows.end(), std::back_inserter(unexpected));
    listRows(result.explanation, "missing rows without blank nodes", missing, a, ids);
    listRows(result.explanation, "unexpected rows without blank nodes", unexpected, b, ids);
    return result;
  }
  if (a.blankRows.size() != b.blankRows.size() || a.blankLabels.size() != b.blankLabels.size()) {
    result.explanation = "expected " + std::to_string(a.blankRows.size()) + " rows with " +
                         std::to_string(a.blankLabels.size()) + " blank nodes, got " +
                         std::to_string(b.blankRows.size()) + " rows with " +
                         std::to_string(b.blankLabels.size()) + " blank nodes\n";
  } else {
    Matcher matcher(a, b);
    if (matcher.match(Colors(a.blankLabels.size(), 1), Colors(b.blankLabels.size(), 1))) {
      result.matched = true;
      return result;
    }
    result.explanation = matcher.gaveUp() ? "blank node search gave up (too many candidates)\n"
                                          : "no blank node mapping makes the rows equal\n";
  }
  listRows(result.explanation, "expected rows with blank nodes", a.blankRows, a, ids);
  listRows(result.explanation, "actual rows with blank nodes", b.blankRows, b, ids);
  return result;
}

std::string toNQuads(const Quad& quad) {
  std::string out = core::toNTriples(quad.subject) + " " + core::toNTriples(quad.predicate) + " " +
                    core::toNTriples(quad.object);
  if (quad.graph) out += " " + core::toNTriples(*quad.graph);
  return out + " .";
}

MatchResult datasetsIsomorphic(const std::vector<Quad>& expected, const std::vector<Quad>& actual) {
  auto toRows = [](std::vector<Quad> quads) {
    std::sort(quads.begin(), quads.end());
    quads.erase(std::unique(quads.begin(), quads.end()), quads.end());
    std::vector<TermRow> rows;
    rows.reserve(quads.size());
    for (Quad& q : quads) {
      rows.push_back(
          {std::move(q.subject), std::move(q.predicate), std::move(q.object), std::move(q.graph)});
    }
    return rows;
  };
  return matchRowsModuloBlankNodes(toRows(expected), toRows(actual));
}

}  // namespace cairn::testing
