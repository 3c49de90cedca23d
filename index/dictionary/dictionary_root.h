#pragma once
// What names a persistent dictionary: its kind and the content id of its root blob. The ledger's
// index root stores one DictionaryRoot per kind; docs/formats/dictionary.md has the byte layout.

#include <cstdint>
#include <string_view>

#include "storage/content_id.h"

namespace cairn::index {

// kIri interns IRIs (ids are core::NodeId values without the blank bit); kString interns literal
// lexical forms (ids are object keys of string-keyed types, see core/object_type.h).
enum class DictionaryKind : uint8_t { kIri = 0, kString = 1 };

std::string_view dictionaryKindName(DictionaryKind kind);  // "iri", "string"

struct DictionaryRoot {
  storage::ContentId root;  // null: the empty dictionary (nothing was written)
  uint64_t size = 0;        // number of terms; ids are 1..size

  bool operator==(const DictionaryRoot&) const = default;
};

}  // namespace cairn::index
