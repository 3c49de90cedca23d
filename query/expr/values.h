#pragma once
// How the expression evaluator sees a term: which SPARQL operand class it belongs to (string,
// language-tagged string, numeric, boolean, date/time, other), its parsed value, and how results
// are built in canonical lexical form. Shared by the operators, the built-in functions, the casts
// and the aggregates of query/expr/.
//
// Numbers are held exactly for xsd:integer and xsd:decimal as a 128-bit unscaled value with a
// decimal scale (value = unscaled / 10^scale), which covers 38 significant digits; a literal
// with more digits cannot take part in arithmetic (an expression error, the one implementation
// limit here). xsd:float and xsd:double are held as double.
//
// A simple literal and an xsd:string literal are the same term (RDF 1.1); results are always
// built with an empty datatype. Every function here is pure and thread-safe.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/term.h"
#include "core/xsd_value.h"

namespace cairn::query::expr {

// The operand classes of the SPARQL operator table (§17.3).
enum class ValueClass : uint8_t {
  kIri,
  kBlank,
  kString,      // simple literal or xsd:string
  kLangString,  // rdf:langString
  kNumeric,     // valid xsd numeric literal (integer and derived types, decimal, float, double)
  kBoolean,     // valid xsd:boolean
  kDateTime,    // valid xsd:dateTime or xsd:dateTimeStamp
  kDate,        // valid xsd:date
  kTime,        // valid xsd:time
  kIllTyped,    // an XSD built-in datatype with an invalid lexical form
  kOther,       // any other datatype (unknown to the evaluator)
};

enum class NumericKind : uint8_t { kInteger, kDecimal, kFloat, kDouble };

using Int128 = __int128;

struct Numeric {
  NumericKind kind = NumericKind::kInteger;
  Int128 unscaled = 0;  // kInteger, kDecimal
  int scale = 0;        // kDecimal: digits after the point; 0 for kInteger
  double real = 0;      // kFloat (always a float value), kDouble

  bool isExact() const { return kind == NumericKind::kInteger || kind == NumericKind::kDecimal; }
  static Numeric ofInteger(Int128 v) { return {NumericKind::kInteger, v, 0, 0}; }
  static Numeric ofDecimal(Int128 unscaled, int scale) {
    return {NumericKind::kDecimal, unscaled, scale, 0};
  }
  static Numeric ofDouble(double v) { return {NumericKind::kDouble, 0, 0, v}; }
  static Numeric ofFloat(float v) { return {NumericKind::kFloat, 0, 0, v}; }
};

// A term with its class and, for numbers, booleans and dates, its value.
struct Classified {
  ValueClass cls = ValueClass::kOther;
  core::XsdValue value;  // kNumeric (see `numeric` too), kBoolean, kDateTime, kDate, kTime
  std::optional<Numeric> numeric;  // kNumeric that fits the exact range
};

bool isStringDatatype(std::string_view datatype);  // empty or xsd:string
inline bool isSimpleOrXsdString(const core::Term& t) {
  return t.kind == core::TermKind::kLiteral && t.language.empty() && isStringDatatype(t.datatype);
}
// A simple literal, an xsd:string or a language-tagged string (§17.4.3 "string literal").
inline bool isStringLiteral(const core::Term& t) {
  return t.kind == core::TermKind::kLiteral && isStringDatatype(t.datatype);
}

ValueClass classify(const core::Term& t);
Classified classifyWithValue(const core::Term& t);
// The classification of a valid literal whose value is `value` (e.g. read off an inline key).
Classified classifyValue(core::XsdValue value);

// The value of a numeric literal, nullopt if `t` is not a valid numeric literal or exceeds the
// exact range.
std::optional<Numeric> numericOf(const core::Term& t);
std::optional<Numeric> numericOf(const core::XsdValue& v);
double toDouble(const Numeric& n);

// RDF term equality with xsd:string and simple literals identified and language tags compared
// case-insensitively (sameTerm, DISTINCT in aggregates).
bool sameTerm(const core::Term& a, const core::Term& b);

// Canonical result terms.
core::Term makeNumeric(const Numeric& n);
core::Term makeInteger(Int128 v);
core::Term makeBoolean(bool v);
core::Term makeDouble(double v);
core::Term makeString(std::string lexical);
// A string result carrying the language tag of `like` (kept only for a language-tagged `like`).
core::Term makeStringLike(std::string lexical, const core::Term& like);
std::string canonicalDecimal(Int128 unscaled, int scale);
std::string int128ToString(Int128 v);

// The datatype IRI of a literal as DATATYPE() reports it (xsd:string, rdf:langString, ...).
std::string datatypeIriOf(const core::Term& literal);

}  // namespace cairn::query::expr
