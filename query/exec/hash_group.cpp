#include "query/exec/hash_group.h"

#include "core/xsd_numeric_codec.h"
#include "query/expr/values.h"

namespace cairn::query {

std::vector<std::string> groupOutputVariables(const std::vector<GroupKey>& keys,
                                              const std::vector<AggregateCall>& aggregates) {
  std::vector<std::string> out;
  for (const auto& k : keys) {
    if (!k.variable.empty()) out.push_back(k.variable);
  }
  for (const auto& a : aggregates) out.push_back(a.resultVariable);
  return out;
}

HashGroup::HashGroup(ExecContext& ctx, OperatorPtr input, const std::vector<GroupKey>& keys,
                     const std::vector<AggregateCall>& aggregates, const GraphScope& scope)
    : Operator(ctx, "HashGroup", groupOutputVariables(keys, aggregates)),
      input_(std::move(input)),
      scope_(scope),
      keys_(keys),
      aggregates_(aggregates),
      row_(ctx, input_->variables(), scope_) {
  std::string keyText, aggText;
  for (const auto& k : keys_) {
    int column = k.expr.kind == ExprKind::kVariable ? input_->column(k.expr.variable) : -1;
    keyColumns_.push_back(column);
    if (column < 0 && k.expr.kind != ExprKind::kVariable) {
      keyPrograms_.emplace_back(compileFor(k.expr, input_->variables()));
    } else {
      keyPrograms_.emplace_back(std::nullopt);
    }
    keyOut_.push_back(k.variable.empty() ? -1 : this->column(k.variable));
    keyText += (keyText.empty() ? "" : " ") + toString(k.expr);
  }
  for (const auto& a : aggregates_) {
    if (a.arg) {
      argPrograms_.emplace_back(compileFor(*a.arg, input_->variables()));
    } else {
      argPrograms_.emplace_back(std::nullopt);
    }
    const int argColumn =
        a.arg && a.arg->kind == ExprKind::kVariable ? input_->column(a.arg->variable) : -1;
    Counting counting = Counting::kNone;
    if (a.function == AggregateCall::Function::kCount) {
      if (!a.arg && !a.distinct) counting = Counting::kRows;
      if (argColumn >= 0) counting = a.distinct ? Counting::kDistinct : Counting::kBound;
    }
    counting_.push_back(counting);
    argColumns_.push_back(argColumn);
    IdAggregate byId = IdAggregate::kNone;
    if (argColumn >= 0 && a.function == AggregateCall::Function::kMin) byId = IdAggregate::kMin;
    if (argColumn >= 0 && a.function == AggregateCall::Function::kMax) byId = IdAggregate::kMax;
    // DISTINCT changes a sum or an average: those go by term.
    if (argColumn >= 0 && !a.distinct &&
        (a.function == AggregateCall::Function::kSum ||
         a.function == AggregateCall::Function::kAvg)) {
      byId = IdAggregate::kSumOrAverage;
    }
    idAggregates_.push_back(byId);
    aggText += (aggText.empty() ? "" : " ") + std::string(aggregateName(a.function)) + "(" +
               (a.distinct ? "DISTINCT " : "") + (a.arg ? toString(*a.arg) : "*") + ") AS ?" +
               a.resultVariable;
  }
  if (!keyText.empty()) addDetail("keys", keyText);
  if (!aggText.empty()) addDetail("aggregates", aggText);
}

size_t HashGroup::groupOf(const ValueRow& keys) {
  auto it = index_.find(keys);
  if (it != index_.end()) return it->second;
  Group g;
  g.keys = keys;
  for (size_t a = 0; a < aggregates_.size(); ++a) {
    // Id aggregates make theirs only when a value needs it (accumulateId).
    g.aggregators.push_back(counting_[a] == Counting::kNone &&
                                    idAggregates_[a] == IdAggregate::kNone
                                ? expr::makeAggregator(aggregates_[a])
                                : nullptr);
  }
  g.counts.assign(aggregates_.size(), 0);
  g.ids.resize(aggregates_.size());
  g.distinctIds.resize(aggregates_.size());
  g.distinctTerms.resize(aggregates_.size());
  g.charged = 96 + keys.size() * sizeof(ValueId) * 2 + aggregates_.size() * 64;
  charge(static_cast<int64_t>(g.charged));
  groups_.push_back(std::move(g));
  index_.emplace(keys, groups_.size() - 1);
  return groups_.size() - 1;
}

void HashGroup::countRow(Group& group, size_t a, const Batch& in, size_t r) {
  if (counting_[a] == Counting::kRows) {
    ++group.counts[a];
    return;
  }
  const ValueId v = in.columns[argColumns_[a]][r];
  if (!v.isBound()) return;
  if (counting_[a] == Counting::kBound) {
    ++group.counts[a];
    return;
  }
  // Language tags compare without case, and a local term may be such a string: by term.
  if (core::isLangString(v.type) || v.type == kLocalTermType) {
    auto [it, inserted] = group.distinctTerms[a].insert(expr::distinctKey(ctx_.terms().decode(v)));
    if (inserted) group.distinctBytes += sizeof(core::Term) + 48 + it->value.capacity();
    return;
  }
  if (group.distinctIds[a].insert(v).second) group.distinctBytes += kDistinctIdBytes;
}

void HashGroup::accumulateId(Group& group, size_t a, ValueId v) {
  IdAccumulator& acc = group.ids[a];
  if (!acc.terms) {
    if (!v.isBound()) return;  // as the term aggregators skip an unbound value
    const IdAggregate kind = idAggregates_[a];
    // A sum adds integers of any integer type (all are xsd:integer values); an extreme compares
    // keys, which order values only within one type.
    const bool integer = core::xsd::isIntegerType(v.type) && (kind == IdAggregate::kSumOrAverage ||
                                                              !acc.any || v.type == acc.best.type);
    if (integer) {
      if (kind == IdAggregate::kSumOrAverage) {
        acc.sum += core::xsd::integerOfKey(v.key);
        ++acc.count;
      } else if (!acc.any ||
                 (kind == IdAggregate::kMin ? v.key < acc.best.key : v.key > acc.best.key)) {
        acc.best = v;
      }
      acc.any = true;
      return;
    }
    // Another kind of value: what was gathered goes to a term aggregator as one value.
    acc.terms = true;
    group.aggregators[a] = expr::makeAggregator(aggregates_[a]);
    if (acc.any && kind == IdAggregate::kSumOrAverage) {
      group.aggregators[a]->addIntegers(acc.sum, acc.count);
    } else if (acc.any) {
      group.aggregators[a]->add(ctx_.terms().decode(acc.best));
    }
  }
  group.aggregators[a]->add(v.isBound() ? std::optional<core::Term>(ctx_.terms().decode(v))
                                        : std::nullopt);
}

std::optional<core::Term> HashGroup::idResult(const Group& group, size_t a) {
  const IdAccumulator& acc = group.ids[a];
  if (acc.terms) return group.aggregators[a]->result();
  if (idAggregates_[a] == IdAggregate::kSumOrAverage) {
    // The term aggregator's arithmetic, so AVG divides exactly as it would (0 for no values).
    const std::unique_ptr<expr::Aggregator> sum = expr::makeAggregator(aggregates_[a]);
    sum->addIntegers(acc.sum, acc.count);
    return sum->result();
  }
  if (!acc.any) return std::nullopt;
  return ctx_.terms().decode(acc.best);
}

void HashGroup::consume() {
  Batch in;
  ValueRow keys(keys_.size());
  static const core::Term kAny = core::Term::literal("1");
  std::vector<size_t> touched;
  while (input_->next(in)) {
    touched.clear();
    for (size_t r = 0; r < in.rows; ++r) {
      row_.bind(in, r);
      for (size_t k = 0; k < keys_.size(); ++k) {
        if (keyColumns_[k] >= 0) {
          keys[k] = in.columns[keyColumns_[k]][r];
        } else if (keyPrograms_[k]) {
          auto v = keyPrograms_[k]->evaluate(row_, ctx_.functions());
          keys[k] = v ? ctx_.terms().encode(*v) : ValueId{};
        } else {
          keys[k] = ValueId{};
        }
      }
      size_t g = groupOf(keys);
      if (touched.empty() || touched.back() != g) touched.push_back(g);
      Group& group = groups_[g];
      for (size_t a = 0; a < aggregates_.size(); ++a) {
        if (counting_[a] != Counting::kNone) {
          countRow(group, a, in, r);
        } else if (idAggregates_[a] != IdAggregate::kNone) {
          accumulateId(group, a, in.columns[argColumns_[a]][r]);
        } else if (!argPrograms_[a] && aggregates_[a].distinct) {
          // COUNT(DISTINCT *): distinct solutions; ids are canonical, so the row's ids are a
          // faithful stand-in for the solution.
          std::string row;
          for (const auto& column : in.columns) {
            row += std::to_string(column[r].type) + ":" + std::to_string(column[r].key) + ",";
          }
          group.aggregators[a]->add(core::Term::literal(std::move(row)));
        } else if (!argPrograms_[a]) {
          group.aggregators[a]->add(kAny);
        } else {
          group.aggregators[a]->add(argPrograms_[a]->evaluate(row_, ctx_.functions()));
        }
      }
    }
    // Aggregator state (DISTINCT sets, GROUP_CONCAT buffers) grows with the rows: charge it.
    for (size_t g : touched) {
      size_t now = 96 + keys.size() * sizeof(ValueId) * 2 + aggregates_.size() * 64;
      for (const auto& agg : groups_[g].aggregators) now += agg ? agg->retainedBytes() : 0;
      now += groups_[g].distinctBytes;
      if (now > groups_[g].charged) {
        charge(static_cast<int64_t>(now - groups_[g].charged));
        groups_[g].charged = now;
      }
    }
  }
  if (keys_.empty() && groups_.empty()) groupOf(ValueRow{});
}

bool HashGroup::produce(Batch& out) {
  if (!consumed_) {
    consume();
    consumed_ = true;
  }
  while (next_ < groups_.size() && out.rows < ctx_.batchRows()) {
    const Group& g = groups_[next_++];
    for (auto& c : out.columns) c.push_back({});
    for (size_t k = 0; k < keys_.size(); ++k) {
      if (keyOut_[k] >= 0) out.columns[keyOut_[k]].back() = g.keys[k];
    }
    for (size_t a = 0; a < aggregates_.size(); ++a) {
      std::optional<core::Term> v;
      switch (counting_[a]) {
        case Counting::kNone:
          v = idAggregates_[a] != IdAggregate::kNone ? idResult(g, a) : g.aggregators[a]->result();
          break;
        case Counting::kRows:
        case Counting::kBound:
          v = expr::makeInteger(g.counts[a]);
          break;
        case Counting::kDistinct:
          v = expr::makeInteger(g.distinctIds[a].size() + g.distinctTerms[a].size());
          break;
      }
      if (v) out.columns[column(aggregates_[a].resultVariable)].back() = ctx_.terms().encode(*v);
    }
    ++out.rows;
  }
  return next_ < groups_.size();
}

}  // namespace cairn::query
