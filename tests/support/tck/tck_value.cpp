#include "tests/support/tck/tck_value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

#include "query/value/value_text.h"

namespace cairn::tck {

TckValue TckValue::boolean(bool value) {
  return TckValue(Storage(std::in_place_type<bool>, value));
}

TckValue TckValue::integer(int64_t value) {
  return TckValue(Storage(std::in_place_type<int64_t>, value));
}

TckValue TckValue::floating(double value) {
  return TckValue(Storage(std::in_place_type<double>, value));
}

TckValue TckValue::string(std::string value) {
  return TckValue(Storage(std::in_place_type<std::string>, std::move(value)));
}

TckValue TckValue::list(std::vector<TckValue> elements) {
  return TckValue(Storage(std::make_shared<const std::vector<TckValue>>(std::move(elements))));
}

TckValue TckValue::map(TckMap entries) {
  return TckValue(Storage(std::make_shared<const TckMap>(canonicalMap(std::move(entries)))));
}

TckValue TckValue::node(std::vector<std::string> labels, TckMap properties) {
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  return TckValue(Storage(std::make_shared<const TckNode>(
      TckNode{std::move(labels), canonicalMap(std::move(properties))})));
}

TckValue TckValue::relationship(std::string type, TckMap properties) {
  return TckValue(Storage(std::make_shared<const TckRelationship>(
      TckRelationship{std::move(type), canonicalMap(std::move(properties))})));
}

TckValue TckValue::path(TckPath path) {
  return TckValue(Storage(std::make_shared<const TckPath>(std::move(path))));
}

TckMap canonicalMap(TckMap entries) {
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t i = 1; i < entries.size(); ++i) {
    if (entries[i].first == entries[i - 1].first) {
      throw TckValueError("duplicate map key " + formatTckName(entries[i].first));
    }
  }
  return entries;
}

namespace {

bool isNameChar(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         u >= 0x80;
}

void appendFloat(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "NaN";
    return;
  }
  if (std::isinf(value)) {
    out += value < 0 ? "-Inf" : "Inf";
    return;
  }
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  const std::string_view text(buffer, static_cast<size_t>(result.ptr - buffer));
  out += text;
  if (text.find_first_of(".e") == std::string_view::npos) out += ".0";
}


void appendValue(std::string& out, const TckValue& value);

void appendMap(std::string& out, const TckMap& map) {
  out += '{';
  for (size_t i = 0; i < map.size(); ++i) {
    if (i > 0) out += ", ";
    out += formatTckName(map[i].first);
    out += ": ";
    appendValue(out, map[i].second);
  }
  out += '}';
}

void appendNode(std::string& out, const TckNode& node) {
  out += '(';
  for (const std::string& label : node.labels) out += ":" + formatTckName(label);
  if (!node.properties.empty()) {
    if (!node.labels.empty()) out += ' ';
    appendMap(out, node.properties);
  }
  out += ')';
}

void appendRelationship(std::string& out, const TckRelationship& relationship) {
  out += "[:" + formatTckName(relationship.type);
  if (!relationship.properties.empty()) {
    out += ' ';
    appendMap(out, relationship.properties);
  }
  out += ']';
}

void appendValue(std::string& out, const TckValue& value) {
  switch (value.kind()) {
    case TckValue::Kind::kNull:
      out += "null";
      break;
    case TckValue::Kind::kBoolean:
      out += value.asBoolean() ? "true" : "false";
      break;
    case TckValue::Kind::kInteger:
      out += std::to_string(value.asInteger());
      break;
    case TckValue::Kind::kFloat:
      appendFloat(out, value.asFloat());
      break;
    case TckValue::Kind::kString:
      out += query::value::quoteString(value.asString());
      break;
    case TckValue::Kind::kList: {
      out += '[';
      const auto& list = value.asList();
      for (size_t i = 0; i < list.size(); ++i) {
        if (i > 0) out += ", ";
        appendValue(out, list[i]);
      }
      out += ']';
      break;
    }
    case TckValue::Kind::kMap:
      appendMap(out, value.asMap());
      break;
    case TckValue::Kind::kNode:
      appendNode(out, value.asNode());
      break;
    case TckValue::Kind::kRelationship:
      appendRelationship(out, value.asRelationship());
      break;
    case TckValue::Kind::kPath: {
      const TckPath& path = value.asPath();
      out += '<';
      appendNode(out, path.start);
      for (const TckPathHop& hop : path.hops) {
        out += hop.forward ? "-" : "<-";
        appendRelationship(out, hop.relationship);
        out += hop.forward ? "->" : "-";
        appendNode(out, hop.node);
      }
      out += '>';
      break;
    }
  }
}

}  // namespace

std::string formatTckName(std::string_view name) {
  const bool bare = !name.empty() && !(name[0] >= '0' && name[0] <= '9') &&
                    std::all_of(name.begin(), name.end(), isNameChar);
  if (bare) return std::string(name);
  std::string out = "`";
  for (const char c : name) {
    out += c;
    if (c == '`') out += '`';
  }
  return out + "`";
}

