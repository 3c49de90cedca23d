// The built-in function families (query/value/functions/): string, list, math, conversion and
// graph functions, with the TCK's expressions/ features (string, list, mathematical,
// typeConversion, graph) as the expectations.

#include <cmath>

#include "query/value/functions/conversion.h"
#include "query/value/functions/function_registry.h"
#include "tests/unit/query/value/value_test_support.h"

namespace cairn::query::value::testing {
namespace {

struct Call {
  const char* name;
  std::vector<const char*> args;  // TCK literals
  const char* expected;           // text, or "error:<detail>"
};

void expectCalls(Runner& run, const std::vector<Call>& calls) {
  for (const Call& c : calls) {
    std::vector<Expr> args;
    for (const char* a : c.args) args.push_back(lit(a));
    const Expr call = fn(c.name, std::move(args));
    EXPECT_EQ(run(call), c.expected) << toString(call);
  }
}

TEST(StringFunctions, Table) {
  Runner run;
  expectCalls(run,
              {
                  {"toUpper", {"'abc é'"}, "'ABC É'"},
                  {"toLower", {"'ABC'"}, "'abc'"},
                  {"toLower", {"null"}, "null"},
                  {"trim", {"'  a b  '"}, "'a b'"},
                  {"lTrim", {"'  a '"}, "'a '"},
                  {"rTrim", {"'  a '"}, "'  a'"},
                  {"replace", {"'hello'", "'l'", "'w'"}, "'hewwo'"},
                  {"replace", {"'ab'", "''", "'-'"}, "'-a-b-'"},
                  {"replace", {"'hello'", "null", "'w'"}, "null"},
                  {"substring", {"'0123456789'", "1"}, "'123456789'"},
                  {"substring", {"'0123456789'", "1", "3"}, "'123'"},
                  {"substring", {"'abc'", "5"}, "''"},
                  {"substring", {"'aéb'", "1", "1"}, "'é'"},
                  {"substring", {"null", "1"}, "null"},
                  {"substring", {"'abc'", "-1"}, "error:NegativeIntegerArgument"},
                  {"left", {"'hello'", "3"}, "'hel'"},
                  {"left", {"'hi'", "5"}, "'hi'"},
                  {"right", {"'hello'", "3"}, "'llo'"},
                  {"right", {"'héllo'", "4"}, "'éllo'"},
                  {"left", {"null", "3"}, "null"},
                  {"left", {"'a'", "null"}, "error:InvalidArgumentValue"},
                  {"split", {"'one,two'", "','"}, "['one', 'two']"},
                  {"split", {"'a,,b,'", "','"}, "['a', '', 'b', '']"},
                  {"split", {"'ab'", "''"}, "['a', 'b']"},
                  {"split", {"'a-b_c'", "['-', '_']"}, "['a', 'b', 'c']"},
                  {"split", {"null", "','"}, "null"},
                  {"reverse", {"'raksO'"}, "'Oskar'"},
                  {"reverse", {"'aé'"}, "'éa'"},
                  {"reverse", {"[4923, 'abc', 521, null, 487]"}, "[487, null, 521, 'abc', 4923]"},
                  {"toUpper", {"1"}, "error:InvalidArgumentValue"},
              });
}

TEST(ListFunctions, Table) {
  Runner run;
  expectCalls(run, {
                       {"size", {"[1, 2, 3]"}, "3"},
                       {"size", {"'héllo'"}, "5"},
                       {"size", {"null"}, "null"},
                       {"size", {"[[], []]"}, "2"},
                       {"size", {"1"}, "error:InvalidArgumentValue"},
                       {"head", {"[1, 2]"}, "1"},
                       {"head", {"[]"}, "null"},
                       {"last", {"[1, 2]"}, "2"},
                       {"last", {"null"}, "null"},
                       {"tail", {"[1, 2, 3]"}, "[2, 3]"},
                       {"tail", {"[]"}, "[]"},
                       {"coalesce", {"null", "null", "2", "3"}, "2"},
                       {"coalesce", {"null"}, "null"},
                       {"isEmpty", {"[]"}, "true"},
                       {"isEmpty", {"'a'"}, "false"},
                       {"isEmpty", {"{}"}, "true"},
                       // List11: range with default and explicit steps, and its failures.
                       {"range", {"-1236", "-1234"}, "[-1236, -1235, -1234]"},
                       {"range", {"-1234", "-1234"}, "[-1234]"},
                       {"range", {"-10", "-3"}, "[-10, -9, -8, -7, -6, -5, -4, -3]"},
                       {"range", {"0", "-1"}, "[]"},
                       {"range", {"2", "8", "3"}, "[2, 5, 8]"},
                       {"range", {"2", "-8", "-3"}, "[2, -1, -4, -7]"},
                       {"range", {"2", "8", "-3"}, "[]"},
                       {"range", {"1", "1", "-1"}, "[1]"},
                       {"range",
                        {"9223372036854775806", "9223372036854775807"},
                        "[9223372036854775806, 9223372036854775807]"},
                       {"range", {"2", "8", "0"}, "error:NumberOutOfRange"},
                       {"range", {"0", "0", "0"}, "error:NumberOutOfRange"},
                       {"range", {"true", "1", "1"}, "error:InvalidArgumentType"},
                       {"range", {"0", "1.1", "1"}, "error:InvalidArgumentType"},
                       {"range", {"0", "1", "'xyz'"}, "error:InvalidArgumentType"},
                       {"range", {"0", "1", "[1]"}, "error:InvalidArgumentType"},
                       {"range", {"-0.0", "1", "1"}, "error:InvalidArgumentType"},
                       {"range", {"0", "9000000000000000000"}, "error:ResourceExhausted"},
                   });
}

TEST(MathFunctions, Table) {
  Runner run;
  expectCalls(run, {
                       {"abs", {"-1"}, "1"},
                       {"abs", {"-1.5"}, "1.5"},
                       {"abs", {"null"}, "null"},
                       {"abs", {"-9223372036854775808"}, "error:IntegerOverflow"},
                       {"sqrt", {"12.96"}, "3.6"},
                       {"sqrt", {"-1"}, "NaN"},
                       {"ceil", {"1.2"}, "2.0"},
                       {"floor", {"-1.2"}, "-2.0"},
                       {"round", {"2.5"}, "3.0"},
                       {"round", {"-2.5"}, "-2.0"},
                       {"round", {"3"}, "3.0"},
                       {"round", {"3.14159", "2"}, "3.14"},
                       {"sign", {"-3"}, "-1"},
                       {"sign", {"0.0"}, "0"},
                       {"sign", {"2.5"}, "1"},
                       {"exp", {"0"}, "1.0"},
                       {"log", {"0"}, "-Infinity"},
                       {"log10", {"1000"}, "3.0"},
                       {"e", {}, "2.718281828459045"},
                       {"pi", {}, "3.141592653589793"},
                       {"sin", {"0"}, "0.0"},
                       {"cos", {"0"}, "1.0"},
                       {"atan2", {"0", "1"}, "0.0"},
                       {"degrees", {"0"}, "0.0"},
                       {"haversin", {"0"}, "0.0"},
                       {"sqrt", {"'a'"}, "error:InvalidArgumentValue"},
                       {"abs", {"true"}, "error:InvalidArgumentValue"},
                   });
  for (int k = 0; k < 20; ++k) {
    const Value r = run.value(fn("rand", {}));
    ASSERT_EQ(r.kind(), ValueKind::kFloat);
    EXPECT_GE(r.asFloat(), 0.0);
    EXPECT_LT(r.asFloat(), 1.0);
  }
  EXPECT_NEAR(run.value(fn("radians", {i(180)})).asFloat(), M_PI, 1e-15);
  EXPECT_NEAR(run.value(fn("cot", {f(M_PI / 4)})).asFloat(), 1.0, 1e-15);
}

// TypeConversion1-4.
TEST(ConversionFunctions, Table) {
  Runner run;
  expectCalls(run, {
                       {"toBoolean", {"true"}, "true"},
                       {"toBoolean", {"'true'"}, "true"},
                       {"toBoolean", {"'FALSE'"}, "false"},
                       {"toBoolean", {"null"}, "null"},
                       {"toBoolean", {"''"}, "null"},
                       {"toBoolean", {"' tru '"}, "null"},
                       {"toBoolean", {"'f alse'"}, "null"},
                       {"toBoolean", {"1.0"}, "error:InvalidArgumentValue"},
                       {"toBoolean", {"[]"}, "error:InvalidArgumentValue"},
                       {"toBoolean", {"{}"}, "error:InvalidArgumentValue"},
                       {"toInteger", {"82.9"}, "82"},
                       {"toInteger", {"-2.9"}, "-2"},
                       {"toInteger", {"'foo'"}, "null"},
                       {"toInteger", {"''"}, "null"},
                       {"toInteger", {"'2'"}, "2"},
                       {"toInteger", {"'2.9'"}, "2"},
                       {"toInteger", {"'1.7'"}, "1"},
                       {"toInteger", {"' 42'"}, "null"},
                       {"toInteger", {"true"}, "1"},
                       {"toInteger", {"[]"}, "error:InvalidArgumentValue"},
                       {"toInteger", {"{}"}, "error:InvalidArgumentValue"},
                       {"toIntegerOrNull", {"[]"}, "null"},
                       {"toFloat", {"3"}, "3.0"},
                       {"toFloat", {"'3.4'"}, "3.4"},
                       {"toFloat", {"'5'"}, "5.0"},
                       {"toFloat", {"'foo'"}, "null"},
                       {"toFloat", {"'nan'"}, "null"},
                       {"toFloat", {"''"}, "null"},
                       {"toFloat", {"true"}, "error:InvalidArgumentValue"},
                       {"toFloat", {"[]"}, "error:InvalidArgumentValue"},
                       {"toString", {"42"}, "'42'"},
                       {"toString", {"true"}, "'true'"},
                       {"toString", {"2.3"}, "'2.3'"},
                       {"toString", {"1.0"}, "'1.0'"},
                       {"toString", {"1e9"}, "'1.0E9'"},
                       {"toString", {"0.0001"}, "'1.0E-4'"},
                       {"toString", {"'apa'"}, "'apa'"},
                       {"toString", {"null"}, "null"},
                       {"toString", {"[]"}, "error:InvalidArgumentValue"},
                       {"toString", {"{}"}, "error:InvalidArgumentValue"},
                       {"toStringOrNull", {"[]"}, "null"},
                   });
  run.row["n"] = run.graph.addNode(1, {});
  EXPECT_EQ(run(fn("toString", {var("n")})), "error:InvalidArgumentValue");
  EXPECT_EQ(run(fn("toInteger", {var("n")})), "error:InvalidArgumentValue");
}

TEST(ConversionFunctions, JavaDoubleText) {
  const std::pair<double, const char*> cases[] = {
      {1.0, "1.0"},     {2.3, "2.3"},       {1e7, "1.0E7"},         {9999999.0, "9999999.0"},
      {0.001, "0.001"}, {0.0001, "1.0E-4"}, {-1.5e-10, "-1.5E-10"}, {123456789.0, "1.23456789E8"},
      {-0.0, "-0.0"},
  };
  for (const auto& [d, text] : cases) EXPECT_EQ(javaDoubleText(d), text) << d;
}

// Graph3-4 and the entity functions.
TEST(GraphFunctions, Table) {
  Runner run;
  run.row["a"] =
      run.graph.addNode(1, {"A", "B"}, {{"name", Value::string("x")}, {"age", Value::integer(3)}});
  run.row["b"] = run.graph.addNode(2, {});
  run.row["r"] = run.graph.addRelationship(7, 1, 2, "T", {{"w", Value::integer(1)}});
  run.row["p"] = Value::path({{1, 2}, {run.row["r"].asRelationship()}});
  const auto call = [&](const char* name, const char* v) { return run(fn(name, {var(v)})); };
  EXPECT_EQ(call("labels", "a"), "['A', 'B']");
  EXPECT_EQ(call("labels", "b"), "[]");
  EXPECT_EQ(call("type", "r"), "'T'");
  EXPECT_EQ(call("keys", "a"), "['age', 'name']");
  EXPECT_EQ(call("keys", "r"), "['w']");
  EXPECT_EQ(call("properties", "a"), "{age: 3, name: 'x'}");
  EXPECT_EQ(call("startNode", "r"), "(:A:B {age: 3, name: 'x'})");
  EXPECT_EQ(call("endNode", "r"), "()");
  EXPECT_EQ(call("id", "a"), "1");
  EXPECT_EQ(call("id", "r"), "7");
  EXPECT_EQ(call("nodes", "p"), "[(:A:B {age: 3, name: 'x'}), ()]");
  EXPECT_EQ(call("relationships", "p"), "[[:T {w: 1}]]");
  EXPECT_EQ(call("length", "p"), "1");
  EXPECT_EQ(run(fn("keys", {lit("{b: 1, a: null}")})), "['a', 'b']");
  EXPECT_EQ(run(fn("properties", {lit("{a: 1}")})), "{a: 1}");
  EXPECT_EQ(run(fn("exists", {prop(var("a"), "name")})), "true");
  EXPECT_EQ(run(fn("exists", {prop(var("a"), "nope")})), "false");
  for (const char* name :
       {"labels", "type", "keys", "properties", "id", "startNode", "length", "nodes"}) {
    EXPECT_EQ(run(fn(name, {null()})), "null") << name;
  }
  // Graph3 [9], Graph4 [6]: wrong kinds are TypeErrors with InvalidArgumentValue.
  EXPECT_EQ(run(fn("labels", {i(1)})), "error:InvalidArgumentValue");
  EXPECT_EQ(run(fn("labels", {var("r")})), "error:InvalidArgumentValue");
  EXPECT_EQ(run(fn("type", {var("a")})), "error:InvalidArgumentValue");
  EXPECT_EQ(run(fn("type", {i(1)})), "error:InvalidArgumentValue");
  EXPECT_EQ(errorOf(run, fn("type", {s("x")})), "TypeError/InvalidArgumentValue");
}

TEST(FunctionRegistryTest, ResolutionAndReplacement) {
  FunctionRegistry registry;
  registry.add("My.Func", 1, 2, [](std::span<const Value> a, EvalContext&) {
    return Value::integer(static_cast<int64_t>(a.size()));
  });
  ASSERT_NE(registry.find("my.func"), nullptr);
  EXPECT_EQ(registry.find("MY.FUNC")->name, "my.func");
  EXPECT_EQ(registry.find("other"), nullptr);
  EXPECT_EQ(registry.resolve("my.func", 2).maxArgs, 2u);
  try {
    registry.resolve("my.func", 3);
    FAIL();
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
    EXPECT_EQ(e.detail(), "InvalidNumberOfArguments");
  }
  const auto program = ValueProgram::compile(
      fn("my.func", {i(1), i(2)}), [](std::string_view) { return -1; }, registry);
  EvalContext ctx;
  EXPECT_EQ(toText(program.evaluate(SpanRow({}), ctx)), "2");
  // The standard registry has every family, the temporal one included.
  for (const char* name :
       {"tolower", "size", "abs", "tointeger", "labels", "date", "duration.between"}) {
    EXPECT_NE(FunctionRegistry::standard().find(name), nullptr) << name;
  }
}

}  // namespace
}  // namespace cairn::query::value::testing
