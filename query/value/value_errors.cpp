#include "query/value/value_errors.h"

#include "query/value/value_text.h"

namespace cairn::query::value {

std::string describeValue(const Value& v) {
  std::string out(kindName(v.kind()));
  if (v.isNull()) return out;
  std::string text = toText(v);
  constexpr size_t kMaxText = 60;
  if (text.size() > kMaxText) text = text.substr(0, kMaxText) + "...";
  return out + " " + text;
}

void throwInvalidArgumentType(std::string_view what, const Value& v) {
  throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentType",
                    std::string(what) + " cannot take " + describeValue(v));
}

void throwInvalidArgumentValue(std::string_view function, const Value& v) {
  throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentValue",
                    std::string(function) + "() cannot take " + describeValue(v));
}

void throwArgumentError(std::string_view detail, std::string message) {
  throw core::Error(core::ErrorCode::kArgumentError, std::string(detail), std::move(message));
}

void throwArithmeticError(std::string_view detail, std::string message) {
  throw core::Error(core::ErrorCode::kArithmeticError, std::string(detail), std::move(message));
}

}  // namespace cairn::query::value
