#include "index/tree/tree_merger.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/cancel_flag.h"
#include "index/leaflet/blob_format.h"
#include "index/leaflet/leaflet_codec.h"
#include "index/tree/branch_node.h"
#include "index/tree/leaf_node.h"
#include "index/tree/leaflet_view.h"
#include "index/tree/scan_stats.h"
#include "index/tree/tree_access.h"

namespace cairn::index {
namespace {

// A row as the merge handles it: its key in permutation order and its t (every other column is
// part of the key).
struct KeyedRow {
  RowKey key{};
  uint64_t t = 0;
};

// One directory entry of a leaf being rewritten: reused from the base tree, or a leaflet encoded
// (and stored) by this merge.
struct PendingLeaflet {
  LeafletEntry entry;
  bool fresh = false;
};

using LeafContent = std::vector<PendingLeaflet>;
using BranchContent = std::vector<BranchEntry>;

// The changes [begin, end) routed to entry `child` of a node.
struct Route {
  size_t child = 0;
  size_t begin = 0;
  size_t end = 0;
};

// [0, n) cut into ceil(n / max) pieces whose sizes differ by at most one: the end of each piece.
// Near-equal pieces of an overfull run are each at least half full, so a split never leaves a
// runt behind.
std::vector<size_t> pieceEnds(size_t n, size_t max) {
  std::vector<size_t> ends;
  if (n == 0) return ends;
  const size_t pieces = (n + max - 1) / max;
  size_t at = 0;
  for (size_t p = 0; p < pieces; ++p) {
    at += n / pieces + (p < n % pieces ? 1 : 0);
    ends.push_back(at);
  }
  return ends;
}

// Encoded leaflets are stored in batches of about this many bytes.
constexpr size_t kLeafletBatchBytes = size_t{8} << 20;

// Entries below which a rewritten leaf or branch counts as underfull: fewer than half of `max`.
size_t halfOf(uint32_t max) { return (size_t{max} + 1) / 2; }

template <typename T>
void append(std::vector<T>& to, std::vector<T>&& from) {
  if (to.empty()) {
    to = std::move(from);
    return;
  }
  to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

// Rebuilds the child list of one node into `out`. changed[i] holds the new content of child i
// (its items: the rows of a leaflet, the entries of a leaf or branch) when a change altered it,
// and nothing otherwise. Unchanged children are copied through by `keep(i)`. Every run of
// consecutive changed children is pooled and handed to `emit`, which cuts the pool into new
// children of near-equal size (so a child that outgrew its limit splits, and adjacent rewritten
// children share their room).
//
// A pool with fewer than `underfullBelow` items takes in one unchanged neighbour, read by
// `load(i)`: the right one if there is one, else the left. Deletes are what shrink children, and
// without this a delete-heavy history would leave a trail of tiny leaflets and nodes; one
// neighbour is enough (the pool is then at least as full as that neighbour) and keeps the extra
// writing to one child per run. Neighbours come from the same parent only: a pool that fills its
// whole parent makes the parent underfull, and the level above repairs that. An empty pool (all
// rows deleted) is simply dropped.
template <typename Item, typename Out, typename Keep, typename Load, typename Emit>
core::Status regroup(std::vector<std::optional<std::vector<Item>>>& changed, size_t underfullBelow,
                     Keep&& keep, Load&& load, Emit&& emit, std::vector<Out>& out) {
  const size_t n = changed.size();
  bool lastKept = false;  // out.back() is child i - 1, kept unchanged
  for (size_t i = 0; i < n;) {
    if (!changed[i]) {
      out.push_back(keep(i));
      lastKept = true;
      ++i;
      continue;
    }
    std::vector<Item> pool;
    size_t j = i;
    for (; j < n && changed[j]; ++j) append(pool, std::move(*changed[j]));
    if (!pool.empty() && pool.size() < underfullBelow) {
      if (j < n) {
        CAIRN_ASSIGN_OR_RETURN(std::vector<Item> right, load(j));
        append(pool, std::move(right));
        ++j;
      } else if (lastKept) {
        CAIRN_ASSIGN_OR_RETURN(std::vector<Item> left, load(i - 1));
        out.pop_back();
        append(left, std::move(pool));
        pool = std::move(left);
      }
    }
    CAIRN_RETURN_IF_ERROR(emit(std::move(pool), out));
    lastKept = false;
    i = j;
  }
  return core::Status::ok();
}

// One merge. It descends from the root along the changes only: each node splits its run of
// changes among its children (route), skips children the run cannot alter (mayChange) and
// recurses into the others. A touched leaf decodes just the leaflets its changes land in and
// returns its new directory; a touched branch returns its new list of children. The parent then
// writes the rewritten children (regroup: near-equal pieces within the size limits, underfull
// pools joined with a neighbour) and keeps every other entry by id, so each level writes only
// what lies on a changed path, and the root level grows or strips branches as needed (finish).
class TreeMerger {
 public:
  TreeMerger(storage::BlobStore& store, Permutation perm, const PermutationRoot& base,
             std::span<const RowChange> changes, std::shared_ptr<IndexCache> cache,
             const IndexConfig& config, const std::atomic<bool>* cancel);

  // Fails with InvalidArgument, before any read, if the changes are not strictly increasing.
  core::Status checkChanges() const;
  core::Result<MergeResult> run();

 private:
  // Splits changes [begin, end) among a node's entries: an entry takes the keys from its first
  // key up to the next entry's first key (keys between two entries go to the left one), the
  // first entry also the keys before it, the last one every key after it.
  template <typename Entry>
  std::vector<Route> route(const std::vector<Entry>& entries, size_t begin, size_t end) const;
  // Whether changes [begin, end) can alter a subtree spanning [first, last]: not when they are
  // all deletes of keys outside it. Lets absent-key deletes skip reading anything.
  bool mayChange(size_t begin, size_t end, const RowKey& first, const RowKey& last) const;

  // The new directory of a leaf, or nothing if no change alters it.
  core::Result<std::optional<LeafContent>> mergeLeaf(const std::vector<LeafletEntry>& entries,
                                                     size_t begin, size_t end);
  // The new children of a branch, or nothing if no change alters it.
  core::Result<std::optional<BranchContent>> mergeBranch(const BranchNode& node, size_t begin,
                                                         size_t end);

  // Every row of a base leaflet, checked against its directory entry.
  core::Result<std::vector<KeyedRow>> decodeLeaflet(const LeafletEntry& entry);
  // `rows` with changes [begin, end) applied, into `out`; whether any row differs.
  bool applyChanges(const std::vector<KeyedRow>& rows, size_t begin, size_t end,
                    std::vector<KeyedRow>& out) const;
  // Cuts rows into leaflets, encodes and stores them (a putMany per kLeafletBatchBytes, so a
  // large merge holds only directory entries, never the encoded leaflets of a whole subtree).
  core::Status emitLeaflets(const std::vector<KeyedRow>& rows, LeafContent& out);
  // Stores the leaves holding `items` (near-equal pieces of at most leafletsPerLeaf entries);
  // appends the leaves' branch entries.
  core::Status writeLeaves(LeafContent items, BranchContent& out);
  // Stores branches of `level` over `children` (near-equal pieces of at most branchFanout);
  // appends their entries.
  core::Status writeBranches(uint32_t level, BranchContent children, BranchContent& out);
  core::Result<std::vector<storage::ContentId>> putAll(const std::vector<std::string_view>& blobs);
  // The root over `nodes` (all of `height`): grows branches while there are several, then
  // strips root branches that have a single child.
  core::Result<PermutationRoot> finish(BranchContent nodes, uint32_t height);
  // Cancelled once the caller asked the merge to stop (checked before each write: a rewritten
  // leaf writes its leaflets before the merge moves on, so this bounds the work after a cancel
  // to about one leaf per merge).
  core::Status checkCancel() const;

  storage::BlobStore& store_;
  Permutation perm_;
  PermutationRoot base_;
  IndexConfig config_;
  TreeAccess tree_;
  std::span<const RowChange> changes_;
  const std::atomic<bool>* cancel_;
  std::vector<RowKey> keys_;           // keys_[c]: key of changes_[c]
  std::vector<size_t> presentBefore_;  // presentBefore_[c]: present changes among the first c
  std::array<Column, kKeyColumnCount> keyCols_;
  int predicateKey_ = -1;  // position of p in the key when leaflets cut at predicates, else -1
  size_t smallLeafletRows_;
  LeafletEncoder encoder_;
  LeafletColumns columns_;  // scratch for encoding
  ScanStats scanStats_;     // what node and leaflet loads did (not reported)
  MergeStats stats_;
};

TreeMerger::TreeMerger(storage::BlobStore& store, Permutation perm, const PermutationRoot& base,
                       std::span<const RowChange> changes, std::shared_ptr<IndexCache> cache,
                       const IndexConfig& config, const std::atomic<bool>* cancel)
    : store_(store),
      perm_(perm),
      base_(base),
      config_(config),
      tree_(store, perm, base, std::move(cache), config),
      changes_(changes),
      cancel_(cancel),
      keyCols_(keyColumns(perm)),
      encoder_(perm, config.zstdLevel) {
  CAIRN_CHECK(config.leafletRows >= 1 && config.leafletRows <= kMaxLeafletRows, "leafletRows");
  CAIRN_CHECK(config.leafletsPerLeaf >= 1 && config.leafletsPerLeaf <= kMaxNodeEntries,
              "leafletsPerLeaf");
  CAIRN_CHECK(config.branchFanout >= 2 && config.branchFanout <= kMaxNodeEntries, "branchFanout");
  keys_.reserve(changes.size());
  presentBefore_.reserve(changes.size() + 1);
  presentBefore_.push_back(0);
  for (const RowChange& change : changes) {
    keys_.push_back(rowKey(perm, change.row));
    presentBefore_.push_back(presentBefore_.back() + (change.present ? 1 : 0));
  }
  // Leaflets of PSOT and POST end where the predicate changes (the builder's rule), so a
  // rewritten one may legitimately hold only predicateCutRows rows: that is not "small".
  smallLeafletRows_ = config.leafletRows / 4;
  if (perm == Permutation::kPSOT || perm == Permutation::kPOST) {
    for (int k = 0; k < kKeyColumnCount; ++k) {
      if (keyCols_[k] == Column::kP) predicateKey_ = k;
    }
    smallLeafletRows_ = std::min<size_t>(smallLeafletRows_, config.predicateCutRows);
  }
}

core::Status TreeMerger::checkCancel() const {
  return core::cancelledIf(cancel_, "merge into a permutation tree");
}

core::Status TreeMerger::checkChanges() const {
  for (size_t c = 1; c < keys_.size(); ++c) {
    if (!(keys_[c - 1] < keys_[c])) {
      return core::Status::invalidArgument("row changes must be strictly increasing in " +
                                           std::string(permutationName(perm_)) +
                                           " key order; change " + std::to_string(c) + " is not");
    }
  }
  return core::Status::ok();
}

template <typename Entry>
std::vector<Route> TreeMerger::route(const std::vector<Entry>& entries, size_t begin,
                                     size_t end) const {
  std::vector<Route> routes;
  for (size_t c = begin; c < end;) {
    const auto after =
        std::upper_bound(entries.begin(), entries.end(), keys_[c],
                         [](const RowKey& key, const Entry& e) { return key < e.firstKey; });
    const size_t child =
        after == entries.begin() ? 0 : static_cast<size_t>(after - entries.begin()) - 1;
    size_t stop = end;
    if (child + 1 < entries.size()) {
      stop = static_cast<size_t>(std::lower_bound(keys_.begin() + static_cast<ptrdiff_t>(c),
                                                  keys_.begin() + static_cast<ptrdiff_t>(end),
                                                  entries[child + 1].firstKey) -
                                 keys_.begin());
    }
    routes.push_back({child, c, stop});
    c = stop;
  }
  return routes;
}

bool TreeMerger::mayChange(size_t begin, size_t end, const RowKey& first,
                           const RowKey& last) const {
  if (presentBefore_[end] != presentBefore_[begin]) return true;
  const auto stop = keys_.begin() + static_cast<ptrdiff_t>(end);
  const auto it = std::lower_bound(keys_.begin() + static_cast<ptrdiff_t>(begin), stop, first);
  return it != stop && *it <= last;
}

core::Result<std::vector<KeyedRow>> TreeMerger::decodeLeaflet(const LeafletEntry& entry) {
  LeafletView view;
  view.reset(perm_, entry);
  CAIRN_RETURN_IF_ERROR(view.load(tree_, kAllColumns, scanStats_));
  ++stats_.leafletsDecoded;
  const uint32_t n = view.rows();
  std::vector<KeyedRow> rows(n);
  for (int k = 0; k <= kKeyColumnCount; ++k) {
    const Column column = k < kKeyColumnCount ? keyCols_[k] : Column::kT;
    auto set = [&](uint32_t r, uint64_t v) {
      if (k < kKeyColumnCount) {
        rows[r].key[k] = v;
      } else {
        rows[r].t = v;
      }
    };
    if (view.isConstant(column)) {
      for (uint32_t r = 0; r < n; ++r) set(r, view.constant(column));
    } else {
      const uint64_t* data = view.data(column);
      for (uint32_t r = 0; r < n; ++r) set(r, data[r]);
    }
  }
  // The merge relies on the rows being what the directory says; a blob that hashes right but
  // disagrees must become an error, not a malformed tree.
  if (rows.front().key != entry.firstKey || rows.back().key != entry.lastKey) {
    return corruptBlob("leaflet", entry.leaflet, "first or last key disagrees with directory");
  }
  for (uint32_t r = 0; r < n; ++r) {
    if (r > 0 && !(rows[r - 1].key < rows[r].key)) {
      return corruptBlob("leaflet", entry.leaflet, "row " + std::to_string(r) + " out of order");
    }
    if (rows[r].t < entry.minT || rows[r].t > entry.maxT) {
      return corruptBlob("leaflet", entry.leaflet, "t outside the directory's bounds");
    }
  }
  return rows;
}

bool TreeMerger::applyChanges(const std::vector<KeyedRow>& rows, size_t begin, size_t end,
                              std::vector<KeyedRow>& out) const {
  out.clear();
  out.reserve(rows.size() + (end - begin));
  bool altered = false;
  size_t r = 0;
  for (size_t c = begin; c < end; ++c) {
    const RowKey& key = keys_[c];
    while (r < rows.size() && rows[r].key < key) out.push_back(rows[r++]);
    const bool exists = r < rows.size() && rows[r].key == key;
    const RowChange& change = changes_[c];
    if (change.present) {
      altered = altered || !exists || rows[r].t != change.row.t;
      out.push_back({key, change.row.t});
    } else {
      altered = altered || exists;
    }
    if (exists) ++r;
  }
  out.insert(out.end(), rows.begin() + static_cast<ptrdiff_t>(r), rows.end());
  return altered;
}

core::Status TreeMerger::emitLeaflets(const std::vector<KeyedRow>& rows, LeafContent& out) {
  // Segment starts: in PSOT and POST the builder's rule, a cut where p changes once a segment
  // holds predicateCutRows rows. A short last segment joins the previous one when both fit one
  // leaflet, as the builder lets short predicate runs share a leaflet with their neighbours.
  std::vector<size_t> starts = {0};
  if (predicateKey_ >= 0) {
    const auto k = static_cast<size_t>(predicateKey_);
    for (size_t r = 1; r < rows.size(); ++r) {
      if (rows[r].key[k] != rows[r - 1].key[k] && r - starts.back() >= config_.predicateCutRows) {
        starts.push_back(r);
      }
    }
    if (starts.size() > 1 && rows.size() - starts.back() < config_.predicateCutRows &&
        rows.size() - starts[starts.size() - 2] <= config_.leafletRows) {
      starts.pop_back();
    }
  }
  std::vector<std::string> blobs;
  std::vector<size_t> owners;  // blobs[b] belongs to out[owners[b]]
  size_t batchBytes = 0;
  auto store = [&]() -> core::Status {
    if (blobs.empty()) return core::Status::ok();
    CAIRN_ASSIGN_OR_RETURN(std::vector<storage::ContentId> ids,
                           putAll(std::vector<std::string_view>(blobs.begin(), blobs.end())));
    for (size_t b = 0; b < ids.size(); ++b) out[owners[b]].entry.leaflet = ids[b];
    blobs.clear();
    owners.clear();
    batchBytes = 0;
    return core::Status::ok();
  };
  for (size_t s = 0; s < starts.size(); ++s) {
    const size_t segmentEnd = s + 1 < starts.size() ? starts[s + 1] : rows.size();
    size_t from = starts[s];
    for (size_t pieceEnd : pieceEnds(segmentEnd - starts[s], config_.leafletRows)) {
      const size_t to = starts[s] + pieceEnd;
      for (auto& column : columns_) column.clear();
      for (size_t r = from; r < to; ++r) {
        for (int k = 0; k < kKeyColumnCount; ++k) {
          columns_[static_cast<int>(keyCols_[k])].push_back(rows[r].key[k]);
        }
        columns_[static_cast<int>(Column::kT)].push_back(rows[r].t);
      }
      std::string blob;
      // A new leaflet has no history yet: the encoder leaves the locator null.
      out.push_back({encoder_.encode(columns_, blob), true});
      ++stats_.leafletsRewritten;
      if (!blob.empty()) {  // empty: every column constant, no blob
        batchBytes += blob.size();
        blobs.push_back(std::move(blob));
        owners.push_back(out.size() - 1);
        if (batchBytes >= kLeafletBatchBytes) CAIRN_RETURN_IF_ERROR(store());
      }
      from = to;
    }
  }
  return store();
}

core::Result<std::vector<storage::ContentId>> TreeMerger::putAll(
    const std::vector<std::string_view>& blobs) {
  CAIRN_RETURN_IF_ERROR(checkCancel());  // every path that writes comes here, a new tree's too
  CAIRN_ASSIGN_OR_RETURN(std::vector<storage::ContentId> ids, store_.putMany(blobs));
  if (ids.size() != blobs.size()) {
    return core::Status::internal("putMany returned " + std::to_string(ids.size()) + " ids for " +
                                  std::to_string(blobs.size()) + " blobs");
  }
  for (std::string_view blob : blobs) stats_.bytesWritten += blob.size();
  stats_.blobsWritten += blobs.size();
  return ids;
}

core::Status TreeMerger::writeLeaves(LeafContent items, BranchContent& out) {
  if (items.empty()) return core::Status::ok();
  std::vector<LeafletEntry> entries;
  entries.reserve(items.size());
  for (const PendingLeaflet& item : items) {
    entries.push_back(item.entry);
    if (!item.fresh) ++stats_.leafletsReused;
  }
  items.clear();

  std::vector<std::span<const LeafletEntry>> pieces;
  std::vector<std::string> leafBlobs;
  size_t from = 0;
  for (size_t to : pieceEnds(entries.size(), config_.leafletsPerLeaf)) {
    pieces.push_back(std::span<const LeafletEntry>(entries).subspan(from, to - from));
    leafBlobs.push_back(encodeLeaf(perm_, pieces.back()));
    from = to;
  }
  CAIRN_ASSIGN_OR_RETURN(std::vector<storage::ContentId> ids,
                         putAll(std::vector<std::string_view>(leafBlobs.begin(), leafBlobs.end())));
  for (size_t p = 0; p < pieces.size(); ++p) {
    out.push_back(summarizeNode(ids[p], pieces[p]));
    ++stats_.leavesWritten;
    // The new path is what readers of the new tree open first.
    auto node = std::make_shared<LeafNode>();
    node->perm = perm_;
    node->entries.assign(pieces[p].begin(), pieces[p].end());
    const size_t bytes = node->memoryBytes();
    tree_.cache().insert(IndexCache::key(ids[p], IndexCache::Kind::kLeaf), std::move(node), bytes);
  }
  return core::Status::ok();
}

core::Status TreeMerger::writeBranches(uint32_t level, BranchContent children, BranchContent& out) {
  if (children.empty()) return core::Status::ok();
  CAIRN_CHECK(level >= 1 && level <= UINT8_MAX, "permutation tree too deep");
  std::vector<std::span<const BranchEntry>> pieces;
  std::vector<std::string> branchBlobs;
  size_t from = 0;
  for (size_t to : pieceEnds(children.size(), config_.branchFanout)) {
    pieces.push_back(std::span<const BranchEntry>(children).subspan(from, to - from));
    branchBlobs.push_back(encodeBranch(perm_, static_cast<uint8_t>(level), pieces.back()));
    from = to;
  }
  CAIRN_ASSIGN_OR_RETURN(
      std::vector<storage::ContentId> ids,
      putAll(std::vector<std::string_view>(branchBlobs.begin(), branchBlobs.end())));
  for (size_t p = 0; p < pieces.size(); ++p) {
    out.push_back(summarizeNode(ids[p], pieces[p]));
    ++stats_.branchesWritten;
    auto node = std::make_shared<BranchNode>();
    node->perm = perm_;
    node->level = static_cast<uint8_t>(level);
    node->entries.assign(pieces[p].begin(), pieces[p].end());
    const size_t bytes = node->memoryBytes();
    tree_.cache().insert(IndexCache::key(ids[p], IndexCache::Kind::kBranch), std::move(node),
                         bytes);
  }
  return core::Status::ok();
}

core::Result<std::optional<LeafContent>> TreeMerger::mergeLeaf(
    const std::vector<LeafletEntry>& entries, size_t begin, size_t end) {
  std::vector<std::optional<std::vector<KeyedRow>>> changed(entries.size());
  bool any = false;
  for (const Route& r : route(entries, begin, end)) {
    const LeafletEntry& entry = entries[r.child];
    if (!mayChange(r.begin, r.end, entry.firstKey, entry.lastKey)) continue;
    CAIRN_ASSIGN_OR_RETURN(std::vector<KeyedRow> rows, decodeLeaflet(entry));
    std::vector<KeyedRow> merged;
    if (!applyChanges(rows, r.begin, r.end, merged)) continue;
    changed[r.child] = std::move(merged);
    any = true;
  }
  if (!any) return std::optional<LeafContent>();
  LeafContent out;
  CAIRN_RETURN_IF_ERROR(regroup(
      changed, smallLeafletRows_,
      [&](size_t i) {
        return PendingLeaflet{entries[i], false};
      },
      [&](size_t i) { return decodeLeaflet(entries[i]); },
      [&](std::vector<KeyedRow> rows, LeafContent& to) { return emitLeaflets(rows, to); }, out));
  return std::optional<LeafContent>(std::move(out));
}

core::Result<std::optional<BranchContent>> TreeMerger::mergeBranch(const BranchNode& node,
                                                                   size_t begin, size_t end) {
  const std::vector<BranchEntry>& children = node.entries;
  const uint32_t childLevel = node.level - 1u;
  auto keep = [&](size_t i) { return children[i]; };
  BranchContent out;
  bool any = false;
  if (childLevel == 0) {
    std::vector<std::optional<LeafContent>> changed(children.size());
    for (const Route& r : route(children, begin, end)) {
      const BranchEntry& child = children[r.child];
      if (!mayChange(r.begin, r.end, child.firstKey, child.lastKey)) continue;
      CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const LeafNode> leaf,
                             tree_.leaf(child.child, scanStats_));
      CAIRN_ASSIGN_OR_RETURN(std::optional<LeafContent> content,
                             mergeLeaf(leaf->entries, r.begin, r.end));
      if (!content) continue;
      changed[r.child] = std::move(content);
      any = true;
    }
    if (!any) return std::optional<BranchContent>();
    CAIRN_RETURN_IF_ERROR(regroup(
        changed, halfOf(config_.leafletsPerLeaf), keep,
        [&](size_t i) -> core::Result<LeafContent> {
          CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const LeafNode> leaf,
                                 tree_.leaf(children[i].child, scanStats_));
          LeafContent reused;
          reused.reserve(leaf->entries.size());
          for (const LeafletEntry& e : leaf->entries) reused.push_back({e, false});
          return reused;
        },
        [&](LeafContent items, BranchContent& to) { return writeLeaves(std::move(items), to); },
        out));
  } else {
    std::vector<std::optional<BranchContent>> changed(children.size());
    for (const Route& r : route(children, begin, end)) {
      const BranchEntry& child = children[r.child];
      if (!mayChange(r.begin, r.end, child.firstKey, child.lastKey)) continue;
      CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const BranchNode> branch,
                             tree_.branch(child.child, childLevel, scanStats_));
      CAIRN_ASSIGN_OR_RETURN(std::optional<BranchContent> content,
                             mergeBranch(*branch, r.begin, r.end));
      if (!content) continue;
      changed[r.child] = std::move(content);
      any = true;
    }
    if (!any) return std::optional<BranchContent>();
    CAIRN_RETURN_IF_ERROR(regroup(
        changed, halfOf(config_.branchFanout), keep,
        [&](size_t i) -> core::Result<BranchContent> {
          CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const BranchNode> branch,
                                 tree_.branch(children[i].child, childLevel, scanStats_));
          return branch->entries;
        },
        [&](BranchContent items, BranchContent& to) {
          return writeBranches(childLevel, std::move(items), to);
        },
        out));
  }
  return std::optional<BranchContent>(std::move(out));
}

