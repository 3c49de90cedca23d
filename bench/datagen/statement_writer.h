#pragma once
// Buffered N-Triples / N-Quads output for the data generator. A statement is the current subject
// (set once per entity) and the current graph, plus a predicate and an object given per call.
//
// Contract:
// - Exactly `limit` statements are written: once the limit is reached every further statement is
//   dropped, so the generator may finish its current entity without checking after each call.
// - About 0.5% of statements are repeated verbatim (same graph too) a little later, after the
//   next entity (see flushDuplicates), to exercise set semantics. Repeats count towards the limit.
// - Literal lexical forms are escaped per RDF 1.1 N-Triples (\" \\ \n \r); IRIs are written as
//   given and must contain no character N-Triples forbids inside <...> (checked).
// Not thread-safe; one writer per output stream.

#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/datagen/lexical.h"
#include "bench/datagen/quoted_literal.h"
#include "bench/datagen/random.h"
#include "bench/datagen/vocabulary.h"
#include "core/check.h"

namespace cairn::bench::datagen {

enum class OutputFormat : uint8_t { kNTriples, kNQuads };

// Chance per million statements that a statement is written a second time (0.5%).
inline constexpr uint32_t kDuplicatePerMillion = 5000;

class StatementWriter {
 public:
  // `out` stays owned by the caller and must outlive the writer. `seed` drives only the choice
  // of duplicated statements.
  StatementWriter(std::FILE* out, OutputFormat format, uint64_t limit, uint64_t seed)
      : out_(out),
        format_(format),
        limit_(limit),
        dupRng_(streamSeed(seed, 0xD0B1E, 0)),
        buf_(new char[kBufferSize]) {
    for (size_t i = 0; i < kPredicateCount; ++i) {
      const PredicateInfo& info = kPredicates[i];
      predicateText_[i] = "<";
      predicateText_[i] +=
          info.local.empty() ? info.iri : std::string(kOntology) + std::string(info.local);
      predicateText_[i] += ">";
    }
    for (size_t i = 0; i < kXsdNames.size(); ++i) {
      datatypeText_[i] = "^^<" + std::string(kXsdNs) + std::string(kXsdNames[i]) + ">";
    }
  }

  StatementWriter(const StatementWriter&) = delete;
  StatementWriter& operator=(const StatementWriter&) = delete;

  bool full() const { return written_ >= limit_; }
  uint64_t written() const { return written_; }
  uint64_t duplicates() const { return duplicates_; }
  uint64_t bytes() const { return flushedBytes_ + pos_; }
  const std::array<uint64_t, kPredicateCount>& predicateCounts() const { return counts_; }

  // --- subject and graph --------------------------------------------------------------------

  void setSubjectResource(Entity e, uint64_t n) {
    subject_.clear();
    appendResource(subject_, e, n);
  }
  void setSubjectOntology(std::string_view local) {
    subject_.assign("<");
    subject_ += kOntology;
    subject_ += local;
    subject_ += '>';
  }
  void setSubjectBlank(std::string_view prefix, uint64_t n) {
    subject_.clear();
    appendBlank(subject_, prefix, n);
  }
  // The graph of the following statements: an IRI, or empty for the default graph. Ignored in
  // N-Triples output.
  void setGraph(std::string_view graphIri) {
    graph_.clear();
    if (format_ == OutputFormat::kNQuads && !graphIri.empty()) {
      checkIri(graphIri);
      graph_ = "<";
      graph_ += graphIri;
      graph_ += '>';
    }
  }

  // --- one statement per call ---------------------------------------------------------------

  void resource(Pred p, Entity e, uint64_t n) {
    if (!begin(p, 96)) return;
    put("<");
    put(kResource);
    put(entityName(e));
    put("/");
    putNumber(n);
    put(">");
    end(p);
  }
  void iri(Pred p, std::string_view iri) {
    checkIri(iri);
    if (!begin(p, iri.size() + 2)) return;
    put("<");
    put(iri);
    put(">");
    end(p);
  }
  void ontologyIri(Pred p, std::string_view local) {
    if (!begin(p, kOntology.size() + local.size() + 2)) return;
    put("<");
    put(kOntology);
    put(local);
    put(">");
    end(p);
  }
  void blank(Pred p, std::string_view prefix, uint64_t n) {
    if (!begin(p, prefix.size() + 24)) return;
    put("_:");
    put(prefix);
    putNumber(n);
    end(p);
  }
  // A simple literal (xsd:string).
  void string(Pred p, std::string_view lexical) {
    if (!begin(p, 2 * lexical.size() + 2)) return;
    putQuoted(lexical);
    end(p);
  }
  void langString(Pred p, std::string_view lexical, std::string_view lang) {
    if (!begin(p, 2 * lexical.size() + lang.size() + 3)) return;
    putQuoted(lexical);
    put("@");
    put(lang);
    end(p);
  }
  void typed(Pred p, std::string_view lexical, Xsd type) {
    const std::string& dt = datatypeText_[static_cast<size_t>(type)];
    if (!begin(p, 2 * lexical.size() + 2 + dt.size())) return;
    putQuoted(lexical);
    put(dt);
    end(p);
  }

