#include "sparql/results/result_readers.h"

#include <nlohmann/json.hpp>
#include <unordered_map>

#include "core/error.h"
#include "sparql/results/turtle_term_reader.h"
#include "sparql/results/xml_reader.h"

namespace cairn::sparql::results {
namespace {

constexpr std::string_view kResultsNamespace = "http://www.w3.org/2005/sparql-results#";

[[noreturn]] void syntaxError(const std::string& message, uint64_t line = 0, uint64_t column = 0) {
  throw core::Error(core::ErrorCode::kSyntaxError, message, line, column);
}

std::string_view trimSpace(std::string_view s) {
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::optional<bool> booleanWord(std::string_view text) {
  text = trimSpace(text);
  if (text == "true") return true;
  if (text == "false") return false;
  return std::nullopt;
}

CollectedResult booleanResult(bool value) {
  CollectedResult result;
  result.kind = ResultKind::kBoolean;
  result.boolean = value;
  return result;
}

// Maps variable names to columns, rejecting duplicates in the head and unknown names in rows.
class ColumnIndex {
 public:
  explicit ColumnIndex(const std::vector<std::string>& variables) {
    for (size_t i = 0; i < variables.size(); ++i) {
      if (!index_.emplace(variables[i], i).second) {
        syntaxError("variable '" + variables[i] + "' appears twice in the head");
      }
    }
  }
  size_t column(const std::string& name, uint64_t line = 0) const {
    auto it = index_.find(name);
    if (it == index_.end()) syntaxError("binding of '" + name + "', not in the head", line);
    return it->second;
  }

 private:
  std::unordered_map<std::string, size_t> index_;
};

core::Term jsonTerm(const nlohmann::json& value, const std::string& variable) {
  auto field = [&](const char* key) -> std::optional<std::string> {
    auto it = value.find(key);
    if (it == value.end()) return std::nullopt;
    if (!it->is_string()) syntaxError("JSON results: '" + std::string(key) + "' is not a string");
    return it->get<std::string>();
  };
  if (!value.is_object()) syntaxError("JSON results: binding of '" + variable + "' is no object");
  std::optional<std::string> type = field("type");
  std::optional<std::string> text = field("value");
  if (!type || !text)
    syntaxError("JSON results: binding of '" + variable + "' lacks type or value");
  if (*type == "uri") return core::Term::iri(std::move(*text));
  if (*type == "bnode") return core::Term::blank(std::move(*text));
  if (*type == "literal" || *type == "typed-literal") {
    std::optional<std::string> language = field("xml:lang");
    std::optional<std::string> datatype = field("datatype");
    if (language) return core::Term::literal(std::move(*text), {}, std::move(*language));
    return core::Term::literal(std::move(*text), datatype.value_or(""));
  }
  syntaxError("JSON results: unknown term type '" + *type + "'");
}

// Splits into lines at LF (dropping a CR before it); a final line end does not start a line.
std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

std::vector<std::string_view> splitTabs(std::string_view line) {
  std::vector<std::string_view> fields;
  while (true) {
    size_t tab = line.find('\t');
    fields.push_back(line.substr(0, tab));
    if (tab == std::string_view::npos) return fields;
    line.remove_prefix(tab + 1);
  }
}

// Reads one CSV record (RFC 4180) starting at `pos`; returns false at the end of the text.
bool readCsvRecord(std::string_view text, size_t& pos, uint64_t& line,
                   std::vector<std::string>& fields) {
  fields.clear();
  if (pos >= text.size()) return false;
  std::string field;
  while (true) {
    bool quoted = pos < text.size() && text[pos] == '"';
    if (quoted) {
      ++pos;
      while (true) {
        if (pos >= text.size()) syntaxError("CSV results: unterminated quoted field", line);
        char c = text[pos++];
        if (c == '"') {
          if (pos < text.size() && text[pos] == '"') {
            field += '"';
            ++pos;
            continue;
          }
          break;
        }
        if (c == '\n') ++line;
        field += c;
      }
    } else {
      while (pos < text.size() && text[pos] != ',' && text[pos] != '\n' && text[pos] != '\r') {
        field += text[pos++];
      }
    }
    fields.push_back(std::move(field));
    field.clear();
    if (pos >= text.size()) return true;
    char c = text[pos];
    if (c == ',') {
      ++pos;
      continue;
    }
    if (c == '\r') ++pos;
    if (pos < text.size() && text[pos] == '\n')
      ++pos;
    else if (c != '\r')
      syntaxError("CSV results: text after a quoted field", line);
    ++line;
    return true;
  }
}

}  // namespace

CollectedResult readJsonResults(std::string_view text) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    syntaxError(std::string("JSON results: ") + e.what());
  }
  if (!doc.is_object()) syntaxError("JSON results: the document is not an object");
  if (auto it = doc.find("boolean"); it != doc.end()) {
    if (!it->is_boolean()) syntaxError("JSON results: 'boolean' is not true or false");
    return booleanResult(it->get<bool>());
  }
  CollectedResult result;
  result.kind = ResultKind::kSolutions;
  auto head = doc.find("head");
  if (head == doc.end() || !head->is_object()) syntaxError("JSON results: no head");
  if (auto vars = head->find("vars"); vars != head->end()) {
    if (!vars->is_array()) syntaxError("JSON results: head.vars is not an array");
    for (const auto& v : *vars) {
      if (!v.is_string()) syntaxError("JSON results: a variable name is not a string");
      result.variables.push_back(v.get<std::string>());
    }
  }
  ColumnIndex columns(result.variables);
  auto results = doc.find("results");
  if (results == doc.end() || !results->is_object()) syntaxError("JSON results: no results");
  auto bindings = results->find("bindings");
  if (bindings == results->end() || !bindings->is_array()) {
    syntaxError("JSON results: results.bindings is not an array");
  }
  for (const auto& binding : *bindings) {
    if (!binding.is_object()) syntaxError("JSON results: a solution is not an object");
    std::vector<std::optional<core::Term>> row(result.variables.size());
    for (const auto& [name, value] : binding.items()) {
      row[columns.column(name)] = jsonTerm(value, name);
    }
    result.rows.push_back(std::move(row));
  }
  return result;
}

