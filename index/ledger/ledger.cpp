#include "index/ledger/ledger.h"

#include <algorithm>
#include <charconv>

#include "core/check.h"
#include "core/literal_codec.h"
#include "core/vocab.h"
#include "index/delta/delta_manifest.h"
#include "index/ledger/ledger_name.h"

namespace cairn::index {

using core::TermKind;
namespace otype = core::otype;

namespace {

// The novelty of a root with no commit since: its delta layer, every run opened (directories
// only; blocks are read when a scan needs them).
core::Result<std::shared_ptr<const Novelty>> openDelta(const storage::BlobStore& blobs,
                                                       const IndexRoot& root,
                                                       const std::shared_ptr<IndexCache>& cache) {
  if (root.delta.isNull()) return std::make_shared<const Novelty>(root.t);
  CAIRN_ASSIGN_OR_RETURN(DeltaManifest manifest, DeltaManifest::load(blobs, root.delta));
  std::vector<Novelty::PersistedGraph> graphs;
  for (GraphDeltaSegments& g : manifest.graphs) {
    Novelty::PersistedGraph persisted;
    persisted.graph = g.graph;
    for (DeltaSegment& segment : g.segments) {
      if (segment.afterT < root.baseT || segment.throughT > root.t) {
        return core::Status::corruption("delta manifest " + root.delta.shortHex() +
                                        ": a segment lies outside the root's (baseT, t]");
      }
      for (Permutation perm : kAllPermutations) {
        CAIRN_ASSIGN_OR_RETURN(auto run, DeltaRun::open(blobs, segment.run(perm).id, perm, cache));
        if (run->size() != segment.flakes) {
          return core::Status::corruption(
              "delta run " + run->id().shortHex() + " holds " + std::to_string(run->size()) +
              " changes, its manifest says " + std::to_string(segment.flakes));
        }
        persisted.runs[static_cast<int>(perm)].push_back(std::move(run));
      }
      persisted.flakes += segment.flakes;
      persisted.rowDelta += segment.rowDelta;
      for (const auto& [p, rows] : segment.predicateRows) {
        if ((persisted.predicateRows[p] += rows) == 0) persisted.predicateRows.erase(p);
      }
    }
    graphs.push_back(std::move(persisted));
  }
  return std::make_shared<const Novelty>(root.t, std::move(graphs));
}

}  // namespace

core::Result<std::shared_ptr<const Ledger>> Ledger::open(const storage::BlobStore& blobs,
                                                         const storage::HeadStore& heads,
                                                         std::string_view name,
                                                         std::shared_ptr<IndexCache> cache,
                                                         const IndexConfig& config) {
  auto head = heads.getHead(ledgerHeadName(name));
  if (!head.isOk()) {
    if (head.status().code() == core::StatusCode::kNotFound) {
      return core::Status::notFound("no ledger named '" + std::string(name) + "'");
    }
    return head.status();
  }
  return openRoot(blobs, name, *head, std::move(cache), config);
}

core::Result<std::shared_ptr<const Ledger>> Ledger::openRoot(const storage::BlobStore& blobs,
                                                             std::string_view name,
                                                             const storage::ContentId& rootId,
                                                             std::shared_ptr<IndexCache> cache,
                                                             const IndexConfig& config) {
  auto ledger = std::shared_ptr<Ledger>(new Ledger());
  ledger->blobs_ = &blobs;
  ledger->cache_ = std::move(cache);
  ledger->config_ = config;
  ledger->name_ = std::string(name);
  ledger->rootId_ = rootId;
  ledger->rootInUse_ = std::make_shared<const storage::ContentId>(rootId);
  CAIRN_ASSIGN_OR_RETURN(std::string rootJson, blobs.get(rootId));
  CAIRN_ASSIGN_OR_RETURN(ledger->root_, IndexRoot::fromJson(rootJson));
  CAIRN_ASSIGN_OR_RETURN(ledger->iris_,
                         Dictionary::open(blobs, DictionaryKind::kIri, ledger->root_.iris));
  CAIRN_ASSIGN_OR_RETURN(ledger->strings_,
                         Dictionary::open(blobs, DictionaryKind::kString, ledger->root_.strings));
  for (const std::string& tag : ledger->root_.languages) {
    CAIRN_RETURN_IF_ERROR(ledger->languages_.intern(tag).status());
  }
  for (const std::string& datatype : ledger->root_.datatypes) {
    CAIRN_RETURN_IF_ERROR(ledger->datatypes_.intern(datatype).status());
  }
  if (!ledger->root_.history.isNull()) {
    CAIRN_ASSIGN_OR_RETURN(auto history,
                           HistoryView::open(blobs, ledger->root_.history, ledger->cache_));
    ledger->history_ = std::move(history);
  }
  CAIRN_ASSIGN_OR_RETURN(ledger->novelty_, openDelta(blobs, ledger->root_, ledger->cache_));
  ledger->overlay_ = std::make_shared<TermOverlay>(ledger->iris_->size(), ledger->strings_->size());
  return std::shared_ptr<const Ledger>(std::move(ledger));
}

std::vector<core::NodeId> Ledger::graphIds(uint64_t asOf) const {
  std::vector<core::NodeId> ids;
  for (const GraphIndex& g : root_.graphs) ids.push_back(g.graph);
  for (core::NodeId g : novelty_->graphs()) ids.push_back(g);
  if (history_ != nullptr && asOf < root_.baseT) {
    for (core::NodeId g : history_->graphs()) ids.push_back(g);
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  std::erase_if(ids, [&](core::NodeId g) { return !hasGraph(g, asOf); });
  return ids;
}

core::Status Ledger::lookupNewIri(uint64_t id, std::string& out) const {
  if (overlay_->iris.lookupInto(id, visibleIris_, out)) return core::Status::ok();
  return core::Status::notFound("no IRI with id " + std::to_string(id));
}

core::Status Ledger::lookupNewString(uint64_t id, std::string& out) const {
  if (overlay_->strings.lookupInto(id, visibleStrings_, out)) return core::Status::ok();
  return core::Status::notFound("no string with id " + std::to_string(id));
}

std::vector<std::string> Ledger::newTerms(DictionaryKind kind) const {
  const bool iris = kind == DictionaryKind::kIri;
  const TermList& list = iris ? overlay_->iris : overlay_->strings;
  const uint64_t visible = iris ? visibleIris_ : visibleStrings_;
  std::vector<std::string> out(visible);
  for (uint64_t k = 0; k < visible; ++k) {
    const bool found = list.lookupInto(list.firstId() + k, visible, out[k]);
    CAIRN_CHECK(found, "a visible overlay term is missing");
  }
  return out;
}

bool Ledger::hasGraph(core::NodeId graph, uint64_t asOf) const {
  if (asOf < t()) {
    // The past: look for one row visible then (not cached; as-of reads are the rarer kind).
    auto spot = reader(graph, Permutation::kSPOT);
    if (!spot) return false;
    if (asOf < root_.baseT && spot->base() != nullptr) {
      // A tree row asserted by asOf was there at asOf (it stayed until the root): one seek in
      // the tree settles most cases without gathering the graph's whole history.
      auto inTree = spot->base()->seek(kMinRowKey, asOf);
      if (!inTree.isOk() || inTree->has_value()) return true;
    }
    auto first = spot->seek(kMinRowKey, asOf);
    // On a read error, say the graph exists: its scans will report the error.
    return !first.isOk() || first->has_value();
  }
  const bool inRoot = root_.findGraph(graph) != nullptr;
  const bool touched = novelty_->find(graph, Permutation::kSPOT) != nullptr;
  if (!touched) return inRoot;  // the root keeps only graphs with triples
  std::lock_guard lock(presence_->mutex);
  auto it = presence_->byGraph.find(graph);
  if (it == presence_->byGraph.end()) {
    auto count = reader(graph, Permutation::kSPOT)->count(ScanRange::all());
    it = presence_->byGraph.emplace(graph, !count.isOk() || *count > 0).first;
  }
  return it->second;
}

core::Result<std::shared_ptr<const Ledger>> Ledger::withCommit(uint64_t t,
                                                               std::span<const Flake> flakes,
                                                               const CommitTerms& terms) const {
  if (t <= this->t()) {
    return core::Status::invalidArgument("commit t " + std::to_string(t) +
                                         " is not after the ledger's t " +
                                         std::to_string(this->t()));
  }
  auto next = std::shared_ptr<Ledger>(new Ledger(*this));
  next->visibleIris_ += terms.newIris;
  next->visibleStrings_ += terms.newStrings;
  if (next->visibleIris_ > overlay_->iris.count() ||
      next->visibleStrings_ > overlay_->strings.count()) {
    return core::Status::invalidArgument("commit names terms missing from the term overlay");
  }
  for (const std::string& tag : terms.languages) {
    CAIRN_RETURN_IF_ERROR(next->languages_.intern(tag).status());
    next->root_.languages.push_back(tag);
  }
  for (const std::string& datatype : terms.datatypes) {
    CAIRN_RETURN_IF_ERROR(next->datatypes_.intern(datatype).status());
    next->root_.datatypes.push_back(datatype);
  }
  next->root_.blankNodes = std::max(root_.blankNodes, terms.blankNodes);
  next->novelty_ = novelty_->withCommit(t, flakes);
  next->presence_ = std::make_shared<GraphPresence>();
  next->memos_ = std::make_shared<Memos>();
  return std::shared_ptr<const Ledger>(std::move(next));
}

std::shared_ptr<const void> Ledger::memo(const std::string& key) const {
  std::lock_guard lock(memos_->mutex);
  auto it = memos_->byKey.find(key);
  return it == memos_->byKey.end() ? nullptr : it->second;
}

std::shared_ptr<const void> Ledger::memoize(const std::string& key,
                                            std::shared_ptr<const void> value) const {
  std::lock_guard lock(memos_->mutex);
  if (auto it = memos_->byKey.find(key); it != memos_->byKey.end()) return it->second;
  if (memos_->byKey.size() >= kMaxMemos) return value;
  memos_->byKey.emplace(key, value);
  return value;
}

core::Result<std::optional<core::NodeId>> Ledger::encodeNode(const core::Term& term,
                                                             Dictionary::Misses misses) const {
  if (term.kind == TermKind::kIri) return encodeIri(term.value, misses);
  if (term.kind == TermKind::kBlank) {
    // Blank nodes are shown as _:b<ordinal>; other labels name nothing in the ledger.
    std::string_view label = term.value;
    uint64_t ordinal = 0;
    if (label.size() < 2 || label[0] != 'b') return std::optional<core::NodeId>();
    auto [end, ec] = std::from_chars(label.data() + 1, label.data() + label.size(), ordinal);
    if (ec != std::errc() || end != label.data() + label.size() || ordinal == 0 ||
        ordinal > root_.blankNodes) {
      return std::optional<core::NodeId>();
    }
    return std::optional<core::NodeId>(core::blankNodeId(ordinal));
  }
  return std::optional<core::NodeId>();
}

core::Result<std::optional<core::EncodedObject>> Ledger::encodeObject(
    const core::Term& term, Dictionary::Misses misses) const {
  using Out = std::optional<core::EncodedObject>;
  if (term.kind != TermKind::kLiteral) {
    CAIRN_ASSIGN_OR_RETURN(auto node, encodeNode(term, misses));
    if (!node) return Out();
    return Out(
        core::EncodedObject{term.kind == TermKind::kIri ? otype::kIri : otype::kBlank, *node});
  }
  core::ObjectType type;
  if (!term.language.empty()) {
    auto code = languages_.find(term.language);
    if (!code) return Out();
    type = core::langStringType(*code);
  } else if (term.datatype.empty() || term.datatype == core::vocab::kXsdString) {
    type = otype::kString;
  } else if (auto builtin = core::builtinTypeForDatatype(term.datatype)) {
    if (auto key = core::encodeInline(*builtin, term.value)) {
      return Out(core::EncodedObject{*builtin, *key});
    }
    type = core::lexicalTypeOf(*builtin);
  } else {
    auto code = datatypes_.find(term.datatype);
    if (!code) return Out();
    type = core::otherDatatypeType(*code);
  }
  CAIRN_ASSIGN_OR_RETURN(auto id, encodeString(term.value, misses));
  if (!id) return Out();
  return Out(core::EncodedObject{type, *id});
}

// The overlay holds only terms the base lacks: a hit there spares the base's search.
core::Result<std::optional<core::NodeId>> Ledger::encodeIri(std::string_view iri,
                                                            Dictionary::Misses misses) const {
  if (visibleIris_ > 0) {
    if (auto id = overlay_->iris.find(iri, visibleIris_)) return id;
  }
  return iris_->find(iri, misses);
}

core::Result<std::optional<uint64_t>> Ledger::encodeString(std::string_view lexical,
                                                           Dictionary::Misses misses) const {
  if (visibleStrings_ > 0) {
    if (auto id = overlay_->strings.find(lexical, visibleStrings_)) return id;
  }
  return strings_->find(lexical, misses);
}

uint64_t Ledger::sortedStrings() const {
  const auto segments = strings_->segmentRefs();
  if (segments.empty() || segments[0].kind != dictformat::SegmentKind::kDense ||
      segments[0].firstId != 1) {
    return 0;
  }
  return segments[0].entries;
}

core::Result<core::Term> Ledger::decodeNode(core::NodeId id) const {
  if (core::isBlankNode(id)) {
    return core::Term::blank("b" + std::to_string(id & ~core::kBlankNodeBit));
  }
  if (id > iris_->size()) {
    std::string iri;
    CAIRN_RETURN_IF_ERROR(lookupNewIri(id, iri));
    return core::Term::iri(std::move(iri));
  }
  CAIRN_ASSIGN_OR_RETURN(std::string iri, iris_->lookup(id));
  return core::Term::iri(std::move(iri));
}

core::Result<core::Term> Ledger::decodeObject(core::EncodedObject object) const {
  const core::ObjectType t = object.type;
  if (core::isNode(t)) return decodeNode(object.key);
  if (core::isInline(t)) {
    return core::Term::literal(core::decodeInline(t, object.key),
                               std::string(core::datatypeOfBuiltin(t)));
  }
  std::string lexical;
  if (object.key > strings_->size()) {
    CAIRN_RETURN_IF_ERROR(lookupNewString(object.key, lexical));
  } else {
    CAIRN_ASSIGN_OR_RETURN(lexical, strings_->lookup(object.key));
  }
  if (t == otype::kString) return core::Term::literal(std::move(lexical));
  if (core::isLexicalBuiltin(t)) {
    return core::Term::literal(std::move(lexical), std::string(core::datatypeOfBuiltin(t)));
  }
  if (core::isLangString(t)) {
    uint16_t code = core::languageCodeOf(t);
    if (code == 0 || code > root_.languages.size()) {
      return core::Status::corruption("unknown language code " + std::to_string(code));
    }
    return core::Term::literal(std::move(lexical), {}, root_.languages[code - 1]);
  }
  uint16_t code = core::datatypeCodeOf(t);
  if (code == 0 || code > root_.datatypes.size()) {
    return core::Status::corruption("unknown datatype code " + std::to_string(code));
  }
  return core::Term::literal(std::move(lexical), root_.datatypes[code - 1]);
}

core::Status Ledger::decodeInto(core::EncodedObject object, DecodeCursor& cursor,
                                core::Term& out) const {
  const core::ObjectType t = object.type;
  out.value.clear();
  out.datatype.clear();
  out.language.clear();
  if (core::isNode(t)) {
    if (core::isBlankNode(object.key)) {
      out.kind = TermKind::kBlank;
      char digits[24];
      auto [end, ec] =
          std::to_chars(digits, digits + sizeof digits, object.key & ~core::kBlankNodeBit);
      out.value.push_back('b');
      out.value.append(digits, end);
      return core::Status::ok();
    }
    out.kind = TermKind::kIri;
    if (object.key > iris_->size()) return lookupNewIri(object.key, out.value);
    return cursor.iris_.lookupInto(object.key, out.value);
  }
  out.kind = TermKind::kLiteral;
  if (core::isInline(t)) {
    core::appendInline(out.value, t, object.key);
    out.datatype.assign(core::datatypeOfBuiltin(t));
    return core::Status::ok();
  }
  if (object.key > strings_->size()) {
    CAIRN_RETURN_IF_ERROR(lookupNewString(object.key, out.value));
  } else {
    CAIRN_RETURN_IF_ERROR(cursor.strings_.lookupInto(object.key, out.value));
  }
  if (t == otype::kString) return core::Status::ok();
  if (core::isLexicalBuiltin(t)) {
    out.datatype.assign(core::datatypeOfBuiltin(t));
    return core::Status::ok();
  }
  if (core::isLangString(t)) {
    uint16_t code = core::languageCodeOf(t);
    if (code == 0 || code > root_.languages.size()) {
      return core::Status::corruption("unknown language code " + std::to_string(code));
    }
    out.language.assign(root_.languages[code - 1]);
    return core::Status::ok();
  }
  uint16_t code = core::datatypeCodeOf(t);
  if (code == 0 || code > root_.datatypes.size()) {
    return core::Status::corruption("unknown datatype code " + std::to_string(code));
  }
  out.datatype.assign(root_.datatypes[code - 1]);
  return core::Status::ok();
}

std::optional<SnapshotReader> Ledger::reader(core::NodeId graph, Permutation perm) const {
  const GraphIndex* g = root_.findGraph(graph);
  const PermutationNovelty* changes = novelty_->find(graph, perm);
  const bool inHistory = history_ != nullptr && history_->hasGraph(graph);
  if (g == nullptr && changes == nullptr && !inHistory) return std::nullopt;
  std::optional<PermutationReader> base;
  if (g != nullptr) base.emplace(*blobs_, perm, g->permutation(perm), cache_, config_);
  return SnapshotReader(perm, std::move(base), novelty_, changes, config_.batchRows,
                        inHistory ? history_ : nullptr, graph, root_.baseT);
}

core::Result<std::shared_ptr<const LedgerStats>> Ledger::statistics(core::NodeId graph) const {
  const GraphIndex* g = root_.findGraph(graph);
  if (g == nullptr) return core::Status::notFound("no such graph");
  std::lock_guard lock(statsCache_->mutex);
  auto cached = statsCache_->byGraph.find(graph);
  if (cached != statsCache_->byGraph.end()) return cached->second;
  CAIRN_ASSIGN_OR_RETURN(LedgerStats loaded, LedgerStats::load(*blobs_, g->stats));
  auto shared = std::make_shared<const LedgerStats>(std::move(loaded));
  statsCache_->byGraph.emplace(graph, shared);
  return shared;
}

core::Result<LedgerStats> Ledger::stats(core::NodeId graph) const {
  CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const LedgerStats> shared, statistics(graph));
  return *shared;
}

}  // namespace cairn::index
