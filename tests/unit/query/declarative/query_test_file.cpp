#include "tests/unit/query/declarative/query_test_file.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace cairn::testing {
namespace {

constexpr std::string_view kXsd = "http://www.w3.org/2001/XMLSchema#";

class FileError : public std::runtime_error {
 public:
  FileError(const std::string& file, int line, const std::string& what)
      : std::runtime_error(file + ":" + std::to_string(line) + ": " + what) {}
};

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Reads one term of an expectation line from the front of `s`; nullopt for UNDEF.
class TermReader {
 public:
  TermReader(std::string_view text, const std::string& file, int line)
      : s_(text), file_(file), line_(line) {}

  bool atEnd() {
    skipSpace();
    return s_.empty() || (s_.size() == 1 && s_[0] == '.');
  }

  std::optional<core::Term> next() {
    skipSpace();
    if (s_.empty()) fail("expected a term");
    char c = s_[0];
    if (c == '<') return core::Term::iri(iriRef());
    if (c == '"') return literal();
    if (startsWith(s_, "_:")) {
      s_.remove_prefix(2);
      return core::Term::blank(std::string(word()));
    }
    std::string w(word());
    if (w == "UNDEF") return std::nullopt;
    if (w == "true" || w == "false") return core::Term::literal(w, std::string(kXsd) + "boolean");
    if (startsWith(w, "ex:")) return core::Term::iri(kExamplePrefixIri + w.substr(3));
    bool digits = !w.empty();
    bool dot = false;
    for (size_t i = 0; i < w.size(); ++i) {
      char d = w[i];
      if (d == '.' && !dot) {
        dot = true;
      } else if (!std::isdigit(static_cast<unsigned char>(d)) && !(i == 0 && d == '-')) {
        digits = false;
      }
    }
    if (!digits) fail("cannot read term '" + w + "'");
    return core::Term::literal(w, std::string(kXsd) + (dot ? "decimal" : "integer"));
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw FileError(file_, line_, what); }

  void skipSpace() {
    while (!s_.empty() && std::isspace(static_cast<unsigned char>(s_[0]))) s_.remove_prefix(1);
  }
  std::string_view word() {
    size_t n = 0;
    while (n < s_.size() && !std::isspace(static_cast<unsigned char>(s_[n]))) ++n;
    std::string_view w = s_.substr(0, n);
    s_.remove_prefix(n);
    return w;
  }
  std::string iriRef() {
    size_t end = s_.find('>');
    if (end == std::string_view::npos) fail("unterminated IRI");
    std::string iri(s_.substr(1, end - 1));
    s_.remove_prefix(end + 1);
    return iri;
  }
  core::Term literal() {
    std::string lexical;
    size_t i = 1;
    for (; i < s_.size() && s_[i] != '"'; ++i) {
      if (s_[i] != '\\') {
        lexical += s_[i];
        continue;
      }
      if (++i >= s_.size()) fail("unterminated escape");
      switch (s_[i]) {
        case 'n':
          lexical += '\n';
          break;
        case 't':
          lexical += '\t';
          break;
        case 'r':
          lexical += '\r';
          break;
        default:
          lexical += s_[i];
          break;
      }
    }
    if (i >= s_.size()) fail("unterminated literal");
    s_.remove_prefix(i + 1);
    if (startsWith(s_, "@")) {
      s_.remove_prefix(1);
      return core::Term::literal(std::move(lexical), "", std::string(word()));
    }
    if (startsWith(s_, "^^")) {
      s_.remove_prefix(2);
      std::string datatype;
      if (startsWith(s_, "<")) {
        datatype = iriRef();
      } else {
        std::string w(word());
        if (!startsWith(w, "xsd:")) fail("datatype must be <iri> or xsd:name");
        datatype = std::string(kXsd) + w.substr(4);
      }
      if (datatype == std::string(kXsd) + "string") datatype.clear();
      return core::Term::literal(std::move(lexical), std::move(datatype));
    }
    return core::Term::literal(std::move(lexical));
  }

  std::string_view s_;
  const std::string& file_;
  int line_;
};

enum class Section { kNone, kData, kQuery, kExpect };

void parseOptions(std::string_view text, QueryTestCase& c, int line) {
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) {
    if (word == "tiny") {
      c.tiny = true;
    } else if (word == "no-oracle") {
      c.oracle = false;
    } else if (startsWith(word, "batchRows=")) {
      c.batchRows = std::stoul(word.substr(10));
    } else if (startsWith(word, "disable=")) {
      std::string list = word.substr(8);
      size_t start = 0;
      while (start <= list.size()) {
        size_t comma = list.find(',', start);
        if (comma == std::string::npos) comma = list.size();
        if (comma > start) c.disabledRewrites.insert(list.substr(start, comma - start));
        start = comma + 1;
      }
    } else {
      throw FileError(c.file, line, "unknown option '" + word + "'");
    }
  }
}

