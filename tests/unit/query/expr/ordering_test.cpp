// effectiveBooleanValue (§17.2.2), valueEquals (§17.4.1.7 with value equality) and
// compareForOrdering (§15.1), the entry points the engine calls directly.

#include <algorithm>
#include <random>

#include "core/literal_codec.h"
#include "core/xsd_value.h"
#include "query/expr/values.h"
#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace {

std::optional<bool> ebv(std::string_view spec) { return effectiveBooleanValue(term(spec)); }

TEST(EffectiveBooleanValue, Table) {
  EXPECT_EQ(ebv("true"), true);
  EXPECT_EQ(ebv("false"), false);
  EXPECT_EQ(ebv("\"1\"^^xsd:boolean"), true);
  EXPECT_EQ(ebv("\"maybe\"^^xsd:boolean"), false);  // invalid lexical form
  EXPECT_EQ(ebv("\"abc\"^^xsd:integer"), false);
  EXPECT_EQ(ebv("0"), false);
  EXPECT_EQ(ebv("-0.0"), false);
  EXPECT_EQ(ebv("0.001"), true);
  EXPECT_EQ(ebv("\"NaN\"^^xsd:double"), false);
  EXPECT_EQ(ebv("\"0.0E0\"^^xsd:float"), false);
  EXPECT_EQ(ebv("1e0"), true);
  EXPECT_EQ(ebv("\"\""), false);
  EXPECT_EQ(ebv("\"a\""), true);
  EXPECT_EQ(ebv("\"\"^^xsd:string"), false);
  EXPECT_EQ(ebv("\"a\"@en"), true);
  EXPECT_EQ(ebv("\"2010-01-01T00:00:00Z\"^^xsd:dateTime"), std::nullopt);
  EXPECT_EQ(ebv("\"a\"^^<http://t>"), std::nullopt);
  EXPECT_EQ(ebv("<http://a>"), std::nullopt);
  EXPECT_EQ(ebv("_:b"), std::nullopt);
}

TEST(EffectiveBooleanValue, EvaluateCondition) {
  const auto p = compileForTest(v("a"));
  EXPECT_EQ(p.evaluateCondition(TestRow({term("\"x\"")}), testContext()), true);
  EXPECT_EQ(p.evaluateCondition(TestRow({term("0")}), testContext()), false);
  EXPECT_EQ(p.evaluateCondition(TestRow({term("<http://a>")}), testContext()), std::nullopt);
  EXPECT_EQ(p.evaluateCondition(TestRow({std::nullopt}), testContext()), std::nullopt);
}

TEST(ValueEquals, PublicEntryPoint) {
  EXPECT_EQ(valueEquals(term("1"), term("1.0")), true);
  EXPECT_EQ(valueEquals(term("\"a\""), term("\"b\"")), false);
  EXPECT_EQ(valueEquals(term("\"a\"^^<http://t>"), term("\"b\"^^<http://t>")), std::nullopt);
  EXPECT_EQ(valueEquals(term("<http://a>"), term("<http://a>")), true);
}

int order(std::string_view a, std::string_view b) {
  const core::Term ta = term(a);
  const core::Term tb = term(b);
  return compareForOrdering(&ta, &tb);
}

TEST(CompareForOrdering, KindsThenValues) {
  const core::Term iri = term("<http://a>");
  EXPECT_LT(compareForOrdering(nullptr, &iri), 0);
  EXPECT_EQ(compareForOrdering(nullptr, nullptr), 0);
  EXPECT_LT(order("_:z", "<http://a>"), 0);
  EXPECT_LT(order("<http://z>", "\"a\""), 0);
  EXPECT_LT(order("<http://a>", "<http://b>"), 0);
  EXPECT_LT(order("1", "1.5"), 0);
  EXPECT_GT(order("10", "9.5e0"), 0);
  EXPECT_LT(order("\"a\"", "\"b\""), 0);
  EXPECT_LT(order("false", "true"), 0);
  EXPECT_LT(order("\"2010-01-01T00:00:00Z\"^^xsd:dateTime",
                  "\"2010-01-01T00:00:00-01:00\"^^xsd:dateTime"),
            0);
}

TEST(CompareForOrdering, EqualValuesTieBreakOnTheTerm) {
  // 1 and 1.0 are equal values but different terms: a fixed order, never 0.
  EXPECT_NE(order("1", "1.0"), 0);
  EXPECT_EQ(order("1", "1.0"), -order("1.0", "1"));
  EXPECT_EQ(order("\"a\"", "\"a\"^^xsd:string"), 0);
  EXPECT_NE(order("\"a\"@en", "\"a\"@fr"), 0);
  EXPECT_EQ(order("\"1\"^^xsd:integer", "1"), 0);
}

