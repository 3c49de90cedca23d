#pragma once
// Terse builders for Cypher Expr trees (docs/cypher.md's table) and an in-memory graph, so that
// the value tests read like the TCK scenarios they come from: run(add(i(1), f(2.5))) == "3.5".

#include <gtest/gtest.h>

#include <cctype>
#include <charconv>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/vocab.h"
#include "query/algebra/expr.h"
#include "query/value/graph_access.h"
#include "query/value/value.h"
#include "query/value/value_program.h"
#include "query/value/value_text.h"

namespace cairn::query::value::testing {

inline std::string xsd(std::string_view local) {
  return std::string(core::vocab::kXsd) + std::string(local);
}

inline Expr i(int64_t v) {
  return Expr::makeConstant(core::Term::literal(std::to_string(v), xsd("integer")));
}
inline Expr f(double v) {
  char buffer[64];
  const auto r = std::to_chars(buffer, buffer + sizeof buffer, v);
  std::string lex(buffer, r.ptr);
  if (lex == "nan" || lex == "-nan") lex = "NaN";
  if (lex == "inf") lex = "INF";
  if (lex == "-inf") lex = "-INF";
  return Expr::makeConstant(core::Term::literal(lex, xsd("double")));
}
inline Expr s(std::string v) {
  return Expr::makeConstant(core::Term::literal(std::move(v), xsd("string")));
}
inline Expr b(bool v) {
  return Expr::makeConstant(core::Term::literal(v ? "true" : "false", xsd("boolean")));
}
inline Expr null() { return Expr::makeNull(); }
inline Expr var(std::string name) { return Expr::makeVariable(std::move(name)); }
inline Expr param(std::string name) { return Expr::makeParameter(std::move(name)); }

inline Expr op(Op o, std::vector<Expr> args) { return Expr::makeCall(o, std::move(args)); }
inline Expr op1(Op o, Expr a) { return op(o, std::vector<Expr>{std::move(a)}); }
inline Expr op(Op o, Expr a, Expr b) {
  return op(o, std::vector<Expr>{std::move(a), std::move(b)});
}

inline Expr list(std::vector<Expr> items) { return op(Op::kList, std::move(items)); }
inline Expr map(std::vector<std::pair<std::string, Expr>> entries) {
  Expr e = op(Op::kMap, std::vector<Expr>{});
  e.op = Op::kMap;
  for (auto& [k, v] : entries) {
    e.names.push_back(k);
    e.args.push_back(std::move(v));
  }
  return e;
}
inline Expr prop(Expr base, std::string key) {
  Expr e = op1(Op::kProperty, std::move(base));
  e.names = {std::move(key)};
  return e;
}
inline Expr at(Expr base, Expr index) { return op(Op::kIndex, std::move(base), std::move(index)); }
inline Expr slice(Expr base, Expr from, Expr to) {
  return op(Op::kSlice, {std::move(base), std::move(from), std::move(to)});
}
inline Expr labels(Expr base, std::vector<std::string> names) {
  Expr e = op1(Op::kHasLabels, std::move(base));
  e.names = std::move(names);
  return e;
}
inline Expr fn(std::string name, std::vector<Expr> args) {
  Expr e = op(Op::kFunction, std::move(args));
  e.iri = std::move(name);
  return e;
}
// [v IN list WHERE pred | proj]
inline Expr comprehension(std::string v, Expr list, Expr pred, Expr proj) {
  Expr e = op(Op::kListComprehension, {std::move(list), std::move(pred), std::move(proj)});
  e.variable = std::move(v);
  return e;
}
// all/any/none/single(v IN list WHERE pred)
inline Expr quantifier(Op o, std::string v, Expr list, Expr pred) {
  Expr e = op(o, std::move(list), std::move(pred));
  e.variable = std::move(v);
  return e;
}
// reduce(acc = init, v IN list | step)
inline Expr reduce(std::string acc, Expr init, std::string v, Expr list, Expr step) {
  Expr e = op(Op::kReduce, {std::move(init), std::move(list), std::move(step)});
  e.variable = std::move(v);
  e.names = {std::move(acc)};
  return e;
}

inline Expr add(Expr a, Expr b) { return op(Op::kAdd, std::move(a), std::move(b)); }
inline Expr sub(Expr a, Expr b) { return op(Op::kSubtract, std::move(a), std::move(b)); }
inline Expr mul(Expr a, Expr b) { return op(Op::kMultiply, std::move(a), std::move(b)); }
inline Expr div(Expr a, Expr b) { return op(Op::kDivide, std::move(a), std::move(b)); }
inline Expr eq(Expr a, Expr b) { return op(Op::kEqual, std::move(a), std::move(b)); }
inline Expr in(Expr a, Expr b) { return op(Op::kIn, std::move(a), std::move(b)); }
inline Expr nan() { return div(f(0.0), f(0.0)); }

// A TCK literal ("[1, {a: 'x'}, null, -2.5e3]") as an Expr of kList, kMap and constants, so
// that the TCK's example tables can be pasted as they are.
class LiteralParser {
 public:
  explicit LiteralParser(std::string_view text) : text_(text) {}
  Expr parse() {
    Expr e = value();
    skip();
    if (pos_ != text_.size()) fail();
    return e;
  }

