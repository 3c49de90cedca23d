// Physical operators built directly over a test ledger, each run with default batches and with
// batches of one and two rows over tiny leaflets, so batch and leaflet boundaries are crossed.

#include <gtest/gtest.h>

#include "query/exec/bind_join.h"
#include "query/exec/distinct.h"
#include "query/exec/hash_group.h"
#include "query/exec/hash_join.h"
#include "query/exec/index_scan.h"
#include "query/exec/left_join.h"
#include "query/exec/minus.h"
#include "query/exec/named_graphs.h"
#include "query/exec/property_path.h"
#include "query/exec/semi_join.h"
#include "query/exec/slice.h"
#include "query/exec/sort.h"
#include "query/exec/top_k.h"
#include "query/exec/union_all.h"
#include "query/exec/values.h"
#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

using query::Batch;
using query::ExecContext;
using query::GraphScope;
using query::OperatorPtr;
using query::PatternTerm;
using query::TriplePattern;
using query::ValueId;
using query::ValueRow;

const char* kData = R"(
  ex:a ex:p ex:b ; ex:q 1 ; ex:self ex:a .
  ex:b ex:p ex:c ; ex:q 2 .
  ex:c ex:p ex:a ; ex:q 3 ; ex:self ex:x .
  ex:d ex:q 2 .
  ex:g1 { ex:a ex:r 1 . ex:b ex:r 2 . }
  ex:g2 { ex:a ex:r 1 . ex:c ex:r 3 . }
)";

struct Sizes {
  bool tiny;
  size_t batchRows;
};

class OperatorTest : public ::testing::TestWithParam<Sizes> {
 protected:
  void SetUp() override {
    ledger_ = exampleLedger(kData, GetParam().tiny);
    options_.batchRows = GetParam().batchRows;
    ctx_ = std::make_unique<ExecContext>(*ledger_.ledger, options_, "");
  }

  static PatternTerm v(const std::string& name) { return PatternTerm::var(name); }
  static PatternTerm iri(const std::string& local) {
    return PatternTerm::constant(core::Term::iri(std::string(kEx) + local));
  }
  static TriplePattern tp(PatternTerm s, PatternTerm p, PatternTerm o) { return {s, p, o}; }

  OperatorPtr scan(TriplePattern t, GraphScope scope = GraphScope{{core::kNoNode}}) {
    return std::make_unique<query::IndexScan>(*ctx_, t, scope);
  }
  ValueId id(const std::string& local) {
    return ctx_->terms().encode(core::Term::iri(std::string(kEx) + local));
  }
  ValueId num(int n) {
    return ctx_->terms().encode(
        core::Term::literal(std::to_string(n), "http://www.w3.org/2001/XMLSchema#integer"));
  }
  OperatorPtr values(std::vector<std::string> vars, std::vector<ValueRow> rows) {
    return std::make_unique<query::Values>(*ctx_, std::move(vars), std::move(rows));
  }

