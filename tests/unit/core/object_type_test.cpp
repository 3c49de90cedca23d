#include "core/object_type.h"

#include <gtest/gtest.h>

#include <string>

#include "core/vocab.h"

namespace cairn::core {
namespace {

struct Builtin {
  ObjectType type;
  const char* localName;
};

constexpr Builtin kBuiltins[] = {
    {otype::kBoolean, "boolean"},
    {otype::kInteger, "integer"},
    {otype::kLong, "long"},
    {otype::kInt, "int"},
    {otype::kShort, "short"},
    {otype::kByte, "byte"},
    {otype::kNonNegativeInteger, "nonNegativeInteger"},
    {otype::kPositiveInteger, "positiveInteger"},
    {otype::kNonPositiveInteger, "nonPositiveInteger"},
    {otype::kNegativeInteger, "negativeInteger"},
    {otype::kUnsignedLong, "unsignedLong"},
    {otype::kUnsignedInt, "unsignedInt"},
    {otype::kUnsignedShort, "unsignedShort"},
    {otype::kUnsignedByte, "unsignedByte"},
    {otype::kDecimal, "decimal"},
    {otype::kDouble, "double"},
    {otype::kFloat, "float"},
    {otype::kDateTime, "dateTime"},
    {otype::kDate, "date"},
    {otype::kTime, "time"},
    {otype::kDateTimeStamp, "dateTimeStamp"},
};

std::string xsd(std::string_view local) { return std::string(vocab::kXsd) + std::string(local); }

TEST(ObjectTypeTest, EveryInlineDatatypeIriMapsToItsType) {
  for (const Builtin& b : kBuiltins) {
    SCOPED_TRACE(b.localName);
    EXPECT_TRUE(isInline(b.type));
    EXPECT_EQ(builtinTypeForDatatype(xsd(b.localName)), b.type);
    EXPECT_EQ(datatypeOfBuiltin(b.type), xsd(b.localName));
    EXPECT_EQ(datatypeOfBuiltin(lexicalTypeOf(b.type)), xsd(b.localName));
  }
}

TEST(ObjectTypeTest, EveryAssignedInlineCodeHasADatatype) {
  int assigned = 0;
  for (ObjectType t = otype::kFirstInline; t <= otype::kLastInline; ++t) {
    const std::string_view iri = datatypeOfBuiltin(t);
    if (iri.empty()) continue;
    ++assigned;
    EXPECT_EQ(builtinTypeForDatatype(iri), t) << iri;
  }
  EXPECT_EQ(assigned, static_cast<int>(std::size(kBuiltins)));
}

TEST(ObjectTypeTest, StringAndNonBuiltins) {
  EXPECT_EQ(datatypeOfBuiltin(otype::kString), vocab::kXsdString);
  EXPECT_EQ(builtinTypeForDatatype(vocab::kXsdString), std::nullopt);  // not inline
  EXPECT_EQ(datatypeOfBuiltin(otype::kIri), "");
  EXPECT_EQ(datatypeOfBuiltin(otype::kBlank), "");
  EXPECT_EQ(datatypeOfBuiltin(langStringType(3)), "");
  EXPECT_EQ(datatypeOfBuiltin(otherDatatypeType(7)), "");
}

TEST(ObjectTypeTest, NearMissesAreNotBuiltins) {
  const std::string misses[] = {
      "",
      std::string(vocab::kXsd),
      xsd("Integer"),
      xsd("integer "),
      xsd("integers"),
      xsd("ints"),
      xsd("dateTimestamp"),
      xsd("unsignedlong"),
      xsd("nonnegativeInteger"),
      xsd("langString"),
      xsd("duration"),
      xsd("gYear"),
      "http://www.w3.org/2001/XMLSchema/integer",
      "https://www.w3.org/2001/XMLSchema#integer",
      "http://example.org/integer",
      "integer",
      std::string(vocab::kRdfLangString),
  };
  for (const std::string& iri : misses) {
    EXPECT_EQ(builtinTypeForDatatype(iri), std::nullopt) << iri;
  }
}

}  // namespace
}  // namespace cairn::core
