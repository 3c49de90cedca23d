#include "index/constraints/prefix_declarations.h"

#include <algorithm>
#include <map>
#include <optional>

#include "core/percent_encoding.h"
#include "core/vocab.h"
#include "index/constraints/schema_graph.h"
#include "index/ledger/ledger.h"

namespace cairn::index {

namespace {

constexpr std::string_view kXsdAnyUri = "http://www.w3.org/2001/XMLSchema#anyURI";

bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

bool isDeclarablePrefix(std::string_view prefix) {
  if (prefix.empty()) return true;
  if (!isLetter(prefix[0]) || prefix.back() == '_') return false;
  for (size_t i = 1; i < prefix.size(); ++i) {
    const char c = prefix[i];
    if (c == '_' && prefix[i - 1] == '_') return false;
    if (!isLetter(c) && !(c >= '0' && c <= '9') && c != '_') return false;
  }
  return true;
}

std::string prefixDeclarationIri(std::string_view prefix) {
  return "urn:cairn:sys:prefix:" + core::percentEncode(prefix);
}

std::vector<TxQuad> prefixDeclarationFacts(const PrefixDeclaration& declaration) {
  const core::Term subject = core::Term::iri(prefixDeclarationIri(declaration.prefix));
  return {schemaFact(subject, kShaclPrefixIri, core::Term::literal(declaration.prefix)),
          schemaFact(subject, kShaclNamespaceIri,
                     core::Term::literal(declaration.namespaceIri, std::string(kXsdAnyUri)))};
}

core::Result<std::vector<PrefixDeclaration>> prefixDeclarations(const Ledger& state,
                                                                uint64_t asOf) {
  std::vector<PrefixDeclaration> out;
  CAIRN_ASSIGN_OR_RETURN(auto prefixPredicate, state.encodeIri(kShaclPrefixIri));
  CAIRN_ASSIGN_OR_RETURN(auto namespacePredicate, state.encodeIri(kShaclNamespaceIri));
  if (!prefixPredicate) return out;
  struct Declaration {
    std::vector<core::EncodedObject> prefixes, namespaces;
  };
  std::map<core::NodeId, Declaration> declarations;
  CAIRN_RETURN_IF_ERROR(forEachSchemaFact(state, asOf, [&](const IndexRow& row) {
    if (row.p == *prefixPredicate) {
      declarations[row.s].prefixes.push_back({row.ot, row.ok});
    } else if (namespacePredicate && row.p == *namespacePredicate) {
      declarations[row.s].namespaces.push_back({row.ot, row.ok});
    }
  }));
  for (const auto& [subject, d] : declarations) {
    if (d.prefixes.empty()) continue;  // not a prefix declaration
    CAIRN_ASSIGN_OR_RETURN(core::Term subjectTerm, state.decodeNode(subject));
    const std::string what = "prefix declaration " + core::toNTriples(subjectTerm);
    if (d.prefixes.size() != 1 || d.namespaces.size() != 1) {
      return core::Status::invalidArgument(what +
                                           " needs exactly one sh:prefix and one sh:namespace");
    }
    CAIRN_ASSIGN_OR_RETURN(core::Term prefix, state.decodeObject(d.prefixes[0]));
    CAIRN_ASSIGN_OR_RETURN(core::Term ns, state.decodeObject(d.namespaces[0]));
    if (prefix.kind != core::TermKind::kLiteral || !isDeclarablePrefix(prefix.value)) {
      return core::Status::invalidArgument(
          what + ": the prefix must be a string of letters, digits and single underscores, " +
          "starting with a letter (or empty), not " + core::toNTriples(prefix));
    }
    if (ns.kind == core::TermKind::kBlank || ns.value.empty()) {
      return core::Status::invalidArgument(what + ": the namespace must be a non-empty IRI");
    }
    out.push_back({prefix.value, ns.value});
  }
  std::sort(out.begin(), out.end(), [](const PrefixDeclaration& a, const PrefixDeclaration& b) {
    return std::tie(a.prefix, a.namespaceIri) < std::tie(b.prefix, b.namespaceIri);
  });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  for (size_t i = 1; i < out.size(); ++i) {
    if (out[i].prefix == out[i - 1].prefix) {
      return core::Status::invalidArgument("prefix '" + out[i].prefix + "' is declared twice: <" +
                                           out[i - 1].namespaceIri + "> and <" +
                                           out[i].namespaceIri + ">");
    }
  }
  return out;
}

core::Status checkPrefixDeclarations(const Ledger& after, std::span<const Flake> flakes) {
  CAIRN_ASSIGN_OR_RETURN(auto graph, after.encodeIri(kSchemaGraphIri));
  if (!graph) return core::Status::ok();
  CAIRN_ASSIGN_OR_RETURN(auto prefixPredicate, after.encodeIri(kShaclPrefixIri));
  CAIRN_ASSIGN_OR_RETURN(auto namespacePredicate, after.encodeIri(kShaclNamespaceIri));
  const bool touched = std::any_of(flakes.begin(), flakes.end(), [&](const Flake& f) {
    return f.g == *graph && ((prefixPredicate && f.row.p == *prefixPredicate) ||
                             (namespacePredicate && f.row.p == *namespacePredicate));
  });
  if (!touched) return core::Status::ok();
  return prefixDeclarations(after).status();
}

}  // namespace cairn::index
