#include "server/http/media_type.h"

namespace cairn::server::http {
namespace {

// tchar (RFC 9110 §5.6.2).
bool isTokenChar(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// Reads the input left to right; every method leaves pos_ after what it consumed.
class MediaTypeReader {
 public:
  explicit MediaTypeReader(std::string_view text) : text_(text) {}

  bool atEnd() const { return pos_ == text_.size(); }
  char peek() const { return text_[pos_]; }

  bool consume(char c) {
    if (atEnd() || peek() != c) return false;
    ++pos_;
    return true;
  }

  // OWS = *( SP / HTAB )
  void skipWhitespace() {
    while (!atEnd() && (peek() == ' ' || peek() == '\t')) ++pos_;
  }

  // A lower-cased token; nullopt when there is none at this position.
  std::optional<std::string> lowerToken() {
    std::string out;
    while (!atEnd() && isTokenChar(peek())) out += lowerAscii(text_[pos_++]);
    if (out.empty()) return std::nullopt;
    return out;
  }

  // token / quoted-string, quotes and backslashes removed.
  std::optional<std::string> parameterValue() {
    if (!consume('"')) {
      size_t start = pos_;
      while (!atEnd() && isTokenChar(peek())) ++pos_;
      if (pos_ == start) return std::nullopt;
      return std::string(text_.substr(start, pos_ - start));
    }
    std::string out;
    while (!atEnd()) {
      auto byte = static_cast<unsigned char>(text_[pos_++]);
      if (byte == '"') return out;
      if (byte == '\\') {
        // quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text )
        if (atEnd()) return std::nullopt;
        byte = static_cast<unsigned char>(text_[pos_++]);
        if (!isQuotable(byte)) return std::nullopt;
      } else if (!isQuotable(byte)) {  // qdtext is the same set less '"' and '\'
        return std::nullopt;
      }
      out += static_cast<char>(byte);
    }
    return std::nullopt;  // no closing quote
  }

 private:
  static bool isQuotable(unsigned char byte) {
    return byte == '\t' || (byte >= 0x20 && byte != 0x7F);
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

std::string MediaType::essence() const { return type + "/" + subtype; }

std::optional<MediaType> parseMediaType(std::string_view value) {
  MediaTypeReader reader(value);
  MediaType result;
  reader.skipWhitespace();
  std::optional<std::string> type = reader.lowerToken();
  if (!type || !reader.consume('/')) return std::nullopt;
  std::optional<std::string> subtype = reader.lowerToken();
  if (!subtype) return std::nullopt;
  result.type = std::move(*type);
  result.subtype = std::move(*subtype);
  // parameters = *( OWS ";" OWS [ parameter ] )
  while (true) {
    reader.skipWhitespace();
    if (reader.atEnd()) break;
    if (!reader.consume(';')) return std::nullopt;
    reader.skipWhitespace();
    if (reader.atEnd() || reader.peek() == ';') continue;
    std::optional<std::string> name = reader.lowerToken();
    if (!name || !reader.consume('=')) return std::nullopt;
    std::optional<std::string> parameter = reader.parameterValue();
    if (!parameter) return std::nullopt;
    result.parameters.emplace_back(std::move(*name), std::move(*parameter));
  }
  return result;
}

}  // namespace cairn::server::http