CollectedResult readXmlResults(std::string_view text) {
  XmlElement root = parseXml(text);
  if (root.localName != "sparql" || root.namespaceUri != kResultsNamespace) {
    syntaxError("XML results: the root is not <sparql> in the SPARQL results namespace", root.line);
  }
  if (const XmlElement* boolean = root.child("boolean")) {
    std::optional<bool> value = booleanWord(boolean->text);
    if (!value) syntaxError("XML results: <boolean> is neither true nor false", boolean->line);
    return booleanResult(*value);
  }
  CollectedResult result;
  result.kind = ResultKind::kSolutions;
  if (const XmlElement* head = root.child("head")) {
    for (const XmlElement& variable : head->children) {
      if (variable.localName != "variable") continue;
      const XmlAttribute* name = variable.attribute("", "name");
      if (!name) syntaxError("XML results: <variable> without a name", variable.line);
      result.variables.push_back(name->value);
    }
  }
  ColumnIndex columns(result.variables);
  const XmlElement* results = root.child("results");
  if (!results) syntaxError("XML results: neither <results> nor <boolean>", root.line);
  for (const XmlElement& solution : results->children) {
    if (solution.localName != "result") continue;
    std::vector<std::optional<core::Term>> row(result.variables.size());
    for (const XmlElement& binding : solution.children) {
      if (binding.localName != "binding") continue;
      const XmlAttribute* name = binding.attribute("", "name");
      if (!name) syntaxError("XML results: <binding> without a name", binding.line);
      size_t column = columns.column(name->value, binding.line);
      if (binding.children.size() != 1) {
        syntaxError("XML results: <binding> must hold exactly one term", binding.line);
      }
      const XmlElement& term = binding.children.front();
      if (term.localName == "uri") {
        row[column] = core::Term::iri(term.text);
      } else if (term.localName == "bnode") {
        row[column] = core::Term::blank(term.text);
      } else if (term.localName == "literal") {
        const XmlAttribute* language = term.attribute(kXmlNamespace, "lang");
        const XmlAttribute* datatype = term.attribute("", "datatype");
        row[column] = language ? core::Term::literal(term.text, {}, language->value)
                               : core::Term::literal(term.text, datatype ? datatype->value : "");
      } else if (term.localName != "unbound") {  // <unbound/> appears in pre-2008 documents
        syntaxError("XML results: unknown term <" + term.localName + ">", term.line);
      }
    }
    result.rows.push_back(std::move(row));
  }
  return result;
}

