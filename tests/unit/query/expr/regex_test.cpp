// REGEX and REPLACE (SPARQL §17.4.3.14-15, XPath fn:matches / fn:replace) with their flags.

#include "query/expr/regex.h"

#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace {

constexpr const char* kTrue = "\"true\"^^xsd:boolean";
constexpr const char* kFalse = "\"false\"^^xsd:boolean";

TEST(RegexFunction, MatchesAnywhere) {
  EXPECT_EQ(eval(Op::kRegex, {"\"abcd\"", "\"bc\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"abcd\"", "\"^bc\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"abcd\"", "\"^a.*d$\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"abcd\"@en", "\"BC\"", "\"i\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"abcd\"^^xsd:string", "\"BC\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"ÉCOLE\"", "\"école\"", "\"i\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"食べ物\"", "\"^.べ.$\""}), kTrue);  // '.' is one code point
}

TEST(RegexFunction, Flags) {
  EXPECT_EQ(eval(Op::kRegex, {"\"a\\nb\"", "\"a.b\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"a\nb\"", "\"a.b\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"a\nb\"", "\"a.b\"", "\"s\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"a\nb\"", "\"^b\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"a\nb\"", "\"^b\"", "\"m\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"a\nb\"", "\"a$\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"ab\n\"", "\"b$\""}), kFalse);  // '$' is the very end in XPath
  EXPECT_EQ(eval(Op::kRegex, {"\"hello world\"", "\"hello world\"", "\"x\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"helloworld\"", "\"hello world\"", "\"x\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"a#b\"", "\"a#b\"", "\"x\""}), kTrue);  // '#' is no comment
  EXPECT_EQ(eval(Op::kRegex, {"\"a.b*\"", "\".b*\"", "\"q\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"axbb\"", "\".b*\"", "\"q\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"A.B\"", "\"a.b\"", "\"qi\""}), kTrue);
}

TEST(RegexFunction, XPathOnlySyntax) {
  // Class subtraction: consonants.
  EXPECT_EQ(eval(Op::kRegex, {"\"b\"", "\"^[a-z-[aeiou]]$\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"e\"", "\"^[a-z-[aeiou]]$\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"E\"", "\"^[^a-z-[A-D]]$\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"C\"", "\"^[^a-z-[A-D]]$\""}), kFalse);
  // \i and \c: XML name characters.
  EXPECT_EQ(eval(Op::kRegex, {"\"_name-1\"", "\"^\\i\\c*$\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"1name\"", "\"^\\i\\c*$\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"é:x\"", "\"^[\\i][\\c]+$\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"a b\"", "\"\\C\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"ab\"", "\"\\C\""}), kFalse);
  EXPECT_EQ(eval(Op::kRegex, {"\"ab\"", "\"[\\C]\""}), "error");
  // Unicode classes and escapes carry over.
  EXPECT_EQ(eval(Op::kRegex, {"\"٣\"", "\"^\\d$\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"Ж\"", "\"^\\p{Lu}$\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"a]\"", "\"[a\\]]+\""}), kTrue);
  EXPECT_EQ(eval(Op::kRegex, {"\"x y\"", "\"[ ]\"", "\"x\""}), "error");  // empty class
}

TEST(RegexFunction, Errors) {
  EXPECT_EQ(eval(Op::kRegex, {"\"abc\"", "\"(\""}), "error");
  EXPECT_EQ(eval(Op::kRegex, {"\"abc\"", "\"a\"", "\"k\""}), "error");
  EXPECT_EQ(eval(Op::kRegex, {"\"abc\"", "\"a\"@en"}), "error");
  EXPECT_EQ(eval(Op::kRegex, {"<http://abc>", "\"a\""}), "error");
  EXPECT_EQ(eval(Op::kRegex, {"1", "\"1\""}), "error");
}

TEST(RegexFunction, PatternFromAVariableIsCompiledPerRow) {
  const Expr e = call(Op::kRegex, {v("a"), v("b")});
  const ExpressionProgram p = compileForTest(e);
  EXPECT_EQ(show(p.evaluate(TestRow({term("\"abc\""), term("\"^a\"")}), testContext())), kTrue);
  EXPECT_EQ(show(p.evaluate(TestRow({term("\"abc\""), term("\"^b\"")}), testContext())), kFalse);
  EXPECT_EQ(show(p.evaluate(TestRow({term("\"abc\""), term("\"[\"")}), testContext())), "error");
}

TEST(ReplaceFunction, W3cCases) {
  // replace01
  EXPECT_EQ(eval(Op::kReplace, {"\"日本語\"@ja", "\"[^a-z0-9]\"", "\"-\""}), "\"---\"@ja");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"^^xsd:string", "\"[^a-z0-9]\"", "\"-\""}), "\"abc\"");
  EXPECT_EQ(eval(Op::kReplace, {"\"Français\"@fr", "\"[^a-z0-9]\"", "\"-\""}), "\"-ran-ais\"@fr");
  // replace02: "banana", "ana" → "*"
  EXPECT_EQ(eval(Op::kReplace, {"\"banana\"", "\"ana\"", "\"*\""}), "\"b*na\"");
  // replace03
  EXPECT_EQ(eval(Op::kReplace, {"\"abcd\"", "\"(ab)|(a)\"", "\"[1=$1][2=$2]\""}),
            "\"[1=ab][2=]cd\"");
  // replace-case-insensitive
  EXPECT_EQ(eval(Op::kReplace, {"\"aAbBaC\"", "\"a\"", "\"~/\"", "\"i\""}), "\"~/~/bB~/C\"");
}

TEST(ReplaceFunction, ReplacementSyntax) {
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"b\"", "\"\\$\""}), "\"a$c\"");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"b\"", "\"\\\\\""}), "\"a\\c\"");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"b\"", "\"\\\\$\""}), "error");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"(b)\"", "\"$1$1\""}), "\"abbc\"");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"(b)\"", "\"$12\""}), "\"ab2c\"");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"b\"", "\"$1\""}), "\"ac\"");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"b\"", "\"$\""}), "error");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"b\"", "\"\\x\""}), "error");
  EXPECT_EQ(eval(Op::kReplace, {"\"a.c\"", "\".\"", "\"$1\"", "\"q\""}), "\"a$1c\"");
}

TEST(ReplaceFunction, Errors) {
  // A pattern that matches the empty string is an error (XPath err:FORX0003).
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"x*\"", "\"-\""}), "error");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"(\"", "\"-\""}), "error");
  EXPECT_EQ(eval(Op::kReplace, {"\"abc\"", "\"b\"", "\"-\"@en"}), "error");
  EXPECT_EQ(eval(Op::kReplace, {"7", "\"7\"", "\"-\""}), "error");
}

TEST(RegexClass, LongOutputGrowsTheBuffer) {
  const auto regex = Regex::compile("a", "");
  ASSERT_TRUE(regex);
  const std::string text(1000, 'a');
  const auto out = regex->replace(text, "xyz");
  ASSERT_TRUE(out);
  EXPECT_EQ(out->size(), 3000u);
  EXPECT_EQ(out->substr(0, 6), "xyzxyz");
}

}  // namespace
}  // namespace cairn::query::expr::testing
