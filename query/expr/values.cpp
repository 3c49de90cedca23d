#include "query/expr/values.h"

#include <algorithm>
#include <cmath>

#include "core/ascii.h"
#include "core/object_type.h"
#include "core/vocab.h"
#include "core/xsd_numeric_codec.h"

namespace cairn::query::expr {
namespace {

using core::equalsIgnoreAsciiCase;

constexpr int kMaxExactDigits = 38;

bool isNumericType(core::ObjectType t) {
  return core::xsd::isIntegerType(t) || t == core::otype::kDecimal || t == core::otype::kFloat ||
         t == core::otype::kDouble;
}

}  // namespace

bool isStringDatatype(std::string_view datatype) {
  return datatype.empty() || datatype == core::vocab::kXsdString;
}

ValueClass classify(const core::Term& t) {
  switch (t.kind) {
    case core::TermKind::kIri:
      return ValueClass::kIri;
    case core::TermKind::kBlank:
      return ValueClass::kBlank;
    case core::TermKind::kLiteral:
      break;
  }
  if (!t.language.empty()) return ValueClass::kLangString;
  if (isStringDatatype(t.datatype)) return ValueClass::kString;
  return classifyWithValue(t).cls;
}

Classified classifyWithValue(const core::Term& t) {
  Classified c;
  if (t.kind != core::TermKind::kLiteral || !t.language.empty() || isStringDatatype(t.datatype)) {
    c.cls = t.kind == core::TermKind::kIri     ? ValueClass::kIri
            : t.kind == core::TermKind::kBlank ? ValueClass::kBlank
            : !t.language.empty()              ? ValueClass::kLangString
                                               : ValueClass::kString;
    return c;
  }
  const auto type = core::builtinTypeForDatatype(t.datatype);
  if (!type) {
    c.cls = ValueClass::kOther;
    return c;
  }
  auto value = core::parseXsdValue(*type, t.value);
  if (!value) {
    c.cls = ValueClass::kIllTyped;
    return c;
  }
  return classifyValue(std::move(*value));
}

Classified classifyValue(core::XsdValue value) {
  Classified c;
  c.value = std::move(value);
  switch (c.value.kind) {
    case core::XsdKind::kBoolean:
      c.cls = ValueClass::kBoolean;
      break;
    case core::XsdKind::kDateTime:
      c.cls = ValueClass::kDateTime;
      break;
    case core::XsdKind::kDate:
      c.cls = ValueClass::kDate;
      break;
    case core::XsdKind::kTime:
      c.cls = ValueClass::kTime;
      break;
    default:
      c.cls = ValueClass::kNumeric;
      c.numeric = numericOf(c.value);
      break;
  }
  return c;
}

std::optional<Numeric> numericOf(const core::Term& t) {
  if (t.kind != core::TermKind::kLiteral || !t.language.empty() || t.datatype.empty()) {
    return std::nullopt;
  }
  const auto type = core::builtinTypeForDatatype(t.datatype);
  if (!type || !isNumericType(*type)) return std::nullopt;
  const auto value = core::parseXsdValue(*type, t.value);
  if (!value) return std::nullopt;
  return numericOf(*value);
}

std::optional<Numeric> numericOf(const core::XsdValue& v) {
  switch (v.kind) {
    case core::XsdKind::kInteger:
    case core::XsdKind::kDecimal: {
      if (v.kind == core::XsdKind::kInteger && !v.bigInteger) return Numeric::ofInteger(v.integer);
      const core::XsdDecimal& d = v.decimal;
      if (d.digits.size() > kMaxExactDigits || d.exponent > kMaxExactDigits) return std::nullopt;
      Int128 unscaled = 0;
      for (char c : d.digits) unscaled = unscaled * 10 + (c - '0');
      int64_t scale = static_cast<int64_t>(d.digits.size()) - d.exponent;
      if (scale > kMaxExactDigits) return std::nullopt;
      for (; scale < 0; ++scale) unscaled *= 10;
      if (d.negative) unscaled = -unscaled;
      if (v.kind == core::XsdKind::kInteger) return Numeric::ofInteger(unscaled);
      return Numeric::ofDecimal(unscaled, static_cast<int>(scale));
    }
    case core::XsdKind::kFloat:
      return Numeric::ofFloat(static_cast<float>(v.number));
    case core::XsdKind::kDouble:
      return Numeric::ofDouble(v.number);
    default:
      return std::nullopt;
  }
}

double toDouble(const Numeric& n) {
  if (!n.isExact()) return n.real;
  if (n.scale == 0) return static_cast<double>(n.unscaled);
  // Through the decimal text, so the conversion is correctly rounded.
  const std::string text = canonicalDecimal(n.unscaled, n.scale);
  return std::strtod(text.c_str(), nullptr);
}

bool sameTerm(const core::Term& a, const core::Term& b) {
  if (a.kind != b.kind || a.value != b.value) return false;
  if (a.kind != core::TermKind::kLiteral) return true;
  if (!equalsIgnoreAsciiCase(a.language, b.language)) return false;
  if (isStringDatatype(a.datatype)) return isStringDatatype(b.datatype);
  return a.datatype == b.datatype;
}

std::string int128ToString(Int128 v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  // The magnitude as unsigned so the most negative value is safe.
  unsigned __int128 m = negative ? -static_cast<unsigned __int128>(v) : v;
  std::string out;
  while (m != 0) {
    out += static_cast<char>('0' + static_cast<int>(m % 10));
    m /= 10;
  }
  if (negative) out += '-';
  std::reverse(out.begin(), out.end());
  return out;
}

std::string canonicalDecimal(Int128 unscaled, int scale) {
  // Drop trailing fraction zeros first; the canonical form keeps at least one fraction digit.
  while (scale > 0 && unscaled % 10 == 0) {
    unscaled /= 10;
    --scale;
  }
  std::string digits = int128ToString(unscaled);
  const bool negative = unscaled < 0;
  if (negative) digits.erase(0, 1);
  if (scale <= 0) {
    digits.append(static_cast<size_t>(-scale), '0');
    if (digits == "0") return "0.0";
    return (negative ? "-" : "") + digits + ".0";
  }
  if (digits.size() <= static_cast<size_t>(scale)) {
    digits.insert(0, static_cast<size_t>(scale) - digits.size() + 1, '0');
  }
  digits.insert(digits.size() - static_cast<size_t>(scale), 1, '.');
  return (negative ? "-" : "") + digits;
}

core::Term makeNumeric(const Numeric& n) {
  switch (n.kind) {
    case NumericKind::kInteger:
      return makeInteger(n.unscaled);
    case NumericKind::kDecimal:
      return core::Term::literal(canonicalDecimal(n.unscaled, n.scale),
                                 std::string(core::vocab::kXsd) + "decimal");
    case NumericKind::kFloat: {
      std::string lexical;
      core::xsd::appendCanonicalFloat(lexical, static_cast<float>(n.real));
      return core::Term::literal(std::move(lexical), std::string(core::vocab::kXsd) + "float");
    }
    case NumericKind::kDouble:
      return makeDouble(n.real);
  }
  return {};
}

core::Term makeInteger(Int128 v) {
  return core::Term::literal(int128ToString(v), std::string(core::vocab::kXsd) + "integer");
}

core::Term makeBoolean(bool v) {
  return core::Term::literal(v ? "true" : "false", std::string(core::vocab::kXsd) + "boolean");
}

core::Term makeDouble(double v) {
  std::string lexical;
  core::xsd::appendCanonicalDouble(lexical, v);
  return core::Term::literal(std::move(lexical), std::string(core::vocab::kXsd) + "double");
}

core::Term makeString(std::string lexical) { return core::Term::literal(std::move(lexical)); }

core::Term makeStringLike(std::string lexical, const core::Term& like) {
  return core::Term::literal(std::move(lexical), {}, like.language);
}

std::string datatypeIriOf(const core::Term& literal) {
  if (!literal.language.empty()) return std::string(core::vocab::kRdfLangString);
  if (literal.datatype.empty()) return std::string(core::vocab::kXsdString);
  return literal.datatype;
}

}  // namespace cairn::query::expr
