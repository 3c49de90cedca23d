#include "tests/support/random_queries.h"

#include <random>
#include <set>
#include <string_view>

namespace cairn::testing {
namespace {

constexpr std::string_view kEx = "http://example.org/";
constexpr std::string_view kXsdInteger = "http://www.w3.org/2001/XMLSchema#integer";

// The vocabulary: ex:p0 links subjects (the graph paths walk, with cycles), ex:p1 points to
// integers or subjects, ex:p2 to strings (one language-tagged), ex:p3 to anything.
constexpr int kPredicates = 4;
const std::vector<std::string_view> kStrings = {"a", "b", "c", "ab"};

class Random {
 public:
  explicit Random(uint64_t seed) : engine_(seed) {}
  int below(int n) { return static_cast<int>(engine_() % static_cast<uint64_t>(n)); }
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(engine_) < p; }
  template <typename T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<size_t>(below(static_cast<int>(v.size())))];
  }

 private:
  std::mt19937_64 engine_;
};

core::Term exIri(const std::string& local) { return core::Term::iri(std::string(kEx) + local); }
core::Term integer(int v) {
  return core::Term::literal(std::to_string(v), std::string(kXsdInteger));
}

struct DataShape {
  int subjects = 4;
  bool blankNodes = false;
};

std::vector<Quad> randomData(Random& rng, const DataShape& shape) {
  auto subject = [&]() -> core::Term {
    if (shape.blankNodes && rng.chance(0.15))
      return core::Term::blank("n" + std::to_string(rng.below(2)));
    return exIri("s" + std::to_string(rng.below(shape.subjects)));
  };
  auto object = [&](int predicate) -> core::Term {
    switch (predicate) {
      case 0:
        return subject();
      case 1:
        return rng.chance(0.6) ? integer(rng.between(0, 5)) : subject();
      case 2:
        if (rng.chance(0.15)) return core::Term::literal("a", "", "en");
        return core::Term::literal(std::string(rng.pick(kStrings)));
      default: {
        int kind = rng.below(3);
        if (kind == 0) return subject();
        if (kind == 1) return integer(rng.between(0, 5));
        return core::Term::literal(std::string(rng.pick(kStrings)));
      }
    }
  };
  std::vector<Quad> quads;
  auto addTriples = [&](int count, std::optional<core::Term> graph) {
    for (int i = 0; i < count; ++i) {
      int p = rng.below(kPredicates);
      quads.push_back(Quad{subject(), exIri("p" + std::to_string(p)), object(p), graph});
    }
  };
  addTriples(rng.between(12, 30), std::nullopt);
  // A cycle on ex:p0 most of the time, so closures must stop.
  if (rng.chance(0.7)) {
    quads.push_back(Quad{exIri("s0"), exIri("p0"), exIri("s1"), std::nullopt});
    quads.push_back(Quad{exIri("s1"), exIri("p0"), exIri("s0"), std::nullopt});
  }
  int graphs = rng.below(3);
  for (int g = 0; g < graphs; ++g) addTriples(rng.between(2, 7), exIri("g" + std::to_string(g)));
  // Some default-graph triples repeated in a named graph: shared values across graphs.
  if (graphs > 0 && !quads.empty()) {
    Quad copy = quads[static_cast<size_t>(rng.below(static_cast<int>(quads.size())))];
    copy.graph = exIri("g0");
    quads.push_back(copy);
  }
  return quads;
}

class QueryWriter {
 public:
  QueryWriter(Random& rng, const std::vector<Quad>& data, bool orderSensitiveOk)
      : rng_(rng), orderSensitiveOk_(orderSensitiveOk) {
    for (const Quad& q : data) {
      if (q.graph) continue;
      const std::string& p = q.predicate.value;
      int predicate = p.back() - '0';
      if (predicate >= 0 && predicate < kPredicates) byPredicate_[predicate].push_back(&q);
    }
  }

  std::string write(bool& ordered);

