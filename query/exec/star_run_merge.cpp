#include "query/exec/star_run_merge.h"

#include <algorithm>
#include <memory>

#include "index/novelty/snapshot_reader.h"
#include "query/exec/run_stream.h"

namespace cairn::query {

namespace {

using index::Column;

// One required arm with optional ones: the required arm's rows (from the directories) plus,
// for the subjects where some optional arm has two rows or more, the excess
// rows(s) x (prod max(1, optional rows(s)) - 1) — so only the optional arms are read in full.
std::optional<uint64_t> countWithOptionals(uint64_t requiredRows, RunStream& required,
                                           std::vector<std::unique_ptr<RunStream>>& optional) {
  uint64_t total = requiredRows;
  bool overflow = false;
  while (true) {
    uint64_t subject = UINT64_MAX;
    for (const auto& o : optional) {
      if (!o->done()) subject = std::min(subject, o->key());
    }
    if (subject == UINT64_MAX) break;
    uint64_t factor = 1;
    for (const auto& o : optional) {
      if (!o->done() && o->key() == subject) {
        overflow = overflow || __builtin_mul_overflow(factor, o->rows(), &factor);
        o->next();
      }
    }
    if (factor > 1) {
      required.seek(subject);
      if (!required.done() && required.key() == subject) {
        uint64_t excess = 0;
        overflow = overflow || __builtin_mul_overflow(required.rows(), factor - 1, &excess);
        overflow = overflow || __builtin_add_overflow(total, excess, &total);
      }
    }
    if (overflow) return std::nullopt;
  }
  return total;
}

// The leapfrog merge of `required` (all non-empty lists of runs of one value order) with the
// `optional` streams advanced alongside: the sum over common values of the product.
std::optional<uint64_t> mergeRuns(std::vector<std::unique_ptr<RunStream>>& required,
                                  std::vector<std::unique_ptr<RunStream>>& optional) {
  uint64_t total = 0;
  bool overflow = false;
  while (true) {
    // Leapfrog the required arms to a value they all have.
    uint64_t target = 0;
    for (const auto& r : required) {
      if (r->done()) return total;
      target = std::max(target, r->key());
    }
    for (bool aligned = false; !aligned;) {
      aligned = true;
      for (const auto& r : required) {
        r->seek(target);
        if (r->done()) return total;
        if (r->key() > target) {
          target = r->key();
          aligned = false;
        }
      }
    }
    uint64_t product = 1;
    for (const auto& r : required) {
      overflow = overflow || __builtin_mul_overflow(product, r->rows(), &product);
    }
    for (const auto& o : optional) {
      o->seek(target);
      if (!o->done() && o->key() == target) {
        overflow = overflow || __builtin_mul_overflow(product, o->rows(), &product);
      }
    }
    overflow = overflow || __builtin_add_overflow(total, product, &total);
    if (overflow) return std::nullopt;
    for (const auto& r : required) r->next();
  }
}

// The scan of one arm: its permutation, range and root column, the root restricted to the
// node type `nodeType` (0: any value, for arms with the root as subject in an unsplit merge).
struct ArmScan {
  index::Permutation perm;
  index::ScanRange range;
  Column key;
};
ArmScan armScan(const StarArm& arm, core::ObjectType nodeType) {
  using index::Permutation;
  if (!arm.rootIsObject) {
    const auto [low, high] = core::nodeIdRange(nodeType);
    if (arm.object) {
      const uint64_t ot = arm.object->type, ok = arm.object->key;
      return {Permutation::kPOST,
              {{arm.predicate, ot, ok, low, 0}, {arm.predicate, ot, ok, high, UINT64_MAX}},
              Column::kS};
    }
    return {
        Permutation::kPSOT,
        {{arm.predicate, low, 0, 0, 0}, {arm.predicate, high, UINT64_MAX, UINT64_MAX, UINT64_MAX}},
        Column::kS};
  }
  if (arm.subject) {
    const uint64_t s = arm.subject->key;
    return {Permutation::kSPOT,
            index::ScanRange::prefix(std::vector<uint64_t>{s, arm.predicate, nodeType}),
            Column::kOKey};
  }
  return {Permutation::kPOST,
          index::ScanRange::prefix(std::vector<uint64_t>{arm.predicate, nodeType}), Column::kOKey};
}

}  // namespace

std::optional<uint64_t> countStar(ExecContext& ctx, core::NodeId graph,
                                  const std::vector<StarArm>& arms) {
  size_t requiredArms = 0;
  bool anyObject = false, requiredSubject = false;
  for (const StarArm& arm : arms) {
    requiredArms += arm.optional ? 0 : 1;
    anyObject = anyObject || arm.rootIsObject;
    requiredSubject = requiredSubject || (!arm.optional && !arm.rootIsObject);
  }
  if (requiredArms == 0 || (anyObject && !requiredSubject)) return std::nullopt;

  auto streams = [&](core::ObjectType nodeType, std::vector<std::unique_ptr<RunStream>>& required,
                     std::vector<std::unique_ptr<RunStream>>& optional) {
    for (const StarArm& arm : arms) {
      const ArmScan scan = armScan(arm, nodeType);
      const index::SnapshotReader* reader = arm.impossible ? nullptr : ctx.reader(graph, scan.perm);
      (arm.optional ? optional : required)
          .push_back(std::make_unique<RunStream>(ctx, reader, scan.range, scan.key));
    }
  };
  if (anyObject) {
    // Subject ids and object keys sort alike within one node type: a merge per type.
    uint64_t total = 0;
    for (core::ObjectType nodeType : {core::otype::kIri, core::otype::kBlank}) {
      std::vector<std::unique_ptr<RunStream>> required, optional;
      streams(nodeType, required, optional);
      auto part = mergeRuns(required, optional);
      if (!part || __builtin_add_overflow(total, *part, &total)) return std::nullopt;
    }
    return total;
  }
  std::vector<std::unique_ptr<RunStream>> required, optional;
  streams(0, required, optional);
  if (requiredArms == 1 && !optional.empty()) {
    // The required arm's rows from the directories; only the optional arms are read in full.
    const StarArm& arm =
        *std::find_if(arms.begin(), arms.end(), [](const StarArm& a) { return !a.optional; });
    const ArmScan scan = armScan(arm, 0);
    uint64_t rows = 0;
    if (const index::SnapshotReader* reader =
            arm.impossible ? nullptr : ctx.reader(graph, scan.perm)) {
      auto counted = reader->count(scan.range, ctx.asOf());
      if (!counted.isOk()) throwStorageError(counted.status());
      rows = counted.value();
    }
    return countWithOptionals(rows, *required[0], optional);
  }
  return mergeRuns(required, optional);
}

}  // namespace cairn::query
