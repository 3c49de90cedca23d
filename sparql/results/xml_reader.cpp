#include "sparql/results/xml_reader.h"

#include <map>
#include <optional>

#include "core/error.h"
#include "core/utf8.h"
#include "sparql/results/term_text.h"

namespace cairn::sparql::results {
namespace {

constexpr int kMaxDepth = 512;

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Prefix → namespace bindings; one frame per open element.
using Scope = std::map<std::string, std::string, std::less<>>;

class XmlParser {
 public:
  explicit XmlParser(std::string_view document) {
    // XML 1.0 §2.11: CRLF and lone CR become LF before parsing.
    text_.reserve(document.size());
    for (size_t i = 0; i < document.size(); ++i) {
      if (document[i] == '\r') {
        text_ += '\n';
        if (i + 1 < document.size() && document[i + 1] == '\n') ++i;
      } else {
        text_ += document[i];
      }
    }
    if (std::string_view(text_).starts_with("\xEF\xBB\xBF")) pos_ = 3;
  }

  XmlElement parseDocument() {
    skipMisc(/*allowDoctype=*/true);
    if (!lookingAt("<")) fail("expected the root element");
    Scope scope{{"xml", std::string(kXmlNamespace)}};
    XmlElement root = parseElement(scope, 0);
    skipMisc(/*allowDoctype=*/false);
    if (pos_ != text_.size()) fail("content after the root element");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    uint64_t line = 1, column = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) {
        ++column;
      }
    }
    throw core::Error(core::ErrorCode::kSyntaxError, "XML: " + message, line, column);
  }

  // pos_ only moves forward, so lines are counted incrementally.
  uint64_t currentLine() {
    for (; lineCountedTo_ < pos_; ++lineCountedTo_) line_ += text_[lineCountedTo_] == '\n';
    return line_;
  }

  bool lookingAt(std::string_view s) const {
    return std::string_view(text_).substr(pos_).starts_with(s);
  }

  void skipSpace() {
    while (pos_ < text_.size() && isSpace(text_[pos_])) ++pos_;
  }

  void skipPast(std::string_view terminator, const char* what) {
    size_t end = text_.find(terminator, pos_);
    if (end == std::string::npos) fail(std::string("unterminated ") + what);
    pos_ = end + terminator.size();
  }

  // Whitespace, comments, processing instructions (and the XML declaration), DOCTYPE.
  void skipMisc(bool allowDoctype) {
    while (true) {
      skipSpace();
      if (lookingAt("<?")) {
        skipPast("?>", "processing instruction");
      } else if (lookingAt("<!--")) {
        skipPast("-->", "comment");
      } else if (allowDoctype && lookingAt("<!DOCTYPE")) {
        skipDoctype();
      } else {
        return;
      }
    }
  }

  void skipDoctype() {
    int brackets = 0;
    for (; pos_ < text_.size(); ++pos_) {
      char c = text_[pos_];
      if (c == '[') ++brackets;
      if (c == ']') --brackets;
      if (c == '>' && brackets == 0) {
        ++pos_;
        return;
      }
    }
    fail("unterminated DOCTYPE");
  }

