#pragma once
// Terse helpers for expression tests: terms written in a Turtle-like shorthand ("abc", "a"@en,
// "1"^^xsd:integer, 3, 2.5, 1e0, true, <http://x>, _:b), results rendered back the same way
// (xsd: abbreviated) or as "error", and a row of variables ?a ?b ?c ... in slots 0, 1, 2, ...

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/term.h"
#include "core/vocab.h"
#include "query/algebra/expr.h"
#include "query/expr/expression_program.h"
#include "query/expr/function_context.h"

namespace cairn::query::expr::testing {

inline std::string xsd(std::string_view local) {
  return std::string(core::vocab::kXsd) + std::string(local);
}

// Parses the shorthand; a malformed spec fails the test that wrote it.
inline core::Term term(std::string_view s) {
  if (s.starts_with("<")) return core::Term::iri(std::string(s.substr(1, s.size() - 2)));
  if (s.starts_with("_:")) return core::Term::blank(std::string(s.substr(2)));
  if (s.starts_with("\"")) {
    const size_t close = s.rfind('"');
    EXPECT_GT(close, 0u) << s;
    std::string lexical(s.substr(1, close - 1));
    const std::string_view rest = s.substr(close + 1);
    if (rest.starts_with("@")) return core::Term::literal(lexical, {}, std::string(rest.substr(1)));
    if (rest.starts_with("^^xsd:")) return core::Term::literal(lexical, xsd(rest.substr(6)));
    if (rest.starts_with("^^<")) {
      return core::Term::literal(lexical, std::string(rest.substr(3, rest.size() - 4)));
    }
    EXPECT_TRUE(rest.empty()) << s;
    return core::Term::literal(lexical);
  }
  if (s == "true" || s == "false") return core::Term::literal(std::string(s), xsd("boolean"));
  if (s.find_first_of("eE") != std::string_view::npos) {
    return core::Term::literal(std::string(s), xsd("double"));
  }
  if (s.find('.') != std::string_view::npos) {
    return core::Term::literal(std::string(s), xsd("decimal"));
  }
  return core::Term::literal(std::string(s), xsd("integer"));
}

inline std::string show(const core::Term& t) {
  switch (t.kind) {
    case core::TermKind::kIri:
      return "<" + t.value + ">";
    case core::TermKind::kBlank:
      return "_:" + t.value;
    case core::TermKind::kLiteral:
      break;
  }
  std::string out = "\"" + t.value + "\"";
  if (!t.language.empty()) return out + "@" + t.language;
  if (t.datatype.empty()) return out;
  if (t.datatype.starts_with(core::vocab::kXsd)) {
    return out + "^^xsd:" + t.datatype.substr(core::vocab::kXsd.size());
  }
  return out + "^^<" + t.datatype + ">";
}

inline std::string show(const std::optional<core::Term>& t) { return t ? show(*t) : "error"; }

// Expression builders.
inline Expr c(std::string_view spec) { return Expr::makeConstant(term(spec)); }
inline Expr v(std::string name) { return Expr::makeVariable(std::move(name)); }
inline Expr call(Op op, std::vector<Expr> args = {}) { return Expr::makeCall(op, std::move(args)); }
inline Expr cast(std::string_view local, Expr arg) {
  return Expr::makeCast(xsd(local), std::move(arg));
}

// A row binding ?a, ?b, ?c, ... to slots 0, 1, 2, ...; nullopt is unbound.
class TestRow final : public RowValues {
 public:
  TestRow() = default;
  explicit TestRow(std::vector<std::optional<core::Term>> values) : values_(std::move(values)) {}

  const core::Term* value(int slot) const override {
    if (slot < 0 || static_cast<size_t>(slot) >= values_.size() || !values_[slot]) return nullptr;
    return &*values_[slot];
  }
  bool exists(const Algebra&) const override {
    ++existsCalls;
    return existsAnswer;
  }

  bool existsAnswer = false;
  mutable int existsCalls = 0;

 private:
  std::vector<std::optional<core::Term>> values_;
};

inline int slotOfLetter(std::string_view name) {
  if (name.size() == 1 && name[0] >= 'a' && name[0] <= 'z') return name[0] - 'a';
  return -1;
}

inline ExpressionProgram compileForTest(const Expr& e) {
  return ExpressionProgram::compile(e, slotOfLetter);
}

inline FunctionContext& testContext() {
  static FunctionContext context("2026-11-30T00:31:02.123Z", "http://example.org/base/", 42);
  return context;
}

// The value of `e` over `row`, shown.
inline std::string eval(const Expr& e, const TestRow& row = TestRow()) {
  return show(compileForTest(e).evaluate(row, testContext()));
}

// op applied to the arguments, shown. Evaluated twice, once with the arguments as constants
// (classified at compile time) and once as variables of the row (classified per row); the two
// must agree.
inline std::string eval(Op op, std::vector<std::string_view> args) {
  std::vector<Expr> constants;
  std::vector<Expr> variables;
  std::vector<std::optional<core::Term>> values;
  for (std::string_view a : args) {
    constants.push_back(c(a));
    variables.push_back(v(std::string(1, static_cast<char>('a' + values.size()))));
    values.push_back(term(a));
  }
  const std::string viaConstants = eval(call(op, std::move(constants)));
  const std::string viaVariables = eval(call(op, std::move(variables)), TestRow(std::move(values)));
  EXPECT_EQ(viaConstants, viaVariables) << "constant and variable arguments disagree";
  return viaConstants;
}

}  // namespace cairn::query::expr::testing
