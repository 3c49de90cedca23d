#include "core/object_type.h"

#include <array>

#include "core/vocab.h"

namespace cairn::core {
namespace {

// The xsd local name of each inline built-in type; empty for other codes.
constexpr std::string_view localNameOf(ObjectType inlineType) {
  switch (inlineType) {
    case otype::kBoolean:
      return "boolean";
    case otype::kInteger:
      return "integer";
    case otype::kLong:
      return "long";
    case otype::kInt:
      return "int";
    case otype::kShort:
      return "short";
    case otype::kByte:
      return "byte";
    case otype::kNonNegativeInteger:
      return "nonNegativeInteger";
    case otype::kPositiveInteger:
      return "positiveInteger";
    case otype::kNonPositiveInteger:
      return "nonPositiveInteger";
    case otype::kNegativeInteger:
      return "negativeInteger";
    case otype::kUnsignedLong:
      return "unsignedLong";
    case otype::kUnsignedInt:
      return "unsignedInt";
    case otype::kUnsignedShort:
      return "unsignedShort";
    case otype::kUnsignedByte:
      return "unsignedByte";
    case otype::kDecimal:
      return "decimal";
    case otype::kDouble:
      return "double";
    case otype::kFloat:
      return "float";
    case otype::kDateTime:
      return "dateTime";
    case otype::kDate:
      return "date";
    case otype::kTime:
      return "time";
    case otype::kDateTimeStamp:
      return "dateTimeStamp";
    default:
      return {};
  }
}

// The full IRIs, built at compile time so datatypeOfBuiltin can hand out views of them.
template <ObjectType kType>
struct DatatypeIri {
  static constexpr size_t kSize = vocab::kXsd.size() + localNameOf(kType).size();
  static constexpr auto kChars = [] {
    std::array<char, kSize> chars{};
    size_t n = 0;
    for (char c : vocab::kXsd) chars[n++] = c;
    for (char c : localNameOf(kType)) chars[n++] = c;
    return chars;
  }();
  static constexpr std::string_view kIri{kChars.data(), kSize};
};

}  // namespace

std::optional<ObjectType> builtinTypeForDatatype(std::string_view iri) {
  if (!iri.starts_with(vocab::kXsd)) return std::nullopt;
  const std::string_view name = iri.substr(vocab::kXsd.size());
  // One length switch, then at most three comparisons.
  const auto match = [&](ObjectType t) -> std::optional<ObjectType> {
    if (name == localNameOf(t)) return t;
    return std::nullopt;
  };
  switch (name.size()) {
    case 3:
      return match(otype::kInt);
    case 4:
      switch (name[0]) {
        case 'l':
          return match(otype::kLong);
        case 'b':
          return match(otype::kByte);
        case 'd':
          return match(otype::kDate);
        case 't':
          return match(otype::kTime);
        default:
          return std::nullopt;
      }
    case 5:
      return name[0] == 's' ? match(otype::kShort) : match(otype::kFloat);
    case 6:
      return match(otype::kDouble);
    case 7:
      switch (name[0]) {
        case 'i':
          return match(otype::kInteger);
        case 'b':
          return match(otype::kBoolean);
        case 'd':
          return match(otype::kDecimal);
        default:
          return std::nullopt;
      }
    case 8:
      return match(otype::kDateTime);
    case 11:
      return match(otype::kUnsignedInt);
    case 12:
      return name[8] == 'L' ? match(otype::kUnsignedLong) : match(otype::kUnsignedByte);
    case 13:
      return name[0] == 'u' ? match(otype::kUnsignedShort) : match(otype::kDateTimeStamp);
    case 15:
      return name[0] == 'p' ? match(otype::kPositiveInteger) : match(otype::kNegativeInteger);
    case 18:
      return name[3] == 'N' ? match(otype::kNonNegativeInteger) : match(otype::kNonPositiveInteger);
    default:
      return std::nullopt;
  }
}

// Empty for types that are not built-in (nodes, language strings, other datatypes).
std::string_view datatypeOfBuiltin(ObjectType t) {
  if (isLexicalBuiltin(t)) t = inlineTypeOf(t);
  switch (t) {
    case otype::kString:
      return vocab::kXsdString;
    case otype::kBoolean:
      return DatatypeIri<otype::kBoolean>::kIri;
    case otype::kInteger:
      return DatatypeIri<otype::kInteger>::kIri;
    case otype::kLong:
      return DatatypeIri<otype::kLong>::kIri;
    case otype::kInt:
      return DatatypeIri<otype::kInt>::kIri;
    case otype::kShort:
      return DatatypeIri<otype::kShort>::kIri;
    case otype::kByte:
      return DatatypeIri<otype::kByte>::kIri;
    case otype::kNonNegativeInteger:
      return DatatypeIri<otype::kNonNegativeInteger>::kIri;
    case otype::kPositiveInteger:
      return DatatypeIri<otype::kPositiveInteger>::kIri;
    case otype::kNonPositiveInteger:
      return DatatypeIri<otype::kNonPositiveInteger>::kIri;
    case otype::kNegativeInteger:
      return DatatypeIri<otype::kNegativeInteger>::kIri;
    case otype::kUnsignedLong:
      return DatatypeIri<otype::kUnsignedLong>::kIri;
    case otype::kUnsignedInt:
      return DatatypeIri<otype::kUnsignedInt>::kIri;
    case otype::kUnsignedShort:
      return DatatypeIri<otype::kUnsignedShort>::kIri;
    case otype::kUnsignedByte:
      return DatatypeIri<otype::kUnsignedByte>::kIri;
    case otype::kDecimal:
      return DatatypeIri<otype::kDecimal>::kIri;
    case otype::kDouble:
      return DatatypeIri<otype::kDouble>::kIri;
    case otype::kFloat:
      return DatatypeIri<otype::kFloat>::kIri;
    case otype::kDateTime:
      return DatatypeIri<otype::kDateTime>::kIri;
    case otype::kDate:
      return DatatypeIri<otype::kDate>::kIri;
    case otype::kTime:
      return DatatypeIri<otype::kTime>::kIri;
    case otype::kDateTimeStamp:
      return DatatypeIri<otype::kDateTimeStamp>::kIri;
    default:
      return {};
  }
}

}  // namespace cairn::core
