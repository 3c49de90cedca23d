// String functions (SPARQL §17.4.3), with the cases of the W3C functions suite
// (sparql11/functions: strbefore/strafter/concat/substring/length/encode/ucase/lcase/...).

#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace string_functions_test {

constexpr const char* kTrue = "\"true\"^^xsd:boolean";
constexpr const char* kFalse = "\"false\"^^xsd:boolean";

TEST(StrLen, CountsCodePoints) {
  EXPECT_EQ(eval(Op::kStrLen, {"\"abc\""}), "\"3\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kStrLen, {"\"食べ物\""}), "\"3\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kStrLen, {"\"\xF0\x9F\x98\x80x\"@en"}), "\"2\"^^xsd:integer");  // non-BMP
  EXPECT_EQ(eval(Op::kStrLen, {"\"\""}), "\"0\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kStrLen, {"7"}), "error");
  EXPECT_EQ(eval(Op::kStrLen, {"<http://a>"}), "error");
}

TEST(Substr, OneBasedCodePointPositions) {
  EXPECT_EQ(eval(Op::kSubstr, {"\"foobar\"", "4"}), "\"bar\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"foobar\"", "4", "1"}), "\"b\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"bar\"@en", "1", "1"}), "\"b\"@en");
  EXPECT_EQ(eval(Op::kSubstr, {"\"食べ物\"", "1", "1"}), "\"食\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"食べ物\"", "2"}), "\"べ物\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"abc\"^^xsd:string", "2"}), "\"bc\"");
  // XPath fn:substring position arithmetic, including rounding and out-of-range starts.
  EXPECT_EQ(eval(Op::kSubstr, {"\"12345\"", "1.5", "2.6"}), "\"234\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"12345\"", "0", "3"}), "\"12\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"12345\"", "5", "-3"}), "\"\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"12345\"", "-3", "5"}), "\"1\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"12345\"", "\"NaN\"^^xsd:double", "3"}), "\"\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"12345\"", "-42", "\"INF\"^^xsd:double"}), "\"12345\"");
  EXPECT_EQ(eval(Op::kSubstr, {"\"12345\"", "\"2\""}), "error");
  EXPECT_EQ(eval(Op::kSubstr, {"7", "1"}), "error");
}

TEST(CaseMapping, KeepsLanguageAndMapsUnicode) {
  EXPECT_EQ(eval(Op::kUcase, {"\"foo\""}), "\"FOO\"");
  EXPECT_EQ(eval(Op::kUcase, {"\"bar\"@en"}), "\"BAR\"@en");
  EXPECT_EQ(eval(Op::kLcase, {"\"BAZ\""}), "\"baz\"");
  EXPECT_EQ(eval(Op::kLcase, {"\"DEF\"^^xsd:string"}), "\"def\"");
  EXPECT_EQ(eval(Op::kUcase, {"\"français\"@fr"}), "\"FRANÇAIS\"@fr");
  EXPECT_EQ(eval(Op::kLcase, {"\"ÀÉÎ ΣΑΣ Я\""}), "\"àéî σασ я\"");
  EXPECT_EQ(eval(Op::kUcase, {"\"食べ物\""}), "\"食べ物\"");
  EXPECT_EQ(eval(Op::kUcase, {"1"}), "error");
}

TEST(StringTests, StartsEndsContains) {
  EXPECT_EQ(eval(Op::kStrStarts, {"\"foobar\"", "\"foo\""}), kTrue);
  EXPECT_EQ(eval(Op::kStrStarts, {"\"foobar\"", "\"bar\""}), kFalse);
  EXPECT_EQ(eval(Op::kStrEnds, {"\"foobar\"@en", "\"bar\""}), kTrue);
  EXPECT_EQ(eval(Op::kStrEnds, {"\"foobar\"@en", "\"bar\"@en"}), kTrue);
  EXPECT_EQ(eval(Op::kContains, {"\"foobar\"^^xsd:string", "\"oba\""}), kTrue);
  EXPECT_EQ(eval(Op::kContains, {"\"foobar\"", "\"\""}), kTrue);
  EXPECT_EQ(eval(Op::kContains, {"\"foobar\"", "\"x\""}), kFalse);
}

TEST(StringTests, ArgumentCompatibility) {
  // §17.4.3.1.2: a tagged second argument needs the same tag on the first.
  EXPECT_EQ(eval(Op::kStrStarts, {"\"foobar\"", "\"foo\"@en"}), "error");
  EXPECT_EQ(eval(Op::kStrStarts, {"\"foobar\"@fr", "\"foo\"@en"}), "error");
  EXPECT_EQ(eval(Op::kContains, {"\"foobar\"^^xsd:string", "\"foo\"@en"}), "error");
  EXPECT_EQ(eval(Op::kContains, {"1", "\"1\""}), "error");
  EXPECT_EQ(eval(Op::kContains, {"\"1\"", "1"}), "error");
  EXPECT_EQ(eval(Op::kContains, {"<http://a>", "\"a\""}), "error");
}

