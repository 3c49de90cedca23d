// Functional forms and functions on RDF terms (SPARQL §17.4.1, §17.4.2): BOUND, IF, COALESCE,
// EXISTS, sameTerm, isIRI/isBlank/isLiteral/isNumeric, STR, LANG, DATATYPE, IRI, BNODE, STRDT,
// STRLANG, UUID, STRUUID.

#include <regex>
#include <set>

#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace term_functions_test {

constexpr const char* kTrue = "\"true\"^^xsd:boolean";
constexpr const char* kFalse = "\"false\"^^xsd:boolean";

TEST(FunctionalForms, Bound) {
  const Expr e = call(Op::kBound, {v("a")});
  EXPECT_EQ(eval(e, TestRow({term("1")})), kTrue);
  EXPECT_EQ(eval(e, TestRow({std::nullopt})), kFalse);
  EXPECT_EQ(eval(call(Op::kBound, {v("unknown")})), kFalse);
}

TEST(FunctionalForms, IfUsesEbvAndEvaluatesOneBranch) {
  EXPECT_EQ(eval(call(Op::kIf, {c("true"), c("1"), v("z")})), "\"1\"^^xsd:integer");
  EXPECT_EQ(eval(call(Op::kIf, {c("\"\""), v("z"), c("2")})), "\"2\"^^xsd:integer");
  // if02: IF(1/0, false, true) is an error.
  EXPECT_EQ(eval(call(Op::kIf, {call(Op::kDivide, {c("1"), c("0")}), c("false"), c("true")})),
            "error");
  // if01: IF(lang(?o) = "ja", true, false)
  const Expr if01 = call(
      Op::kIf, {call(Op::kEqual, {call(Op::kLang, {v("a")}), c("\"ja\"")}), c("true"), c("false")});
  EXPECT_EQ(eval(if01, TestRow({term("\"日本語\"@ja")})), kTrue);
  EXPECT_EQ(eval(if01, TestRow({term("7")})), kFalse);
  EXPECT_EQ(eval(if01, TestRow({term("<http://a>")})), "error");
}

TEST(FunctionalForms, CoalesceW3c) {
  // coalesce01 over ?o ?x: (?x, -1) (?o/?x, -2) (?z, -3) (?z)
  const Expr cx = call(Op::kCoalesce, {v("x"), c("-1")});
  const Expr div = call(Op::kCoalesce, {call(Op::kDivide, {v("o"), v("x")}), c("-2")});
  const Expr def = call(Op::kCoalesce, {v("z"), c("-3")});
  const Expr err = call(Op::kCoalesce, {v("z")});
  std::vector<std::optional<core::Term>> unboundX(26);
  unboundX['o' - 'a'] = term("1");
  EXPECT_EQ(eval(cx, TestRow(unboundX)), "\"-1\"^^xsd:integer");
  EXPECT_EQ(eval(div, TestRow(unboundX)), "\"-2\"^^xsd:integer");
  EXPECT_EQ(eval(def, TestRow(unboundX)), "\"-3\"^^xsd:integer");
  EXPECT_EQ(eval(err, TestRow(unboundX)), "error");
  std::vector<std::optional<core::Term>> zeroX = unboundX;
  zeroX['x' - 'a'] = term("0");
  EXPECT_EQ(eval(div, TestRow(zeroX)), "\"-2\"^^xsd:integer");
  std::vector<std::optional<core::Term>> twoX = unboundX;
  twoX['o' - 'a'] = term("4");
  twoX['x' - 'a'] = term("2");
  EXPECT_EQ(eval(div, TestRow(twoX)), "\"2.0\"^^xsd:decimal");
  EXPECT_EQ(eval(call(Op::kCoalesce, {})), "error");
}

TEST(FunctionalForms, ExistsAsksTheRow) {
  const auto pattern = std::make_shared<query::TableNode>();
  TestRow row;
  row.existsAnswer = true;
  EXPECT_EQ(eval(Expr::makeExists(pattern, false), row), kTrue);
  EXPECT_EQ(eval(Expr::makeExists(pattern, true), row), kFalse);
  EXPECT_EQ(row.existsCalls, 2);
}

