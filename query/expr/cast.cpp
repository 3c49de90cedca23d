// XSD constructor functions (§17.5, XPath casting §17.1): the allowed source/target pairs of the
// SPARQL cast table, with canonical lexical forms for the results.

#include <charconv>
#include <cmath>
#include <string>

#include "core/object_type.h"
#include "core/vocab.h"
#include "core/xsd_lexical.h"
#include "core/xsd_numeric_codec.h"
#include "query/expr/builtins.h"
#include "query/expr/values.h"

namespace cairn::query::expr {
namespace {

using core::Term;
namespace otype = core::otype;

// XPath's cast of a double or float to xs:string (F&O §19.1.2.2): decimal notation without an
// exponent for magnitudes in [1e-6, 1e6), else the shortest mantissa with "E".
std::string xpathStringOfReal(double v, bool isFloat) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "INF" : "-INF";
  if (v == 0) return std::signbit(v) ? "-0" : "0";
  char buffer[64];
  const double magnitude = std::fabs(v);
  const auto format = magnitude >= 1e-6 && magnitude < 1e6 ? std::chars_format::fixed
                                                           : std::chars_format::scientific;
  const auto written = isFloat
                           ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<float>(v), format)
                           : std::to_chars(buffer, buffer + sizeof buffer, v, format);
  std::string text(buffer, written.ptr);
  if (format == std::chars_format::fixed) return text;
  const size_t e = text.find('e');
  std::string mantissa = text.substr(0, e);
  if (mantissa.find('.') == std::string::npos) mantissa += ".0";
  return mantissa + "E" + std::to_string(std::stoi(text.substr(e + 1)));
}

// XPath's cast of a number to xs:string: integers and integral decimals without a fraction
// ("1" for 1.0), other decimals in canonical form, reals as above. Numbers beyond the exact
// range keep their lexical form.
std::string xpathStringOfNumber(const Classified& c, const Term& arg) {
  if (!c.numeric) return arg.value;
  const Numeric& n = *c.numeric;
  switch (n.kind) {
    case NumericKind::kInteger:
      return int128ToString(n.unscaled);
    case NumericKind::kDecimal: {
      std::string text = canonicalDecimal(n.unscaled, n.scale);
      if (text.ends_with(".0")) text.resize(text.size() - 2);
      return text;
    }
    case NumericKind::kFloat:
      return xpathStringOfReal(n.real, true);
    case NumericKind::kDouble:
      return xpathStringOfReal(n.real, false);
  }
  return arg.value;
}

enum class Target : uint8_t { kString, kBoolean, kInteger, kDecimal, kFloat, kDouble, kDateTime };

std::optional<Target> targetOf(std::string_view iri, core::ObjectType& type) {
  if (iri == core::vocab::kXsdString) return Target::kString;
  const auto t = core::builtinTypeForDatatype(iri);
  if (!t) return std::nullopt;
  type = *t;
  if (core::xsd::isIntegerType(*t)) return Target::kInteger;
  switch (*t) {
    case otype::kBoolean:
      return Target::kBoolean;
    case otype::kDecimal:
      return Target::kDecimal;
    case otype::kFloat:
      return Target::kFloat;
    case otype::kDouble:
      return Target::kDouble;
    case otype::kDateTime:
      return Target::kDateTime;
    default:
      return std::nullopt;
  }
}

// The exact value of a finite double as a decimal, through its shortest round-trip digits.
std::optional<Numeric> decimalOfDouble(double v) {
  if (!std::isfinite(v)) return std::nullopt;
  std::string canonical;
  core::xsd::appendCanonicalDouble(canonical, v);  // d.dddE-?n
  const size_t e = canonical.find('E');
  const auto value = core::parseXsdValue(otype::kDecimal, canonical.substr(0, e));
  if (!value) return std::nullopt;
  auto n = numericOf(*value);
  if (!n) return std::nullopt;
  int exponent = std::stoi(canonical.substr(e + 1));
  for (; exponent > 0; --exponent) {
    if (n->scale > 0) {
      --n->scale;
    } else if (__builtin_mul_overflow(n->unscaled, Int128{10}, &n->unscaled)) {
      return std::nullopt;
    }
  }
  n->scale -= exponent;
  if (n->scale > 38) return std::nullopt;
  n->kind = NumericKind::kDecimal;
  return n;
}

// The integer part of a number (XPath: truncation toward zero); NaN and ±INF are errors.
std::optional<Int128> truncated(const Numeric& n) {
  if (n.isExact()) {
    Int128 v = n.unscaled;
    for (int s = 0; s < n.scale; ++s) v /= 10;
    return v;
  }
  const auto d = decimalOfDouble(std::trunc(n.real));
  if (!d) return std::nullopt;
  return truncated(*d);
}

