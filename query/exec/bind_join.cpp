#include "query/exec/bind_join.h"

namespace cairn::query {

namespace {
const char* modeName(BindJoin::Mode mode) {
  switch (mode) {
    case BindJoin::Mode::kInner:
      return "BindJoin";
    case BindJoin::Mode::kLeftOuter:
      return "BindLeftJoin";
    case BindJoin::Mode::kSemi:
      return "BindSemiJoin";
    case BindJoin::Mode::kAnti:
      return "BindAntiJoin";
  }
  return "BindJoin";
}
}  // namespace

BindJoin::BindJoin(ExecContext& ctx, OperatorPtr input, const TriplePattern& pattern,
                   const GraphScope& scope, Mode mode, const std::vector<Expr>& filters)
    : Operator(ctx, modeName(mode), {}),
      input_(std::move(input)),
      slots_(compilePattern(ctx, pattern)),
      scope_(scope),
      mode_(mode) {
  std::vector<std::string> vars = input_->variables();
  const bool extends = mode_ == Mode::kInner || mode_ == Mode::kLeftOuter;
  for (const std::string& v : slots_.variables) {
    int in = input_->column(v);
    inputColumnOfVar_.push_back(in);
    if (in >= 0) {
      outColumnOfVar_.push_back(in);
    } else {
      outColumnOfVar_.push_back(extends ? static_cast<int>(vars.size()) : -1);
      if (extends) vars.push_back(v);
    }
  }
  setVariables(std::move(vars));
  if (ctx.describesPlan()) {
    addDetail("pattern", describePattern(pattern));
    addDetail("algorithm", "bind (index nested loop)");
  }
  std::string text;
  for (const Expr& f : filters) {
    filters_.push_back(compileFor(f, variables()));
    text += (text.empty() ? "" : " && ") + toString(f);
  }
  if (!text.empty()) addDetail("filter", text);
  row_.emplace(ctx, variables(), scope_);
}

// Evaluates the filter over the row appended (but not yet counted) at out.rows.
bool BindJoin::filterHolds(Batch& out) {
  if (filters_.empty()) return true;
  row_->bind(out, out.rows);
  for (const auto& f : filters_) {
    auto v = f.evaluateCondition(*row_, ctx_.functions());
    if (!v || !*v) return false;
  }
  return true;
}

// The current input row's lookup ended: rows that outer, semi and anti modes still owe.
void BindJoin::finishRow(Batch& out) {
  const size_t inWidth = input_->variables().size();
  const bool emitAlone = (mode_ == Mode::kLeftOuter && !matched_) ||
                         (mode_ == Mode::kSemi && matched_) || (mode_ == Mode::kAnti && !matched_);
  if (emitAlone) {
    for (size_t c = 0; c < inWidth; ++c) out.columns[c].push_back(inBatch_.columns[c][inRow_]);
    for (size_t c = inWidth; c < out.columns.size(); ++c) out.columns[c].push_back({});
    ++out.rows;
  }
  matched_ = false;
}

// Opens the index access for input row inRow_.
bool BindJoin::startRow() {
  TripleAccess access;
  std::optional<ValueId>* positions[3] = {&access.s, &access.p, &access.o};
  for (int i = 0; i < 3; ++i) {
    fixed_[i] = false;
    if (slots_.constant[i]) {
      *positions[i] = *slots_.constant[i];
    } else {
      int in = inputColumnOfVar_[slots_.variable[i]];
      if (in >= 0) {
        ValueId v = inBatch_.columns[in][inRow_];
        if (v.isBound()) *positions[i] = v;
      }
    }
    if (positions[i]->has_value()) {
      fixed_[i] = true;
      fixedValue_[i] = **positions[i];
    }
  }
  source_ = std::make_unique<TripleSource>(ctx_, scope_, access, "BindJoin");
  return true;
}

bool BindJoin::produce(Batch& out) {
  if (slots_.impossible && mode_ == Mode::kInner) return false;
  const size_t inWidth = input_->variables().size();
  while (out.rows < ctx_.batchRows()) {
    if (rowDone_) {
      // The lookup for the current input row ended: emit what the row still owes.
      if (mode_ != Mode::kInner) finishRow(out);
      rowDone_ = false;
      active_ = false;
      ++inRow_;
      continue;
    }
    if (!active_) {
      if (inRow_ >= inBatch_.rows) {
        if (inputDone_ || !input_->next(inBatch_)) {
          inputDone_ = true;
          return false;
        }
        inRow_ = 0;
      }
      if (!slots_.impossible) startRow();
      active_ = true;
    }
    s_.clear();
    p_.clear();
    o_.clear();
    size_t n = 0;
    const size_t room = ctx_.batchRows() - out.rows;
    bool more =
        !slots_.impossible &&
        source_->next(s_, p_, o_, mode_ == Mode::kSemi || mode_ == Mode::kAnti ? 1 : room, n);
    std::vector<ValueId>* free[3] = {&s_, &p_, &o_};
    std::array<ValueId, 3> spo;
    for (size_t r = 0; r < n; ++r) {
      for (int i = 0; i < 3; ++i) spo[i] = fixed_[i] ? fixedValue_[i] : (*free[i])[r];
      if (!slots_.consistent(spo)) continue;
      if (mode_ == Mode::kSemi || mode_ == Mode::kAnti) {
        matched_ = true;
        more = false;  // one match decides
        break;
      }
      for (size_t c = 0; c < inWidth; ++c) out.columns[c].push_back(inBatch_.columns[c][inRow_]);
      for (size_t c = inWidth; c < out.columns.size(); ++c) out.columns[c].push_back({});
      for (int i = 0; i < 3; ++i) {
        int v = slots_.variable[i];
        if (v >= 0 && outColumnOfVar_[v] >= 0) out.columns[outColumnOfVar_[v]].back() = spo[i];
      }
      if (mode_ == Mode::kLeftOuter && !filterHolds(out)) {
        for (auto& c : out.columns) c.pop_back();
        continue;
      }
      matched_ = true;
      ++out.rows;
    }
    if (!more) {
      source_.reset();
      rowDone_ = true;
    }
  }
  return true;
}

}  // namespace cairn::query
