#include "query/expr/comparison.h"

#include "query/expr/expression_program.h"
#include "query/expr/numeric.h"

namespace cairn::query::expr {
namespace {

std::partial_ordering compareNumbers(const Classified& a, const Classified& b) {
  if (a.numeric && b.numeric) return compareNumeric(*a.numeric, *b.numeric);
  return core::compareXsdValues(a.value, b.value);
}

bool isOpaque(ValueClass c) { return c == ValueClass::kOther || c == ValueClass::kIllTyped; }

// The rank of a literal's class in ORDER BY's fixed order between classes.
int literalRank(ValueClass c) {
  switch (c) {
    case ValueClass::kNumeric:
      return 0;
    case ValueClass::kString:
      return 1;
    case ValueClass::kLangString:
      return 2;
    case ValueClass::kBoolean:
      return 3;
    case ValueClass::kDateTime:
      return 4;
    case ValueClass::kDate:
      return 5;
    case ValueClass::kTime:
      return 6;
    default:
      return 7;
  }
}

int sign(int v) { return v < 0 ? -1 : (v > 0 ? 1 : 0); }

int termKindRank(const core::Term* t) {
  if (t == nullptr) return 0;
  switch (t->kind) {
    case core::TermKind::kBlank:
      return 1;
    case core::TermKind::kIri:
      return 2;
    case core::TermKind::kLiteral:
      return 3;
  }
  return 3;
}

bool isNaN(const Classified& c) {
  return c.cls == ValueClass::kNumeric && c.value.isNumeric() &&
         (c.value.kind == core::XsdKind::kDouble || c.value.kind == core::XsdKind::kFloat) &&
         c.value.number != c.value.number;
}

}  // namespace

std::optional<bool> valueEquals(const core::Term& a, const Classified& ca, const core::Term& b,
                                const Classified& cb) {
  if (a.kind != core::TermKind::kLiteral || b.kind != core::TermKind::kLiteral) {
    return sameTerm(a, b);
  }
  if ((ca.cls == ValueClass::kLangString) != (cb.cls == ValueClass::kLangString)) {
    // Only rdf:langString has language-tagged values, so a tagged and an untagged literal are
    // known to differ, whatever the other's datatype (§17.4.1.7's "known to be different";
    // W3C open-eq-08..12).
    return false;
  }
  if (isOpaque(ca.cls) || isOpaque(cb.cls)) {
    // RDFterm-equal: two literals that are not the same term may still denote the same value
    // of a datatype the evaluator does not know, so '=' cannot answer false.
    if (sameTerm(a, b)) return true;
    return std::nullopt;
  }
  // Different known datatypes with disjoint value spaces (xsd:date vs xsd:dateTime included:
  // '<' between them is an error, but they are known to be different values, W3C date-2).
  if (ca.cls != cb.cls) return false;
  switch (ca.cls) {
    case ValueClass::kNumeric:
      return compareNumbers(ca, cb) == std::partial_ordering::equivalent;
    case ValueClass::kString:
      return a.value == b.value;
    case ValueClass::kLangString:
      return sameTerm(a, b);
    case ValueClass::kBoolean:
      return ca.value.boolean == cb.value.boolean;
    case ValueClass::kDateTime:
    case ValueClass::kDate:
    case ValueClass::kTime: {
      const auto o = core::compareXsdValues(ca.value, cb.value);
      if (o == std::partial_ordering::unordered) return std::nullopt;
      return o == std::partial_ordering::equivalent;
    }
    default:
      return sameTerm(a, b);
  }
}

std::optional<Ordering> compareValues(const Classified& ca, const core::Term& a,
                                      const Classified& cb, const core::Term& b) {
  if (ca.cls != cb.cls) return std::nullopt;
  switch (ca.cls) {
    case ValueClass::kNumeric:
      return toOrdering(compareNumbers(ca, cb));
    case ValueClass::kString: {
      // UTF-8 byte order is code point order, which is what fn:compare uses by default.
      const int c = a.value.compare(b.value);
      return c < 0 ? Ordering::kLess : (c > 0 ? Ordering::kGreater : Ordering::kEqual);
    }
    case ValueClass::kBoolean:
      return toOrdering(ca.value.boolean <=> cb.value.boolean);
    case ValueClass::kDateTime:
    case ValueClass::kDate:
    case ValueClass::kTime: {
      const Ordering o = toOrdering(core::compareXsdValues(ca.value, cb.value));
      if (o == Ordering::kUnordered) return std::nullopt;
      return o;
    }
    default:
      return std::nullopt;
  }
}

std::optional<int> compareLiteralsByValue(const Classified& ca, const Classified& cb) {
  const auto isTermOnly = [](ValueClass c) {
    return c == ValueClass::kIri || c == ValueClass::kBlank;
  };
  if (isTermOnly(ca.cls) || isTermOnly(cb.cls)) return std::nullopt;
  const int la = literalRank(ca.cls);
  const int lb = literalRank(cb.cls);
  if (la != lb) return la < lb ? -1 : 1;
  std::partial_ordering o = std::partial_ordering::unordered;
  switch (ca.cls) {
    case ValueClass::kNumeric: {
      // NaN has no place in the value order: it sorts before every other number.
      const bool nanA = isNaN(ca);
      const bool nanB = isNaN(cb);
      if (nanA != nanB) return nanA ? -1 : 1;
      o = compareNumbers(ca, cb);
      break;
    }
    case ValueClass::kBoolean:
      o = ca.value.boolean <=> cb.value.boolean;
      break;
    case ValueClass::kDateTime:
    case ValueClass::kDate:
    case ValueClass::kTime:
      o = core::compareXsdValues(ca.value, cb.value);
      break;
    default:
      return std::nullopt;  // strings compare by their terms; the rest has no value order
  }
  if (o == std::partial_ordering::less) return -1;
  if (o == std::partial_ordering::greater) return 1;
  return std::nullopt;
}

std::optional<bool> valueEquals(const core::Term& a, const core::Term& b) {
  return valueEquals(a, classifyWithValue(a), b, classifyWithValue(b));
}

int compareForOrdering(const core::Term* a, const core::Term* b) {
  return compareForOrdering(a, nullptr, b, nullptr);
}

int compareForOrdering(const core::Term* a, const Classified* knownA, const core::Term* b,
                       const Classified* knownB) {
  const int ra = termKindRank(a);
  const int rb = termKindRank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  if (a == nullptr) return 0;
  if (a->kind != core::TermKind::kLiteral) return sign(a->value.compare(b->value));
  std::optional<Classified> computedA;
  std::optional<Classified> computedB;
  const Classified& ca = knownA != nullptr ? *knownA : computedA.emplace(classifyWithValue(*a));
  const Classified& cb = knownB != nullptr ? *knownB : computedB.emplace(classifyWithValue(*b));
  if (const auto byValue = compareLiteralsByValue(ca, cb)) return *byValue;
  // Equal values (or none comparable): lexical form, then datatype, then language tag.
  if (int c = a->value.compare(b->value); c != 0) return sign(c);
  const bool stringA = isStringDatatype(a->datatype);
  const bool stringB = isStringDatatype(b->datatype);
  if (!(stringA && stringB)) {
    if (int c = a->datatype.compare(b->datatype); c != 0) return sign(c);
  }
  return sign(a->language.compare(b->language));
}

}  // namespace cairn::query::expr
