#include "index/dictionary/term_code_table.h"

#include <nlohmann/json.hpp>

#include "core/object_type.h"

namespace cairn::index {

TermCodeTable::TermCodeTable(uint16_t maxCode) : maxCode_(maxCode) {}

TermCodeTable TermCodeTable::languages() { return TermCodeTable(core::otype::kMaxLanguageCode); }

TermCodeTable TermCodeTable::datatypes() { return TermCodeTable(core::otype::kMaxDatatypeCode); }

std::optional<uint16_t> TermCodeTable::find(std::string_view text) const {
  auto it = codes_.find(text);
  if (it == codes_.end()) return std::nullopt;
  return it->second;
}

core::Result<uint16_t> TermCodeTable::intern(std::string_view text) {
  if (auto code = find(text)) return *code;
  if (text.empty()) return core::Status::invalidArgument("term code table: empty string");
  if (strings_.size() >= maxCode_) {
    return core::Status(core::StatusCode::kResourceExhausted,
                        "term code table: all " + std::to_string(maxCode_) +
                            " codes are taken, cannot add '" + std::string(text) + "'");
  }
  strings_.emplace_back(text);
  const auto code = static_cast<uint16_t>(strings_.size());
  codes_.emplace(strings_.back(), code);
  return code;
}

core::Result<std::string_view> TermCodeTable::lookup(uint16_t code) const {
  if (code == 0 || code > strings_.size()) {
    return core::Status::notFound("term code table: no code " + std::to_string(code));
  }
  return std::string_view(strings_[code - 1]);
}

nlohmann::json TermCodeTable::toJson() const { return nlohmann::json(strings_); }

core::Result<TermCodeTable> TermCodeTable::fromJson(const nlohmann::json& json, uint16_t maxCode) {
  if (!json.is_array()) return core::Status::corruption("term code table: not a JSON array");
  if (json.size() > maxCode) {
    return core::Status::corruption("term code table: " + std::to_string(json.size()) +
                                    " entries, at most " + std::to_string(maxCode) + " allowed");
  }
  TermCodeTable table(maxCode);
  for (const nlohmann::json& item : json) {
    if (!item.is_string()) return core::Status::corruption("term code table: non-string entry");
    const auto& text = item.get_ref<const std::string&>();
    if (text.empty() || table.find(text)) {
      return core::Status::corruption("term code table: empty or duplicate entry '" + text + "'");
    }
    CAIRN_ASSIGN_OR_RETURN(uint16_t code, table.intern(text));
    (void)code;
  }
  return table;
}

}  // namespace cairn::index
