#include "sparql/results/rdfxml_writer.h"

#include <array>

#include "core/error.h"
#include "core/utf8.h"
#include "core/vocab.h"
#include "sparql/results/xml_reader.h"
#include "sparql/results/xml_writer.h"

namespace cairn::sparql::results {
namespace {

constexpr std::string_view kXmlnsNamespace = "http://www.w3.org/2000/xmlns/";
constexpr char kHex[] = "0123456789ABCDEF";

// rdf: names RDF/XML gives a syntactic meaning, so they cannot name a property element
// (RDF 1.1 XML Syntax §7.2.5: coreSyntaxTerms, rdf:Description, rdf:li, oldTerms). rdf:li is
// legal there but means the next rdf:_n, not rdf:li itself.
constexpr std::array<std::string_view, 12> kReservedRdfNames = {
    "RDF",      "ID", "about",     "parseType",       "resource", "nodeID",
    "datatype", "li", "aboutEach", "aboutEachPrefix", "bagID",    "Description"};

// XML 1.0 fifth edition NameStartChar, without ':' (Namespaces in XML: NCName).
bool isNameStartChar(uint32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
  return (c >= 0xC0 && c <= 0xD6) || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF) ||
         (c >= 0x370 && c <= 0x37D) || (c >= 0x37F && c <= 0x1FFF) ||
         (c >= 0x200C && c <= 0x200D) || (c >= 0x2070 && c <= 0x218F) ||
         (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xD7FF) ||
         (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0xEFFFF);
}

bool isNameChar(uint32_t c) {
  return isNameStartChar(c) || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == 0xB7 ||
         (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040);
}

// A code point that is no name character; stands for malformed UTF-8.
constexpr uint32_t kNotAName = 0xFFFFFFFF;

struct CodePoint {
  size_t offset;
  uint32_t value;
};

std::vector<CodePoint> decode(std::string_view s) {
  std::vector<CodePoint> out;
  out.reserve(s.size());
  const char* end = s.data() + s.size();
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    int len = core::decodeUtf8(s.data() + i, end, cp);
    if (len == 0) {
      out.push_back({i, kNotAName});
      ++i;
    } else {
      out.push_back({i, cp});
      i += static_cast<size_t>(len);
    }
  }
  return out;
}

bool isUsablePrefix(std::string_view prefix) {
  if (!isXmlNcName(prefix)) return false;
  // Prefixes starting with "xml" (any case) are reserved by Namespaces in XML.
  if (prefix.size() >= 3) {
    std::string head(prefix.substr(0, 3));
    for (char& c : head) c = static_cast<char>(c | 0x20);
    if (head == "xml") return false;
  }
  return true;
}

// Namespaces no prefix may be declared for: the XML namespace is bound to "xml" for good, the
// xmlns one to nothing.
bool isReservedNamespace(std::string_view ns) {
  return ns == kXmlNamespace || ns == kXmlnsNamespace;
}

[[noreturn]] void unwritablePredicate(const core::Term& predicate, std::string_view why) {
  throw core::Error(core::ErrorCode::kUnsupported, "RDF/XML cannot write the predicate <" +
                                                       predicate.value + ">: " + std::string(why));
}

void appendAttribute(std::string& out, std::string_view name, std::string_view value) {
  out += ' ';
  out += name;
  out += "=\"";
  appendXmlEscaped(out, value);
  out += '"';
}

}  // namespace

bool isXmlNcName(std::string_view name) {
  // Runs for every predicate against the declared namespaces, so it decodes in place.
  const char* end = name.data() + name.size();
  bool first = true;
  for (const char* p = name.data(); p < end; first = false) {
    uint32_t cp = 0;
    int len = core::decodeUtf8(p, end, cp);
    if (len == 0 || !(first ? isNameStartChar(cp) : isNameChar(cp))) return false;
    p += len;
  }
  return !first;
}

std::optional<size_t> xmlLocalNameStart(std::string_view iri) {
  std::vector<CodePoint> cps = decode(iri);
  size_t start = cps.size();
  while (start > 0 && isNameChar(cps[start - 1].value)) --start;
  // Digits, '-' and '.' may continue a name but not start one: they stay in the namespace.
  while (start < cps.size() && !isNameStartChar(cps[start].value)) ++start;
  if (start == cps.size()) return std::nullopt;
  return cps[start].offset;
}