TEST(TermTests, KindsAndSameTerm) {
  EXPECT_EQ(eval(Op::kIsIri, {"<http://a>"}), kTrue);
  EXPECT_EQ(eval(Op::kIsIri, {"\"http://a\""}), kFalse);
  EXPECT_EQ(eval(Op::kIsBlank, {"_:b"}), kTrue);
  EXPECT_EQ(eval(Op::kIsLiteral, {"\"x\"@en"}), kTrue);
  EXPECT_EQ(eval(Op::kIsLiteral, {"_:b"}), kFalse);
  EXPECT_EQ(eval(Op::kIsNumeric, {"\"12\"^^xsd:nonNegativeInteger"}), kTrue);
  EXPECT_EQ(eval(Op::kIsNumeric, {"\"-1\"^^xsd:nonNegativeInteger"}), kFalse);  // ill-typed
  EXPECT_EQ(eval(Op::kIsNumeric, {"\"1200\"^^xsd:byte"}), kFalse);
  EXPECT_EQ(eval(Op::kIsNumeric, {"\"1\""}), kFalse);
  EXPECT_EQ(eval(Op::kIsNumeric, {"1e0"}), kTrue);
  EXPECT_EQ(eval(Op::kSameTerm, {"1", "1.0"}), kFalse);
  EXPECT_EQ(eval(Op::kSameTerm, {"\"a\"", "\"a\"^^xsd:string"}), kTrue);
  EXPECT_EQ(eval(Op::kSameTerm, {"\"a\"^^<http://t>", "\"a\"^^<http://t>"}), kTrue);
  EXPECT_EQ(eval(Op::kSameTerm, {"_:a", "_:b"}), kFalse);
  EXPECT_EQ(eval(call(Op::kIsIri, {v("z")})), "error");
}

TEST(TermAccessors, StrLangDatatype) {
  EXPECT_EQ(eval(Op::kStr, {"<http://a>"}), "\"http://a\"");
  EXPECT_EQ(eval(Op::kStr, {"\"x\"@en"}), "\"x\"");
  EXPECT_EQ(eval(Op::kStr, {"\"01\"^^xsd:integer"}), "\"01\"");
  EXPECT_EQ(eval(Op::kStr, {"_:b"}), "error");
  EXPECT_EQ(eval(Op::kLang, {"\"x\"@en-GB"}), "\"en-GB\"");
  EXPECT_EQ(eval(Op::kLang, {"\"x\""}), "\"\"");
  EXPECT_EQ(eval(Op::kLang, {"<http://a>"}), "error");
  EXPECT_EQ(eval(Op::kDatatype, {"\"x\""}), "<http://www.w3.org/2001/XMLSchema#string>");
  EXPECT_EQ(eval(Op::kDatatype, {"\"x\"@en"}),
            "<http://www.w3.org/1999/02/22-rdf-syntax-ns#langString>");
  EXPECT_EQ(eval(Op::kDatatype, {"1"}), "<http://www.w3.org/2001/XMLSchema#integer>");
  EXPECT_EQ(eval(Op::kDatatype, {"\"x\"^^<http://t>"}), "<http://t>");
  EXPECT_EQ(eval(Op::kDatatype, {"_:b"}), "error");
}

TEST(TermConstructors, IriResolvesAgainstTheBase) {
  // The test context's base is http://example.org/base/.
  EXPECT_EQ(eval(Op::kIri, {"\"iri\""}), "<http://example.org/base/iri>");
  EXPECT_EQ(eval(Op::kIri, {"\"../up\""}), "<http://example.org/up>");
  EXPECT_EQ(eval(Op::kIri, {"\"http://x.org/a\""}), "<http://x.org/a>");
  EXPECT_EQ(eval(Op::kIri, {"<http://x.org/a>"}), "<http://x.org/a>");
  EXPECT_EQ(eval(Op::kIri, {"\"a\"@en"}), "error");
  EXPECT_EQ(eval(Op::kIri, {"1"}), "error");
  FunctionContext noBase("2026-01-01T00:00:00Z", "", 1);
  const auto p = compileForTest(call(Op::kIri, {c("\"rel\"")}));
  EXPECT_EQ(show(p.evaluate(TestRow(), noBase)), "error");
}

