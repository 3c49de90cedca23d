#pragma once
// A Block holds the statements the generator draws for one entity: its own attributes and links,
// plus the few statements about neighbours that belong with it (a review's rev:hasReview from
// its product, an offer's gr:offers from its retailer, a user's purchases). The writer prints a
// block; the query instantiator (query_classes.h) reads one to find constants with answers.
// Objects are entity references (kind and number), classes, or plain literals whose text lives
// in the block. A Block is reused: clear() keeps its capacity. Not thread-safe.

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "bench/watdiv/vocabulary.h"

namespace cairn::bench::watdiv {

// The number of a bare class IRI such as wsdbm:User (no number appended).
inline constexpr uint64_t kNoNumber = std::numeric_limits<uint64_t>::max();

struct Node {
  Kind kind = Kind::kUser;
  uint64_t number = 0;
  friend bool operator==(const Node&, const Node&) = default;
};

struct Statement {
  Node subject;
  Pred pred = Pred::kType;
  bool literal = false;
  Node object;             // when !literal
  uint32_t textBegin = 0;  // when literal: the lexical form in Block::text()
  uint32_t textSize = 0;
};

class Block {
 public:
  void clear() {
    statements_.clear();
    text_.clear();
  }
  // The subject of the statements added next.
  void setSubject(Kind kind, uint64_t number) { subject_ = {kind, number}; }
  const Node& subject() const { return subject_; }

  void link(Pred p, Kind kind, uint64_t number) {
    statements_.push_back({subject_, p, false, {kind, number}, 0, 0});
  }
  void type(Kind cls, uint64_t number = kNoNumber) { link(Pred::kType, cls, number); }
  void literal(Pred p, std::string_view lexical) {
    const auto begin = static_cast<uint32_t>(text_.size());
    text_ += lexical;
    statements_.push_back({subject_, p, true, {}, begin, static_cast<uint32_t>(lexical.size())});
  }
  void literal(Pred p, int64_t value) { literal(p, std::string_view(std::to_string(value))); }

  const std::vector<Statement>& statements() const { return statements_; }
  std::string_view text(const Statement& s) const {
    return std::string_view(text_).substr(s.textBegin, s.textSize);
  }

  // Lookups for the query instantiator; linear, blocks are small.
  bool has(const Node& subject, Pred p) const {
    for (const Statement& s : statements_) {
      if (s.subject == subject && s.pred == p) return true;
    }
    return false;
  }
  std::vector<uint64_t> objects(const Node& subject, Pred p) const {
    std::vector<uint64_t> out;
    for (const Statement& s : statements_) {
      if (s.subject == subject && s.pred == p && !s.literal) out.push_back(s.object.number);
    }
    return out;
  }
  // The first literal of `subject` under `p`, or empty.
  std::string_view literalOf(const Node& subject, Pred p) const {
    for (const Statement& s : statements_) {
      if (s.subject == subject && s.pred == p && s.literal) return text(s);
    }
    return {};
  }

 private:
  Node subject_;
  std::vector<Statement> statements_;
  std::string text_;
};

}  // namespace cairn::bench::watdiv