std::string xmlNodeId(std::string_view label) {
  bool keep = !label.empty();
  for (size_t i = 0; keep && i < label.size(); ++i) {
    char c = label[i];
    bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    keep = letter || (i > 0 && ((c >= '0' && c <= '9') || c == '-'));
  }
  if (keep) return std::string(label);
  std::string out = "n.";
  for (unsigned char c : label) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

RdfXmlWriter::RdfXmlWriter(ByteOutput& out, const WriterOptions& options)
    : GraphWriter(out, options) {
  rootNamespaces_.emplace_back("rdf", std::string(core::vocab::kRdf));
  std::vector<std::string> renamed;  // namespaces whose prefix is unusable or taken
  for (const auto& [prefix, ns] : options.prefixes) {
    if (ns.empty() || isReservedNamespace(ns)) continue;
    bool known = false;
    for (const auto& declared : rootNamespaces_) known = known || declared.second == ns;
    for (const std::string& declared : renamed) known = known || declared == ns;
    if (known) continue;
    bool prefixTaken = false;
    for (const auto& declared : rootNamespaces_)
      prefixTaken = prefixTaken || declared.first == prefix;
    if (isUsablePrefix(prefix) && !prefixTaken) {
      rootNamespaces_.emplace_back(prefix, ns);
    } else {
      renamed.push_back(ns);
    }
  }
  // Renamed ones get nsN names after every usable name is known, so none collides.
  for (std::string& ns : renamed) rootNamespaces_.emplace_back(freshPrefix(), std::move(ns));
}

std::string RdfXmlWriter::freshPrefix() {
  while (true) {
    std::string prefix = "ns" + std::to_string(nextPrefix_++);
    bool taken = false;
    for (const auto& declared : rootNamespaces_) taken = taken || declared.first == prefix;
    if (!taken) return prefix;
  }
}

RdfXmlWriter::QName RdfXmlWriter::qnameFor(const core::Term& predicate) {
  std::string_view iri = predicate.value;
  if (iri.starts_with(core::vocab::kRdf)) {
    std::string_view local = iri.substr(core::vocab::kRdf.size());
    for (std::string_view reserved : kReservedRdfNames) {
      if (local == reserved) unwritablePredicate(predicate, "RDF/XML reserves this name");
    }
  }

  // The longest namespace declared on rdf:RDF that leaves an NCName.
  const std::pair<std::string, std::string>* best = nullptr;
  for (const auto& declared : rootNamespaces_) {
    if (!iri.starts_with(declared.second)) continue;
    if (best && declared.second.size() <= best->second.size()) continue;
    if (isXmlNcName(iri.substr(declared.second.size()))) best = &declared;
  }
  if (best) return {best->first, iri.substr(best->second.size()), {}};

  std::optional<size_t> split = xmlLocalNameStart(iri);
  if (!split) {
    unwritablePredicate(predicate,
                        "it does not end in an XML name (NCName), so it cannot be an element name");
  }
  if (*split == 0) {
    unwritablePredicate(predicate, "an element name needs a non-empty namespace before its name");
  }
  std::string_view ns = iri.substr(0, *split);
  std::string_view local = iri.substr(*split);
  if (isReservedNamespace(ns)) {
    unwritablePredicate(predicate, "its namespace is reserved by XML");
  }
  if (auto it = elementNamespaces_.find(ns); it != elementNamespaces_.end()) {
    return {it->second, local, it->first};
  }
  if (elementNamespaces_.size() >= kMaxRememberedNamespaces) {
    // A prefix declared on the element shadows any outer one, so reusing one name is safe.
    overflowNamespace_.assign(ns);
    return {"nsx", local, overflowNamespace_};
  }
  auto it = elementNamespaces_.emplace(std::string(ns), freshPrefix()).first;
  return {it->second, local, it->first};
}

void RdfXmlWriter::writeOpening(std::string& out) {
  out += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rdf:RDF";
  for (size_t i = 0; i < rootNamespaces_.size(); ++i) {
    if (i > 0) out += "\n   ";
    appendAttribute(out, "xmlns:" + rootNamespaces_[i].first, rootNamespaces_[i].second);
  }
  out += ">\n";
  opened_ = true;
}

void RdfXmlWriter::writeTriple(const core::Term& subject, const core::Term& predicate,
                               const core::Term& object) {
  if (subject.kind == core::TermKind::kLiteral || predicate.kind != core::TermKind::kIri) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "RDF/XML cannot hold the triple " + core::toNTriples(subject) + " " +
                          core::toNTriples(predicate) + " " + core::toNTriples(object) +
                          ": a subject must be an IRI or blank node and a predicate an IRI");
  }
  // Everything that can fail runs before the first byte of this triple is written.
  const QName name = qnameFor(predicate);

  std::string& out = buffer_.raw();
  if (!opened_) writeOpening(out);
  if (!descriptionOpen_ || subject != lastSubject_) {
    if (descriptionOpen_) out += "  </rdf:Description>\n";
    out += "  <rdf:Description";
    if (subject.kind == core::TermKind::kBlank) {
      appendAttribute(out, "rdf:nodeID", xmlNodeId(subject.value));
    } else {
      appendAttribute(out, "rdf:about", subject.value);
    }
    out += ">\n";
    descriptionOpen_ = true;
    lastSubject_ = subject;
  }

  out += "    <";
  out += name.prefix;
  out += ':';
  out += name.local;
  if (!name.namespaceToDeclare.empty()) {
    out += " xmlns:";
    out += name.prefix;
    out += "=\"";
    appendXmlEscaped(out, name.namespaceToDeclare);
    out += '"';
  }
  switch (object.kind) {
    case core::TermKind::kIri:
      appendAttribute(out, "rdf:resource", object.value);
      out += "/>\n";
      break;
    case core::TermKind::kBlank:
      appendAttribute(out, "rdf:nodeID", xmlNodeId(object.value));
      out += "/>\n";
      break;
    case core::TermKind::kLiteral:
      if (!object.language.empty()) {
        appendAttribute(out, "xml:lang", object.language);
      } else if (!object.datatype.empty() && object.datatype != core::vocab::kXsdString) {
        appendAttribute(out, "rdf:datatype", object.datatype);
      }
      out += '>';
      appendXmlEscaped(out, object.value);
      out += "</";
      out += name.prefix;
      out += ':';
      out += name.local;
      out += ">\n";
      break;
  }
  buffer_.maybeDrain();
}

void RdfXmlWriter::writeEnd() {
  std::string& out = buffer_.raw();
  if (!opened_) writeOpening(out);
  if (descriptionOpen_) out += "  </rdf:Description>\n";
  descriptionOpen_ = false;
  out += "</rdf:RDF>\n";
}

}  // namespace cairn::sparql::results