  std::string parseName() {
    size_t start = pos_;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (isSpace(c) || c == '/' || c == '>' || c == '=' || c == '<' || c == '"' || c == '\'' ||
          c == '&')
        break;
      ++pos_;
    }
    if (pos_ == start) fail("expected a name");
    return text_.substr(start, pos_ - start);
  }

  // Decodes "&...;" at pos_ into out.
  void parseReference(std::string& out) {
    size_t semi = text_.find(';', pos_);
    if (semi == std::string::npos || semi - pos_ > 12) fail("malformed entity reference");
    std::string_view name = std::string_view(text_).substr(pos_ + 1, semi - pos_ - 1);
    if (name == "lt") {
      out += '<';
    } else if (name == "gt") {
      out += '>';
    } else if (name == "amp") {
      out += '&';
    } else if (name == "quot") {
      out += '"';
    } else if (name == "apos") {
      out += '\'';
    } else if (name.starts_with("#")) {
      bool hex = name.size() > 1 && name[1] == 'x';
      std::string_view digits = name.substr(hex ? 2 : 1);
      if (digits.empty()) fail("malformed character reference");
      uint32_t cp = 0;
      for (char c : digits) {
        uint32_t d;
        if (c >= '0' && c <= '9') {
          d = c - '0';
        } else if (hex && c >= 'a' && c <= 'f') {
          d = c - 'a' + 10;
        } else if (hex && c >= 'A' && c <= 'F') {
          d = c - 'A' + 10;
        } else {
          fail("malformed character reference");
        }
        cp = cp * (hex ? 16 : 10) + d;
        if (cp > core::kMaxCodePoint) fail("character reference out of range");
      }
      if (cp == 0 || core::isSurrogate(cp)) fail("character reference to a non-character");
      core::appendUtf8(out, cp);
    } else {
      fail("unknown entity &" + std::string(name) + ";");
    }
    pos_ = semi + 1;
  }

  std::string parseAttributeValue() {
    if (pos_ >= text_.size() || (text_[pos_] != '"' && text_[pos_] != '\'')) {
      fail("expected a quoted attribute value");
    }
    char quote = text_[pos_++];
    std::string value;
    while (true) {
      if (pos_ >= text_.size()) fail("unterminated attribute value");
      char c = text_[pos_];
      if (c == quote) {
        ++pos_;
        return value;
      }
      if (c == '<') fail("'<' in an attribute value");
      if (c == '&') {
        parseReference(value);
        continue;
      }
      value += isSpace(c) ? ' ' : c;  // attribute-value normalization (XML 1.0 §3.3.3)
      ++pos_;
    }
  }

  // Splits "p:local" and resolves p in `scope`; unprefixed element names (useDefault) get the
  // default namespace, unprefixed attributes none.
  std::pair<std::string, std::string> resolve(const std::string& qname, const Scope& scope,
                                              bool useDefault) {
    size_t colon = qname.find(':');
    if (colon == std::string::npos) {
      if (!useDefault) return {"", qname};
      auto it = scope.find("");
      return {it == scope.end() ? "" : it->second, qname};
    }
    std::string prefix = qname.substr(0, colon);
    auto it = scope.find(prefix);
    if (it == scope.end()) fail("undeclared namespace prefix '" + prefix + "'");
    return {it->second, qname.substr(colon + 1)};
  }

  XmlElement parseElement(const Scope& outer, int depth) {
    if (depth > kMaxDepth) fail("elements nested too deeply");
    XmlElement element;
    element.line = currentLine();
    ++pos_;  // '<'
    std::string qname = parseName();
    std::vector<std::pair<std::string, std::string>> rawAttributes;
    std::vector<std::pair<std::string, std::string>> declarations;
    bool empty = false;
    while (true) {
      skipSpace();
      if (pos_ >= text_.size()) fail("unterminated start tag");
      if (lookingAt("/>")) {
        pos_ += 2;
        empty = true;
        break;
      }
      if (text_[pos_] == '>') {
        ++pos_;
        break;
      }
      std::string name = parseName();
      skipSpace();
      if (pos_ >= text_.size() || text_[pos_] != '=') fail("expected '=' after attribute name");
      ++pos_;
      skipSpace();
      std::string value = parseAttributeValue();
      if (name == "xmlns") {
        declarations.emplace_back("", std::move(value));
      } else if (name.starts_with("xmlns:")) {
        declarations.emplace_back(name.substr(6), std::move(value));
      } else {
        rawAttributes.emplace_back(std::move(name), std::move(value));
      }
    }
    // Most elements declare nothing and share their parent's scope.
    std::optional<Scope> ownScope;
    if (!declarations.empty()) {
      ownScope = outer;
      for (auto& [prefix, ns] : declarations) (*ownScope)[prefix] = std::move(ns);
    }
    const Scope& scope = ownScope ? *ownScope : outer;
    std::tie(element.namespaceUri, element.localName) = resolve(qname, scope, true);
    for (auto& [name, value] : rawAttributes) {
      auto [ns, local] = resolve(name, scope, false);
      element.attributes.push_back({std::move(ns), std::move(local), std::move(value)});
    }
    if (empty) return element;

    while (true) {
      if (pos_ >= text_.size()) fail("unterminated element <" + qname + ">");
      char c = text_[pos_];
      if (c == '&') {
        parseReference(element.text);
      } else if (c != '<') {
        element.text += c;
        ++pos_;
      } else if (lookingAt("</")) {
        pos_ += 2;
        std::string closing = parseName();
        if (closing != qname) fail("</" + closing + "> closes <" + qname + ">");
        skipSpace();
        if (pos_ >= text_.size() || text_[pos_] != '>') fail("malformed end tag");
        ++pos_;
        return element;
      } else if (lookingAt("<!--")) {
        skipPast("-->", "comment");
      } else if (lookingAt("<![CDATA[")) {
        size_t start = pos_ + 9;
        size_t end = text_.find("]]>", start);
        if (end == std::string::npos) fail("unterminated CDATA section");
        element.text.append(text_, start, end - start);
        pos_ = end + 3;
      } else if (lookingAt("<?")) {
        skipPast("?>", "processing instruction");
      } else {
        element.children.push_back(parseElement(scope, depth + 1));
      }
    }
  }

  std::string text_;
  size_t pos_ = 0;
  size_t lineCountedTo_ = 0;
  uint64_t line_ = 1;
};

}  // namespace

const XmlAttribute* XmlElement::attribute(std::string_view ns, std::string_view local) const {
  for (const XmlAttribute& a : attributes) {
    if (a.namespaceUri == ns && a.localName == local) return &a;
  }
  return nullptr;
}

const XmlElement* XmlElement::child(std::string_view local) const {
  for (const XmlElement& c : children) {
    if (c.localName == local) return &c;
  }
  return nullptr;
}

XmlElement parseXml(std::string_view document) { return XmlParser(document).parseDocument(); }

}  // namespace cairn::sparql::results
