#include "core/literal_codec.h"

#include "core/check.h"
#include "core/xsd_numeric_codec.h"
#include "core/xsd_temporal_codec.h"

namespace cairn::core {

std::optional<uint64_t> encodeInline(ObjectType inlineType, std::string_view lexical) {
  if (xsd::isIntegerType(inlineType)) {
    return xsd::encodeIntegerKey(lexical, xsd::integerRange(inlineType));
  }
  switch (inlineType) {
    case otype::kBoolean:
      // "1" and "0" are valid booleans but not canonical: they stay lexical.
      if (lexical == "true") return 1;
      if (lexical == "false") return 0;
      return std::nullopt;
    case otype::kDecimal:
      return xsd::encodeDecimalKey(lexical);
    case otype::kDouble:
      return xsd::encodeDoubleKey(lexical);
    case otype::kFloat:
      return xsd::encodeFloatKey(lexical);
    case otype::kDateTime:
      return xsd::encodeDateTimeKey(lexical, /*requireTimezone=*/false);
    case otype::kDateTimeStamp:
      return xsd::encodeDateTimeKey(lexical, /*requireTimezone=*/true);
    case otype::kDate:
      return xsd::encodeDateKey(lexical);
    case otype::kTime:
      return xsd::encodeTimeKey(lexical);
    default:
      return std::nullopt;
  }
}

void appendInline(std::string& out, ObjectType inlineType, uint64_t key) {
  if (xsd::isIntegerType(inlineType)) {
    xsd::appendIntegerKey(out, key);
    return;
  }
  switch (inlineType) {
    case otype::kBoolean:
      CAIRN_CHECK(key <= 1, "not an xsd:boolean key");
      out += key != 0 ? "true" : "false";
      return;
    case otype::kDecimal:
      xsd::appendDecimalKey(out, key);
      return;
    case otype::kDouble:
      xsd::appendDoubleKey(out, key);
      return;
    case otype::kFloat:
      xsd::appendFloatKey(out, key);
      return;
    case otype::kDateTime:
    case otype::kDateTimeStamp:
      xsd::appendDateTimeKey(out, key);
      return;
    case otype::kDate:
      xsd::appendDateKey(out, key);
      return;
    case otype::kTime:
      xsd::appendTimeKey(out, key);
      return;
    default:
      CAIRN_CHECK(false, "appendInline: not an inline built-in type");
  }
}

std::string decodeInline(ObjectType inlineType, uint64_t key) {
  std::string out;
  appendInline(out, inlineType, key);
  return out;
}

}  // namespace cairn::core
