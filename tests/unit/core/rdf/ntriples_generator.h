#pragma once
// Random N-Triples / N-Quads documents whose terms are known, for round-trip and differential
// tests of the parsers: IRIs, blank nodes and literals with raw and escaped (\u, \U, UTF-16
// pairs, ECHAR) characters, 1- to 4-byte UTF-8, language tags and datatypes, random spacing,
// comments, blank lines, CRLF, and optionally invalid statements on known lines.

#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/rdf/rdf_chars.h"
#include "core/term.h"

namespace cairn::core::rdf::test {

struct Generated {
  std::string text;
  std::vector<std::string> expected;  // N-Quads lines of the valid statements
  std::vector<uint64_t> badLines;     // lines holding an invalid statement
};

class DocumentGenerator {
 public:
  explicit DocumentGenerator(uint32_t seed) : rng_(seed) {}

  // Always put white space before a statement's '.' (serd 0.30 misreads an N-Quads blank node
  // graph label directly followed by '.').
  void setSpaceBeforeDot(bool on) { spaceBeforeDot_ = on; }

  // A document of `statements` statements, each invalid with probability `badFraction`.
  Generated make(int statements, bool quads, double badFraction) {
    Generated g;
    uint64_t line = 1;
    for (int i = 0; i < statements; ++i) {
      if (chance(0.1)) {
        g.text += chance(0.5) ? "# comment \"with\" <stuff> _:x\n" : " \t\n";
        ++line;
      }
      if (chance(badFraction)) {
        g.text += badStatement() + eol();
        g.badLines.push_back(line++);
        continue;
      }
      const Written s = chance(0.3) ? blank() : iri();
      const Written p = iri();
      const Written o = pick(3) == 0 ? iri() : pick(2) == 0 ? blank() : literal();
      std::optional<Written> graph;
      if (quads && chance(0.5)) graph = chance(0.5) ? iri() : blank();
      g.text += s.text + ws(false) + p.text + ws(false) + o.text;
      if (graph) g.text += ws(false) + graph->text;
      g.text += ws(!spaceBeforeDot_) + "." + ws(true) + (chance(0.1) ? "# done" : "") + eol();
      std::string expected =
          toNTriples(s.term) + " " + toNTriples(p.term) + " " + toNTriples(o.term);
      if (graph) expected += " " + toNTriples(graph->term);
      g.expected.push_back(expected + " .");
      ++line;
    }
    return g;
  }

 private:
  // A term and how the document writes it.
  struct Written {
    Term term;
    std::string text;
  };

  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  size_t pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }

  std::string ws(bool optional) {
    static const char* kSpaces[] = {" ", "\t", "  ", " \t "};
    if (optional && chance(0.3)) return "";
    return kSpaces[pick(4)];
  }
  std::string eol() { return chance(0.2) ? "\r\n" : "\n"; }

  // Characters to draw values from: ASCII, 2-, 3- and 4-byte UTF-8.
  uint32_t randomCodePoint(bool forIri) {
    static const uint32_t kSpecial[] = {'"', '\\', '\n', '\r', '\t', 0x08, 0x0C, '\'', '#', '<'};
    switch (pick(8)) {
      case 0:
        return 0xE9;
      case 1:
        return 0x65E5;
      case 2:
        return 0x1F600;
      case 3:
        if (!forIri) return kSpecial[pick(10)];
        [[fallthrough]];
      default:
        return static_cast<uint32_t>('a' + pick(26));
    }
  }

  // Writes `cp` raw or as one of the escapes the grammar allows there.
  std::string encode(uint32_t cp, bool forIri) {
    std::string out;
    const bool mustEscape = forIri ? false : (cp == '"' || cp == '\\' || cp == '\n' || cp == '\r');
    if (mustEscape || chance(0.15)) {
      if (!forIri && cp < 0x80 && chance(0.5)) {
        switch (cp) {
          case '"':
            return "\\\"";
          case '\\':
            return "\\\\";
          case '\n':
            return "\\n";
          case '\r':
            return "\\r";
          case '\t':
            return "\\t";
          case 0x08:
            return "\\b";
          case 0x0C:
            return "\\f";
          case '\'':
            return "\\'";
          default:
            break;
        }
      }
      char buf[16];
      if (cp > 0xFFFF && chance(0.5)) {
        const uint32_t v = cp - 0x10000;
        std::snprintf(buf, sizeof buf, "\\u%04X\\u%04x", 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF));
      } else if (cp > 0xFFFF || chance(0.5)) {
        std::snprintf(buf, sizeof buf, "\\U%08X", cp);
      } else {
        std::snprintf(buf, sizeof buf, "\\u%04x", cp);
      }
      return buf;
    }
    appendUtf8(out, cp);
    return out;
  }

  std::string randomText(bool forIri, size_t maxLen, std::string& written) {
    std::string value;
    const size_t n = pick(maxLen + 1);
    for (size_t i = 0; i < n; ++i) {
      const uint32_t cp = randomCodePoint(forIri);
      appendUtf8(value, cp);
      written += encode(cp, forIri);
    }
    return value;
  }

  Written iri() {
    std::string written = "http://example.org/";
    const std::string path = randomText(true, 12, written);
    return {Term::iri("http://example.org/" + path), "<" + written + ">"};
  }
  Written blank() {
    static const char kFirst[] = "abcXYZ019_";
    static const char kRest[] = "abcXYZ019_-.";
    std::string label(1, kFirst[pick(sizeof kFirst - 1)]);
    const size_t n = pick(6);
    for (size_t i = 0; i < n; ++i) label += kRest[pick(sizeof kRest - 1)];
    while (label.back() == '.') label.pop_back();
    return {Term::blank(label), "_:" + label};
  }
  Written literal() {
    std::string written = "\"";
    std::string value = randomText(false, 10, written);
    written += "\"";
    Term t = Term::literal(std::move(value));
    if (chance(0.3)) {
      static const char* kTags[] = {"en", "en-GB", "x-a1b2-c3", "DE"};
      t.language = kTags[pick(4)];
      written += "@" + t.language;
    } else if (chance(0.3)) {
      Written dt = iri();
      t.datatype = dt.term.value;
      written += "^^" + dt.text;
    }
    return {t, written};
  }

  std::string badStatement() {
    static const char* kBad[] = {
        "<http://a/s> <http://a/p> \"unterminated",
        "<http://a/s> <rel> <http://a/o> .",
        "<http://a/s> <http://a/p> <http://a/o>",
        "_:b <http://a/p> \"x\"@1 .",
        "<http://a/s> <http://a/p> \"\\x\" .",
        "<http://a/s> <http://a/p> <http://a/o> <http://a/g> <http://a/h> .",
    };
    return kBad[pick(6)];
  }

  std::mt19937 rng_;
  bool spaceBeforeDot_ = false;
};

}  // namespace cairn::core::rdf::test