TEST(StrBeforeAfter, W3cStrafter02) {
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"", "\"b\""}), "\"c\"");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"", "\"ab\""}), "\"c\"");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"", "\"b\"@cy"}), "error");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"", "\"\""}), "\"abc\"");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"", "\"\"@en"}), "error");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"", "\"xyz\"^^xsd:string"}), "\"\"");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"@en", "\"b\""}), "\"c\"@en");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"@en", "\"\""}), "\"abc\"@en");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"@en", "\"\"@en"}), "\"abc\"@en");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"@en", "\"b\"@cy"}), "error");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"@en", "\"xyz\"^^xsd:string"}), "\"\"");
  EXPECT_EQ(eval(Op::kStrAfter, {"\"abc\"^^xsd:string", "\"b\"^^xsd:string"}), "\"c\"");
}

TEST(StrBeforeAfter, StrBefore) {
  EXPECT_EQ(eval(Op::kStrBefore, {"\"english\"@en", "\"s\""}), "\"engli\"@en");
  EXPECT_EQ(eval(Op::kStrBefore, {"\"français\"@fr", "\"s\""}), "\"françai\"@fr");
  EXPECT_EQ(eval(Op::kStrBefore, {"\"123\"", "\"s\""}), "\"\"");
  EXPECT_EQ(eval(Op::kStrBefore, {"\"abc\"@en", "\"\""}), "\"\"@en");
  EXPECT_EQ(eval(Op::kStrBefore, {"\"abc\"@en", "\"z\""}), "\"\"");
  EXPECT_EQ(eval(Op::kStrBefore, {"7", "\"s\""}), "error");
}

TEST(EncodeForUri, PercentEncodesUtf8Bytes) {
  EXPECT_EQ(eval(Op::kEncodeForUri, {"\"Los Angeles\""}), "\"Los%20Angeles\"");
  EXPECT_EQ(eval(Op::kEncodeForUri, {"\"Los Angeles\"@en"}), "\"Los%20Angeles\"");
  EXPECT_EQ(eval(Op::kEncodeForUri, {"\"100%\""}), "\"100%25\"");
  EXPECT_EQ(eval(Op::kEncodeForUri, {"\"a-b_c.d~e/f\""}), "\"a-b_c.d~e%2Ff\"");
  EXPECT_EQ(eval(Op::kEncodeForUri, {"\"食\""}), "\"%E9%A3%9F\"");
  EXPECT_EQ(eval(Op::kEncodeForUri, {"\"\xF0\x9F\x98\x80\""}), "\"%F0%9F%98%80\"");
  EXPECT_EQ(eval(Op::kEncodeForUri, {"<http://a>"}), "error");
}

TEST(Concat, LanguageTagRules) {
  EXPECT_EQ(eval(Op::kConcat, {"\"foo\"", "\"bar\""}), "\"foobar\"");
  EXPECT_EQ(eval(Op::kConcat, {"\"foo\"@en", "\"bar\"@en"}), "\"foobar\"@en");
  EXPECT_EQ(eval(Op::kConcat, {"\"foo\"@en", "\"bar\"@fr"}), "\"foobar\"");
  EXPECT_EQ(eval(Op::kConcat, {"\"foo\"@en", "\"bar\""}), "\"foobar\"");
  EXPECT_EQ(eval(Op::kConcat, {"\"foo\"^^xsd:string", "\"bar\"^^xsd:string"}), "\"foobar\"");
  EXPECT_EQ(eval(Op::kConcat, {"\"foo\"@en"}), "\"foo\"@en");  // concat-single
  EXPECT_EQ(eval(Op::kConcat, {}), "\"\"");                    // concat-empty
  EXPECT_EQ(eval(Op::kConcat, {"\"a\"", "\"b\"", "\"c\"", "\"d\"", "\"e\"", "\"f\""}),
            "\"abcdef\"");
  EXPECT_EQ(eval(Op::kConcat, {"\"foo\"", "7"}), "error");
  EXPECT_EQ(eval(Op::kConcat, {"\"foo\"", "<http://a>"}), "error");
}

TEST(LangMatches, BasicFiltering) {
  EXPECT_EQ(eval(Op::kLangMatches, {"\"en\"", "\"en\""}), kTrue);
  EXPECT_EQ(eval(Op::kLangMatches, {"\"en-US\"", "\"en\""}), kTrue);
  EXPECT_EQ(eval(Op::kLangMatches, {"\"EN-us\"", "\"en-US\""}), kTrue);
  EXPECT_EQ(eval(Op::kLangMatches, {"\"english\"", "\"en\""}), kFalse);
  EXPECT_EQ(eval(Op::kLangMatches, {"\"en\"", "\"en-US\""}), kFalse);
  EXPECT_EQ(eval(Op::kLangMatches, {"\"fr\"", "\"*\""}), kTrue);
  EXPECT_EQ(eval(Op::kLangMatches, {"\"\"", "\"*\""}), kFalse);
  EXPECT_EQ(eval(Op::kLangMatches, {"\"\"", "\"\""}), kTrue);
  EXPECT_EQ(eval(Op::kLangMatches, {"\"en\"@en", "\"en\""}), "error");
  EXPECT_EQ(eval(Op::kLangMatches, {"1", "\"en\""}), "error");
}

TEST(LangMatches, OverLang) {
  EXPECT_EQ(eval(call(Op::kLangMatches, {call(Op::kLang, {c("\"chat\"@fr-BE")}), c("\"FR\"")})),
            kTrue);
}

}  // namespace string_functions_test
}  // namespace cairn::query::expr::testing
