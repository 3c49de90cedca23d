#include "query/exec/node_scan.h"

#include <array>
#include <vector>

#include "core/vocab.h"
#include "index/ledger/ledger.h"
#include "query/exec/run_stream.h"

namespace cairn::query {

namespace {

constexpr std::array<core::ObjectType, 2> kNodeTypes = {core::otype::kIri, core::otype::kBlank};

// The SPOT rows of the subjects of one node type.
index::ScanRange subjectsOfType(core::ObjectType type) {
  const auto [low, high] = core::nodeIdRange(type);
  return {{low, 0, 0, 0, 0}, {high, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX}};
}

}  // namespace

NodeScan::NodeScan(ExecContext& ctx, std::string variable)
    : Operator(ctx, "NodeScan", {std::move(variable)}) {
  if (!ctx.defaultScope().graphs.empty()) graph_ = ctx.defaultScope().graphs.front();
  auto type = ctx.ledger().encodeIri(core::vocab::kRdfType);
  if (!type.isOk()) throwStorageError(type.status());
  rdfType_ = type.value();
  addDetail("reads", "SPOT subjects, OPST objects but rdf:type's (key columns)");
}

NodeScan::~NodeScan() = default;

void NodeScan::restart() {
  typeIndex_ = 0;
  subjects_.reset();
  objects_.reset();
  typeObjects_.reset();
}

bool NodeScan::openType() {
  if (typeIndex_ >= kNodeTypes.size()) return false;
  const core::ObjectType type = kNodeTypes[typeIndex_];
  subjects_ = std::make_unique<RunStream>(ctx_, ctx_.reader(graph_, index::Permutation::kSPOT),
                                          subjectsOfType(type), index::Column::kS);
  objects_ = std::make_unique<RunStream>(ctx_, ctx_.reader(graph_, index::Permutation::kOPST),
                                         index::ScanRange::prefix(std::vector<uint64_t>{type}),
                                         index::Column::kOKey);
  typeObjects_ = std::make_unique<RunStream>(
      ctx_, rdfType_ ? ctx_.reader(graph_, index::Permutation::kPOST) : nullptr,
      rdfType_ ? index::ScanRange::prefix(std::vector<uint64_t>{*rdfType_, type})
               : index::ScanRange::all(),
      index::Column::kOKey);
  return true;
}

std::optional<uint64_t> NodeScan::nextNode() {
  // The next object that is the object of some fact besides rdf:type ones.
  std::optional<uint64_t> object;
  while (!objects_->done()) {
    const uint64_t o = objects_->key();
    typeObjects_->seek(o);
    const bool onlyTyped = !typeObjects_->done() && typeObjects_->key() == o &&
                           typeObjects_->rows() >= objects_->rows();
    if (!onlyTyped) {
      object = o;
      break;
    }
    objects_->next();
  }
  const bool haveSubject = !subjects_->done();
  if (!haveSubject && !object) return std::nullopt;
  uint64_t node = 0;
  if (haveSubject && (!object || subjects_->key() <= *object)) {
    node = subjects_->key();
    if (object && *object == node) objects_->next();
    subjects_->next();
  } else {
    node = *object;
    objects_->next();
  }
  return node;
}

bool NodeScan::produce(Batch& out) {
  if (!subjects_ && !openType()) return false;
  auto& column = out.columns[0];
  const size_t want = ctx_.batchRows();
  while (column.size() < want) {
    if (std::optional<uint64_t> node = nextNode()) {
      column.push_back(ValueId::node(*node));
      continue;
    }
    ++typeIndex_;
    if (!openType()) break;
  }
  out.rows = column.size();
  return out.rows > 0;
}

}  // namespace cairn::query