 private:
  std::string var() { return rng_.pick(kVars); }
  std::string subjectConstant() { return "ex:s" + std::to_string(rng_.below(5)); }
  std::string literalConstant() {
    switch (rng_.below(3)) {
      case 0:
        return std::to_string(rng_.between(0, 5));
      case 1:
        return "\"" + std::string(rng_.pick(kStrings)) + "\"";
      default:
        return subjectConstant();
    }
  }
  std::string predicateConstant() { return "ex:p" + std::to_string(rng_.below(kPredicates)); }

  // A constant that can occur as the object of ex:p<predicate> in the data.
  // Constants are mostly taken from the data, so patterns with them tend to match.
  std::string objectConstant(int predicate) {
    const auto& triples = byPredicate_[predicate];
    if (!triples.empty() && rng_.chance(0.8)) {
      const Quad* q = rng_.pick(triples);
      if (q->object.kind != core::TermKind::kBlank) return core::toNTriples(q->object);
    }
    switch (predicate) {
      case 0:
        return subjectConstant();
      case 1:
        return std::to_string(rng_.between(0, 5));
      case 2:
        return "\"" + std::string(rng_.pick(kStrings)) + "\"";
      default:
        return literalConstant();
    }
  }
  // Mostly a variable, preferring ones already in the group so patterns join on something.
  // Node variables (?a ?b ?c) stand for subjects, value variables (?v ?w) for objects that are
  // literals, so joins are between positions that can actually hold the same term.
  std::string variable(std::set<std::string>& scope, const std::vector<std::string>& pool,
                       const std::string& avoid) {
    std::vector<std::string> inScope;
    for (const std::string& v : pool) {
      if (scope.count(v) && v != avoid) inScope.push_back(v);
    }
    std::string v;
    if (!inScope.empty() && rng_.chance(0.65)) {
      v = rng_.pick(inScope);
    } else {
      do {
        v = rng_.pick(pool);
      } while (v == avoid && pool.size() > 1 && rng_.chance(0.9));
    }
    scope.insert(v);
    return v;
  }
  std::string dataSubject(int predicate) {
    const auto& triples = byPredicate_[predicate];
    if (!triples.empty() && rng_.chance(0.8)) {
      const Quad* q = rng_.pick(triples);
      if (q->subject.kind != core::TermKind::kBlank) return core::toNTriples(q->subject);
    }
    return subjectConstant();
  }
  std::string triple(std::set<std::string>& scope) {
    int predicate = rng_.below(kPredicates);
    std::string s = rng_.chance(0.8) ? variable(scope, kNodeVars, "") : dataSubject(predicate);
    std::string p = "ex:p" + std::to_string(predicate);
    if (rng_.chance(0.1)) {
      p = "?p";
      predicate = kPredicates - 1;  // any object
    }
    std::string o;
    if (rng_.chance(0.25)) {
      o = objectConstant(predicate);
    } else if (predicate == 0 || (predicate != 2 && rng_.chance(0.4))) {
      o = variable(scope, kNodeVars, s);
    } else {
      o = variable(scope, kValueVars, "");
    }
    if (p == "?p") scope.insert(p);
    return s + " " + p + " " + o + " .";
  }
  std::string bgp(std::set<std::string>& scope, int maxTriples) {
    std::string out;
    int n = rng_.between(1, maxTriples);
    for (int i = 0; i < n; ++i) out += triple(scope) + " ";
    return out;
  }
  std::string path(int depth) {
    int kind = depth > 1 ? 0 : rng_.below(8);
    switch (kind) {
      case 1:
        return "(" + path(depth + 1) + ")+";
      case 2:
        return "(" + path(depth + 1) + ")*";
      case 3:
        return "(" + path(depth + 1) + ")?";
      case 4:
        return "(" + path(depth + 1) + "/" + path(depth + 1) + ")";
      case 5:
        return "(" + path(depth + 1) + "|" + path(depth + 1) + ")";
      case 6:
        return "^(" + path(depth + 1) + ")";
      case 7:
        // Negated property sets: forward, inverse, or both.
        switch (rng_.below(3)) {
          case 0:
            return "!" + predicateConstant();
          case 1:
            return "!^" + predicateConstant();
          default:
            return "!(" + predicateConstant() + "|^" + predicateConstant() + ")";
        }
      default:
        return rng_.chance(0.7) ? "ex:p0" : predicateConstant();
    }
  }
  std::string pathTriple(std::set<std::string>& scope) {
    std::string s = rng_.chance(0.7) ? rng_.pick(kNodeVars) : dataSubject(0);
    std::string o = rng_.chance(0.75) ? rng_.pick(kNodeVars) : subjectConstant();
    if (s[0] == '?') scope.insert(s);
    if (o[0] == '?') scope.insert(o);
    return s + " " + path(0) + " " + o + " . ";
  }
  std::string scopedVar(const std::set<std::string>& scope) {
    if (scope.empty() || rng_.chance(0.1)) return var();
    auto it = scope.begin();
    std::advance(it, rng_.below(static_cast<int>(scope.size())));
    return *it;
  }
  std::string condition(const std::set<std::string>& scope, int depth);
  std::string valueExpression(const std::set<std::string>& scope);
  std::string group(std::set<std::string>& scope, int depth);
  std::string values(std::set<std::string>& scope);

