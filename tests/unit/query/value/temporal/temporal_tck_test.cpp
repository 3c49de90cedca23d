// Runs the openCypher TCK's temporal features (expressions/temporal/Temporal1..10.feature) in
// place against the pure temporal library (query/value/temporal/temporal.h), through a small
// evaluator of the Cypher those scenarios use: CREATE/MATCH of single nodes, WITH, RETURN, map
// and list literals, property access, the temporal functions, toString, arithmetic and
// comparison. Every scenario of a file runs; each must give exactly the expected rows (as TCK
// value text), except the few listed in kKnownDifferences with the reason. The test prints how
// many scenarios of each file pass.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "core/error.h"
#include "query/value/temporal/temporal.h"
#include "tests/support/tck/feature_reader.h"
#include "tests/support/tck/tck_value.h"

namespace cairn::query::value::temporal_tck_test {
namespace {

// ---- values of the mini evaluator

struct Val;
using List = std::vector<Val>;
using Map = std::vector<std::pair<std::string, Val>>;
struct Val {
  std::variant<std::monostate, bool, int64_t, double, std::string, Temporal, std::shared_ptr<List>,
               std::shared_ptr<Map>>
      v;
  bool isNull() const { return v.index() == 0; }
};

Val mkList(List l) { return Val{std::make_shared<List>(std::move(l))}; }
Val mkMap(Map m) { return Val{std::make_shared<Map>(std::move(m))}; }

// A construct outside what this evaluator knows: the scenario counts as not covered.
struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

tck::TckValue toTck(const Val& val) {
  struct V {
    tck::TckValue operator()(std::monostate) const { return {}; }
    tck::TckValue operator()(bool b) const { return tck::TckValue::boolean(b); }
    tck::TckValue operator()(int64_t i) const { return tck::TckValue::integer(i); }
    tck::TckValue operator()(double d) const { return tck::TckValue::floating(d); }
    tck::TckValue operator()(const std::string& s) const { return tck::TckValue::string(s); }
    // The TCK writes temporal values as their text in quotes.
    tck::TckValue operator()(const Temporal& t) const {
      return tck::TckValue::string(formatTemporal(t));
    }
    tck::TckValue operator()(const std::shared_ptr<List>& l) const {
      std::vector<tck::TckValue> out;
      for (const Val& e : *l) out.push_back(toTck(e));
      return tck::TckValue::list(std::move(out));
    }
    tck::TckValue operator()(const std::shared_ptr<Map>& m) const {
      tck::TckMap out;
      for (const auto& [k, e] : *m) out.emplace_back(k, toTck(e));
      return tck::TckValue::map(std::move(out));
    }
  };
  return std::visit(V{}, val.v);
}

// ---- lexer

struct Token {
  enum Kind { kName, kInt, kFloat, kString, kPunct, kEnd } kind = kEnd;
  std::string text;
  size_t begin = 0;
};

std::vector<Token> lex(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    Token t;
    t.begin = i;
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      t.kind = Token::kName;
      t.text = std::string(s.substr(i, j - i));
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t j = i;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      t.kind = Token::kInt;
      if (j + 1 < s.size() && s[j] == '.' && std::isdigit(static_cast<unsigned char>(s[j + 1]))) {
        ++j;
        while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
        t.kind = Token::kFloat;
      }
      t.text = std::string(s.substr(i, j - i));
      i = j;
    } else if (c == '\'' || c == '"') {
      size_t j = i + 1;
      std::string text;
      while (j < s.size() && s[j] != c) {
        if (s[j] == '\\' && j + 1 < s.size()) ++j;
        text += s[j++];
      }
      t.kind = Token::kString;
      t.text = text;
      i = j + 1;
    } else {
      static const char* kTwo[] = {"<=", ">=", "<>"};
      t.kind = Token::kPunct;
      t.text = std::string(1, c);
      for (const char* two : kTwo) {
        if (s.substr(i, 2) == two) t.text = two;
      }
      i += t.text.size();
    }
    out.push_back(std::move(t));
  }
  out.push_back(Token{Token::kEnd, "", s.size()});
  return out;
}

bool keyword(const Token& t, std::string_view k) {
  if (t.kind != Token::kName || t.text.size() != k.size()) return false;
  for (size_t i = 0; i < k.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(t.text[i])) != k[i]) return false;
  }
  return true;
}

// ---- expressions

using Row = std::map<std::string, Val>;

Val callFunction(const std::string& name, const std::vector<Val>& args);
Val binary(const std::string& op, const Val& a, const Val& b);
Val property(const Val& base, const std::string& key);

