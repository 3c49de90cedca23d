// The expression grammar of spec §19.8 (Expression ... PrimaryExpression, BuiltInCall,
// Aggregate, iriOrFunction) producing query::Expr.

#include <array>
#include <optional>

#include "core/vocab.h"
#include "sparql/parser/parser.h"

namespace cairn::sparql {

using query::Expr;
using query::Op;

namespace {

struct BuiltIn {
  std::string_view name;
  Op op;  // its argument count is query::opArity(op)
};

// Every built-in call of §17.4 taking ordinary expression arguments (BOUND, EXISTS and the
// aggregates have their own syntax).
constexpr std::array kBuiltIns = {
    BuiltIn{"STR", Op::kStr},
    BuiltIn{"LANG", Op::kLang},
    BuiltIn{"LANGMATCHES", Op::kLangMatches},
    BuiltIn{"DATATYPE", Op::kDatatype},
    BuiltIn{"IRI", Op::kIri},
    BuiltIn{"URI", Op::kIri},
    BuiltIn{"BNODE", Op::kBnode},
    BuiltIn{"RAND", Op::kRand},
    BuiltIn{"ABS", Op::kAbs},
    BuiltIn{"CEIL", Op::kCeil},
    BuiltIn{"FLOOR", Op::kFloor},
    BuiltIn{"ROUND", Op::kRound},
    BuiltIn{"CONCAT", Op::kConcat},
    BuiltIn{"SUBSTR", Op::kSubstr},
    BuiltIn{"STRLEN", Op::kStrLen},
    BuiltIn{"REPLACE", Op::kReplace},
    BuiltIn{"UCASE", Op::kUcase},
    BuiltIn{"LCASE", Op::kLcase},
    BuiltIn{"ENCODE_FOR_URI", Op::kEncodeForUri},
    BuiltIn{"CONTAINS", Op::kContains},
    BuiltIn{"STRSTARTS", Op::kStrStarts},
    BuiltIn{"STRENDS", Op::kStrEnds},
    BuiltIn{"STRBEFORE", Op::kStrBefore},
    BuiltIn{"STRAFTER", Op::kStrAfter},
    BuiltIn{"YEAR", Op::kYear},
    BuiltIn{"MONTH", Op::kMonth},
    BuiltIn{"DAY", Op::kDay},
    BuiltIn{"HOURS", Op::kHours},
    BuiltIn{"MINUTES", Op::kMinutes},
    BuiltIn{"SECONDS", Op::kSeconds},
    BuiltIn{"TIMEZONE", Op::kTimezone},
    BuiltIn{"TZ", Op::kTz},
    BuiltIn{"NOW", Op::kNow},
    BuiltIn{"UUID", Op::kUuid},
    BuiltIn{"STRUUID", Op::kStrUuid},
    BuiltIn{"MD5", Op::kMd5},
    BuiltIn{"SHA1", Op::kSha1},
    BuiltIn{"SHA256", Op::kSha256},
    BuiltIn{"SHA384", Op::kSha384},
    BuiltIn{"SHA512", Op::kSha512},
    BuiltIn{"COALESCE", Op::kCoalesce},
    BuiltIn{"IF", Op::kIf},
    BuiltIn{"STRLANG", Op::kStrLang},
    BuiltIn{"STRDT", Op::kStrDt},
    BuiltIn{"SAMETERM", Op::kSameTerm},
    BuiltIn{"ISIRI", Op::kIsIri},
    BuiltIn{"ISURI", Op::kIsIri},
    BuiltIn{"ISBLANK", Op::kIsBlank},
    BuiltIn{"ISLITERAL", Op::kIsLiteral},
    BuiltIn{"ISNUMERIC", Op::kIsNumeric},
    BuiltIn{"REGEX", Op::kRegex},
};

const BuiltIn* findBuiltIn(const Token& token) {
  if (token.kind != TokenKind::kWord) return nullptr;
  for (const auto& builtIn : kBuiltIns) {
    if (token.isWord(builtIn.name)) return &builtIn;
  }
  return nullptr;
}

struct AggregateName {
  std::string_view name;
  query::AggregateCall::Function function;
};

constexpr std::array kAggregates = {
    AggregateName{"COUNT", query::AggregateCall::Function::kCount},
    AggregateName{"SUM", query::AggregateCall::Function::kSum},
    AggregateName{"MIN", query::AggregateCall::Function::kMin},
    AggregateName{"MAX", query::AggregateCall::Function::kMax},
    AggregateName{"AVG", query::AggregateCall::Function::kAvg},
    AggregateName{"SAMPLE", query::AggregateCall::Function::kSample},
    AggregateName{"GROUP_CONCAT", query::AggregateCall::Function::kGroupConcat},
};

const AggregateName* findAggregate(const Token& token) {
  if (token.kind != TokenKind::kWord) return nullptr;
  for (const auto& aggregate : kAggregates) {
    if (token.isWord(aggregate.name)) return &aggregate;
  }
  return nullptr;
}

bool isSigned(const Token& token) {
  return (token.kind == TokenKind::kInteger || token.kind == TokenKind::kDecimal ||
          token.kind == TokenKind::kDouble) &&
         (token.text[0] == '+' || token.text[0] == '-');
}

}  // namespace

Expr Parser::parseExpression() {
  NestingGuard nesting(*this);
  Expr left = parseAndExpression();
  while (acceptPunct("||")) left = Expr::makeCall(Op::kOr, {std::move(left), parseAndExpression()});
  return left;
}

Expr Parser::parseAndExpression() {
  Expr left = parseRelationalExpression();
  while (acceptPunct("&&")) {
    left = Expr::makeCall(Op::kAnd, {std::move(left), parseRelationalExpression()});
  }
  return left;
}

Expr Parser::parseRelationalExpression() {
  Expr left = parseAdditiveExpression();
  static constexpr std::pair<std::string_view, Op> kComparisons[] = {
      {"=", Op::kEqual},   {"!=", Op::kNotEqual},  {"<", Op::kLess},
      {">", Op::kGreater}, {"<=", Op::kLessEqual}, {">=", Op::kGreaterEqual},
  };
  for (const auto& [symbol, op] : kComparisons) {
    if (acceptPunct(symbol))
      return Expr::makeCall(op, {std::move(left), parseAdditiveExpression()});
  }
  const bool notIn = peek().isWord("NOT") && peek(1).isWord("IN");
  if (notIn || peek().isWord("IN")) {
    advance();
    if (notIn) advance();
    std::vector<Expr> args{std::move(left)};
    for (auto& e : parseExpressionList()) args.push_back(std::move(e));
    return Expr::makeCall(notIn ? Op::kNotIn : Op::kIn, std::move(args));
  }
  return left;
}

Expr Parser::parseAdditiveExpression() {
  Expr left = parseMultiplicativeExpression();
  while (true) {
    if (acceptPunct("+")) {
      left = Expr::makeCall(Op::kAdd, {std::move(left), parseMultiplicativeExpression()});
    } else if (acceptPunct("-")) {
      left = Expr::makeCall(Op::kSubtract, {std::move(left), parseMultiplicativeExpression()});
    } else if (isSigned(peek())) {
      // "?a -1": the tokenizer made "-1" one signed literal; the grammar reads it as ?a - 1.
      Token literal = advance();
      const bool minus = literal.text[0] == '-';
      literal.text.remove_prefix(1);
      Expr right = parseMultiplicativeTail(Expr::makeConstant(numericLiteral(literal)));
      left = Expr::makeCall(minus ? Op::kSubtract : Op::kAdd, {std::move(left), std::move(right)});
    } else {
      return left;
    }
  }
}

Expr Parser::parseMultiplicativeExpression() {
  return parseMultiplicativeTail(parseUnaryExpression());
}

Expr Parser::parseMultiplicativeTail(Expr left) {
  while (true) {
    if (acceptPunct("*")) {
      left = Expr::makeCall(Op::kMultiply, {std::move(left), parseUnaryExpression()});
    } else if (acceptPunct("/")) {
      left = Expr::makeCall(Op::kDivide, {std::move(left), parseUnaryExpression()});
    } else {
      return left;
    }
  }
}

Expr Parser::parseUnaryExpression() {
  if (acceptPunct("!")) return Expr::makeCall(Op::kNot, {parsePrimaryExpression()});
  if (acceptPunct("+")) return Expr::makeCall(Op::kUnaryPlus, {parsePrimaryExpression()});
  if (acceptPunct("-")) return Expr::makeCall(Op::kUnaryMinus, {parsePrimaryExpression()});
  return parsePrimaryExpression();
}

Expr Parser::parsePrimaryExpression() {
  const Token& token = peek();
  if (token.isPunct("(")) return parseBrackettedExpression();
  if (token.kind == TokenKind::kVariable) return Expr::makeVariable(std::string(advance().text));
  if (atIri()) return parseIriOrFunction(false);
  if (atBuiltInCall()) return parseBuiltInCall();
  if (atLiteral()) return Expr::makeConstant(parseLiteral());
  if (token.kind == TokenKind::kBlankNode || token.isPunct("[")) {
    errorAt(token, "blank nodes are not allowed in expressions");
  }
  expected("an expression");
}

Expr Parser::parseBrackettedExpression() {
  expectPunct("(", "to open an expression");
  Expr e = parseExpression();
  expectPunct(")", "to close the expression");
  return e;
}

std::vector<Expr> Parser::parseExpressionList() {
  expectPunct("(", "to open an expression list");
  std::vector<Expr> list;
  if (acceptPunct(")")) return list;
  do {
    list.push_back(parseExpression());
  } while (acceptPunct(","));
  expectPunct(")", "to close the expression list");
  return list;
}

std::vector<Expr> Parser::parseArgs(const Token& name, query::Arity arity) {
  if (!peek().isPunct("(")) expected("'(' after " + std::string(name.text));
  std::vector<Expr> args = parseExpressionList();
  if (!arity.accepts(args.size())) {
    const size_t min = arity.min;
    const size_t max = arity.max;
    std::string count = min == max ? std::to_string(min)
                        : max == query::Arity::kUnbounded
                            ? "at least " + std::to_string(min)
                            : std::to_string(min) + " to " + std::to_string(max);
    errorAt(name, std::string(name.text) + " takes " + count + " argument" +
                      (max == 1 && min == 1 ? "" : "s") + ", found " + std::to_string(args.size()));
  }
  return args;
}

bool Parser::atBuiltInCall() const {
  const Token& token = peek();
  if (findBuiltIn(token) || findAggregate(token)) return true;
  return token.isWord("BOUND") || token.isWord("EXISTS") ||
         (token.isWord("NOT") && peek(1).isWord("EXISTS"));
}

Expr Parser::parseBuiltInCall() {
  const Token& name = peek();
  if (findAggregate(name)) return parseAggregate();
  if (acceptWord("BOUND")) {
    expectPunct("(", "after BOUND");
    Expr var = Expr::makeVariable(parseVariable("in BOUND"));
    expectPunct(")", "to close BOUND");
    return Expr::makeCall(Op::kBound, {std::move(var)});
  }
  if (name.isWord("EXISTS") || name.isWord("NOT")) {
    const bool negated = name.isWord("NOT");
    advance();
    if (negated) advance();
    if (!peek().isPunct("{")) expected("'{' after EXISTS");
    query::AlgebraPtr pattern = parseGroupGraphPattern();
    return Expr::makeExists(std::move(pattern), negated);
  }
  const BuiltIn* builtIn = findBuiltIn(name);
  if (!builtIn) expected("a built-in function");
  const Token nameToken = advance();
  return Expr::makeCall(builtIn->op, parseArgs(nameToken, query::opArity(builtIn->op)));
}

Expr Parser::parseAggregate() {
  const Token name = advance();
  const AggregateName* aggregate = findAggregate(name);
  if (!aggregates_) {
    errorAt(name, "aggregate " + std::string(aggregate->name) + " is not allowed in " +
                      aggregateContext_);
  }
  query::AggregateCall call;
  call.function = aggregate->function;
  expectPunct("(", "after " + std::string(aggregate->name));
  call.distinct = acceptWord("DISTINCT");
  // The argument is evaluated per solution, not per group: no aggregate may nest inside it.
  std::vector<query::AggregateCall>* outer = aggregates_;
  const std::string outerContext = aggregateContext_;
  aggregates_ = nullptr;
  aggregateContext_ = "another aggregate";
  if (call.function == query::AggregateCall::Function::kCount && acceptPunct("*")) {
    call.arg.reset();
  } else {
    call.arg = parseExpression();
  }
  aggregates_ = outer;
  aggregateContext_ = outerContext;
  if (call.function == query::AggregateCall::Function::kGroupConcat && acceptPunct(";")) {
    expectWord("SEPARATOR", "after ';' in GROUP_CONCAT");
    expectPunct("=", "after SEPARATOR");
    if (peek().kind != TokenKind::kString) expected("a string after SEPARATOR =");
    call.separator = std::string(advance().text);
  }
  expectPunct(")", "to close " + std::string(aggregate->name));
  call.resultVariable = fresh_.next("agg");
  std::string variable = call.resultVariable;
  aggregates_->push_back(std::move(call));
  return Expr::makeVariable(std::move(variable));
}

Expr Parser::parseIriOrFunction(bool requireCall) {
  const Token name = peek();
  std::string iri = parseIri();
  if (!peek().isPunct("(")) {
    if (requireCall)
      errorAt(name, "expected a function call, found the IRI " + describeToken(name));
    return Expr::makeConstant(core::Term::iri(std::move(iri)));
  }
  advance();
  std::vector<Expr> args;
  const bool distinct = acceptWord("DISTINCT");
  if (!acceptPunct(")")) {
    do {
      args.push_back(parseExpression());
    } while (acceptPunct(","));
    expectPunct(")", "to close the arguments of " + describeToken(name));
  }
  if (distinct && args.empty()) errorAt(name, "DISTINCT needs an argument");
  if (iri.starts_with(core::vocab::kXsd) && args.size() == 1 && !distinct) {
    return Expr::makeCast(std::move(iri), std::move(args[0]));
  }
  Expr call = Expr::makeCall(Op::kFunction, std::move(args));
  call.iri = std::move(iri);
  return call;
}

Expr Parser::parseConstraint() {
  if (peek().isPunct("(")) return parseBrackettedExpression();
  if (atBuiltInCall()) return parseBuiltInCall();
  if (atIri()) return parseIriOrFunction(true);
  expected("a bracketed expression, a built-in call or a function call");
}

}  // namespace cairn::sparql