  inline static const std::vector<std::string> kVars = {"?a", "?b", "?c", "?v", "?w"};
  inline static const std::vector<std::string> kNodeVars = {"?a", "?b", "?c"};
  inline static const std::vector<std::string> kValueVars = {"?v", "?w"};
  Random& rng_;
  bool orderSensitiveOk_;
  std::vector<const Quad*> byPredicate_[kPredicates];
  int fresh_ = 0;
};

std::string QueryWriter::condition(const std::set<std::string>& scope, int depth) {
  static const std::vector<std::string> kComparisons = {"=", "!=", "<", ">", "<=", ">="};
  int kind = depth > 1 ? rng_.below(4) : rng_.below(10);
  std::string v = scopedVar(scope);
  switch (kind) {
    case 0:
      return "(" + v + " " + rng_.pick(kComparisons) + " " + literalConstant() + ")";
    case 1:
      return "(" + v + " " + rng_.pick(kComparisons) + " " + scopedVar(scope) + ")";
    case 2:
      return "BOUND(" + v + ")";
    case 3:
      return "((" + v + " + 1) > " + std::to_string(rng_.between(0, 5)) + ")";
    case 4:
      return "!(" + condition(scope, depth + 1) + ")";
    case 5:
      return "(" + condition(scope, depth + 1) + " && " + condition(scope, depth + 1) + ")";
    case 6:
      return "(" + condition(scope, depth + 1) + " || " + condition(scope, depth + 1) + ")";
    case 7:
      return "(" + v + (rng_.chance(0.3) ? " NOT IN (" : " IN (") + literalConstant() + ", " +
             literalConstant() + ", " + literalConstant() + "))";
    case 8:
      return rng_.chance(0.5) ? "isIRI(" + v + ")" : "isLiteral(" + v + ")";
    default: {
      // EXISTS inside an expression is evaluated per row by substitution, never as a semi-join.
      std::set<std::string> inner = scope;
      return std::string(rng_.chance(0.4) ? "NOT EXISTS { " : "EXISTS { ") + triple(inner) + " }";
    }
  }
}

std::string QueryWriter::valueExpression(const std::set<std::string>& scope) {
  std::string v = scopedVar(scope);
  switch (rng_.below(5)) {
    case 0:
      return "(" + v + " + " + std::to_string(rng_.between(1, 3)) + ")";
    case 1:
      return "STR(" + v + ")";
    case 2:
      return "IF(BOUND(" + v + "), 1, 0)";
    case 3:
      return "COALESCE(" + v + ", " + literalConstant() + ")";
    default:
      return literalConstant();
  }
}

std::string QueryWriter::values(std::set<std::string>& scope) {
  auto cell = [&]() { return rng_.chance(0.2) ? std::string("UNDEF") : literalConstant(); };
  std::string out;
  if (rng_.chance(0.5)) {
    std::string v = var();
    scope.insert(v);
    out = "VALUES " + v + " {";
    int n = rng_.between(1, 3);
    for (int i = 0; i < n; ++i) out += " " + cell();
    return out + " } ";
  }
  std::string v1 = var();
  std::string v2 = var();
  if (v1 == v2) v2 = v1 == "?a" ? "?b" : "?a";
  scope.insert(v1);
  scope.insert(v2);
  out = "VALUES (" + v1 + " " + v2 + ") {";
  int n = rng_.between(1, 3);
  for (int i = 0; i < n; ++i) out += " (" + cell() + " " + cell() + ")";
  return out + " } ";
}

