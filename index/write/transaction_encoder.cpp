#include "index/write/transaction_encoder.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "core/literal_codec.h"
#include "core/vocab.h"

namespace cairn::index {
namespace {

using core::EncodedObject;
using core::TermKind;
namespace otype = core::otype;

// (g, s, p, ot, ok, i): one fact (i is 0 for plain RDF; TxQuad says what else it holds). In this
// order per graph the keys are in SPOT order.
using FactKey =
    std::tuple<core::NodeId, core::NodeId, core::NodeId, core::ObjectType, uint64_t, uint64_t>;

class Encoder {
 public:
  Encoder(const Ledger& snapshot)
      : snapshot_(snapshot),
        firstNewIri_(snapshot.nextIriId()),
        firstNewString_(snapshot.nextStringId()),
        firstNewBlank_(snapshot.root().blankNodes + 1),
        nextIri_(firstNewIri_),
        nextString_(firstNewString_),
        blankNodes_(snapshot.root().blankNodes) {}

  // Whether the fact names a term this encoder minted (then it cannot be in the snapshot).
  bool mintedIn(const FactKey& fact) const {
    const auto& [g, s, p, ot, ok, i] = fact;
    return (g != core::kNoNode && mintedNode(g)) || mintedNode(s) || mintedNode(p) ||
           mintedObject(ot, ok) || (core::isBlankNode(i) && mintedNode(i));
  }

  // The object a term stands for; nullopt when it names nothing in the ledger and `add` is
  // false (or a new blank node is asked for while deleting).
  core::Result<std::optional<EncodedObject>> object(const TxTerm& term, bool add) {
    using Out = std::optional<EncodedObject>;
    if (term.id) return Out(*term.id);
    const core::Term& t = term.value();
    switch (t.kind) {
      case TermKind::kIri: {
        CAIRN_ASSIGN_OR_RETURN(auto id, iri(t.value, add));
        if (!id) return Out();
        return Out(EncodedObject{otype::kIri, *id});
      }
      case TermKind::kBlank: {
        if (!add) return Out();
        auto [it, fresh] = blanks_.try_emplace(t.value, 0);
        if (fresh) it->second = core::blankNodeId(++blankNodes_);
        return Out(EncodedObject{otype::kBlank, it->second});
      }
      case TermKind::kLiteral:
        return literal(t, add);
    }
    return Out();
  }

  core::Result<std::optional<core::NodeId>> node(const TxTerm& term, bool add, const char* role) {
    CAIRN_ASSIGN_OR_RETURN(auto object, this->object(term, add));
    if (!object) return std::optional<core::NodeId>();
    if (!core::isNode(object->type)) {
      return core::Status::invalidArgument(std::string("a literal cannot be a ") + role);
    }
    return std::optional<core::NodeId>(object->key);
  }

  core::Result<std::optional<core::NodeId>> iriNode(const TxTerm& term, bool add,
                                                    const char* role) {
    CAIRN_ASSIGN_OR_RETURN(auto object, this->object(term, add));
    if (object && object->type != otype::kIri) {
      return core::Status::invalidArgument(std::string("the ") + role + " must be an IRI");
    }
    if (!object && !term.id && term.value().kind != TermKind::kIri) {
      return core::Status::invalidArgument(std::string("the ") + role + " must be an IRI");
    }
    if (!object) return std::optional<core::NodeId>();
    return std::optional<core::NodeId>(object->key);
  }

  // The i of a quad: its identity's node id (a blank node), else its position; nullopt when the
  // identity names nothing (only possible when not adding).
  core::Result<std::optional<uint64_t>> discriminator(const TxQuad& q, bool add) {
    using Out = std::optional<uint64_t>;
    if (!q.identity) {
      if (core::isBlankNode(q.position)) {
        return core::Status::invalidArgument("a fact's position must be below 2^63");
      }
      return Out(q.position);
    }
    if (q.position != 0) {
      return core::Status::invalidArgument("a fact cannot have both an identity and a position");
    }
    if (!q.identity->id && q.identity->value().kind != TermKind::kBlank) {
      return core::Status::invalidArgument("a fact's identity must be a blank node");
    }
    CAIRN_ASSIGN_OR_RETURN(auto object, this->object(*q.identity, add));
    if (!object) return Out();
    if (object->type != otype::kBlank) {
      return core::Status::invalidArgument("a fact's identity must be a blank node");
    }
    return Out(object->key);
  }

  void finish(EncodedTransaction& out) {
    out.iris = std::move(newIris_);
    out.strings = std::move(newStrings_);
    out.languages = std::move(newLanguages_);
    out.datatypes = std::move(newDatatypes_);
    out.blankNodes = blankNodes_;
  }