core::Result<PermutationRoot> TreeMerger::finish(BranchContent nodes, uint32_t height) {
  while (nodes.size() > 1) {
    BranchContent parents;
    CAIRN_RETURN_IF_ERROR(writeBranches(height + 1, std::move(nodes), parents));
    nodes = std::move(parents);
    ++height;
  }
  if (nodes.empty()) return PermutationRoot{};
  // Only the old root's level can have been left with a single child here (or a base branch
  // that already had one): strip such branches so reads do not pay for them. A single-child
  // branch written just now becomes an unreferenced blob; it is a few hundred bytes, and only a
  // height-shrinking merge writes one.
  while (height > 0) {
    CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const BranchNode> root,
                           tree_.branch(nodes.front().child, height, scanStats_));
    if (root->entries.size() != 1) break;
    nodes.front() = root->entries.front();
    --height;
  }
  return PermutationRoot{nodes.front().child, height, nodes.front().rowCount};
}

core::Result<MergeResult> TreeMerger::run() {
  MergeResult result;
  result.root = base_;
  if (keys_.empty()) return result;
  BranchContent nodes;
  uint32_t height = 0;
  if (base_.empty()) {
    std::vector<KeyedRow> rows;
    rows.reserve(presentBefore_.back());
    for (size_t c = 0; c < keys_.size(); ++c) {
      if (changes_[c].present) rows.push_back({keys_[c], changes_[c].row.t});
    }
    if (rows.empty()) return result;
    LeafContent leaflets;
    CAIRN_RETURN_IF_ERROR(emitLeaflets(rows, leaflets));
    CAIRN_RETURN_IF_ERROR(writeLeaves(std::move(leaflets), nodes));
  } else if (base_.height == 0) {
    CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const LeafNode> leaf,
                           tree_.leaf(base_.root, scanStats_));
    CAIRN_ASSIGN_OR_RETURN(std::optional<LeafContent> content,
                           mergeLeaf(leaf->entries, 0, keys_.size()));
    if (!content) return result;
    CAIRN_RETURN_IF_ERROR(writeLeaves(std::move(*content), nodes));
  } else {
    CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const BranchNode> branch,
                           tree_.branch(base_.root, base_.height, scanStats_));
    CAIRN_ASSIGN_OR_RETURN(std::optional<BranchContent> content,
                           mergeBranch(*branch, 0, keys_.size()));
    if (!content) return result;
    nodes = std::move(*content);
    height = base_.height - 1;
  }
  CAIRN_ASSIGN_OR_RETURN(result.root, finish(std::move(nodes), height));
  result.stats = stats_;
  return result;
}

}  // namespace

core::Result<MergeResult> mergeIntoTree(storage::BlobStore& store, Permutation perm,
                                        const PermutationRoot& base,
                                        std::span<const RowChange> changes,
                                        std::shared_ptr<IndexCache> cache,
                                        const IndexConfig& config,
                                        const std::atomic<bool>* cancel) {
  // Before the merge works out its keys (a while, for millions of changes).
  CAIRN_RETURN_IF_ERROR(core::cancelledIf(cancel, "merge into a permutation tree"));
  // Without a shared cache, a disabled one: the merge reads each node and leaflet once anyway.
  if (cache == nullptr) cache = std::make_shared<IndexCache>(0);
  TreeMerger merger(store, perm, base, changes, std::move(cache), config, cancel);
  CAIRN_RETURN_IF_ERROR(merger.checkChanges());
  return merger.run();
}

}  // namespace cairn::index