class Parser {
 public:
  explicit Parser(std::string_view text) : tokens_(lex(text)) {}

  const Token& peek(size_t k = 0) const { return tokens_[std::min(pos_ + k, tokens_.size() - 1)]; }
  const Token& next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  bool atEnd() const { return peek().kind == Token::kEnd; }
  bool accept(std::string_view punct) {
    if (peek().kind == Token::kPunct && peek().text == punct) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool acceptKeyword(std::string_view k) {
    if (keyword(peek(), k)) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(std::string_view punct) {
    if (!accept(punct))
      throw Unsupported("expected '" + std::string(punct) + "' at '" + peek().text + "'");
  }
  std::string name() {
    if (peek().kind != Token::kName) throw Unsupported("expected a name at '" + peek().text + "'");
    return next().text;
  }

  Val expression(const Row& row) { return orExpr(row); }

 private:
  Val orExpr(const Row& row) {
    Val a = andExpr(row);
    while (acceptKeyword("OR")) a = binary("OR", a, andExpr(row));
    return a;
  }
  Val andExpr(const Row& row) {
    Val a = comparison(row);
    while (acceptKeyword("AND")) a = binary("AND", a, comparison(row));
    return a;
  }
  Val comparison(const Row& row) {
    Val a = additive(row);
    for (;;) {
      const Token& t = peek();
      if (t.kind == Token::kPunct && (t.text == "=" || t.text == "<>" || t.text == "<" ||
                                      t.text == ">" || t.text == "<=" || t.text == ">=")) {
        const std::string op = next().text;
        a = binary(op, a, additive(row));
      } else {
        return a;
      }
    }
  }
  Val additive(const Row& row) {
    Val a = multiplicative(row);
    for (;;) {
      if (accept("+")) {
        a = binary("+", a, multiplicative(row));
      } else if (accept("-")) {
        a = binary("-", a, multiplicative(row));
      } else {
        return a;
      }
    }
  }
  Val multiplicative(const Row& row) {
    Val a = unary(row);
    for (;;) {
      if (accept("*")) {
        a = binary("*", a, unary(row));
      } else if (accept("/")) {
        a = binary("/", a, unary(row));
      } else {
        return a;
      }
    }
  }
  Val unary(const Row& row) {
    if (accept("-")) return binary("*", postfix(row), Val{int64_t{-1}});
    return postfix(row);
  }
  Val postfix(const Row& row) {
    Val v = primary(row);
    while (peek().kind == Token::kPunct && peek().text == "." && peek(1).kind == Token::kName) {
      next();
      v = property(v, next().text);
    }
    return v;
  }
  Val primary(const Row& row) {
    const Token t = next();
    switch (t.kind) {
      case Token::kInt:
        return Val{static_cast<int64_t>(std::stoll(t.text))};
      case Token::kFloat:
        return Val{std::stod(t.text)};
      case Token::kString:
        return Val{t.text};
      case Token::kPunct:
        if (t.text == "(") {
          Val v = expression(row);
          expect(")");
          return v;
        }
        if (t.text == "[") {
          List items;
          if (!accept("]")) {
            do {
              items.push_back(expression(row));
            } while (accept(","));
            expect("]");
          }
          return mkList(std::move(items));
        }
        if (t.text == "{") return mkMap(mapBody(row));
        break;
      case Token::kName: {
        if (keyword(t, "NULL")) return Val{};
        if (keyword(t, "TRUE")) return Val{true};
        if (keyword(t, "FALSE")) return Val{false};
        // A function call: a dotted name followed by '('.
        std::string fn = t.text;
        size_t k = 0;
        while (peek(k).text == "." && peek(k + 1).kind == Token::kName) k += 2;
        if (peek(k).text == "(") {
          for (size_t i = 0; i < k; i += 2) {
            next();
            fn += "." + next().text;
          }
          next();
          std::vector<Val> args;
          if (!accept(")")) {
            do {
              args.push_back(expression(row));
            } while (accept(","));
            expect(")");
          }
          return callFunction(fn, args);
        }
        auto it = row.find(t.text);
        if (it == row.end()) throw Unsupported("unknown variable " + t.text);
        return it->second;
      }
      case Token::kEnd:
        break;
    }
    throw Unsupported("unexpected '" + t.text + "'");
  }

 public:
  // After '{': "k: v, ..." up to '}'.
  Map mapBody(const Row& row) {
    Map m;
    if (accept("}")) return m;
    do {
      std::string key = name();
      expect(":");
      m.emplace_back(key, expression(row));
    } while (accept(","));
    expect("}");
    return m;
  }

 private:
  std::vector<Token> tokens_;
  size_t pos_ = 0;
};

// ---- functions and operators over the library

const Temporal& asTemporal(const Val& v) {
  if (const auto* t = std::get_if<Temporal>(&v.v)) return *t;
  throw Unsupported("not a temporal value");
}

Components componentsOf(const Val& v) {
  const auto* m = std::get_if<std::shared_ptr<Map>>(&v.v);
  if (m == nullptr) throw Unsupported("not a map");
  Components out;
  for (const auto& [k, e] : **m) {
    ComponentValue value;
    if (const auto* i = std::get_if<int64_t>(&e.v)) {
      value = *i;
    } else if (const auto* d = std::get_if<double>(&e.v)) {
      value = *d;
    } else if (const auto* str = std::get_if<std::string>(&e.v)) {
      value = *str;
    } else if (const auto* t = std::get_if<Temporal>(&e.v)) {
      value = *t;
    } else {
      throw Unsupported("component value");
    }
    out.push_back(Component{k, value});
  }
  return out;
}

std::optional<TemporalType> typeNamed(std::string_view s) {
  for (int i = 0; i <= static_cast<int>(TemporalType::kDuration); ++i) {
    if (temporalTypeName(static_cast<TemporalType>(i)) == s) return static_cast<TemporalType>(i);
  }
  return std::nullopt;
}

Val callFunction(const std::string& rawName, const std::vector<Val>& args) {
  std::string name;
  for (char c : rawName) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const Val& a : args) {
    if (a.isNull()) return Val{};
  }
  if (name == "tostring" && args.size() == 1) return Val{formatTemporal(asTemporal(args[0]))};
  const size_t dot = name.find('.');
  const std::string base = name.substr(0, dot);
  const std::string member = dot == std::string::npos ? "" : name.substr(dot + 1);
  if (base == "duration" && !member.empty()) {
    static const std::map<std::string, BetweenUnit> kUnits = {{"between", BetweenUnit::kAll},
                                                              {"inmonths", BetweenUnit::kMonths},
                                                              {"indays", BetweenUnit::kDays},
                                                              {"inseconds", BetweenUnit::kSeconds}};
    auto it = kUnits.find(member);
    if (it == kUnits.end() || args.size() != 2) throw Unsupported(name);
    return Val{Temporal{durationBetween(asTemporal(args[0]), asTemporal(args[1]), it->second)}};
  }
  const auto type = typeNamed(base);
  if (!type) throw Unsupported("function " + name);
  if (member == "truncate") {
    const Components overrides = args.size() == 3 ? componentsOf(args[2]) : Components{};
    return Val{
        truncateTemporal(*type, std::get<std::string>(args[0].v), asTemporal(args[1]), overrides)};
  }
  if (member == "fromepoch") {
    return Val{
        Temporal{dateTimeFromEpoch(std::get<int64_t>(args[0].v), std::get<int64_t>(args[1].v))}};
  }
  if (member == "fromepochmillis") {
    return Val{Temporal{dateTimeFromEpochMillis(std::get<int64_t>(args[0].v))}};
  }
  if (!member.empty()) throw Unsupported("function " + name);
  // The statement's clock: one instant for the whole test run, as a statement sees one.
  static const int64_t kStatementNanos = std::chrono::duration_cast<std::chrono::nanoseconds>(
                                             std::chrono::system_clock::now().time_since_epoch())
                                             .count();
  if (args.empty()) return Val{currentTemporal(*type, kStatementNanos)};
  if (args.size() != 1) throw Unsupported(name + " arity");
  if (const auto* s = std::get_if<std::string>(&args[0].v)) return Val{parseTemporal(*type, *s)};
  if (std::holds_alternative<Temporal>(args[0].v)) {
    return Val{convertTemporal(*type, asTemporal(args[0]))};
  }
  return Val{constructTemporal(*type, componentsOf(args[0]))};
}

Val property(const Val& base, const std::string& key) {
  if (base.isNull()) return Val{};
  if (const auto* m = std::get_if<std::shared_ptr<Map>>(&base.v)) {
    for (const auto& [k, e] : **m) {
      if (k == key) return e;
    }
    return Val{};
  }
  const auto c = temporalComponent(asTemporal(base), key);
  if (!c) throw Unsupported("no component " + key);
  if (const auto* i = std::get_if<int64_t>(&*c)) return Val{*i};
  return Val{std::get<std::string>(*c)};
}

Val binary(const std::string& op, const Val& a, const Val& b) {
  if (a.isNull() || b.isNull()) return Val{};
  const auto* x = std::get_if<Temporal>(&a.v);
  const auto* y = std::get_if<Temporal>(&b.v);
  const auto* dx = x ? std::get_if<Duration>(x) : nullptr;
  const auto* dy = y ? std::get_if<Duration>(y) : nullptr;
  if (op == "+" || op == "-") {
    if (dx && dy)
      return Val{Temporal{op == "+" ? addDurations(*dx, *dy) : subtractDurations(*dx, *dy)}};
    if (x && dy) return Val{op == "+" ? addDuration(*x, *dy) : subtractDuration(*x, *dy)};
    if (dx && y && op == "+") return Val{addDuration(*y, *dx)};
  }
  if (op == "*" || op == "/") {
    const Duration* d = dx ? dx : (op == "*" ? dy : nullptr);
    const Val& n = dx ? b : a;
    if (d != nullptr) {
      if (const auto* i = std::get_if<int64_t>(&n.v)) {
        return Val{Temporal{op == "*" ? multiplyDuration(*d, *i)
                                      : divideDuration(*d, static_cast<double>(*i))}};
      }
      if (const auto* f = std::get_if<double>(&n.v)) {
        return Val{Temporal{op == "*" ? multiplyDuration(*d, *f) : divideDuration(*d, *f)}};
      }
    }
    if (const auto* i = std::get_if<int64_t>(&a.v); i && op == "*") {
      if (const auto* j = std::get_if<int64_t>(&b.v)) return Val{*i * *j};
    }
  }
  if (x && y) {
    if (op == "=") return Val{temporalEquals(*x, *y)};
    if (op == "<>") return Val{!temporalEquals(*x, *y)};
    const auto c = compareTemporals(*x, *y);
    if (!c) return Val{};
    if (op == "<") return Val{*c < 0};
    if (op == ">") return Val{*c > 0};
    if (op == "<=") return Val{*c <= 0};
    if (op == ">=") return Val{*c >= 0};
  }
  throw Unsupported("operator " + op);
}

// ---- statements: CREATE ([v][:L] {map}), MATCH ([v][:L]), WITH and RETURN item lists

struct Node {
  std::string label;
  Val properties;
};

class Statement {
 public:
  Statement(std::vector<Node>& graph, std::string_view text) : graph_(graph), parser_(text) {}

