#include "index/dictionary/dictionary_root.h"

namespace cairn::index {

std::string_view dictionaryKindName(DictionaryKind kind) {
  switch (kind) {
    case DictionaryKind::kIri:
      return "iri";
    case DictionaryKind::kString:
      return "string";
  }
  return "unknown";
}

}  // namespace cairn::index