std::string TckValue::toString() const {
  std::string out;
  appendValue(out, *this);
  return out;
}

namespace {

class ValueParser {
 public:
  explicit ValueParser(std::string_view text) : text_(text) {}

  TckValue parseAll() {
    TckValue value = parseValue();
    skipBlanks();
    if (pos_ != text_.size()) fail("unexpected text after the value");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw TckValueError(what + " at offset " + std::to_string(pos_) + " in \"" +
                        std::string(text_) + "\"");
  }

  void skipBlanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  char peek() {
    skipBlanks();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }

  bool accept(std::string_view token) {
    skipBlanks();
    if (text_.substr(pos_, token.size()) != token) return false;
    pos_ += token.size();
    return true;
  }

  void expect(std::string_view token) {
    if (!accept(token)) fail("expected '" + std::string(token) + "'");
  }

  // A keyword only counts when no name character follows ("nullable" is not null).
  bool acceptWord(std::string_view word) {
    skipBlanks();
    if (text_.substr(pos_, word.size()) != word) return false;
    const size_t end = pos_ + word.size();
    if (end < text_.size() && isNameChar(text_[end])) return false;
    pos_ = end;
    return true;
  }

  TckValue parseValue() {
    const char c = peek();
    if (c == '\0') fail("expected a value");
    if (c == '\'') return TckValue::string(parseString());
    if (c == '[') return parseListOrRelationship();
    if (c == '{') return TckValue::map(parseMap());
    if (c == '(') return parseNodeValue();
    if (c == '<') return parsePath();
    if (acceptWord("null")) return TckValue();
    if (acceptWord("true")) return TckValue::boolean(true);
    if (acceptWord("false")) return TckValue::boolean(false);
    if (acceptWord("NaN")) return TckValue::floating(std::nan(""));
    if (acceptWord("Inf")) return TckValue::floating(HUGE_VAL);
    if (acceptWord("-Inf")) return TckValue::floating(-HUGE_VAL);
    if (c == '-' || (c >= '0' && c <= '9')) return parseNumber();
    fail("expected a value");
  }

  TckValue parseNumber() {
    const size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    auto digits = [&] {
      const size_t from = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ > from;
    };
    if (!digits()) fail("expected digits");
    bool isFloat = false;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      isFloat = true;
      if (!digits()) fail("expected digits after '.'");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      isFloat = true;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (!digits()) fail("expected exponent digits");
    }
    if (pos_ < text_.size() && isNameChar(text_[pos_])) fail("malformed number");
    const char* first = text_.data() + start;
    const char* last = text_.data() + pos_;
    if (isFloat) {
      double value = 0;
      const auto result = std::from_chars(first, last, value);
      // Out-of-range literals are a table error, not infinity: the TCK writes Inf for that.
      if (result.ec != std::errc() || result.ptr != last) fail("float out of range");
      return TckValue::floating(value);
    }
    int64_t value = 0;
    const auto result = std::from_chars(first, last, value);
    if (result.ec != std::errc() || result.ptr != last) fail("integer out of range");
    return TckValue::integer(value);
  }