  std::vector<std::vector<Val>> run() {
    std::vector<Row> rows{Row{}};
    std::vector<std::vector<Val>> result;
    while (!parser_.atEnd()) {
      if (parser_.acceptKeyword("CREATE")) {
        do {
          auto [var, label, props] = nodePattern(Row{});
          graph_.push_back(Node{label, props});
        } while (parser_.accept(","));
      } else if (parser_.acceptKeyword("MATCH")) {
        do {
          auto [var, label, props] = nodePattern(Row{});
          std::vector<Row> out;
          for (const Row& r : rows) {
            for (const Node& n : graph_) {
              if (!label.empty() && n.label != label) continue;
              Row bound = r;
              bound[var] = n.properties;
              out.push_back(std::move(bound));
            }
          }
          rows = std::move(out);
        } while (parser_.accept(","));
      } else if (parser_.acceptKeyword("WITH")) {
        rows = project(rows, nullptr);
      } else if (parser_.acceptKeyword("RETURN")) {
        project(rows, &result);
      } else {
        throw Unsupported("clause '" + parser_.peek().text + "'");
      }
    }
    return result;
  }

 private:
  std::tuple<std::string, std::string, Val> nodePattern(const Row& row) {
    parser_.expect("(");
    std::string var, label;
    if (parser_.peek().kind == Token::kName) var = parser_.name();
    if (parser_.accept(":")) label = parser_.name();
    Val props = mkMap({});
    if (parser_.accept("{")) props = mkMap(parser_.mapBody(row));
    parser_.expect(")");
    return {var, label, props};
  }