TEST(CompareForOrdering, MixedTypesFollowTheDocumentedOrder) {
  // numbers < simple strings < language strings < booleans < dateTimes < dates < times < other.
  const std::vector<std::string_view> ordered = {
      "\"NaN\"^^xsd:double",
      "-5",
      "2.5",
      "\"\"",
      "\"b\"",
      "\"a\"@en",
      "false",
      "true",
      "\"2010-01-01T00:00:00Z\"^^xsd:dateTime",
      "\"2010-01-01\"^^xsd:date",
      "\"10:00:00\"^^xsd:time",
      "\"abc\"^^xsd:integer",
      "\"x\"^^<http://t>",
  };
  for (size_t i = 0; i < ordered.size(); ++i) {
    for (size_t j = 0; j < ordered.size(); ++j) {
      const int c = order(ordered[i], ordered[j]);
      const int expected = i < j ? -1 : (i > j ? 1 : 0);
      EXPECT_EQ((c > 0) - (c < 0), expected) << ordered[i] << " vs " << ordered[j];
    }
  }
}

TEST(CompareForOrdering, SortIsConsistentOnAMixedList) {
  std::vector<core::Term> terms;
  for (std::string_view s : {"3", "1.5", "\"x\"", "<http://b>", "_:a", "\"y\"@en", "true", "1e0",
                             "\"2\"^^xsd:int", "<http://a>", "-7", "\"\""}) {
    terms.push_back(term(s));
  }
  std::mt19937 random(7);
  for (int round = 0; round < 5; ++round) {
    std::shuffle(terms.begin(), terms.end(), random);
    std::sort(terms.begin(), terms.end(), [](const core::Term& a, const core::Term& b) {
      return compareForOrdering(&a, &b) < 0;
    });
    std::string rendered;
    for (const auto& t : terms) rendered += show(t) + " ";
    EXPECT_EQ(rendered,
              "_:a <http://a> <http://b> \"-7\"^^xsd:integer \"1e0\"^^xsd:double "
              "\"1.5\"^^xsd:decimal \"2\"^^xsd:int \"3\"^^xsd:integer \"\" \"x\" \"y\"@en "
              "\"true\"^^xsd:boolean ");
  }
}

// The classification-only comparison (what sorts use before decoding terms; compareForOrdering
// starts with it, so the documented-order tests above cover its answers): it answers for
// different classes and for different values, and leaves the rest to the terms.
TEST(CompareLiteralsByValue, AnswersWhereTheClassificationsDecide) {
  // Numbers of different values and literals of different classes are decided by value.
  EXPECT_EQ(compareLiteralsByValue(classifyWithValue(term("\"+12915\"^^xsd:integer")),
                                   classifyWithValue(term("200000000"))),
            -1);
  EXPECT_EQ(
      compareLiteralsByValue(classifyWithValue(term("true")), classifyWithValue(term("\"a\"@en"))),
      1);
  // Equal values, NaNs and strings need the terms.
  EXPECT_EQ(compareLiteralsByValue(classifyWithValue(term("\"-05\"^^xsd:integer")),
                                   classifyWithValue(term("-5"))),
            std::nullopt);
  EXPECT_EQ(
      compareLiteralsByValue(classifyWithValue(term("\"b\"")), classifyWithValue(term("\"c\""))),
      std::nullopt);
  EXPECT_EQ(compareLiteralsByValue(classifyWithValue(term("\"NaN\"^^xsd:double")),
                                   classifyWithValue(term("\"NaN\"^^xsd:float"))),
            std::nullopt);
  EXPECT_EQ(compareLiteralsByValue(classifyWithValue(term("\"NaN\"^^xsd:double")),
                                   classifyWithValue(term("-5"))),
            -1);
  EXPECT_EQ(
      compareLiteralsByValue(classifyWithValue(term("\"2010-01-02\"^^xsd:date")),
                             classifyWithValue(term("\"2010-01-01T00:00:00Z\"^^xsd:dateTime"))),
      1);
  EXPECT_EQ(
      compareLiteralsByValue(classifyWithValue(term("false")), classifyWithValue(term("true"))),
      -1);
}

TEST(ClassifyValue, InlineKeysClassifyAsTheirTerms) {
  for (std::string_view spec : {"-5", "2.5", "\"1.0E0\"^^xsd:double", "\"7\"^^xsd:byte", "true",
                                "\"2010-01-01T01:00:00+01:00\"^^xsd:dateTime",
                                "\"2010-01-02\"^^xsd:date", "\"10:00:00\"^^xsd:time"}) {
    const core::Term t = term(spec);
    const auto type = core::builtinTypeForDatatype(t.datatype);
    ASSERT_TRUE(type.has_value()) << spec;
    const auto key = core::encodeInline(*type, t.value);
    ASSERT_TRUE(key.has_value()) << spec;
    const Classified fromKey = classifyValue(core::valueOfInline(*type, *key));
    const Classified fromTerm = classifyWithValue(t);
    EXPECT_EQ(fromKey.cls, fromTerm.cls) << spec;
    EXPECT_EQ(core::compareXsdValues(fromKey.value, fromTerm.value),
              std::partial_ordering::equivalent)
        << spec;
    EXPECT_EQ(fromKey.numeric.has_value(), fromTerm.numeric.has_value()) << spec;
  }
}

}  // namespace
}  // namespace cairn::query::expr::testing