std::string QueryWriter::group(std::set<std::string>& scope, int depth) {
  std::string out = rng_.chance(0.2) ? pathTriple(scope) : bgp(scope, depth == 0 ? 3 : 1);
  int extras = depth >= 2 ? 0 : rng_.below(depth == 0 ? 4 : 2);
  for (int i = 0; i < extras; ++i) {
    switch (rng_.below(12)) {
      case 0:
      case 1: {
        std::set<std::string> inner = scope;
        std::string body = group(inner, depth + 1);
        if (rng_.chance(0.4)) body += "FILTER(" + condition(inner, 1) + ") ";
        out += "OPTIONAL { " + body + "} ";
        scope = std::move(inner);
        break;
      }
      case 2:
        out += "FILTER(" + condition(scope, 0) + ") ";
        break;
      case 3: {
        std::set<std::string> left = scope;
        std::set<std::string> right = scope;
        out += "{ " + group(left, depth + 1) + "} UNION { " + group(right, depth + 1) + "} ";
        scope.insert(left.begin(), left.end());
        scope.insert(right.begin(), right.end());
        break;
      }
      case 4: {
        std::set<std::string> inner = scope;
        out += "MINUS { " + group(inner, depth + 1) + "} ";
        break;
      }
      case 5: {
        std::set<std::string> inner = scope;
        out += std::string(rng_.chance(0.5) ? "FILTER NOT EXISTS { " : "FILTER EXISTS { ") +
               group(inner, depth + 1) + "} ";
        break;
      }
      case 6: {
        std::string target = "?x" + std::to_string(fresh_++);
        out += "BIND(" + valueExpression(scope) + " AS " + target + ") ";
        scope.insert(target);
        break;
      }
      case 7:
        out += values(scope);
        break;
      case 8: {
        std::string g = rng_.chance(0.6) ? "?g" : "ex:g" + std::to_string(rng_.below(2));
        if (g == "?g") scope.insert(g);
        out += "GRAPH " + g + " { " + bgp(scope, 2) + "} ";
        break;
      }
      case 9:
        out += pathTriple(scope);
        break;
      case 10: {
        // A sub-select: only its projection is visible outside (§18.2.1 scoping).
        std::set<std::string> inner;
        std::string body = group(inner, depth + 1);
        std::vector<std::string> keys;
        for (const std::string& v : kNodeVars) {
          if (inner.count(v)) keys.push_back(v);
        }
        std::string alias = "?n" + std::to_string(fresh_++);
        std::string key = !keys.empty() && rng_.chance(0.7) ? rng_.pick(keys) : "";
        out += "{ SELECT " + key + (key.empty() ? "" : " ") + "(COUNT(*) AS " + alias +
               ") WHERE { " + body + "} " + (key.empty() ? "" : "GROUP BY " + key + " ") + "} ";
        if (!key.empty()) scope.insert(key);
        scope.insert(alias);
        break;
      }
      default:
        out += bgp(scope, 2);
        break;
    }
  }
  return out;
}