  // Call between entities: writes the repeats chosen during the entity before the previous call,
  // so that a repeat lands after the next entity rather than next to its original.
  void flushDuplicates() {
    writeRepeats(readyDuplicates_);
    readyDuplicates_.swap(pendingDuplicates_);
  }

  // Writes every outstanding repeat and the buffer, then flushes the stream. False on an I/O
  // error.
  bool finish() {
    writeRepeats(readyDuplicates_);
    writeRepeats(pendingDuplicates_);
    flushBuffer();
    if (std::fflush(out_) != 0) ioError_ = true;
    return !ioError_;
  }

 private:
  static constexpr size_t kBufferSize = size_t{8} << 20;
  static constexpr std::array<std::string_view, 6> kXsdNames = {"integer", "decimal", "double",
                                                                "boolean", "date",    "dateTime"};

  static void appendResource(std::string& out, Entity e, uint64_t n) {
    out += '<';
    out += kResource;
    out += entityName(e);
    out += '/';
    char digits[24];
    auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), n);
    out.append(digits, end);
    out += '>';
  }
  static void appendBlank(std::string& out, std::string_view prefix, uint64_t n) {
    out += "_:";
    out += prefix;
    char digits[24];
    auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), n);
    out.append(digits, end);
  }
  // RDF 1.1 N-Triples IRIREF excludes controls, space and <>"{}|^`\ .
  static void checkIri(std::string_view iri) {
    for (unsigned char c : iri) {
      CAIRN_CHECK(c > 0x20 && c != '<' && c != '>' && c != '"' && c != '{' && c != '}' &&
                      c != '|' && c != '^' && c != '`' && c != '\\',
                  "generated IRI holds a character N-Triples forbids");
    }
  }

  bool begin(Pred p, size_t objectBound) {
    if (full()) return false;
    const std::string& pred = predicateText_[static_cast<size_t>(p)];
    reserve(subject_.size() + pred.size() + objectBound + graph_.size() + 8);
    start_ = pos_;
    put(subject_);
    put(" ");
    put(pred);
    put(" ");
    return true;
  }
  void end(Pred p) {
    if (!graph_.empty()) {
      put(" ");
      put(graph_);
    }
    put(" .\n");
    ++written_;
    ++counts_[static_cast<size_t>(p)];
    if (dupRng_.chance(kDuplicatePerMillion)) {
      pendingDuplicates_.emplace_back(p, std::string(buf_.get() + start_, pos_ - start_));
    }
  }

  void writeRepeats(std::vector<std::pair<Pred, std::string>>& repeats) {
    for (const auto& [p, line] : repeats) {
      if (full()) break;
      reserve(line.size());
      put(line);
      ++written_;
      ++duplicates_;
      ++counts_[static_cast<size_t>(p)];
    }
    repeats.clear();
  }

  void reserve(size_t n) {
    CAIRN_CHECK(n < kBufferSize, "statement larger than the output buffer");
    if (pos_ + n > kBufferSize) flushBuffer();
  }
  void flushBuffer() {
    if (pos_ == 0) return;
    if (std::fwrite(buf_.get(), 1, pos_, out_) != pos_) ioError_ = true;
    flushedBytes_ += pos_;
    pos_ = 0;
  }
  void put(std::string_view s) {
    std::memcpy(buf_.get() + pos_, s.data(), s.size());
    pos_ += s.size();
  }
  void putNumber(uint64_t n) {
    auto [end, ec] = std::to_chars(buf_.get() + pos_, buf_.get() + kBufferSize, n);
    pos_ = static_cast<size_t>(end - buf_.get());
  }
  void putQuoted(std::string_view s) {
    pos_ = static_cast<size_t>(writeQuotedLiteral(buf_.get() + pos_, s) - buf_.get());
  }

  std::FILE* out_;
  OutputFormat format_;
  uint64_t limit_;
  Rng dupRng_;
  std::unique_ptr<char[]> buf_;
  size_t pos_ = 0;
  size_t start_ = 0;
  uint64_t flushedBytes_ = 0;
  bool ioError_ = false;

  std::string subject_;
  std::string graph_;
  std::array<std::string, kPredicateCount> predicateText_;
  std::array<std::string, 6> datatypeText_;

  uint64_t written_ = 0;
  uint64_t duplicates_ = 0;
  std::array<uint64_t, kPredicateCount> counts_{};
  std::vector<std::pair<Pred, std::string>> pendingDuplicates_;  // chosen in the current entity
  std::vector<std::pair<Pred, std::string>> readyDuplicates_;    // chosen in the previous one
};

}  // namespace cairn::bench::datagen
