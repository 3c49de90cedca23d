#include "query/exec/property_seek.h"

#include <algorithm>
#include <cmath>

#include "core/check.h"
#include "core/error.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/cypher_runtime.h"
#include "query/graph/value_terms.h"

namespace cairn::query {

namespace {

bool isIntegerType(core::ObjectType t) {
  return t >= core::otype::kInteger && t <= core::otype::kUnsignedByte;
}

bool isTemporalType(core::ObjectType t) {
  return t >= core::otype::kDateTime && t <= core::otype::kDateTimeStamp;
}

bool isTemporal(value::ValueKind k) {
  using K = value::ValueKind;
  return k == K::kDate || k == K::kLocalTime || k == K::kTime || k == K::kLocalDateTime ||
         k == K::kDateTime || k == K::kDuration;
}

// The integer a number equals, if it equals one.
std::optional<int64_t> integralValue(const value::Value& v) {
  if (v.kind() == value::ValueKind::kInteger) return v.asInteger();
  const double f = v.asFloat();
  // 2^63 is exact as a double; every double below it in magnitude that is integral fits.
  if (!std::isfinite(f) || std::trunc(f) != f || std::fabs(f) >= 9223372036854775808.0) {
    return std::nullopt;
  }
  return static_cast<int64_t>(f);
}

// The double a number equals exactly, if there is one.
std::optional<double> exactDouble(const value::Value& v) {
  if (v.kind() == value::ValueKind::kFloat) return v.asFloat();
  const int64_t i = v.asInteger();
  const auto d = static_cast<double>(i);
  if (d >= 9223372036854775808.0 || static_cast<int64_t>(d) != i) return std::nullopt;
  return d;
}

}  // namespace

PropertySeek::PropertySeek(ExecContext& ctx, std::string node, const std::string& keyIri,
                           const Expr& value)
    : Operator(ctx, "PropertySeek", {std::move(node)}),
      runtime_(ctx.requireCypher("PropertySeek")),
      value_(compileCypher(value, {})) {
  describe(keyIri, value);
}

namespace {

std::vector<std::string> withColumn(std::vector<std::string> columns, const std::string& node) {
  CAIRN_CHECK(std::find(columns.begin(), columns.end(), node) == columns.end(),
              "a bound PropertySeek's node is not an input column");
  columns.push_back(node);
  return columns;
}

}  // namespace

PropertySeek::PropertySeek(ExecContext& ctx, OperatorPtr input, const std::string& node,
                           const std::string& keyIri, const Expr& value)
    : Operator(ctx, "PropertySeek", withColumn(input->variables(), node)),
      input_(std::move(input)),
      runtime_(ctx.requireCypher("PropertySeek")),
      value_(compileCypher(value, input_->variables())),
      row_(std::make_unique<CypherRowView>(runtime_)) {
  describe(keyIri, value);
}

void PropertySeek::describe(const std::string& keyIri, const Expr& value) {
  if (auto id = ctx_.terms().findStored(core::Term::iri(keyIri)); id && core::isNode(id->type)) {
    predicate_ = id->key;
  }
  if (!ctx_.defaultScope().graphs.empty()) graph_ = ctx_.defaultScope().graphs.front();
  if (ctx_.describesPlan()) {
    addDetail("property", "?" + variables().back() + " " +
                              core::toNTriples(core::Term::iri(keyIri)) + " = " + toString(value));
    addDetail("access", input_ ? "POST seek per input row and object type the property holds"
                               : "POST seek per object type the property holds");
  }
}

std::vector<const Operator*> PropertySeek::inputs() const {
  if (!input_) return {};
  return {input_.get()};
}

PropertySeek::Read PropertySeek::planType(core::ObjectType type, uint64_t& key) {
  using K = value::ValueKind;
  const K kind = v_.kind();
  if (!core::isLiteral(type)) return Read::kNothing;  // relationships, not properties
  if (kind == K::kList) return Read::kWholeType;
  if (core::isLexicalBuiltin(type)) {
    // Non-canonical or ill-typed forms ("01"^^xsd:integer): values without a key to seek.
    return kind == K::kString || kind == K::kInteger || kind == K::kFloat || kind == K::kBoolean ||
                   isTemporal(kind)
               ? Read::kWholeType
               : Read::kNothing;
  }
  if (kind == K::kString) {
    // xsd:string, language strings and other datatypes key their lexical form; a string equals
    // no inline value.
    if (!core::keyIsString(type) || !stringKey_) return Read::kNothing;
    key = *stringKey_;
    return Read::kExactKey;
  }
  auto exactIn = [&](const value::Value& as) {
    auto term = graph::valueToTerm(as);
    if (!term) return Read::kNothing;
    auto id = ctx_.terms().findStored(*term);
    if (!id || id->type != type) return Read::kNothing;
    key = id->key;
    return Read::kExactKey;
  };
  if (kind == K::kInteger || kind == K::kFloat) {
    if (isIntegerType(type)) {
      auto i = integralValue(v_);
      if (!i) return Read::kNothing;
      if (type == core::otype::kInteger) return exactIn(value::Value::integer(*i));
      auto id = ctx_.terms().findStored(
          core::Term::literal(std::to_string(*i), std::string(core::datatypeOfBuiltin(type))));
      if (!id || id->type != type) return Read::kNothing;  // out of the type's range
      key = id->key;
      return Read::kExactKey;
    }
    if (type == core::otype::kDouble) {
      auto d = exactDouble(v_);
      return d ? exactIn(value::Value::floating(*d)) : Read::kWholeType;
    }
    return type == core::otype::kDecimal || type == core::otype::kFloat ? Read::kWholeType
                                                                        : Read::kNothing;
  }
  if (kind == K::kBoolean) {
    return type == core::otype::kBoolean ? exactIn(v_) : Read::kNothing;
  }
  if (isTemporal(kind)) {
    // Zoned and local forms, xsd and sys: datatypes: compared by value above, not by key.
    return isTemporalType(type) || core::isOtherDatatype(type) ? Read::kWholeType : Read::kNothing;
  }
  return Read::kNothing;  // maps, graph entities: never a property's value
}

void PropertySeek::readRange(core::ObjectType type, uint64_t lowKey, uint64_t highKey) {
  const index::SnapshotReader* reader = ctx_.reader(graph_, index::Permutation::kPOST);
  if (reader == nullptr) return;
  index::ScanRange range;
  range.low = {*predicate_, type, lowKey, 0, 0};
  range.high = {*predicate_, type, highKey, UINT64_MAX, UINT64_MAX};
  index::SnapshotCursor cursor =
      reader->scan(range, index::columnBit(index::Column::kS), ctx_.asOf());
  index::ColumnBatch batch;
  while (true) {
    auto more = cursor.next(batch);
    if (!more.isOk()) throwStorageError(more.status());
    const auto& s = batch.column(index::Column::kS);
    const auto bytes = static_cast<int64_t>(batch.rows * sizeof(core::NodeId));
    charge(bytes);
    charged_ += bytes;
    subjects_.insert(subjects_.end(), s.begin(),
                     s.begin() + static_cast<std::ptrdiff_t>(batch.rows));
    if (!*more) break;
  }
}

const std::vector<core::ObjectType>& PropertySeek::presentTypes() {
  if (types_) return *types_;
  types_.emplace();
  const index::SnapshotReader* reader = ctx_.reader(graph_, index::Permutation::kPOST);
  if (!predicate_ || reader == nullptr) return *types_;
  // One seek finds the next object type the predicate holds.
  uint64_t type = 0;
  while (type <= UINT16_MAX) {
    auto row = reader->seek({*predicate_, type, 0, 0, 0}, ctx_.asOf());
    if (!row.isOk()) throwStorageError(row.status());
    if (!*row || (*row)->p != *predicate_) break;
    types_->push_back((*row)->ot);
    type = uint64_t{(*row)->ot} + 1;
  }
  return *types_;
}

void PropertySeek::collect() {
  collected_ = true;
  if (!predicate_ || v_.isNull()) return;
  stringKey_.reset();
  if (v_.kind() == value::ValueKind::kString) {
    auto id = ctx_.ledger().encodeString(v_.asString());
    if (!id.isOk()) throwStorageError(id.status());
    stringKey_ = *id;
  }
  for (const core::ObjectType present : presentTypes()) {
    uint64_t key = 0;
    switch (planType(present, key)) {
      case Read::kExactKey:
        readRange(present, key, key);
        break;
      case Read::kWholeType:
        readRange(present, 0, UINT64_MAX);
        break;
      case Read::kNothing:
        break;
    }
  }
  std::sort(subjects_.begin(), subjects_.end());
  subjects_.erase(std::unique(subjects_.begin(), subjects_.end()), subjects_.end());
}

void PropertySeek::releaseSubjects() {
  charge(-charged_);
  charged_ = 0;
  subjects_.clear();
  pos_ = 0;
}

bool PropertySeek::produce(Batch& out) {
  if (input_) return produceBound(out);
  if (!collected_) {
    const value::SpanRow noRow({});
    v_ = value_.evaluate(noRow, runtime_.eval());
    collect();
  }
  while (pos_ < subjects_.size() && out.rows < ctx_.batchRows()) {
    out.columns[0].push_back(ValueId::node(subjects_[pos_++]));
    ++out.rows;
  }
  return pos_ < subjects_.size();
}

bool PropertySeek::produceBound(Batch& out) {
  const size_t node = out.width() - 1;
  while (out.rows < ctx_.batchRows()) {
    if (!rowOpen_) {
      if (inRow_ >= in_.rows) {
        if (inputDone_ || !input_->next(in_)) {
          inputDone_ = true;
          return false;
        }
        inRow_ = 0;
      }
      row_->bind(in_, inRow_);
      v_ = value_.evaluate(*row_, runtime_.eval());
      releaseSubjects();
      collect();
      rowOpen_ = true;
    }
    while (pos_ < subjects_.size() && out.rows < ctx_.batchRows()) {
      for (size_t c = 0; c < node; ++c) out.columns[c].push_back(in_.columns[c][inRow_]);
      out.columns[node].push_back(ValueId::node(subjects_[pos_++]));
      ++out.rows;
    }
    if (pos_ >= subjects_.size()) {
      rowOpen_ = false;
      ++inRow_;
    }
  }
  return true;
}

void PropertySeek::restart() {
  releaseSubjects();
  collected_ = false;
  types_.reset();
  if (input_) {
    input_->rewind();
    in_.reset(0);
    inRow_ = 0;
    inputDone_ = false;
    rowOpen_ = false;
  }
}

}  // namespace cairn::query
