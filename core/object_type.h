#pragma once
// How every RDF term becomes integers. An object is the pair (ObjectType, key):
//
//   ObjectType (16 bits)            key (64 bits)
//   kBlank, kIri                    node id (see below)
//   kString (xsd:string)            string-dictionary id of the lexical form
//   inline built-in datatypes       the value itself, order-preserving (core/literal_codec.h)
//   lexical built-in datatypes      string-dictionary id of a lexical form that is not inlined
//                                   (non-canonical "01", ill-typed "abc", out of inline range)
//   kLangStringBase | langCode      string-dictionary id; langCode from the ledger's tag table
//   kOtherDatatypeBase | dtCode     string-dictionary id; dtCode from the ledger's datatype table
//
// Comparing (type, key) as unsigned integers, keys of one inline type sort in value order, and
// types sort blank < IRI < literals as SPARQL's ORDER BY wants. A term's type code is part of its
// identity: "1"^^xsd:int and "1"^^xsd:integer are different terms with equal values.
//
// Subjects and predicates are nodes: their column holds only the node id. Node ids carry their
// kind in bit 63 (set for blank nodes), so a subject column is self-describing. IRI ids come from
// the IRI dictionary (1-based, 0 = none); blank node ids are allocated per ledger.

#include <cstdint>
#include <optional>
#include <string_view>

namespace cairn::core {

using ObjectType = uint16_t;
using NodeId = uint64_t;

inline constexpr NodeId kBlankNodeBit = uint64_t{1} << 63;
inline constexpr NodeId kNoNode = 0;
inline constexpr bool isBlankNode(NodeId id) { return (id & kBlankNodeBit) != 0; }
inline constexpr NodeId blankNodeId(uint64_t ordinal) { return ordinal | kBlankNodeBit; }

namespace otype {
inline constexpr ObjectType kNone = 0x0000;
inline constexpr ObjectType kBlank = 0x0001;
inline constexpr ObjectType kIri = 0x0002;
inline constexpr ObjectType kString = 0x0003;

// Inline built-in datatypes: key = order-preserving value encoding.
inline constexpr ObjectType kBoolean = 0x0010;
inline constexpr ObjectType kInteger = 0x0011;
inline constexpr ObjectType kLong = 0x0012;
inline constexpr ObjectType kInt = 0x0013;
inline constexpr ObjectType kShort = 0x0014;
inline constexpr ObjectType kByte = 0x0015;
inline constexpr ObjectType kNonNegativeInteger = 0x0016;
inline constexpr ObjectType kPositiveInteger = 0x0017;
inline constexpr ObjectType kNonPositiveInteger = 0x0018;
inline constexpr ObjectType kNegativeInteger = 0x0019;
inline constexpr ObjectType kUnsignedLong = 0x001A;
inline constexpr ObjectType kUnsignedInt = 0x001B;
inline constexpr ObjectType kUnsignedShort = 0x001C;
inline constexpr ObjectType kUnsignedByte = 0x001D;
inline constexpr ObjectType kDecimal = 0x0020;
inline constexpr ObjectType kDouble = 0x0021;
inline constexpr ObjectType kFloat = 0x0022;
inline constexpr ObjectType kDateTime = 0x0028;
inline constexpr ObjectType kDate = 0x0029;
inline constexpr ObjectType kTime = 0x002A;
inline constexpr ObjectType kDateTimeStamp = 0x002B;
inline constexpr ObjectType kFirstInline = 0x0010;
inline constexpr ObjectType kLastInline = 0x003F;

// The same built-in datatype, stored as a dictionary-interned lexical form.
inline constexpr ObjectType kLexicalOffset = 0x0030;
inline constexpr ObjectType kFirstLexical = kFirstInline + kLexicalOffset;  // 0x0040
inline constexpr ObjectType kLastLexical = kLastInline + kLexicalOffset;    // 0x006F

inline constexpr ObjectType kLangStringBase = 0x4000;     // | language code (< 0x4000)
inline constexpr ObjectType kOtherDatatypeBase = 0x8000;  // | datatype code (< 0x8000)
inline constexpr uint16_t kMaxLanguageCode = 0x3FFF;
inline constexpr uint16_t kMaxDatatypeCode = 0x7FFF;
}  // namespace otype

inline constexpr bool isInline(ObjectType t) {
  return t >= otype::kFirstInline && t <= otype::kLastInline;
}
inline constexpr bool isLexicalBuiltin(ObjectType t) {
  return t >= otype::kFirstLexical && t <= otype::kLastLexical;
}
inline constexpr bool isLangString(ObjectType t) {
  return t >= otype::kLangStringBase && t < otype::kOtherDatatypeBase;
}
inline constexpr bool isOtherDatatype(ObjectType t) { return t >= otype::kOtherDatatypeBase; }
inline constexpr bool isNode(ObjectType t) { return t == otype::kBlank || t == otype::kIri; }

// The node ids of one node type, inclusive: IRI ids have kBlankNodeBit clear, blank node ids
// have it set; any other type (kNone) covers every id. Where a subject column is split by type.
struct NodeIdRange {
  NodeId low = 0;
  NodeId high = UINT64_MAX;
};
inline constexpr NodeIdRange nodeIdRange(ObjectType t) {
  return {t == otype::kBlank ? kBlankNodeBit : 0,
          t == otype::kIri ? kBlankNodeBit - 1 : UINT64_MAX};
}
inline constexpr bool isLiteral(ObjectType t) { return t >= otype::kString; }
// Key is a string-dictionary id.
inline constexpr bool keyIsString(ObjectType t) {
  return t == otype::kString || isLexicalBuiltin(t) || isLangString(t) || isOtherDatatype(t);
}
inline constexpr ObjectType lexicalTypeOf(ObjectType inlineType) {
  return static_cast<ObjectType>(inlineType + otype::kLexicalOffset);
}
inline constexpr ObjectType inlineTypeOf(ObjectType lexicalType) {
  return static_cast<ObjectType>(lexicalType - otype::kLexicalOffset);
}
inline constexpr ObjectType langStringType(uint16_t languageCode) {
  return static_cast<ObjectType>(otype::kLangStringBase | languageCode);
}
inline constexpr uint16_t languageCodeOf(ObjectType t) { return t & otype::kMaxLanguageCode; }
inline constexpr ObjectType otherDatatypeType(uint16_t datatypeCode) {
  return static_cast<ObjectType>(otype::kOtherDatatypeBase | datatypeCode);
}
inline constexpr uint16_t datatypeCodeOf(ObjectType t) { return t & otype::kMaxDatatypeCode; }

// The inline type for a built-in datatype IRI (xsd:integer → kInteger), if it has one.
std::optional<ObjectType> builtinTypeForDatatype(std::string_view datatypeIri);
// The datatype IRI of an inline or lexical built-in type, or of kString.
std::string_view datatypeOfBuiltin(ObjectType t);

// An encoded object: (type, key).
struct EncodedObject {
  ObjectType type = otype::kNone;
  uint64_t key = 0;
  bool operator==(const EncodedObject&) const = default;
  auto operator<=>(const EncodedObject&) const = default;
};

}  // namespace cairn::core