std::string QueryWriter::write(bool& ordered) {
  std::set<std::string> scope;
  std::string where = group(scope, 0);
  const std::string prefix = "PREFIX ex: <http://example.org/>\n";
  ordered = false;

  // Sometimes an explicit dataset: FROM merges named graphs into the default graph.
  std::string dataset;
  if (rng_.chance(0.12)) {
    if (rng_.chance(0.7)) dataset += "FROM ex:g" + std::to_string(rng_.below(2)) + " ";
    if (rng_.chance(0.3)) dataset += "FROM ex:g" + std::to_string(rng_.below(2)) + " ";
    if (rng_.chance(0.5)) dataset += "FROM NAMED ex:g" + std::to_string(rng_.below(2)) + " ";
  }

  int form = rng_.below(100);
  if (form < 7) return prefix + "ASK " + dataset + "WHERE { " + where + "}";
  if (form < 14) {
    // CONSTRUCT: one or two template triples over the pattern's variables, a blank node now
    // and then (fresh per solution).
    std::string tmpl;
    int n = rng_.between(1, 2);
    for (int i = 0; i < n; ++i) {
      std::string subject = rng_.chance(0.2) ? "_:t" : scopedVar(scope);
      std::string object = rng_.chance(0.8) ? scopedVar(scope) : literalConstant();
      tmpl += subject + " " + predicateConstant() + " " + object + " . ";
    }
    return prefix + "CONSTRUCT { " + tmpl + "} " + dataset + "WHERE { " + where + "}";
  }

  std::string head = prefix + "SELECT ";
  std::string tail;
  std::vector<std::string> projected;

  if (rng_.chance(0.2)) {
    // Aggregation: an optional key, then one to three aggregates.
    std::string key;
    if (!scope.empty() && rng_.chance(0.7)) key = scopedVar(scope);
    if (!key.empty()) {
      head += key + " ";
      projected.push_back(key);
    }
    std::vector<std::string> functions = {"COUNT", "SUM", "COUNT DISTINCT", "AVG"};
    if (orderSensitiveOk_) {
      functions.push_back("MIN");
      functions.push_back("MAX");
    }
    int n = rng_.between(1, 3);
    for (int i = 0; i < n; ++i) {
      std::string alias = "?agg" + std::to_string(i);
      std::string f = rng_.pick(functions);
      std::string arg = rng_.chance(0.2) && f == "COUNT" ? "*" : scopedVar(scope);
      if (f == "COUNT DISTINCT") {
        head += "(COUNT(DISTINCT " + arg + ") AS " + alias + ") ";
      } else {
        head += "(" + f + "(" + arg + ") AS " + alias + ") ";
      }
      projected.push_back(alias);
    }
    if (!key.empty()) tail += "GROUP BY " + key + " ";
    if (rng_.chance(0.2)) tail += "HAVING (COUNT(*) > 1) ";
  } else {
    if (rng_.chance(0.3)) head += "DISTINCT ";
    if (scope.empty() || rng_.chance(0.2)) {
      head += "* ";
      projected.assign(scope.begin(), scope.end());
    } else {
      std::set<std::string> chosen;
      int n = rng_.between(1, 3);
      for (int i = 0; i < n; ++i) chosen.insert(scopedVar(scope));
      for (const std::string& v : chosen) head += v + " ";
      projected.assign(chosen.begin(), chosen.end());
    }
  }

  if (orderSensitiveOk_ && !projected.empty() && rng_.chance(0.35)) {
    ordered = true;
    tail += "ORDER BY";
    for (const std::string& v : projected) {
      tail += rng_.chance(0.3) ? " DESC(" + v + ")" : " " + v;
    }
    tail += " ";
    if (rng_.chance(0.7)) tail += "LIMIT " + std::to_string(rng_.between(1, 8)) + " ";
    if (rng_.chance(0.4)) tail += "OFFSET " + std::to_string(rng_.between(0, 3)) + " ";
  }
  return head + dataset + "WHERE { " + where + "} " + tail;
}

}  // namespace

RandomCase makeRandomCase(uint64_t seed) {
  Random rng(seed * 0x9E3779B97F4A7C15ull + 17);
  RandomCase c;
  c.seed = seed;
  DataShape shape;
  shape.subjects = rng.between(3, 5);
  shape.blankNodes = rng.chance(0.25);
  c.data = randomData(rng, shape);
  QueryWriter writer(rng, c.data, /*orderSensitiveOk=*/!shape.blankNodes);
  c.query = writer.write(c.ordered);
  return c;
}

std::string toNQuadsText(const std::vector<Quad>& quads) {
  std::string out;
  for (const Quad& q : quads) {
    out += toNQuads(q);
    out += '\n';
  }
  return out;
}

}  // namespace cairn::testing