  // Rows as sorted text lines, columns in `order` (names), "-" for unbound.
  std::vector<std::string> rows(query::Operator& op, const std::vector<std::string>& order) {
    std::vector<std::string> out;
    Batch b;
    while (op.next(b)) {
      EXPECT_LE(b.rows, std::max<size_t>(ctx_->batchRows(), 1));
      for (size_t r = 0; r < b.rows; ++r) {
        std::string line;
        for (const auto& name : order) {
          int c = op.column(name);
          ValueId x = c >= 0 ? b.columns[c][r] : ValueId{};
          std::string cell = "-";
          if (x.isBound()) {
            const core::Term& t = ctx_->terms().decode(x);
            cell =
                t.kind == core::TermKind::kIri ? t.value.substr(std::string(kEx).size()) : t.value;
          }
          line += (line.empty() ? "" : " ") + cell;
        }
        out.push_back(line);
      }
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  using Lines = std::vector<std::string>;

  TestLedger ledger_;
  query::QueryOptions options_;
  std::unique_ptr<ExecContext> ctx_;
};

TEST_P(OperatorTest, IndexScanEveryAccessShape) {
  EXPECT_EQ(rows(*scan(tp(v("s"), iri("p"), v("o"))), {"s", "o"}), (Lines{"a b", "b c", "c a"}));
  EXPECT_EQ(rows(*scan(tp(iri("a"), v("p"), v("o"))), {"p", "o"}), (Lines{"p b", "q 1", "self a"}));
  EXPECT_EQ(rows(*scan(tp(v("s"), v("p"), iri("a"))), {"s", "p"}), (Lines{"a self", "c p"}));
  // (s, ?p, o): SPOT by s, o filtered.
  auto so = scan(tp(iri("c"), v("p"), iri("a")));
  EXPECT_EQ(rows(*so, {"p"}), Lines{"p"});
  EXPECT_EQ(rows(*scan(tp(v("s"), iri("q"),
                          query::PatternTerm::constant(core::Term::literal(
                              "2", "http://www.w3.org/2001/XMLSchema#integer")))),
                 {"s"}),
            (Lines{"b", "d"}));
  // Fully bound: one row without columns.
  EXPECT_EQ(rows(*scan(tp(iri("a"), iri("p"), iri("b"))), {}), Lines{""});
  EXPECT_EQ(rows(*scan(tp(v("s"), v("p"), v("o"))), {"s"}).size(), 9u);
}

TEST_P(OperatorTest, IndexScanRepeatedVariableAndUnknownConstant) {
  EXPECT_EQ(rows(*scan(tp(v("x"), iri("self"), v("x"))), {"x"}), Lines{"a"});
  auto unknown = scan(tp(v("s"), iri("nothing"), v("o")));
  EXPECT_EQ(rows(*unknown, {"s"}), Lines{});
  EXPECT_NE(query::renderPlanText(unknown->planInfo()).find("empty"), std::string::npos);
}

TEST_P(OperatorTest, ScopeOfSeveralGraphsDropsDuplicates) {
  auto g1 = ledger_->encodeNode(core::Term::iri(std::string(kEx) + "g1"));
  auto g2 = ledger_->encodeNode(core::Term::iri(std::string(kEx) + "g2"));
  GraphScope both{{**g1, **g2}};
  EXPECT_EQ(rows(*scan(tp(v("s"), iri("r"), v("o")), both), {"s", "o"}),
            (Lines{"a 1", "b 2", "c 3"}));
}

TEST_P(OperatorTest, HashJoinWithUnboundKeys) {
  // ?x unbound in a row joins with every row of the other side.
  auto left = values({"x", "y"}, {{id("a"), num(1)}, {ValueId{}, num(2)}, {id("zz"), num(3)}});
  query::HashJoin join(*ctx_, std::move(left), scan(tp(v("x"), iri("q"), v("n"))));
  EXPECT_EQ(rows(join, {"x", "y", "n"}), (Lines{"a 1 1", "a 2 1", "b 2 2", "c 2 3", "d 2 2"}));
}

TEST_P(OperatorTest, CrossProductWithoutSharedVariables) {
  query::HashJoin join(*ctx_, values({"k"}, {{num(7)}, {num(8)}}),
                       scan(tp(v("s"), iri("p"), v("o"))));
  EXPECT_EQ(rows(join, {"k"}).size(), 6u);
}

TEST_P(OperatorTest, BindJoinProbesPerRowAndBindsUnboundKeys) {
  auto left = values({"x"}, {{id("a")}, {id("c")}, {ValueId{}}});
  query::BindJoin join(*ctx_, std::move(left), tp(v("x"), iri("p"), v("y")), GraphScope{{0}});
  EXPECT_EQ(rows(join, {"x", "y"}), (Lines{"a b", "a b", "b c", "c a", "c a"}));
}

TEST_P(OperatorTest, LeftJoinKeepsUnmatchedAndAppliesFilterToMergedRow) {
  query::Expr cond = query::Expr::makeCall(
      query::Op::kGreater,
      {query::Expr::makeVariable("n"), query::Expr::makeConstant(core::Term::literal(
                                           "1", "http://www.w3.org/2001/XMLSchema#integer"))});
  query::LeftJoin join(*ctx_, scan(tp(v("x"), iri("p"), v("y"))),
                       scan(tp(v("x"), iri("q"), v("n"))), {cond}, GraphScope{{0}});
  EXPECT_EQ(rows(join, {"x", "y", "n"}), (Lines{"a b -", "b c 2", "c a 3"}));
}

TEST_P(OperatorTest, MinusNeedsASharedBoundVariable) {
  query::Minus shared(*ctx_, scan(tp(v("x"), iri("q"), v("n"))),
                      scan(tp(v("x"), iri("p"), iri("c"))));
  EXPECT_EQ(rows(shared, {"x"}), (Lines{"a", "c", "d"}));
  query::Minus disjoint(*ctx_, scan(tp(v("x"), iri("q"), v("n"))),
                        scan(tp(v("z"), iri("p"), v("w"))));
  EXPECT_EQ(rows(disjoint, {"x"}).size(), 4u);
}

TEST_P(OperatorTest, UnionAlignsColumnsByName) {
  query::UnionAll u(*ctx_, scan(tp(v("x"), iri("p"), v("y"))),
                    scan(tp(v("x"), iri("self"), v("z"))));
  EXPECT_EQ(rows(u, {"x", "y", "z"}), (Lines{"a - a", "a b -", "b c -", "c - x", "c a -"}));
}

TEST_P(OperatorTest, DistinctSliceAndGroup) {
  query::Distinct d(*ctx_, values({"n"}, {{num(1)}, {num(2)}, {num(1)}, {ValueId{}}, {ValueId{}}}));
  EXPECT_EQ(rows(d, {"n"}), (Lines{"-", "1", "2"}));
  query::Slice s(*ctx_, scan(tp(v("s"), v("p"), v("o"))), 3, 4);
  EXPECT_EQ(rows(s, {"s"}).size(), 4u);

  query::AggregateCall count{query::AggregateCall::Function::kCount, false, std::nullopt, " ", "c"};
  query::GroupKey key{query::Expr::makeVariable("n"), "n"};
  query::HashGroup g(*ctx_, scan(tp(v("x"), iri("q"), v("n"))), {key}, {count}, GraphScope{{0}});
  EXPECT_EQ(rows(g, {"n", "c"}), (Lines{"1 1", "2 2", "3 1"}));
  // No keys over no rows: one group, COUNT 0.
  query::HashGroup empty(*ctx_, scan(tp(v("x"), iri("nothing"), v("n"))), {}, {count},
                         GraphScope{{0}});
  EXPECT_EQ(rows(empty, {"c"}), Lines{"0"});
}

TEST_P(OperatorTest, SortAndTopKAgree) {
  std::vector<query::OrderCondition> order = {{query::Expr::makeVariable("o"), true}};
  auto sortedLines = [&](query::Operator& op) {
    std::vector<std::string> out;
    Batch b;
    while (op.next(b)) {
      for (size_t r = 0; r < b.rows; ++r) {
        out.push_back(ctx_->terms().decode(b.columns[op.column("o")][r]).value);
      }
    }
    return out;
  };
  // Mixed kinds: literals sort after IRIs; numbers by value.
  query::Sort sort(*ctx_, scan(tp(v("s"), v("p"), v("o"))), order, GraphScope{{0}});
  auto all = sortedLines(sort);
  ASSERT_EQ(all.size(), 9u);
  EXPECT_EQ(all[0], "3");
  EXPECT_EQ(all[1], "2");
  query::TopK top(*ctx_, scan(tp(v("s"), v("p"), v("o"))), order, 5, GraphScope{{0}});
  auto best = sortedLines(top);
  EXPECT_EQ(best, std::vector<std::string>(all.begin(), all.begin() + 5));
}

TEST_P(OperatorTest, PathsOverIds) {
  PatternTerm x = v("x"), y = v("y");
  query::PropertyPath link{query::PropertyPath::Kind::kLink,
                           core::Term::iri(std::string(kEx) + "p")};
  query::PropertyPath plus{query::PropertyPath::Kind::kOneOrMore, {}, {link}};
  query::PropertyPath star{query::PropertyPath::Kind::kZeroOrMore, {}, {link}};
  // p+ from a: the cycle a→b→c→a returns to a.
  query::PropertyPathScan fromA(*ctx_, nullptr, iri("a"), plus, y, GraphScope{{0}});
  EXPECT_EQ(rows(fromA, {"y"}), (Lines{"a", "b", "c"}));
  // p* with both ends free relates every node of the graph to itself.
  query::PropertyPathScan all(*ctx_, nullptr, x, star, y, GraphScope{{0}});
  auto pairs = rows(all, {"x", "y"});
  EXPECT_EQ(std::count(pairs.begin(), pairs.end(), "d d"), 1);
  EXPECT_EQ(std::count(pairs.begin(), pairs.end(), "a c"), 1);
  // Zero-length between two constants the store lacks: one (empty) solution when they are equal.
  query::PropertyPathScan zero(*ctx_, nullptr, iri("nowhere"), star, iri("nowhere"),
                               GraphScope{{0}});
  EXPECT_EQ(rows(zero, {}), Lines{""});
  query::PropertyPathScan none(*ctx_, nullptr, iri("nowhere"), star, iri("else"), GraphScope{{0}});
  EXPECT_EQ(rows(none, {}), Lines{});
  // Bind mode: per input row.
  query::PropertyPathScan bound(*ctx_, values({"x"}, {{id("b")}, {id("d")}}), x, plus, y,
                                GraphScope{{0}});
  EXPECT_EQ(rows(bound, {"x", "y"}), (Lines{"b a", "b b", "b c"}));
}

TEST_P(OperatorTest, NamedGraphsBindTheGraphVariable) {
  std::vector<core::NodeId> graphs;
  for (const auto& g : ledger_->root().graphs) {
    if (g.graph != core::kNoNode) graphs.push_back(g.graph);
  }
  TriplePattern t = tp(v("s"), iri("r"), v("o"));
  query::NamedGraphs op(*ctx_, "g", graphs,
                        [&](ExecContext&, const GraphScope& scope) { return scan(t, scope); });
  EXPECT_EQ(rows(op, {"g", "s"}), (Lines{"g1 a", "g1 b", "g2 a", "g2 c"}));
}

TEST_P(OperatorTest, SemiAndAntiJoin) {
  query::SemiJoin semi(*ctx_, scan(tp(v("x"), iri("q"), v("n"))),
                       scan(tp(v("x"), iri("self"), v("z"))), false);
  EXPECT_EQ(rows(semi, {"x"}), (Lines{"a", "c"}));
  query::SemiJoin anti(*ctx_, scan(tp(v("x"), iri("q"), v("n"))),
                       scan(tp(v("x"), iri("self"), v("z"))), true);
  EXPECT_EQ(rows(anti, {"x"}), (Lines{"b", "d"}));
}

TEST_P(OperatorTest, MemoryIsReleasedWithTheOperator) {
  const uint64_t before = ctx_->usedBytes();
  {
    query::Distinct d(*ctx_, scan(tp(v("s"), v("p"), v("o"))));
    Batch b;
    size_t n = 0;
    while (d.next(b)) n += b.rows;  // ids only: nothing decoded, no term memory
    EXPECT_EQ(n, 9u);
    EXPECT_GT(ctx_->usedBytes(), before);
  }
  EXPECT_EQ(ctx_->usedBytes(), before);
  EXPECT_GT(ctx_->peakBytes(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Sizes, OperatorTest,
                         ::testing::Values(Sizes{false, 0}, Sizes{true, 1}, Sizes{true, 2}),
                         [](const auto& info) {
                           return std::string(info.param.tiny ? "tiny" : "default") + "_batch" +
                                  std::to_string(info.param.batchRows);
                         });

}  // namespace
}  // namespace cairn::testing