 private:
  bool mintedNode(core::NodeId id) const {
    if (core::isBlankNode(id)) return id >= core::blankNodeId(firstNewBlank_);
    return id >= firstNewIri_;
  }

  bool mintedObject(core::ObjectType type, uint64_t key) const {
    if (core::isNode(type)) return mintedNode(key);
    return core::keyIsString(type) && key >= firstNewString_;
  }

  // A term the transaction adds when missing goes to the overlay: the dictionary need not
  // remember the miss (Dictionary::find).
  static Dictionary::Misses misses(bool add) {
    return add ? Dictionary::Misses::kForget : Dictionary::Misses::kRemember;
  }

  // `known` caches every id found or minted in this transaction (a transaction names the same
  // subjects and predicates again and again; the dictionary is asked once per distinct text).
  // Its keys view the transaction's terms, which outlive the encoder.
  core::Result<std::optional<uint64_t>> iri(std::string_view text, bool add) {
    if (auto it = knownIris_.find(text); it != knownIris_.end()) return {it->second};
    CAIRN_ASSIGN_OR_RETURN(auto found, snapshot_.encodeIri(text, misses(add)));
    if (found) {
      knownIris_.emplace(text, *found);
      return found;
    }
    if (!add) return std::optional<uint64_t>();
    const uint64_t id = nextIri_++;
    knownIris_.emplace(text, id);
    newIris_.push_back(NewTerm{id, std::string(text)});
    return std::optional<uint64_t>(id);
  }

  core::Result<std::optional<uint64_t>> string(std::string_view text, bool add) {
    if (auto it = knownStrings_.find(text); it != knownStrings_.end()) return {it->second};
    CAIRN_ASSIGN_OR_RETURN(auto found, snapshot_.encodeString(text, misses(add)));
    if (found) {
      knownStrings_.emplace(text, *found);
      return found;
    }
    if (!add) return std::optional<uint64_t>();
    const uint64_t id = nextString_++;
    knownStrings_.emplace(text, id);
    newStrings_.push_back(NewTerm{id, std::string(text)});
    return std::optional<uint64_t>(id);
  }

  // The code of a language tag or datatype: the snapshot's, a staged one, or (when adding) the
  // next free one; 0 when absent and not adding.
  core::Result<uint16_t> code(const TermCodeTable& table, std::vector<std::string>& added,
                              const std::string& text, bool add, uint16_t maxCode,
                              const char* what) {
    if (auto c = table.find(text)) return *c;
    for (size_t i = 0; i < added.size(); ++i) {
      if (added[i] == text) return static_cast<uint16_t>(table.size() + i + 1);
    }
    if (!add) return uint16_t{0};
    if (table.size() + added.size() >= maxCode) {
      return core::Status::invalidArgument("more than " + std::to_string(maxCode) + " distinct " +
                                           what);
    }
    added.push_back(text);
    return static_cast<uint16_t>(table.size() + added.size());
  }

  core::Result<std::optional<EncodedObject>> literal(const core::Term& t, bool add) {
    using Out = std::optional<EncodedObject>;
    core::ObjectType type;
    if (!t.language.empty()) {
      CAIRN_ASSIGN_OR_RETURN(uint16_t c, code(snapshot_.languageCodes(), newLanguages_, t.language,
                                              add, otype::kMaxLanguageCode, "language tags"));
      if (c == 0) return Out();
      type = core::langStringType(c);
    } else if (t.datatype.empty() || t.datatype == core::vocab::kXsdString) {
      type = otype::kString;
    } else if (auto builtin = core::builtinTypeForDatatype(t.datatype)) {
      if (auto key = core::encodeInline(*builtin, t.value))
        return Out(EncodedObject{*builtin, *key});
      type = core::lexicalTypeOf(*builtin);  // non-canonical or ill-typed: kept as written
    } else {
      CAIRN_ASSIGN_OR_RETURN(uint16_t c, code(snapshot_.datatypeCodes(), newDatatypes_, t.datatype,
                                              add, otype::kMaxDatatypeCode, "literal datatypes"));
      if (c == 0) return Out();
      type = core::otherDatatypeType(c);
    }
    CAIRN_ASSIGN_OR_RETURN(auto id, string(t.value, add));
    if (!id) return Out();
    return Out(EncodedObject{type, *id});
  }

