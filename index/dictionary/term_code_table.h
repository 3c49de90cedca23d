#pragma once
// TermCodeTable: the small per-ledger tables that give language tags and non-built-in datatype
// IRIs a short code, which then lives inside an ObjectType (core/object_type.h:
// langStringType(code), otherDatatypeType(code)). Codes are 1-based and dense in order of first
// interning; 0 means "none". The ledger's root JSON embeds the tables via toJson()/fromJson():
// a JSON array of strings, element k holding code k + 1.
//
// Strings are stored byte for byte: callers intern language tags in the normalized (lower-case)
// form they compare by. Thread-safety: concurrent const calls are safe; intern() needs exclusive
// access.

#include <cstdint>
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/status.h"

namespace cairn::index {

class TermCodeTable {
 public:
  // An empty table that hands out codes 1..maxCode.
  explicit TermCodeTable(uint16_t maxCode);
  static TermCodeTable languages();  // maxCode = otype::kMaxLanguageCode
  static TermCodeTable datatypes();  // maxCode = otype::kMaxDatatypeCode

  // The code of `text`, or nullopt.
  std::optional<uint16_t> find(std::string_view text) const;
  // The code of `text`, assigning the next free one if it is new; ResourceExhausted when all
  // codes are taken, InvalidArgument for an empty string.
  core::Result<uint16_t> intern(std::string_view text);
  // The string of `code`; NotFound if no such code.
  core::Result<std::string_view> lookup(uint16_t code) const;

  size_t size() const { return strings_.size(); }
  uint16_t maxCode() const { return maxCode_; }
  const std::vector<std::string>& strings() const { return strings_; }  // code k at [k - 1]

  nlohmann::json toJson() const;
  // Corruption if `json` is not an array of distinct non-empty strings of at most maxCode items.
  static core::Result<TermCodeTable> fromJson(const nlohmann::json& json, uint16_t maxCode);

  bool operator==(const TermCodeTable& other) const {
    return maxCode_ == other.maxCode_ && strings_ == other.strings_;
  }

 private:
  struct StringHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  uint16_t maxCode_;
  std::vector<std::string> strings_;
  std::unordered_map<std::string, uint16_t, StringHash, std::equal_to<>> codes_;
};

}  // namespace cairn::index
