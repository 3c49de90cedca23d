#include "query/graph/value_terms.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/error.h"
#include "core/object_type.h"
#include "core/xsd_numeric_codec.h"
#include "core/xsd_value.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/value/temporal/calendar.h"
#include "query/value/temporal/temporal.h"
#include "query/value/temporal/temporal_text.h"

namespace cairn::query::graph {

// Named, not anonymous: in unity batches this file shares a translation unit with others of the
// module that have helpers of the same names.
namespace value_terms_detail {

using value::Value;

constexpr std::string_view kXsdBoolean = "http://www.w3.org/2001/XMLSchema#boolean";
constexpr std::string_view kXsdInteger = "http://www.w3.org/2001/XMLSchema#integer";
constexpr std::string_view kXsdDouble = "http://www.w3.org/2001/XMLSchema#double";
constexpr std::string_view kXsdDate = "http://www.w3.org/2001/XMLSchema#date";
constexpr std::string_view kXsdDateTime = "http://www.w3.org/2001/XMLSchema#dateTime";
constexpr std::string_view kXsdTime = "http://www.w3.org/2001/XMLSchema#time";
constexpr int64_t kSecondsPerDay = 86'400;

void appendPadded(std::string& out, int64_t v, int width) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%0*lld", width, static_cast<long long>(v));
  out += buf;
}

// XSD's canonical date: at least four year digits, more without a leading zero, '-' before
// negative years and no '+' (unlike java.time's text, which writes "+12024").
void appendXsdDate(std::string& out, int64_t epochDay) {
  const auto ymd = value::calendar::civilFromDays(epochDay);
  if (ymd.year < 0) out += '-';
  appendPadded(out, std::llabs(ymd.year), 4);
  out += '-';
  appendPadded(out, ymd.month, 2);
  out += '-';
  appendPadded(out, ymd.day, 2);
}

// hh:mm:ss always (xsd requires the seconds; Cypher's text omits zero seconds), then the
// fraction without trailing zeros: canonical (and inline) up to milliseconds, a valid lexical
// form beyond.
void appendXsdTimeOfDay(std::string& out, int64_t nanoOfDay) {
  const int64_t seconds = nanoOfDay / value::kNanosPerSecond;
  const int64_t nanos = nanoOfDay % value::kNanosPerSecond;
  appendPadded(out, seconds / 3600, 2);
  out += ':';
  appendPadded(out, seconds / 60 % 60, 2);
  out += ':';
  appendPadded(out, seconds % 60, 2);
  if (nanos != 0) {
    char buf[16];
    std::snprintf(buf, sizeof buf, ".%09lld", static_cast<long long>(nanos));
    std::string fraction(buf);
    while (fraction.back() == '0') fraction.pop_back();
    out += fraction;
  }
}

core::Term typed(std::string lexical, std::string_view datatype) {
  return core::Term::literal(std::move(lexical), std::string(datatype));
}

// The local date-time and nanosecond fraction of an xsd temporal value; `seconds` counts from
// the epoch in local time (the offset added back).
struct LocalParts {
  int64_t epochDay = 0;
  int64_t nanoOfDay = 0;
};
LocalParts localParts(const core::XsdTemporal& t) {
  const int64_t local = t.seconds + (t.hasTimezone ? int64_t{t.offsetMinutes} * 60 : 0);
  // Digits past the nanosecond are dropped: Cypher's temporals hold nanoseconds.
  const int64_t nanos = static_cast<int64_t>(t.attoseconds / 1'000'000'000);
  return {value::calendar::floorDiv(local, kSecondsPerDay),
          value::calendar::floorMod(local, kSecondsPerDay) * value::kNanosPerSecond + nanos};
}

std::optional<Value> xsdToValue(const core::XsdValue& x) {
  switch (x.kind) {
    case core::XsdKind::kBoolean:
      return Value::boolean(x.boolean);
    case core::XsdKind::kInteger:
      return x.bigInteger ? Value::floating(core::toDouble(x)) : Value::integer(x.integer);
    case core::XsdKind::kDecimal:
    case core::XsdKind::kFloat:
    case core::XsdKind::kDouble:
      return Value::floating(core::toDouble(x));
    case core::XsdKind::kDateTime: {
      const LocalParts p = localParts(x.temporal);
      const value::LocalDateTime local{p.epochDay, p.nanoOfDay};
      if (!x.temporal.hasTimezone) return Value::localDateTime(local);
      return Value::dateTime(value::DateTime{local, x.temporal.offsetMinutes * 60, ""});
    }
    case core::XsdKind::kDate:
      // A date's timezone has no Cypher counterpart: the calendar date it names.
      return Value::date(value::Date{localParts(x.temporal).epochDay});
    case core::XsdKind::kTime: {
      const int64_t nanoOfDay = localParts(x.temporal).nanoOfDay;
      if (!x.temporal.hasTimezone) return Value::localTime(value::LocalTime{nanoOfDay});
      return Value::time(value::Time{nanoOfDay, x.temporal.offsetMinutes * 60});
    }
  }
  return std::nullopt;
}

// A literal of one of the sys: temporal datatypes: its Cypher text parsed back.
std::optional<Value> cypherTemporal(value::TemporalType type, std::string_view text) {
  try {
    value::Temporal t = value::parseTemporal(type, text);
    switch (type) {
      case value::TemporalType::kTime:
        return Value::time(std::get<value::Time>(t));
      case value::TemporalType::kDateTime:
        return Value::dateTime(std::get<value::DateTime>(std::move(t)));
      case value::TemporalType::kDuration:
        return Value::duration(std::get<value::Duration>(t));
      default:
        break;
    }
  } catch (const core::Error&) {
    // Text no Cypher writer made (a hand-written literal): kept as the string it is.
  }
  return std::nullopt;
}

}  // namespace value_terms_detail

using value::Value;

std::optional<core::Term> valueToTerm(const Value& v) {
  using namespace value_terms_detail;
  switch (v.kind()) {
    case value::ValueKind::kBoolean:
      return typed(v.asBoolean() ? "true" : "false", kXsdBoolean);
    case value::ValueKind::kInteger:
      return typed(std::to_string(v.asInteger()), kXsdInteger);
    case value::ValueKind::kFloat: {
      std::string lexical;
      core::xsd::appendCanonicalDouble(lexical, v.asFloat());
      return typed(std::move(lexical), kXsdDouble);
    }
    case value::ValueKind::kString:
      return core::Term::literal(v.asString());
    case value::ValueKind::kDate: {
      std::string lexical;
      appendXsdDate(lexical, v.asDate().epochDay);
      return typed(std::move(lexical), kXsdDate);
    }
    case value::ValueKind::kLocalTime: {
      std::string lexical;
      appendXsdTimeOfDay(lexical, v.asLocalTime().nanoOfDay);
      return typed(std::move(lexical), kXsdTime);
    }
    case value::ValueKind::kLocalDateTime: {
      std::string lexical;
      appendXsdDate(lexical, v.asLocalDateTime().epochDay);
      lexical += 'T';
      appendXsdTimeOfDay(lexical, v.asLocalDateTime().nanoOfDay);
      return typed(std::move(lexical), kXsdDateTime);
    }
    case value::ValueKind::kTime:
      return typed(value::formatTime(v.asTime()), kTimeDatatype);
    case value::ValueKind::kDateTime:
      return typed(value::formatDateTime(v.asDateTime()), kDateTimeDatatype);
    case value::ValueKind::kDuration:
      return typed(value::formatDuration(v.asDuration()), kDurationDatatype);
    case value::ValueKind::kNull:
    case value::ValueKind::kList:
    case value::ValueKind::kMap:
    case value::ValueKind::kNode:
    case value::ValueKind::kRelationship:
    case value::ValueKind::kPath:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Value> termToValue(const core::Term& term) {
  using namespace value_terms_detail;
  if (term.kind != core::TermKind::kLiteral) return std::nullopt;
  const std::string_view datatype = term.datatype;
  if (datatype.empty()) return Value::string(term.value);  // xsd:string or a language string
  if (auto builtin = core::builtinTypeForDatatype(datatype)) {
    if (auto x = core::parseXsdValue(*builtin, term.value)) {
      if (auto v = xsdToValue(*x)) return v;
    }
  } else if (datatype == kTimeDatatype) {
    if (auto v = cypherTemporal(value::TemporalType::kTime, term.value)) return v;
  } else if (datatype == kDateTimeDatatype) {
    if (auto v = cypherTemporal(value::TemporalType::kDateTime, term.value)) return v;
  } else if (datatype == kDurationDatatype) {
    if (auto v = cypherTemporal(value::TemporalType::kDuration, term.value)) return v;
  } else if (datatype == kEmptyListDatatype) {
    return Value::list({});
  }
  // xsd:string written out, ill-typed built-ins and datatypes Cypher has no value for.
  return Value::string(term.value);
}

}  // namespace cairn::query::graph