  const Ledger& snapshot_;
  const uint64_t firstNewIri_;
  const uint64_t firstNewString_;
  const uint64_t firstNewBlank_;  // ordinal
  uint64_t nextIri_;
  uint64_t nextString_;
  uint64_t blankNodes_;
  std::unordered_map<std::string_view, uint64_t> knownIris_;
  std::unordered_map<std::string_view, uint64_t> knownStrings_;
  std::unordered_map<std::string, core::NodeId> blanks_;
  std::vector<NewTerm> newIris_;
  std::vector<NewTerm> newStrings_;
  std::vector<std::string> newLanguages_;
  std::vector<std::string> newDatatypes_;
};

// The fact of a quad; nullopt when a term names nothing (only possible when not adding).
core::Result<std::optional<FactKey>> factOf(Encoder& encoder, const TxQuad& q, bool add) {
  using Out = std::optional<FactKey>;
  core::NodeId g = core::kNoNode;
  if (q.g) {
    CAIRN_ASSIGN_OR_RETURN(auto graph, encoder.iriNode(*q.g, add, "graph name"));
    if (!graph) return Out();
    g = *graph;
  }
  CAIRN_ASSIGN_OR_RETURN(auto s, encoder.node(q.s, add, "subject"));
  CAIRN_ASSIGN_OR_RETURN(auto p, encoder.iriNode(q.p, add, "predicate"));
  CAIRN_ASSIGN_OR_RETURN(auto o, encoder.object(q.o, add));
  CAIRN_ASSIGN_OR_RETURN(auto i, encoder.discriminator(q, add));
  if (!s || !p || !o || !i) return Out();
  return Out(FactKey{g, *s, *p, o->type, o->key, *i});
}

// Whether a fact is in the snapshot, with one SPOT reader per graph for the whole transaction.
class PresenceChecker {
 public:
  explicit PresenceChecker(const Ledger& snapshot) : snapshot_(snapshot) {}

  core::Result<bool> isPresent(const FactKey& fact) {
    const auto& [g, s, p, ot, ok, i] = fact;
    auto [it, fresh] = readers_.try_emplace(g);
    if (fresh) it->second = snapshot_.reader(g, Permutation::kSPOT);
    if (!it->second) return false;
    return it->second->contains(RowKey{s, p, ot, ok, i});
  }

 private:
  const Ledger& snapshot_;
  std::map<core::NodeId, std::optional<SnapshotReader>> readers_;
};

// One fact a transaction names; they are listed in the order written, deletes first.
struct WantedFact {
  FactKey fact;
  bool present = false;  // wanted after the commit
  bool newTerm = false;  // names a term this transaction mints, so it cannot be present now
};

}  // namespace

core::Result<EncodedTransaction> encodeChanges(const Ledger& snapshot, const TxChanges& tx,
                                               uint64_t t) {
  Encoder encoder(snapshot);
  std::vector<WantedFact> wanted;
  wanted.reserve(tx.deletes.size() + tx.inserts.size());
  for (const TxQuad& q : tx.deletes) {
    CAIRN_ASSIGN_OR_RETURN(auto fact, factOf(encoder, q, /*add=*/false));
    if (fact) wanted.push_back({*fact, false, false});
  }
  for (const TxQuad& q : tx.inserts) {
    CAIRN_ASSIGN_OR_RETURN(auto fact, factOf(encoder, q, /*add=*/true));
    if (fact) wanted.push_back({*fact, true, encoder.mintedIn(*fact)});
  }
  // Key order (which is SPOT order per graph, so the novelty's SPOT run needs no sort). Stable,
  // so the mentions of one fact stay in the order written and the last one decides.
  std::stable_sort(wanted.begin(), wanted.end(),
                   [](const WantedFact& a, const WantedFact& b) { return a.fact < b.fact; });
  EncodedTransaction out;
  out.flakes.reserve(wanted.size());
  PresenceChecker presence(snapshot);
  for (size_t k = 0; k < wanted.size(); ++k) {
    if (k + 1 < wanted.size() && wanted[k + 1].fact == wanted[k].fact) continue;
    const WantedFact& w = wanted[k];
    bool now = false;
    if (!w.newTerm) {
      CAIRN_ASSIGN_OR_RETURN(now, presence.isPresent(w.fact));
    }
    if (now == w.present) continue;
    const auto& [g, s, p, ot, ok, i] = w.fact;
    Flake flake;
    flake.g = g;
    flake.row.s = s;
    flake.row.p = p;
    flake.row.ot = ot;
    flake.row.ok = ok;
    flake.row.i = i;
    flake.row.t = t;
    flake.assert = w.present;
    out.flakes.push_back(flake);
    ++(w.present ? out.inserted : out.deleted);
  }
  encoder.finish(out);
  return out;
}

}  // namespace cairn::index
