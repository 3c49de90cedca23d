#include "tests/support/w3c_manifest.h"

#include <filesystem>

#include "core/rdf/rdf_chars.h"
#include "tests/support/rdf_test_io.h"

namespace cairn::testing {
namespace {

using manifest_vocab::kDawgt;
using manifest_vocab::kMf;
using manifest_vocab::kRdf;
using manifest_vocab::kRdfs;
using manifest_vocab::kRdft;

std::string iri(std::string_view ns, std::string_view local) {
  std::string out(ns);
  out += local;
  return out;
}

std::string literalOrEmpty(const std::optional<core::Term>& term) {
  return term ? term->value : std::string();
}

}  // namespace

void TermGraph::add(core::Term subject, core::Term predicate, core::Term object) {
  bySubject_[std::move(subject)].emplace_back(std::move(predicate), std::move(object));
  ++size_;
}

std::vector<core::Term> TermGraph::objects(const core::Term& subject,
                                           std::string_view predicate) const {
  std::vector<core::Term> out;
  auto it = bySubject_.find(subject);
  if (it == bySubject_.end()) return out;
  for (const auto& [p, o] : it->second) {
    if (p.kind == core::TermKind::kIri && p.value == predicate) out.push_back(o);
  }
  return out;
}

std::optional<core::Term> TermGraph::object(const core::Term& subject,
                                            std::string_view predicate) const {
  auto all = objects(subject, predicate);
  if (all.empty()) return std::nullopt;
  return all.front();
}

std::vector<core::Term> TermGraph::subjects(std::string_view predicate,
                                            const core::Term& object) const {
  std::vector<core::Term> out;
  for (const auto& [s, pairs] : bySubject_) {
    for (const auto& [p, o] : pairs) {
      if (p.kind == core::TermKind::kIri && p.value == predicate && o == object) {
        out.push_back(s);
        break;
      }
    }
  }
  return out;
}

core::Result<std::vector<core::Term>> TermGraph::list(const core::Term& head) const {
  std::vector<core::Term> members;
  core::Term node = head;
  const std::string nil = iri(kRdf, "nil");
  for (size_t guard = 0; !(node.kind == core::TermKind::kIri && node.value == nil); ++guard) {
    if (guard > size_) return core::Status::corruption("cyclic RDF collection");
    auto first = object(node, iri(kRdf, "first"));
    auto rest = object(node, iri(kRdf, "rest"));
    if (!first || !rest) {
      return core::Status::corruption("malformed RDF collection at " + core::toNTriples(node));
    }
    members.push_back(std::move(*first));
    node = std::move(*rest);
  }
  return members;
}

core::Result<TermGraph> loadTurtleGraph(const std::string& path, std::string baseIri) {
  ParseOptions options;
  options.baseIri = baseIri.empty() ? fileIri(path) : std::move(baseIri);
  CAIRN_ASSIGN_OR_RETURN(std::vector<Quad> quads,
                         parseRdfFile(path, core::rdf::RdfFormat::kTurtle, options));
  TermGraph graph;
  for (Quad& q : quads)
    graph.add(std::move(q.subject), std::move(q.predicate), std::move(q.object));
  return graph;
}

std::string fileIri(const std::string& path) {
  const std::string absolute =
      std::filesystem::absolute(std::filesystem::path(path)).lexically_normal().string();
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "file://";
  for (unsigned char c : absolute) {
    if (c <= 0x20 || c == '%' || c == '#' || c == '?' || c == 0x7F) {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::optional<std::string> pathFromFileIri(std::string_view iri) {
  if (!iri.starts_with("file://")) return std::nullopt;
  iri.remove_prefix(7);
  if (size_t cut = iri.find_first_of("?#"); cut != std::string_view::npos) iri = iri.substr(0, cut);
  std::string path;
  for (size_t i = 0; i < iri.size(); ++i) {
    if (iri[i] == '%' && i + 2 < iri.size() && core::rdf::hexValue(iri[i + 1]) >= 0 &&
        core::rdf::hexValue(iri[i + 2]) >= 0) {
      path +=
          static_cast<char>(core::rdf::hexValue(iri[i + 1]) * 16 + core::rdf::hexValue(iri[i + 2]));
      i += 2;
    } else {
      path += iri[i];
    }
  }
  return path;
}

std::string_view localName(std::string_view iri) {
  const size_t cut = iri.find_last_of("#/");
  return cut == std::string_view::npos ? iri : iri.substr(cut + 1);
}

core::Result<Manifest> loadManifest(const std::string& path) {
  Manifest m;
  m.path = path;
  m.iri = fileIri(path);
  CAIRN_ASSIGN_OR_RETURN(m.graph, loadTurtleGraph(path, m.iri));
  const auto manifests = m.graph.subjects(iri(kRdf, "type"), core::Term::iri(iri(kMf, "Manifest")));
  if (manifests.empty()) return core::Status::corruption(path + ": no mf:Manifest");
  const core::Term& self = manifests.front();
  m.label = literalOrEmpty(m.graph.object(self, iri(kRdfs, "label")));
  if (auto base = m.graph.object(self, iri(kMf, "assumedTestBase")))
    m.assumedTestBase = base->value;
  for (const core::Term& head : m.graph.objects(self, iri(kMf, "include"))) {
    CAIRN_ASSIGN_OR_RETURN(auto included, m.graph.list(head));
    for (const core::Term& t : included) {
      auto includedPath = pathFromFileIri(t.value);
      if (!includedPath) return core::Status::corruption(path + ": include is not a file IRI");
      m.includes.push_back(*includedPath);
    }
  }
  for (const core::Term& head : m.graph.objects(self, iri(kMf, "entries"))) {
    CAIRN_ASSIGN_OR_RETURN(auto tests, m.graph.list(head));
    for (core::Term& test : tests) {
      ManifestEntry e;
      e.name = literalOrEmpty(m.graph.object(test, iri(kMf, "name")));
      if (e.name.empty()) e.name = std::string(localName(test.value));
      if (auto type = m.graph.object(test, iri(kRdf, "type"))) e.type = type->value;
      e.comment = literalOrEmpty(m.graph.object(test, iri(kRdfs, "comment")));
      auto approval = m.graph.object(test, iri(kRdft, "approval"));
      if (!approval) approval = m.graph.object(test, iri(kDawgt, "approval"));
      if (approval) e.approval = approval->value;
      e.action = m.graph.object(test, iri(kMf, "action"));
      e.result = m.graph.object(test, iri(kMf, "result"));
      e.node = std::move(test);
      m.entries.push_back(std::move(e));
    }
  }
  return m;
}

core::Result<std::vector<Manifest>> loadManifestTree(const std::string& path) {
  std::vector<Manifest> out;
  CAIRN_ASSIGN_OR_RETURN(Manifest root, loadManifest(path));
  const std::vector<std::string> includes = root.includes;
  out.push_back(std::move(root));
  for (const std::string& include : includes) {
    CAIRN_ASSIGN_OR_RETURN(auto sub, loadManifestTree(include));
    for (Manifest& m : sub) out.push_back(std::move(m));
  }
  return out;
}

}  // namespace cairn::testing