std::optional<Term> numericResult(Target target, core::ObjectType type, std::string_view iri,
                                  const Numeric& n) {
  switch (target) {
    case Target::kInteger: {
      const auto v = truncated(n);
      if (!v) return std::nullopt;
      std::string lexical = int128ToString(*v);
      // Derived types (xsd:byte, xsd:positiveInteger, ...) admit only their range.
      if (!core::parseXsdValue(type, lexical)) return std::nullopt;
      return Term::literal(std::move(lexical), std::string(iri));
    }
    case Target::kDecimal: {
      std::optional<Numeric> d = n.isExact() ? std::optional(n) : decimalOfDouble(n.real);
      if (!d) return std::nullopt;
      return Term::literal(canonicalDecimal(d->unscaled, d->scale), std::string(iri));
    }
    case Target::kFloat:
      return makeNumeric(Numeric::ofFloat(static_cast<float>(toDouble(n))));
    case Target::kDouble:
      return makeDouble(toDouble(n));
    case Target::kBoolean:
      if (n.isExact()) return makeBoolean(n.unscaled != 0);
      return makeBoolean(n.real != 0 && !std::isnan(n.real));
    default:
      return std::nullopt;
  }
}

std::optional<Term> castString(Target target, core::ObjectType type, std::string_view iri,
                               const Term& arg) {
  const std::string_view lexical = core::xsd::collapseWhitespace(arg.value);
  switch (target) {
    case Target::kString:
      return makeString(arg.value);
    case Target::kBoolean: {
      const auto v = core::parseXsdValue(otype::kBoolean, lexical);
      if (!v) return std::nullopt;
      return makeBoolean(v->boolean);
    }
    case Target::kDateTime: {
      if (!core::parseXsdValue(otype::kDateTime, lexical)) return std::nullopt;
      return Term::literal(std::string(lexical), std::string(iri));
    }
    default: {
      // A string casts to a number only through the target type's own lexical space
      // (xsd:integer("1.5") is an error).
      const core::ObjectType parseType = target == Target::kInteger   ? type
                                         : target == Target::kDecimal ? otype::kDecimal
                                         : target == Target::kFloat   ? otype::kFloat
                                                                      : otype::kDouble;
      const auto v = core::parseXsdValue(parseType, lexical);
      if (!v) return std::nullopt;
      const auto n = numericOf(*v);
      if (!n) return std::nullopt;
      return numericResult(target, type, iri, *n);
    }
  }
}

}  // namespace

bool isSupportedCast(std::string_view datatypeIri) {
  core::ObjectType type = otype::kNone;
  return targetOf(datatypeIri, type).has_value();
}

std::optional<Term> castTo(std::string_view datatypeIri, const Term& arg) {
  core::ObjectType type = otype::kNone;
  const auto target = targetOf(datatypeIri, type);
  if (!target) return std::nullopt;
  if (arg.kind == core::TermKind::kBlank) return std::nullopt;
  if (arg.kind == core::TermKind::kIri) {
    if (*target == Target::kString) return makeString(arg.value);
    return std::nullopt;
  }
  const Classified c = classifyWithValue(arg);
  switch (c.cls) {
    case ValueClass::kString:
      return castString(*target, type, datatypeIri, arg);
    case ValueClass::kNumeric:
      if (*target == Target::kString) return makeString(xpathStringOfNumber(c, arg));
      if (*target == Target::kDateTime || !c.numeric) return std::nullopt;
      return numericResult(*target, type, datatypeIri, *c.numeric);
    case ValueClass::kBoolean:
      if (*target == Target::kString || *target == Target::kBoolean) {
        return *target == Target::kString ? makeString(c.value.boolean ? "true" : "false")
                                          : makeBoolean(c.value.boolean);
      }
      if (*target == Target::kDateTime) return std::nullopt;
      return numericResult(*target, type, datatypeIri, Numeric::ofInteger(c.value.boolean ? 1 : 0));
    case ValueClass::kDateTime:
      if (*target == Target::kString) return makeString(arg.value);
      if (*target == Target::kDateTime) {
        return Term::literal(std::string(core::xsd::collapseWhitespace(arg.value)),
                             std::string(datatypeIri));
      }
      return std::nullopt;
    case ValueClass::kDate:
    case ValueClass::kTime:
    case ValueClass::kOther:
      if (*target == Target::kString) return makeString(arg.value);
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

}  // namespace cairn::query::expr