void parseExpectHeader(std::string_view rest, QueryTestCase& c, int line) {
  rest = trim(rest);
  if (rest.empty()) {
    c.expect = QueryTestCase::Expect::kRows;
  } else if (rest == "ordered") {
    c.expect = QueryTestCase::Expect::kOrderedRows;
  } else if (rest == "true" || rest == "false") {
    c.expect = QueryTestCase::Expect::kBoolean;
    c.boolean = rest == "true";
  } else if (rest == "graph") {
    c.expect = QueryTestCase::Expect::kGraph;
  } else if (startsWith(rest, "error")) {
    c.expect = QueryTestCase::Expect::kError;
    c.errorCode = std::string(trim(rest.substr(5)));
    if (c.errorCode.empty()) throw FileError(c.file, line, "expect: error needs a code name");
  } else {
    throw FileError(c.file, line, "unknown expectation '" + std::string(rest) + "'");
  }
}

void parseExpectLine(std::string_view text, QueryTestCase& c, bool& sawHeader, int line) {
  text = trim(text);
  if (text.empty() || text[0] == '#') return;
  switch (c.expect) {
    case QueryTestCase::Expect::kRows:
    case QueryTestCase::Expect::kOrderedRows: {
      if (!sawHeader) {
        std::istringstream in{std::string(text)};
        std::string v;
        while (in >> v) {
          if (v[0] != '?') throw FileError(c.file, line, "header names variables as ?name");
          c.variables.push_back(v.substr(1));
        }
        sawHeader = true;
        return;
      }
      TermReader reader(text, c.file, line);
      TermRow row;
      while (!reader.atEnd()) row.push_back(reader.next());
      if (row.size() != c.variables.size()) {
        throw FileError(c.file, line,
                        "row has " + std::to_string(row.size()) + " terms for " +
                            std::to_string(c.variables.size()) + " variables");
      }
      c.rows.push_back(std::move(row));
      return;
    }
    case QueryTestCase::Expect::kGraph: {
      TermReader reader(text, c.file, line);
      TermRow row;
      while (!reader.atEnd()) row.push_back(reader.next());
      if (row.size() != 3) throw FileError(c.file, line, "a graph line is 's p o'");
      c.rows.push_back(std::move(row));
      return;
    }
    default:
      throw FileError(c.file, line, "this expectation takes no lines");
  }
}

}  // namespace

std::vector<QueryTestCase> readQueryTestFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  const std::string file = std::filesystem::path(path).filename().string();
  std::vector<QueryTestCase> cases;
  std::set<std::string> names;
  Section section = Section::kNone;
  bool sawHeader = false;
  bool ownData = false;
  std::string previousData;
  std::string line;
  int lineNumber = 0;

  auto finish = [&]() {
    if (cases.empty()) return;
    QueryTestCase& c = cases.back();
    if (!ownData) c.data = previousData;
    previousData = c.data;
    if (trim(c.query).empty()) throw FileError(file, c.line, "case has no query:");
  };

  while (std::getline(in, line)) {
    ++lineNumber;
    std::string_view text = line;
    if (startsWith(text, "case ")) {
      finish();
      QueryTestCase c;
      c.file = file;
      c.line = lineNumber;
      c.name = std::string(trim(text.substr(5)));
      if (!names.insert(c.name).second) throw FileError(file, lineNumber, "duplicate case name");
      cases.push_back(std::move(c));
      section = Section::kNone;
      ownData = false;
      sawHeader = false;
      continue;
    }
    bool keyword = startsWith(text, "data:") || startsWith(text, "query:") ||
                   startsWith(text, "expect") || startsWith(text, "options:") ||
                   startsWith(text, "plan:");
    if (keyword && cases.empty()) throw FileError(file, lineNumber, "section before any case");
    if (startsWith(text, "data:")) {
      section = Section::kData;
      ownData = true;
      cases.back().data.clear();
    } else if (startsWith(text, "query:")) {
      section = Section::kQuery;
    } else if (startsWith(text, "expect")) {
      section = Section::kExpect;
      size_t colon = text.find(':');
      if (colon == std::string_view::npos) throw FileError(file, lineNumber, "expect needs ':'");
      parseExpectHeader(text.substr(colon + 1), cases.back(), lineNumber);
    } else if (startsWith(text, "options:")) {
      parseOptions(text.substr(8), cases.back(), lineNumber);
      section = Section::kNone;
    } else if (startsWith(text, "plan:")) {
      std::istringstream ops{std::string(text.substr(5))};
      std::string op;
      while (ops >> op) cases.back().planOperators.push_back(op);
      section = Section::kNone;
    } else {
      switch (section) {
        case Section::kData:
          cases.back().data += line + "\n";
          break;
        case Section::kQuery:
          cases.back().query += line + "\n";
          break;
        case Section::kExpect:
          parseExpectLine(text, cases.back(), sawHeader, lineNumber);
          break;
        case Section::kNone:
          if (!trim(text).empty() && text[0] != '#') {
            throw FileError(file, lineNumber, "text outside a section");
          }
          break;
      }
    }
  }
  finish();
  return cases;
}

}  // namespace cairn::testing
