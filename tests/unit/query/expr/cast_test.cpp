// XSD constructor functions (SPARQL §17.5): the cast table and canonical result forms.

#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace {

std::string castOf(std::string_view target, std::string_view arg) {
  const std::string viaConstant = eval(cast(target, c(arg)));
  const std::string viaVariable = eval(cast(target, v("a")), TestRow({term(arg)}));
  EXPECT_EQ(viaConstant, viaVariable);
  return viaConstant;
}

TEST(Cast, ToString) {
  EXPECT_EQ(castOf("string", "<http://a>"), "\"http://a\"");
  EXPECT_EQ(castOf("string", "\"abc\""), "\"abc\"");
  EXPECT_EQ(castOf("string", "1"), "\"1\"");
  EXPECT_EQ(castOf("string", "true"), "\"true\"");
  EXPECT_EQ(castOf("string", "\"1\"^^xsd:boolean"), "\"true\"");
  EXPECT_EQ(castOf("string", "\"2010-01-01T00:00:00Z\"^^xsd:dateTime"), "\"2010-01-01T00:00:00Z\"");
  EXPECT_EQ(castOf("string", "_:b"), "error");
  EXPECT_EQ(castOf("string", "\"abc\"@en"), "error");
}

TEST(Cast, ToBoolean) {
  EXPECT_EQ(castOf("boolean", "\"true\""), "\"true\"^^xsd:boolean");
  EXPECT_EQ(castOf("boolean", "\"0\""), "\"false\"^^xsd:boolean");
  EXPECT_EQ(castOf("boolean", "\" 1 \""), "\"true\"^^xsd:boolean");
  EXPECT_EQ(castOf("boolean", "\"yes\""), "error");
  EXPECT_EQ(castOf("boolean", "0.0"), "\"false\"^^xsd:boolean");
  EXPECT_EQ(castOf("boolean", "-2"), "\"true\"^^xsd:boolean");
  EXPECT_EQ(castOf("boolean", "\"NaN\"^^xsd:double"), "\"false\"^^xsd:boolean");
  EXPECT_EQ(castOf("boolean", "\"2010-01-01T00:00:00Z\"^^xsd:dateTime"), "error");
  EXPECT_EQ(castOf("boolean", "<http://a>"), "error");
}

TEST(Cast, ToInteger) {
  EXPECT_EQ(castOf("integer", "\"012\""), "\"12\"^^xsd:integer");
  EXPECT_EQ(castOf("integer", "\"1.5\""), "error");  // a string must be an integer literal
  EXPECT_EQ(castOf("integer", "\"abc\""), "error");
  EXPECT_EQ(castOf("integer", "2.9"), "\"2\"^^xsd:integer");
  EXPECT_EQ(castOf("integer", "-2.9"), "\"-2\"^^xsd:integer");
  EXPECT_EQ(castOf("integer", "1.5e3"), "\"1500\"^^xsd:integer");
  EXPECT_EQ(castOf("integer", "\"INF\"^^xsd:double"), "error");
  EXPECT_EQ(castOf("integer", "\"NaN\"^^xsd:double"), "error");
  EXPECT_EQ(castOf("integer", "true"), "\"1\"^^xsd:integer");
  EXPECT_EQ(castOf("integer", "\"2010-01-01T00:00:00Z\"^^xsd:dateTime"), "error");
}

TEST(Cast, ToDerivedIntegerTypesChecksTheRange) {
  EXPECT_EQ(castOf("byte", "\"127\""), "\"127\"^^xsd:byte");
  EXPECT_EQ(castOf("byte", "128"), "error");
  EXPECT_EQ(castOf("positiveInteger", "0"), "error");
  EXPECT_EQ(castOf("nonNegativeInteger", "\"+5\""), "\"5\"^^xsd:nonNegativeInteger");
  EXPECT_EQ(castOf("unsignedShort", "65535.9"), "\"65535\"^^xsd:unsignedShort");
  EXPECT_EQ(castOf("int", "\"-2147483649\""), "error");
}

TEST(Cast, ToDecimal) {
  EXPECT_EQ(castOf("decimal", "\"1.50\""), "\"1.5\"^^xsd:decimal");
  EXPECT_EQ(castOf("decimal", "\"1\""), "\"1.0\"^^xsd:decimal");
  EXPECT_EQ(castOf("decimal", "\"1e3\""), "error");
  EXPECT_EQ(castOf("decimal", "3"), "\"3.0\"^^xsd:decimal");
  EXPECT_EQ(castOf("decimal", "1.5e-3"), "\"0.0015\"^^xsd:decimal");
  EXPECT_EQ(castOf("decimal", "1.25e2"), "\"125.0\"^^xsd:decimal");
  EXPECT_EQ(castOf("decimal", "\"INF\"^^xsd:double"), "error");
  EXPECT_EQ(castOf("decimal", "false"), "\"0.0\"^^xsd:decimal");
}

TEST(Cast, ToFloatAndDouble) {
  EXPECT_EQ(castOf("double", "\"1\""), "\"1.0E0\"^^xsd:double");
  EXPECT_EQ(castOf("double", "\"-INF\""), "\"-INF\"^^xsd:double");
  EXPECT_EQ(castOf("double", "\"abc\""), "error");
  EXPECT_EQ(castOf("double", "1.5"), "\"1.5E0\"^^xsd:double");
  EXPECT_EQ(castOf("double", "100"), "\"1.0E2\"^^xsd:double");
  EXPECT_EQ(castOf("double", "true"), "\"1.0E0\"^^xsd:double");
  EXPECT_EQ(castOf("float", "0.1"), "\"1.0E-1\"^^xsd:float");
  EXPECT_EQ(castOf("float", "\"1e40\""), "\"INF\"^^xsd:float");
  EXPECT_EQ(castOf("double", "\"2010-01-01T00:00:00Z\"^^xsd:dateTime"), "error");
}

TEST(Cast, ToDateTime) {
  EXPECT_EQ(castOf("dateTime", "\"2010-01-01T00:00:00Z\""),
            "\"2010-01-01T00:00:00Z\"^^xsd:dateTime");
  EXPECT_EQ(castOf("dateTime", "\"2010-01-01\""), "error");
  EXPECT_EQ(castOf("dateTime", "\"2010-01-01T00:00:00+01:00\"^^xsd:dateTime"),
            "\"2010-01-01T00:00:00+01:00\"^^xsd:dateTime");
  EXPECT_EQ(castOf("dateTime", "1"), "error");
}

TEST(Cast, IllTypedAndUnknownSources) {
  EXPECT_EQ(castOf("integer", "\"abc\"^^xsd:integer"), "error");
  EXPECT_EQ(castOf("string", "\"abc\"^^xsd:integer"), "error");
  EXPECT_EQ(castOf("string", "\"abc\"^^<http://t>"), "\"abc\"");
  EXPECT_EQ(castOf("integer", "\"1\"^^<http://t>"), "error");
}

TEST(Cast, UnsupportedTargetIsAnError) {
  EXPECT_EQ(castOf("gYear", "\"2010\""), "error");
  EXPECT_EQ(eval(Expr::makeCast("http://example.org/t", c("1"))), "error");
}

}  // namespace
}  // namespace cairn::query::expr::testing
