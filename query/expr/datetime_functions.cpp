// Functions on dates and times (§17.4.5). The components are those of the local time as
// written (YEAR("2010-12-21T15:38:02-08:00") is 2010 and HOURS is 15), as XPath's
// *-from-dateTime functions define them.

#include "core/object_type.h"
#include "core/vocab.h"
#include "core/xsd_calendar.h"
#include "core/xsd_lexical.h"
#include "query/expr/builtins.h"
#include "query/expr/values.h"

namespace cairn::query::expr {
namespace {

using core::Term;

// The parts of an xsd:dateTime (or, for the date components and the timezone, xsd:date) literal;
// 24:00:00 is read as the first instant of the next day, as XSD's value space does.
std::optional<core::xsd::TemporalParts> dateTimeParts(const Term& t, bool allowDate) {
  if (t.kind != core::TermKind::kLiteral || !t.language.empty()) return std::nullopt;
  const auto type = core::builtinTypeForDatatype(t.datatype);
  if (!type) return std::nullopt;
  const std::string_view lexical = core::xsd::collapseWhitespace(t.value);
  std::optional<core::xsd::TemporalParts> parts;
  if (*type == core::otype::kDateTime || *type == core::otype::kDateTimeStamp) {
    parts = core::xsd::splitDateTime(lexical);
    if (parts && *type == core::otype::kDateTimeStamp &&
        parts->timezone.kind == core::xsd::TimezoneKind::kNone) {
      return std::nullopt;
    }
  } else if (allowDate && *type == core::otype::kDate) {
    parts = core::xsd::splitDate(lexical);
  }
  if (parts && parts->hour == 24) {
    const auto next = core::xsd::civilFromDays(
        core::xsd::daysFromCivil(parts->year, parts->month, parts->day) + 1);
    parts->year = next.year;
    parts->month = next.month;
    parts->day = next.day;
    parts->hour = 0;
  }
  return parts;
}

// xsd:dayTimeDuration of a timezone offset: PT0S, -PT8H, PT5H30M.
std::string timezoneDuration(int offsetMinutes) {
  if (offsetMinutes == 0) return "PT0S";
  std::string out = offsetMinutes < 0 ? "-PT" : "PT";
  const int magnitude = offsetMinutes < 0 ? -offsetMinutes : offsetMinutes;
  if (magnitude / 60 != 0) {
    out.append(std::to_string(magnitude / 60));
    out += 'H';
  }
  if (magnitude % 60 != 0) {
    out.append(std::to_string(magnitude % 60));
    out += 'M';
  }
  return out;
}

std::string xsd(std::string_view local) {
  std::string iri(core::vocab::kXsd);
  iri.append(local);
  return iri;
}

}  // namespace

std::optional<Term> callDateTimeFunction(Op op, Args args, FunctionContext& context) {
  if (op == Op::kNow) return Term::literal(context.now(), xsd("dateTime"));
  const bool dateAllowed =
      op == Op::kYear || op == Op::kMonth || op == Op::kDay || op == Op::kTimezone || op == Op::kTz;
  const auto parts = dateTimeParts(*args[0], dateAllowed);
  if (!parts) return std::nullopt;
  switch (op) {
    case Op::kYear:
      return makeInteger(parts->year);
    case Op::kMonth:
      return makeInteger(parts->month);
    case Op::kDay:
      return makeInteger(parts->day);
    case Op::kHours:
      return makeInteger(parts->hour);
    case Op::kMinutes:
      return makeInteger(parts->minute);
    case Op::kSeconds: {
      // A decimal in canonical form ("1.0", "13.815"), like every decimal result here; the W3C
      // test seconds-01 writes "1"^^xsd:decimal, equal in value.
      std::string lexical = std::to_string(parts->second);
      std::string_view fraction = parts->fractionDigits;
      while (!fraction.empty() && fraction.back() == '0') fraction.remove_suffix(1);
      lexical += '.';
      lexical.append(fraction.empty() ? std::string_view("0") : fraction);
      return Term::literal(std::move(lexical), xsd("decimal"));
    }
    case Op::kTimezone:
      if (parts->timezone.kind == core::xsd::TimezoneKind::kNone) return std::nullopt;
      return Term::literal(timezoneDuration(parts->timezone.offsetMinutes), xsd("dayTimeDuration"));
    case Op::kTz: {
      switch (parts->timezone.kind) {
        case core::xsd::TimezoneKind::kNone:
          return makeString({});
        case core::xsd::TimezoneKind::kUtc:
          return makeString("Z");
        case core::xsd::TimezoneKind::kOffset: {
          const std::string_view lexical = core::xsd::collapseWhitespace(args[0]->value);
          return makeString(std::string(lexical.substr(lexical.size() - 6)));
        }
      }
      return std::nullopt;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace cairn::query::expr