  // Evaluates "expr [AS name], ..." once per row (the parser rewinds for each row).
  std::vector<Row> project(const std::vector<Row>& rows, std::vector<std::vector<Val>>* result) {
    std::vector<Row> out;
    Parser saved = parser_;
    for (const Row& row : rows) {
      parser_ = saved;
      Row projected;
      std::vector<Val> values;
      do {
        const size_t start = parser_.peek().begin;
        Val v = parser_.expression(row);
        std::string name = std::to_string(start);
        if (parser_.acceptKeyword("AS")) name = parser_.name();
        projected[name] = v;
        values.push_back(v);
      } while (parser_.accept(","));
      if (result) result->push_back(std::move(values));
      out.push_back(std::move(projected));
    }
    if (rows.empty()) {  // still consume the items
      Row none;
      do {
        parser_.expression(none);
        if (parser_.acceptKeyword("AS")) parser_.name();
      } while (parser_.accept(","));
    }
    return out;
  }

  std::vector<Node>& graph_;
  Parser parser_;
};

// ---- scenarios

// Scenarios whose expectation this library does not meet, each with the reason.
const std::map<std::string, std::string> kKnownDifferences = {
    {"Temporal2.feature [6] 5",
     "the TCK expects Europe/Stockholm's 1818 offset as +00:53:28 (tzdata's Berlin LMT, from a "
     "tz build where Stockholm links to Berlin); Debian's tzdata keeps Stockholm's own LMT "
     "+01:12:12"},
};

std::string cellText(const std::string& cell) { return tck::parseTckValue(cell).toString(); }

struct Outcome {
  bool passed = false;
  bool supported = true;
  std::string message;
};

Outcome runScenario(const tck::Scenario& scenario) {
  std::vector<Node> graph;
  std::vector<std::vector<Val>> last;
  try {
    for (const tck::Step& step : scenario.steps) {
      switch (step.kind) {
        case tck::StepKind::kEmptyGraph:
        case tck::StepKind::kAnyGraph:
          graph.clear();
          break;
        case tck::StepKind::kHavingExecuted:
          Statement(graph, step.docString).run();
          break;
        case tck::StepKind::kExecuteQuery:
        case tck::StepKind::kExecuteControlQuery:
          last = Statement(graph, step.docString).run();
          break;
        case tck::StepKind::kExpectEmptyResult:
          if (!last.empty()) return {false, true, "expected no rows"};
          break;
        case tck::StepKind::kExpectResult: {
          std::vector<std::string> expected, actual;
          for (size_t r = 1; r < step.table.size(); ++r) {
            std::string row;
            for (const auto& cell : step.table[r]) row += cellText(cell) + " | ";
            expected.push_back(row);
          }
          for (const auto& values : last) {
            std::string row;
            for (const Val& v : values) row += toTck(v).toString() + " | ";
            actual.push_back(row);
          }
          std::sort(expected.begin(), expected.end());
          std::sort(actual.begin(), actual.end());
          if (expected != actual) {
            std::string msg = "expected:\n";
            for (const auto& e : expected) msg += "  " + e + "\n";
            msg += "actual:\n";
            for (const auto& a : actual) msg += "  " + a + "\n";
            return {false, true, msg};
          }
          break;
        }
        case tck::StepKind::kExpectSideEffects:
        case tck::StepKind::kExpectNoSideEffects:
          break;  // side effects are the engine's business, not the library's
        default:
          return {false, false, "step not covered: " + step.text};
      }
    }
  } catch (const Unsupported& e) {
    return {false, false, std::string("not covered by the test evaluator: ") + e.what()};
  } catch (const core::Error& e) {
    return {false, true, "error: " + e.message()};
  }
  return {true, true, ""};
}

class TemporalFeature : public ::testing::TestWithParam<int> {};

TEST_P(TemporalFeature, MatchesTheTck) {
  const std::string file = "Temporal" + std::to_string(GetParam()) + ".feature";
  const std::string path =
      std::string(CAIRN_CONFORMANCE_DIR) + "/opencypher-tck/features/expressions/temporal/" + file;
  const tck::Feature feature = tck::readFeatureFile(path);
  int passed = 0, known = 0;
  for (const tck::Scenario& scenario : feature.scenarios) {
    const std::string id = file + " [" + std::to_string(scenario.index.value_or(0)) + "]" +
                           (scenario.outlineRow ? " " + std::to_string(*scenario.outlineRow) : "");
    const Outcome outcome = runScenario(scenario);
    if (kKnownDifferences.count(id)) {
      ++known;
      EXPECT_FALSE(outcome.passed) << id << " is listed as a known difference but passes";
      continue;
    }
    EXPECT_TRUE(outcome.passed) << id << ": " << scenario.name << "\n" << outcome.message;
    passed += outcome.passed;
  }
  std::printf("[ coverage ] %s: %d of %zu scenarios pass (%d known differences)\n", file.c_str(),
              passed, feature.scenarios.size(), known);
  EXPECT_GT(feature.scenarios.size(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Tck, TemporalFeature, ::testing::Range(1, 11),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return "Temporal" + std::to_string(info.param);
                         });

}  // namespace
}  // namespace cairn::query::value::temporal_tck_test