  static void appendUtf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  std::string parseString() {
    expect("'");
    std::string out;
    while (true) {
      if (pos_ >= text_.size()) fail("unterminated string");
      const char c = text_[pos_++];
      if (c == '\'') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated escape");
      const char e = text_[pos_++];
      switch (e) {
        case '\'':
        case '"':
        case '\\':
          out += e;
          break;
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          if (pos_ + 4 > text_.size()) fail("short \\u escape");
          uint32_t cp = 0;
          const auto result = std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, cp, 16);
          if (result.ec != std::errc() || result.ptr != text_.data() + pos_ + 4) {
            fail("bad \\u escape");
          }
          pos_ += 4;
          appendUtf8(out, cp);
          break;
        }
        default:
          fail(std::string("unknown escape \\") + e);
      }
    }
  }

  std::string parseName() {
    skipBlanks();
    if (pos_ < text_.size() && text_[pos_] == '`') {
      ++pos_;
      std::string name;
      while (true) {
        if (pos_ >= text_.size()) fail("unterminated `name`");
        const char c = text_[pos_++];
        if (c != '`') {
          name += c;
        } else if (pos_ < text_.size() && text_[pos_] == '`') {
          name += '`';
          ++pos_;
        } else {
          return name;
        }
      }
    }
    const size_t start = pos_;
    while (pos_ < text_.size() && isNameChar(text_[pos_])) ++pos_;
    if (pos_ == start) fail("expected a name");
    return std::string(text_.substr(start, pos_ - start));
  }

  TckMap parseMap() {
    expect("{");
    TckMap entries;
    if (accept("}")) return entries;
    do {
      std::string key = parseName();
      expect(":");
      entries.emplace_back(std::move(key), parseValue());
    } while (accept(","));
    expect("}");
    return entries;
  }

  TckValue parseListOrRelationship() {
    expect("[");
    if (peek() == ':') {
      TckRelationship relationship = parseRelationshipBody();
      return TckValue::relationship(std::move(relationship.type),
                                    std::move(relationship.properties));
    }
    std::vector<TckValue> elements;
    if (accept("]")) return TckValue::list(std::move(elements));
    do {
      elements.push_back(parseValue());
    } while (accept(","));
    expect("]");
    return TckValue::list(std::move(elements));
  }

  // After the '[': ":TYPE {props}]".
  TckRelationship parseRelationshipBody() {
    expect(":");
    TckRelationship relationship;
    relationship.type = parseName();
    if (peek() == '{') relationship.properties = parseMap();
    expect("]");
    return relationship;
  }

  TckNode parseNode() {
    expect("(");
    TckNode node;
    while (accept(":")) node.labels.push_back(parseName());
    if (peek() == '{') node.properties = parseMap();
    expect(")");
    const TckValue canonical = TckValue::node(std::move(node.labels), std::move(node.properties));
    return canonical.asNode();
  }

  TckValue parseNodeValue() {
    TckNode node = parseNode();
    return TckValue::node(std::move(node.labels), std::move(node.properties));
  }

  TckRelationship parseRelationshipElement() {
    expect("[");
    TckRelationship relationship = parseRelationshipBody();
    relationship.properties = canonicalMap(std::move(relationship.properties));
    return relationship;
  }

  TckValue parsePath() {
    expect("<");
    TckPath path;
    path.start = parseNode();
    while (peek() != '>') {
      TckPathHop hop;
      if (accept("<-")) {
        hop.forward = false;
        hop.relationship = parseRelationshipElement();
        expect("-");
      } else {
        expect("-");
        hop.relationship = parseRelationshipElement();
        expect("->");
      }
      hop.node = parseNode();
      path.hops.push_back(std::move(hop));
    }
    expect(">");
    return TckValue::path(std::move(path));
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

TckValue parseTckValue(std::string_view text) { return ValueParser(text).parseAll(); }

namespace {

bool mapsEqual(const TckMap& a, const TckMap& b, TckEqualityOptions options) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].first != b[i].first || !tckEquals(a[i].second, b[i].second, options)) return false;
  }
  return true;
}

bool nodesEqual(const TckNode& a, const TckNode& b, TckEqualityOptions options) {
  return a.labels == b.labels && mapsEqual(a.properties, b.properties, options);
}

bool relationshipsEqual(const TckRelationship& a, const TckRelationship& b,
                        TckEqualityOptions options) {
  return a.type == b.type && mapsEqual(a.properties, b.properties, options);
}

// Multiset equality. Greedy matching is exact because tckEquals is an equivalence relation.
bool sameElements(const std::vector<TckValue>& a, const std::vector<TckValue>& b,
                  TckEqualityOptions options) {
  if (a.size() != b.size()) return false;
  std::vector<bool> used(b.size(), false);
  for (const TckValue& x : a) {
    bool found = false;
    for (size_t j = 0; j < b.size() && !found; ++j) {
      if (!used[j] && tckEquals(x, b[j], options)) used[j] = found = true;
    }
    if (!found) return false;
  }
  return true;
}

}  // namespace

bool tckEquals(const TckValue& a, const TckValue& b, TckEqualityOptions options) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case TckValue::Kind::kNull:
      return true;
    case TckValue::Kind::kBoolean:
      return a.asBoolean() == b.asBoolean();
    case TckValue::Kind::kInteger:
      return a.asInteger() == b.asInteger();
    case TckValue::Kind::kFloat:
      return a.asFloat() == b.asFloat() || (std::isnan(a.asFloat()) && std::isnan(b.asFloat()));
    case TckValue::Kind::kString:
      return a.asString() == b.asString();
    case TckValue::Kind::kList: {
      const auto& x = a.asList();
      const auto& y = b.asList();
      if (options.ignoreListOrder) return sameElements(x, y, options);
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!tckEquals(x[i], y[i], options)) return false;
      }
      return true;
    }
    case TckValue::Kind::kMap:
      return mapsEqual(a.asMap(), b.asMap(), options);
    case TckValue::Kind::kNode:
      return nodesEqual(a.asNode(), b.asNode(), options);
    case TckValue::Kind::kRelationship:
      return relationshipsEqual(a.asRelationship(), b.asRelationship(), options);
    case TckValue::Kind::kPath: {
      const TckPath& x = a.asPath();
      const TckPath& y = b.asPath();
      if (x.hops.size() != y.hops.size() || !nodesEqual(x.start, y.start, options)) return false;
      for (size_t i = 0; i < x.hops.size(); ++i) {
        if (x.hops[i].forward != y.hops[i].forward ||
            !relationshipsEqual(x.hops[i].relationship, y.hops[i].relationship, options) ||
            !nodesEqual(x.hops[i].node, y.hops[i].node, options)) {
          return false;
        }
      }
      return true;
    }
  }
  return false;
}

}  // namespace cairn::tck
