#include "tests/support/sparql_results.h"

#include <algorithm>
#include <map>

#include "core/error.h"
#include "core/rdf/iri.h"
#include "core/vocab.h"
#include "sparql/results/result_readers.h"
#include "sparql/results/xml_reader.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/runner_support.h"

namespace cairn::testing {
namespace {

using sparql::results::CollectedResult;
using sparql::results::ResultKind;
using sparql::results::XmlElement;

constexpr std::string_view kRs = "http://www.w3.org/2001/sw/DataAccess/tests/result-set#";
constexpr std::string_view kRdfNs = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
constexpr std::string_view kXmlNs = sparql::results::kXmlNamespace;

std::string rs(std::string_view local) { return std::string(kRs) + std::string(local); }

std::string extensionOf(const std::string& path) {
  size_t dot = path.rfind('.');
  if (dot == std::string::npos) return "";
  std::string ext = path.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

core::Status errorToStatus(const core::Error& e, const std::string& path) {
  std::string where = path;
  if (e.line() > 0) where += ":" + std::to_string(e.line());
  return core::Status::invalidArgument(where + ": " + e.message());
}

// RDF/XML, the subset the W3C SPARQL suites use.

class RdfXmlReader {
 public:
  explicit RdfXmlReader(std::string baseIri) : base_(std::move(baseIri)) {}

  std::vector<Quad> read(const XmlElement& root) {
    if (isRdf(root, "RDF")) {
      std::string lang = languageOf(root, "");
      for (const XmlElement& child : root.children) nodeElement(child, lang);
    } else {
      nodeElement(root, "");
    }
    return std::move(quads_);
  }

 private:
  [[noreturn]] static void unsupported(const XmlElement& e, const std::string& what) {
    throw core::Error(core::ErrorCode::kUnsupported, "RDF/XML: " + what + " is not supported",
                      e.line);
  }
  static bool isRdf(const XmlElement& e, std::string_view local) {
    return e.namespaceUri == kRdfNs && e.localName == local;
  }
  static std::string languageOf(const XmlElement& e, const std::string& inherited) {
    const auto* lang = e.attribute(kXmlNs, "lang");
    return lang ? lang->value : inherited;
  }
  static const sparql::results::XmlAttribute* rdfAttribute(const XmlElement& e,
                                                           std::string_view local) {
    return e.attribute(kRdfNs, local);
  }
  // Attributes that state properties: everything outside the rdf: syntax names and xml:.
  static bool isPropertyAttribute(const sparql::results::XmlAttribute& a) {
    if (a.namespaceUri == kXmlNs || a.namespaceUri.empty()) return false;
    if (a.namespaceUri == kRdfNs) {
      return a.localName != "about" && a.localName != "ID" && a.localName != "nodeID" &&
             a.localName != "resource" && a.localName != "datatype" && a.localName != "parseType";
    }
    return true;
  }

  core::Term iriOf(const std::string& namespaceUri, const std::string& local) const {
    return core::Term::iri(namespaceUri + local);
  }
  core::Term freshBlank() { return core::Term::blank("rdfxml" + std::to_string(++blankCount_)); }
  void add(const core::Term& s, const core::Term& p, core::Term o) {
    quads_.push_back({s, p, std::move(o), std::nullopt});
  }

  void propertyAttributes(const core::Term& subject, const XmlElement& e, const std::string& lang) {
    for (const auto& a : e.attributes) {
      if (!isPropertyAttribute(a)) continue;
      core::Term predicate = iriOf(a.namespaceUri, a.localName);
      if (a.namespaceUri == kRdfNs && a.localName == "type") {
        add(subject, predicate, core::Term::iri(core::rdf::resolveIri(base_, a.value)));
      } else {
        add(subject, predicate, core::Term::literal(a.value, {}, lang));
      }
    }
  }

  core::Term nodeElement(const XmlElement& e, const std::string& inheritedLang) {
    std::string lang = languageOf(e, inheritedLang);
    core::Term subject;
    if (const auto* about = rdfAttribute(e, "about")) {
      subject = core::Term::iri(core::rdf::resolveIri(base_, about->value));
    } else if (const auto* id = rdfAttribute(e, "ID")) {
      subject = core::Term::iri(core::rdf::resolveIri(base_, "#" + id->value));
    } else if (const auto* nodeId = rdfAttribute(e, "nodeID")) {
      subject = core::Term::blank(nodeId->value);
    } else {
      subject = freshBlank();
    }
    if (!isRdf(e, "Description")) {
      add(subject, core::Term::iri(std::string(core::vocab::kRdfType)),
          iriOf(e.namespaceUri, e.localName));
    }
    propertyAttributes(subject, e, lang);
    for (const XmlElement& child : e.children) propertyElement(subject, child, lang);
    return subject;
  }

  void propertyElement(const core::Term& subject, const XmlElement& e,
                       const std::string& inheritedLang) {
    if (isRdf(e, "li")) unsupported(e, "rdf:li");
    if (rdfAttribute(e, "ID")) unsupported(e, "reification (rdf:ID on a property)");
    std::string lang = languageOf(e, inheritedLang);
    core::Term predicate = iriOf(e.namespaceUri, e.localName);
    if (const auto* parseType = rdfAttribute(e, "parseType")) {
      if (parseType->value != "Resource")
        unsupported(e, "rdf:parseType=\"" + parseType->value + "\"");
      core::Term object = freshBlank();
      add(subject, predicate, object);
      for (const XmlElement& child : e.children) propertyElement(object, child, lang);
      return;
    }
    if (!e.children.empty()) {
      if (e.children.size() != 1) unsupported(e, "a property with several node elements");
      add(subject, predicate, nodeElement(e.children.front(), lang));
      return;
    }
    const auto* resource = rdfAttribute(e, "resource");
    const auto* nodeId = rdfAttribute(e, "nodeID");
    bool hasPropertyAttributes =
        std::any_of(e.attributes.begin(), e.attributes.end(), isPropertyAttribute);
    if (resource || nodeId || hasPropertyAttributes) {
      core::Term object = resource ? core::Term::iri(core::rdf::resolveIri(base_, resource->value))
                          : nodeId ? core::Term::blank(nodeId->value)
                                   : freshBlank();
      add(subject, predicate, object);
      propertyAttributes(object, e, lang);
      return;
    }
    if (const auto* datatype = rdfAttribute(e, "datatype")) {
      add(subject, predicate,
          core::Term::literal(e.text, core::rdf::resolveIri(base_, datatype->value)));
    } else {
      add(subject, predicate, core::Term::literal(e.text, {}, lang));
    }
  }

  std::string base_;
  std::vector<Quad> quads_;
  uint64_t blankCount_ = 0;
};

// Comparison.

core::Term normalizedTerm(core::Term term) {
  if (term.kind != core::TermKind::kLiteral) return term;
  if (term.datatype == core::vocab::kXsdString) term.datatype.clear();
  if (!term.language.empty()) {
    term.datatype.clear();  // rdf:langString is implied
    for (char& c : term.language)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return term;
}

std::vector<TermRow> normalizedRows(const std::vector<TermRow>& rows) {
  std::vector<TermRow> out;
  out.reserve(rows.size());
  for (const TermRow& row : rows) {
    TermRow normalized;
    normalized.reserve(row.size());
    for (const auto& cell : row) {
      normalized.push_back(cell ? std::optional<core::Term>(normalizedTerm(*cell)) : std::nullopt);
    }
    out.push_back(std::move(normalized));
  }
  return out;
}

std::vector<Quad> normalizedQuads(const std::vector<Quad>& quads) {
  std::vector<Quad> out = quads;
  for (Quad& q : out) q.object = normalizedTerm(std::move(q.object));
  return out;
}

std::string cellText(const std::optional<core::Term>& cell) {
  return cell ? core::toNTriples(*cell) : std::string("(unbound)");
}

// Sequence comparison with one blank node bijection for all rows.
MatchResult matchOrdered(const std::vector<TermRow>& expected, const std::vector<TermRow>& actual) {
  if (expected.size() != actual.size()) {
    return {false, "expected " + std::to_string(expected.size()) + " rows, got " +
                       std::to_string(actual.size())};
  }
  std::map<std::string, std::string> forward, backward;
  for (size_t r = 0; r < expected.size(); ++r) {
    for (size_t c = 0; c < expected[r].size(); ++c) {
      const auto& e = expected[r][c];
      const auto& a = actual[r][c];
      bool same = e.has_value() == a.has_value();
      if (same && e) {
        if (e->kind == core::TermKind::kBlank && a->kind == core::TermKind::kBlank) {
          auto [f, fNew] = forward.emplace(e->value, a->value);
          auto [b, bNew] = backward.emplace(a->value, e->value);
          same = f->second == a->value && b->second == e->value;
        } else {
          same = *e == *a;
        }
      }
      if (!same) {
        return {false, "row " + std::to_string(r + 1) + " column " + std::to_string(c + 1) +
                           ": expected " + cellText(e) + ", got " + cellText(a)};
      }
    }
  }
  return {true, ""};
}

}  // namespace

core::Result<std::vector<Quad>> parseRdfXml(std::string_view text, const std::string& baseIri) {
  try {
    return RdfXmlReader(baseIri).read(sparql::results::parseXml(text));
  } catch (const core::Error& e) {
    return errorToStatus(e, baseIri);
  }
}

core::Result<std::vector<Quad>> parseRdfXmlFile(const std::string& path, std::string baseIri) {
  CAIRN_ASSIGN_OR_RETURN(std::string text, readFile(path));
  return parseRdfXml(text, baseIri.empty() ? fileIri(path) : baseIri);
}

core::Result<ExpectedResults> resultSetFromGraph(const TermGraph& graph) {
  std::vector<core::Term> sets =
      graph.subjects(core::vocab::kRdfType, core::Term::iri(rs("ResultSet")));
  if (sets.empty()) return core::Status::notFound("no rs:ResultSet in the graph");
  if (sets.size() > 1) return core::Status::invalidArgument("several rs:ResultSet in one graph");
  const core::Term& set = sets.front();

  ExpectedResults out;
  if (std::optional<core::Term> boolean = graph.object(set, rs("boolean"))) {
    if (boolean->value != "true" && boolean->value != "false") {
      return core::Status::invalidArgument("rs:boolean is not true or false");
    }
    out.isBoolean = true;
    out.boolean = boolean->value == "true";
    return out;
  }
  for (const core::Term& variable : graph.objects(set, rs("resultVariable"))) {
    out.variables.push_back(variable.value);
  }
  std::map<std::string, size_t> columns;
  for (size_t i = 0; i < out.variables.size(); ++i) columns.emplace(out.variables[i], i);

  std::vector<std::pair<int64_t, std::vector<std::pair<size_t, core::Term>>>> solutions;
  for (const core::Term& solution : graph.objects(set, rs("solution"))) {
    int64_t index = -1;
    if (std::optional<core::Term> indexTerm = graph.object(solution, rs("index"))) {
      try {
        index = std::stoll(indexTerm->value);
      } catch (const std::exception&) {
        return core::Status::invalidArgument("rs:index is not an integer: " + indexTerm->value);
      }
      out.hasRowOrder = true;
    }
    std::vector<std::pair<size_t, core::Term>> cells;
    for (const core::Term& binding : graph.objects(solution, rs("binding"))) {
      std::optional<core::Term> variable = graph.object(binding, rs("variable"));
      std::optional<core::Term> value = graph.object(binding, rs("value"));
      if (!variable || !value)
        return core::Status::invalidArgument("rs:binding without variable or value");
      // Some sparql10 files bind variables they do not declare; they are still columns.
      auto [it, inserted] = columns.emplace(variable->value, out.variables.size());
      if (inserted) out.variables.push_back(variable->value);
      cells.emplace_back(it->second, *value);
    }
    solutions.emplace_back(index, std::move(cells));
  }
  if (out.hasRowOrder) {
    std::stable_sort(solutions.begin(), solutions.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  for (auto& [index, cells] : solutions) {
    TermRow row(out.variables.size());
    for (auto& [column, value] : cells) row[column] = std::move(value);
    out.rows.push_back(std::move(row));
  }
  return out;
}

ExpectedResults fromCollected(const CollectedResult& result) {
  ExpectedResults out;
  switch (result.kind) {
    case ResultKind::kNone:
      break;
    case ResultKind::kBoolean:
      out.isBoolean = true;
      out.boolean = result.boolean;
      break;
    case ResultKind::kSolutions:
      out.variables = result.variables;
      out.rows = result.rows;
      break;
    case ResultKind::kGraph:
      out.isGraph = true;
      for (const auto& t : result.triples) {
        out.graph.push_back({t.subject, t.predicate, t.object, std::nullopt});
      }
      break;
  }
  return out;
}

core::Result<ExpectedResults> readResultsFile(const std::string& path) {
  std::string ext = extensionOf(path);
  if (ext == "srx" || ext == "srj" || ext == "tsv" || ext == "csv") {
    CAIRN_ASSIGN_OR_RETURN(std::string text, readFile(path));
    try {
      CollectedResult collected = ext == "srx"   ? sparql::results::readXmlResults(text)
                                  : ext == "srj" ? sparql::results::readJsonResults(text)
                                  : ext == "tsv" ? sparql::results::readTsvResults(text)
                                                 : sparql::results::readCsvResults(text);
      ExpectedResults out = fromCollected(collected);
      out.lossyCsv = ext == "csv";
      return out;
    } catch (const core::Error& e) {
      return errorToStatus(e, path);
    }
  }
  std::vector<Quad> quads;
  if (ext == "ttl" || ext == "nt") {
    ParseOptions options;
    options.baseIri = fileIri(path);
    CAIRN_ASSIGN_OR_RETURN(quads, parseRdfFile(path,
                                               ext == "nt" ? core::rdf::RdfFormat::kNTriples
                                                           : core::rdf::RdfFormat::kTurtle,
                                               options));
  } else if (ext == "rdf") {
    CAIRN_ASSIGN_OR_RETURN(quads, parseRdfXmlFile(path));
  } else {
    return core::Status::invalidArgument("unknown result file type: " + path);
  }
  TermGraph graph;
  for (const Quad& q : quads) graph.add(q.subject, q.predicate, q.object);
  if (!graph.subjects(core::vocab::kRdfType, core::Term::iri(rs("ResultSet"))).empty()) {
    auto set = resultSetFromGraph(graph);
    if (!set.isOk()) return core::Status::invalidArgument(path + ": " + set.status().message());
    return set;
  }
  ExpectedResults out;
  out.isGraph = true;
  out.graph = std::move(quads);
  return out;
}

MatchResult compareResults(const ExpectedResults& expected, const ExpectedResults& actual,
                           bool ordered) {
  if (expected.isGraph || actual.isGraph) {
    if (expected.isGraph != actual.isGraph)
      return {false, "expected and actual differ in kind (graph)"};
    return datasetsIsomorphic(normalizedQuads(expected.graph), normalizedQuads(actual.graph));
  }
  if (expected.isBoolean || actual.isBoolean) {
    if (expected.isBoolean != actual.isBoolean)
      return {false, "expected and actual differ in kind (boolean)"};
    if (expected.boolean == actual.boolean) return {true, ""};
    return {false, std::string("expected ") + (expected.boolean ? "true" : "false") + ", got " +
                       (actual.boolean ? "true" : "false")};
  }
  // Align the actual columns to the expected variable order.
  std::vector<size_t> columnOf;
  for (const std::string& variable : expected.variables) {
    auto it = std::find(actual.variables.begin(), actual.variables.end(), variable);
    if (it == actual.variables.end()) return {false, "actual results lack variable ?" + variable};
    columnOf.push_back(static_cast<size_t>(it - actual.variables.begin()));
  }
  if (actual.variables.size() != expected.variables.size()) {
    return {false, "actual results have " + std::to_string(actual.variables.size()) +
                       " variables, expected " + std::to_string(expected.variables.size())};
  }
  std::vector<TermRow> actualRows;
  actualRows.reserve(actual.rows.size());
  for (const TermRow& row : actual.rows) {
    TermRow aligned;
    for (size_t column : columnOf) aligned.push_back(row[column]);
    actualRows.push_back(std::move(aligned));
  }
  if (expected.lossyCsv && !actual.lossyCsv) {
    CollectedResult asCollected;
    asCollected.kind = ResultKind::kSolutions;
    asCollected.variables = expected.variables;
    asCollected.rows = std::move(actualRows);
    actualRows = sparql::results::csvProjection(asCollected).rows;
  }
  std::vector<TermRow> e = normalizedRows(expected.rows);
  std::vector<TermRow> a = normalizedRows(actualRows);
  return ordered ? matchOrdered(e, a) : matchRowsModuloBlankNodes(e, a);
}

std::string describeResults(const ExpectedResults& results, size_t maxRows) {
  if (results.isBoolean) return results.boolean ? "true\n" : "false\n";
  std::string out;
  if (results.isGraph) {
    for (size_t i = 0; i < results.graph.size() && i < maxRows; ++i) {
      out += toNQuads(results.graph[i]) + "\n";
    }
    if (results.graph.size() > maxRows)
      out += "... (" + std::to_string(results.graph.size()) + " triples)\n";
    return out;
  }
  for (const std::string& v : results.variables) out += "?" + v + " ";
  out += "\n";
  for (size_t i = 0; i < results.rows.size() && i < maxRows; ++i) {
    for (const auto& cell : results.rows[i]) out += cellText(cell) + " ";
    out += "\n";
  }
  if (results.rows.size() > maxRows)
    out += "... (" + std::to_string(results.rows.size()) + " rows)\n";
  return out;
}

}  // namespace cairn::testing