TEST(TermConstructors, StrDtAndStrLang) {
  EXPECT_EQ(eval(Op::kStrDt, {"\"123\"", "<http://www.w3.org/2001/XMLSchema#integer>"}),
            "\"123\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kStrDt, {"\"foo\"", "<http://www.w3.org/2001/XMLSchema#string>"}), "\"foo\"");
  EXPECT_EQ(eval(Op::kStrDt, {"\"foo\"^^xsd:string", "<http://t>"}), "\"foo\"^^<http://t>");
  // strdt03: a tagged or non-string argument is an error.
  EXPECT_EQ(eval(Op::kStrDt, {"\"foo\"@en", "<http://t>"}), "error");
  EXPECT_EQ(eval(Op::kStrDt, {"1", "<http://t>"}), "error");
  EXPECT_EQ(eval(Op::kStrDt, {"\"foo\"", "\"http://t\""}), "error");
  EXPECT_EQ(eval(Op::kStrLang, {"\"foo\"", "\"en-US\""}), "\"foo\"@en-US");
  EXPECT_EQ(eval(Op::kStrLang, {"\"foo\"@en", "\"en-US\""}), "error");
  EXPECT_EQ(eval(Op::kStrLang, {"1", "\"en\""}), "error");
  EXPECT_EQ(eval(Op::kStrLang, {"\"foo\"", "\"\""}), "error");
}

TEST(TermConstructors, BnodeSameLabelWithinASolution) {
  FunctionContext context("2026-01-01T00:00:00Z", "", 1);
  const auto withArg = compileForTest(call(Op::kBnode, {v("a")}));
  const auto fresh = compileForTest(call(Op::kBnode, {}));
  const TestRow foo({term("\"foo\"")});
  const TestRow bar({term("\"bar\"")});
  const auto b1 = withArg.evaluate(foo, context);
  const auto b2 = withArg.evaluate(foo, context);
  const auto b3 = withArg.evaluate(bar, context);
  ASSERT_TRUE(b1 && b2 && b3);
  EXPECT_EQ(b1->kind, core::TermKind::kBlank);
  EXPECT_EQ(*b1, *b2);
  EXPECT_NE(*b1, *b3);
  context.nextSolution();
  const auto b4 = withArg.evaluate(foo, context);
  ASSERT_TRUE(b4);
  EXPECT_NE(*b1, *b4);
  const auto f1 = fresh.evaluate(foo, context);
  const auto f2 = fresh.evaluate(foo, context);
  ASSERT_TRUE(f1 && f2);
  EXPECT_NE(*f1, *f2);
  EXPECT_NE(*f1, *b4);
  EXPECT_EQ(show(withArg.evaluate(TestRow({term("1")}), context)), "error");
}

TEST(TermConstructors, UuidAndStrUuid) {
  const std::regex uuid("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
  const auto iriProgram = compileForTest(call(Op::kUuid));
  const auto strProgram = compileForTest(call(Op::kStrUuid));
  std::set<std::string> seen;
  for (int i = 0; i < 20; ++i) {
    const auto iri = iriProgram.evaluate(TestRow(), testContext());
    const auto str = strProgram.evaluate(TestRow(), testContext());
    ASSERT_TRUE(iri && str);
    EXPECT_EQ(iri->kind, core::TermKind::kIri);
    ASSERT_TRUE(iri->value.starts_with("urn:uuid:"));
    EXPECT_TRUE(std::regex_match(iri->value.substr(9), uuid)) << iri->value;
    EXPECT_EQ(str->kind, core::TermKind::kLiteral);
    EXPECT_TRUE(str->datatype.empty() && str->language.empty());
    EXPECT_TRUE(std::regex_match(str->value, uuid)) << str->value;
    seen.insert(iri->value.substr(9));
    seen.insert(str->value);
  }
  EXPECT_EQ(seen.size(), 40u);
}

TEST(ExtensionFunctions, UnknownIriIsAnError) {
  Expr e = call(Op::kFunction, {c("1")});
  e.iri = "http://example.org/unknownFunction";
  EXPECT_EQ(eval(e), "error");
  // An XSD constructor written as a function call is still a cast.
  Expr asCast = call(Op::kFunction, {c("\"12\"")});
  asCast.iri = xsd("integer");
  EXPECT_EQ(eval(asCast), "\"12\"^^xsd:integer");
}

}  // namespace term_functions_test
}  // namespace cairn::query::expr::testing