CollectedResult readTsvResults(std::string_view text) {
  std::vector<std::string_view> lines = splitLines(text);
  if (lines.empty()) syntaxError("TSV results: no header line");
  if (lines.size() == 1) {
    if (std::optional<bool> value = booleanWord(lines[0])) return booleanResult(*value);
  }
  CollectedResult result;
  result.kind = ResultKind::kSolutions;
  if (!lines[0].empty()) {
    for (std::string_view name : splitTabs(lines[0])) {
      name = trimSpace(name);
      if (name.size() < 2 || (name[0] != '?' && name[0] != '$')) {
        syntaxError("TSV results: header field '" + std::string(name) + "' is not a ?variable", 1);
      }
      result.variables.emplace_back(name.substr(1));
    }
  }
  ColumnIndex columns(result.variables);  // rejects duplicates
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::optional<core::Term>> row(result.variables.size());
    std::vector<std::string_view> fields = splitTabs(lines[i]);
    if (result.variables.empty() && fields.size() == 1 && fields[0].empty()) fields.clear();
    if (fields.size() != result.variables.size()) {
      syntaxError("TSV results: " + std::to_string(fields.size()) + " fields for " +
                      std::to_string(result.variables.size()) + " variables",
                  i + 1);
    }
    for (size_t c = 0; c < fields.size(); ++c) {
      std::string_view field = trimSpace(fields[c]);
      if (!field.empty()) row[c] = parseTurtleTerm(field, i + 1);
    }
    result.rows.push_back(std::move(row));
  }
  return result;
}

CollectedResult readCsvResults(std::string_view text) {
  if (std::optional<bool> value = booleanWord(text);
      value && trimSpace(text).find('\n') == std::string_view::npos) {
    return booleanResult(*value);
  }
  CollectedResult result;
  result.kind = ResultKind::kSolutions;
  size_t pos = 0;
  uint64_t line = 1;
  std::vector<std::string> fields;
  if (!readCsvRecord(text, pos, line, fields)) syntaxError("CSV results: no header line");
  if (!(fields.size() == 1 && fields[0].empty())) result.variables = fields;
  ColumnIndex columns(result.variables);
  while (readCsvRecord(text, pos, line, fields)) {
    if (result.variables.empty() && fields.size() == 1 && fields[0].empty()) fields.clear();
    if (fields.size() != result.variables.size()) {
      syntaxError("CSV results: " + std::to_string(fields.size()) + " fields for " +
                      std::to_string(result.variables.size()) + " variables",
                  line - 1);
    }
    std::vector<std::optional<core::Term>> row(fields.size());
    for (size_t c = 0; c < fields.size(); ++c) {
      if (fields[c].empty()) continue;
      row[c] = fields[c].starts_with("_:") ? core::Term::blank(fields[c].substr(2))
                                           : core::Term::literal(std::move(fields[c]));
    }
    result.rows.push_back(std::move(row));
  }
  return result;
}

CollectedResult readResults(std::string_view text, ResultFormat format) {
  switch (format) {
    case ResultFormat::kJson:
      return readJsonResults(text);
    case ResultFormat::kXml:
      return readXmlResults(text);
    case ResultFormat::kCsv:
      return readCsvResults(text);
    case ResultFormat::kTsv:
      return readTsvResults(text);
    default:
      throw core::Error(core::ErrorCode::kUnsupported,
                        "no solution reader for format " + std::string(formatName(format)));
  }
}

CollectedResult csvProjection(const CollectedResult& result) {
  if (result.kind != ResultKind::kSolutions) return result;
  CollectedResult projected;
  projected.kind = ResultKind::kSolutions;
  projected.variables = result.variables;
  projected.rows.reserve(result.rows.size());
  for (const auto& row : result.rows) {
    std::vector<std::optional<core::Term>> out(row.size());
    for (size_t c = 0; c < row.size(); ++c) {
      if (!row[c]) continue;
      if (row[c]->kind == core::TermKind::kBlank) {
        out[c] = row[c];
      } else if (!row[c]->value.empty()) {
        out[c] = core::Term::literal(row[c]->value);
      }
    }
    projected.rows.push_back(std::move(out));
  }
  return projected;
}

}  // namespace cairn::sparql::results
