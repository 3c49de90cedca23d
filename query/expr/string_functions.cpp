// String functions of SPARQL §17.4.3 (without REGEX and REPLACE, see regex.h). Lengths and
// positions count code points (XPath semantics), language tags follow §17.4.3.1.

#include <cmath>

#include "core/ascii.h"
#include "core/percent_encoding.h"
#include "core/utf8.h"
#include "query/expr/builtins.h"
#include "query/expr/numeric.h"
#include "query/expr/utf8.h"
#include "query/expr/values.h"

namespace cairn::query::expr {
namespace {

using core::equalsIgnoreAsciiCase;

using core::Term;

// fn:substring's position arithmetic: the code points at 1-based positions p with
// round(start) <= p < round(start) + round(length). NaN and infinities follow IEEE comparisons.
std::string substring(std::string_view s, double start, std::optional<double> length) {
  const double first = std::floor(start + 0.5);
  const double end = length ? first + std::floor(*length + 0.5) : INFINITY;
  std::string out;
  double position = 1;
  for (size_t pos = 0; pos < s.size(); position += 1) {
    const size_t n =
        std::min(core::utf8SequenceLength(static_cast<unsigned char>(s[pos])), s.size() - pos);
    if (position >= first && position < end) out.append(s.substr(pos, n));
    pos += n;
  }
  return out;
}

std::optional<double> numberArgument(const Term& t) {
  const auto n = numericOf(t);
  if (!n) return std::nullopt;
  return toDouble(*n);
}

// RFC 4647 §3.3.1 basic filtering: "*" matches every non-empty tag; otherwise the range must
// equal the tag or be a prefix of it ending at a "-", ignoring case.
bool languageMatches(std::string_view tag, std::string_view range) {
  if (range == "*") return !tag.empty();
  if (range.empty()) return tag.empty();
  if (tag.size() < range.size()) return false;
  if (!equalsIgnoreAsciiCase(tag.substr(0, range.size()), range)) return false;
  return tag.size() == range.size() || tag[range.size()] == '-';
}

std::optional<Term> concat(Args args) {
  std::string out;
  std::optional<std::string_view> commonLanguage;
  bool sameLanguage = true;
  for (const Term* a : args) {
    if (!isStringLiteral(*a)) return std::nullopt;
    out += a->value;
    if (!a->language.empty()) {
      if (!commonLanguage) {
        commonLanguage = a->language;
      } else if (!equalsIgnoreAsciiCase(*commonLanguage, a->language)) {
        sameLanguage = false;
      }
    } else {
      sameLanguage = false;
    }
  }
  // All tagged with one language keeps it; anything else gives a simple literal (RDF 1.1 makes
  // "all xsd:string" and "simple" the same term).
  if (!args.empty() && sameLanguage && commonLanguage) {
    return Term::literal(std::move(out), {}, std::string(*commonLanguage));
  }
  return makeString(std::move(out));
}

}  // namespace

bool argumentsCompatible(const Term& a, const Term& b) {
  if (!isStringLiteral(a) || !isStringLiteral(b)) return false;
  if (b.language.empty()) return true;
  return equalsIgnoreAsciiCase(a.language, b.language) && !a.language.empty();
}

std::optional<bool> testStringFunction(Op op, Args args) {
  if (op == Op::kLangMatches) {
    if (!isSimpleOrXsdString(*args[0]) || !isSimpleOrXsdString(*args[1])) return std::nullopt;
    return languageMatches(args[0]->value, args[1]->value);
  }
  if (!argumentsCompatible(*args[0], *args[1])) return std::nullopt;
  const std::string_view s = args[0]->value;
  const std::string_view t = args[1]->value;
  switch (op) {
    case Op::kStrStarts:
      return s.starts_with(t);
    case Op::kStrEnds:
      return s.ends_with(t);
    case Op::kContains:
      return s.find(t) != std::string_view::npos;
    default:
      return std::nullopt;
  }
}

std::optional<Term> callStringFunction(Op op, Args args) {
  switch (op) {
    case Op::kStrLen:
      if (!isStringLiteral(*args[0])) return std::nullopt;
      return makeInteger(static_cast<Int128>(core::utf8CodePointCount(args[0]->value)));
    case Op::kSubstr: {
      if (!isStringLiteral(*args[0])) return std::nullopt;
      const auto start = numberArgument(*args[1]);
      if (!start) return std::nullopt;
      std::optional<double> length;
      if (args.size() > 2) {
        length = numberArgument(*args[2]);
        if (!length) return std::nullopt;
      }
      return makeStringLike(substring(args[0]->value, *start, length), *args[0]);
    }
    case Op::kUcase:
    case Op::kLcase: {
      if (!isStringLiteral(*args[0])) return std::nullopt;
      std::string mapped =
          op == Op::kUcase ? utf8::toUpper(args[0]->value) : utf8::toLower(args[0]->value);
      return makeStringLike(std::move(mapped), *args[0]);
    }
    case Op::kStrBefore:
    case Op::kStrAfter: {
      if (!argumentsCompatible(*args[0], *args[1])) return std::nullopt;
      const std::string_view s = args[0]->value;
      const std::string_view t = args[1]->value;
      const size_t at = s.find(t);
      // No match gives the empty simple literal; a match keeps the first argument's tag even
      // when the part is empty (STRBEFORE("abc"@en, "") is ""@en).
      if (at == std::string_view::npos) return makeString({});
      std::string part(op == Op::kStrBefore ? s.substr(0, at) : s.substr(at + t.size()));
      return makeStringLike(std::move(part), *args[0]);
    }
    case Op::kEncodeForUri:
      if (!isStringLiteral(*args[0])) return std::nullopt;
      return makeString(core::percentEncode(args[0]->value));
    case Op::kConcat:
      return concat(args);
    default:
      return std::nullopt;
  }
}

}  // namespace cairn::query::expr