 private:
  [[noreturn]] void fail() const {
    throw std::invalid_argument("bad literal at " + std::to_string(pos_) + ": " +
                                std::string(text_));
  }
  void skip() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  bool take(char c) {
    skip();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool word(std::string_view w) {
    skip();
    if (text_.substr(pos_, w.size()) != w) return false;
    pos_ += w.size();
    return true;
  }
  std::string identifier() {
    skip();
    const size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      ++pos_;
    if (start == pos_) fail();
    return std::string(text_.substr(start, pos_ - start));
  }
  Expr value() {
    skip();
    if (take('[')) {
      std::vector<Expr> items;
      if (!take(']')) {
        do items.push_back(value());
        while (take(','));
        if (!take(']')) fail();
      }
      return list(std::move(items));
    }
    if (take('{')) {
      std::vector<std::pair<std::string, Expr>> entries;
      if (!take('}')) {
        do {
          std::string key = identifier();
          if (!take(':')) fail();
          entries.emplace_back(std::move(key), value());
        } while (take(','));
        if (!take('}')) fail();
      }
      return map(std::move(entries));
    }
    if (take('\'')) {
      std::string out;
      while (pos_ < text_.size() && text_[pos_] != '\'') {
        if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
        out += text_[pos_++];
      }
      if (!take('\'')) fail();
      return s(std::move(out));
    }
    if (word("null")) return null();
    if (word("true")) return b(true);
    if (word("false")) return b(false);
    const size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    bool isFloat = false;
    while (pos_ < text_.size() &&
           (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.' ||
            text_[pos_] == 'e' || text_[pos_] == 'E' ||
            (text_[pos_] == '-' && (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E')))) {
      isFloat = isFloat || !std::isdigit(static_cast<unsigned char>(text_[pos_]));
      ++pos_;
    }
    const std::string number(text_.substr(start, pos_ - start));
    if (number.empty() || number == "-") fail();
    return isFloat ? f(std::stod(number)) : i(std::stoll(number));
  }

  std::string_view text_;
  size_t pos_ = 0;
};

inline Expr lit(std::string_view text) { return LiteralParser(text).parse(); }

// An in-memory property graph for GraphAccess.
class FakeGraph final : public GraphAccess {
 public:
  struct Node {
    std::vector<std::string> labels;
    Value::Map properties;
  };
  struct Edge {
    std::string type;
    Value::Map properties;
  };

  Value addNode(core::NodeId id, std::vector<std::string> nodeLabels, Value::Map props = {}) {
    nodes_[id] = Node{std::move(nodeLabels), Value::map(std::move(props)).asMap()};
    return Value::node(id);
  }
  Value addRelationship(uint64_t id, core::NodeId start, core::NodeId end, std::string type,
                        Value::Map props = {}) {
    const core::NodeId typeId = 1000 + types_.size();
    types_[typeId] = type;
    edges_[id] = Edge{std::move(type), Value::map(std::move(props)).asMap()};
    return Value::relationship(Relationship{id, start, end, typeId});
  }

  std::vector<std::string> labels(core::NodeId node) const override {
    return nodes_.at(node).labels;
  }
  bool hasLabel(core::NodeId node, std::string_view label) const override {
    for (const auto& l : nodes_.at(node).labels) {
      if (l == label) return true;
    }
    return false;
  }
  Value nodeProperty(core::NodeId node, std::string_view key) const override {
    return lookup(nodes_.at(node).properties, key);
  }
  Value nodeProperties(core::NodeId node) const override {
    return Value::map(nodes_.at(node).properties);
  }
  std::string relationshipType(const Relationship& rel) const override {
    return types_.at(rel.type);
  }
  Value relationshipProperty(const Relationship& rel, std::string_view key) const override {
    return lookup(edges_.at(rel.id).properties, key);
  }
  Value relationshipProperties(const Relationship& rel) const override {
    return Value::map(edges_.at(rel.id).properties);
  }

 private:
  static Value lookup(const Value::Map& m, std::string_view key) {
    for (const auto& [k, v] : m) {
      if (k == key) return v;
    }
    return Value();
  }
  std::map<core::NodeId, Node> nodes_;
  std::map<uint64_t, Edge> edges_;
  std::map<core::NodeId, std::string> types_;
};

// Evaluates `e` over a row of named variables; the text of the value, or "error:<detail>" for
// a core::Error (its detail, or its code name when it has none).
class Runner {
 public:
  std::map<std::string, Value> row;
  Parameters parameters;
  FakeGraph graph;
  PatternRunner* patterns = nullptr;

  Value value(const Expr& e) {
    std::vector<std::string> names;
    std::vector<Value> values;
    for (const auto& [k, v] : row) {
      names.push_back(k);
      values.push_back(v);
    }
    const auto program = ValueProgram::compile(e, [&](std::string_view name) {
      for (size_t n = 0; n < names.size(); ++n) {
        if (names[n] == name) return static_cast<int>(n);
      }
      return -1;
    });
    EvalContext ctx;
    ctx.parameters = &parameters;
    ctx.graph = &graph;
    ctx.patterns = patterns;
    return program.evaluate(SpanRow(values), ctx);
  }

  std::string operator()(const Expr& e) {
    try {
      return toText(value(e), &graph);
    } catch (const core::Error& error) {
      return "error:" + (error.detail().empty() ? std::string(core::errorCodeName(error.code()))
                                                : error.detail());
    }
  }
};

// The class of the error `e` raises, or kUnsupported... as a test-friendly string
// "<class>/<detail>"; "none" when it evaluates.
inline std::string errorOf(Runner& run, const Expr& e) {
  try {
    run.value(e);
    return "none";
  } catch (const core::Error& error) {
    return std::string(core::errorCodeName(error.code())) + "/" + error.detail();
  }
}

}  // namespace cairn::query::value::testing
