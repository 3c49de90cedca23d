#pragma once
// Argument checks the function families share: each throws core::Error with the TCK's class
// (kTypeError "InvalidArgumentValue" for a wrong type, kArgumentError for a bad value).

#include <span>
#include <string>
#include <string_view>

#include "query/value/value.h"
#include "query/value/value_errors.h"

namespace cairn::query::value::functions {

inline bool anyNull(std::span<const Value> args) {
  for (const Value& v : args) {
    if (v.isNull()) return true;
  }
  return false;
}

inline const std::string& stringArg(std::span<const Value> args, size_t i, std::string_view fn) {
  if (args[i].kind() != ValueKind::kString) throwInvalidArgumentValue(fn, args[i]);
  return args[i].asString();
}

inline int64_t integerArg(std::span<const Value> args, size_t i, std::string_view fn) {
  if (args[i].kind() != ValueKind::kInteger) throwInvalidArgumentValue(fn, args[i]);
  return args[i].asInteger();
}

// An integer that must not be negative (a length, a count).
inline int64_t lengthArg(std::span<const Value> args, size_t i, std::string_view fn) {
  const int64_t n = integerArg(args, i, fn);
  if (n < 0) {
    throwArgumentError("NegativeIntegerArgument",
                       std::string(fn) + "(): negative argument " + std::to_string(n));
  }
  return n;
}

inline double numberArg(std::span<const Value> args, size_t i, std::string_view fn) {
  if (!args[i].isNumber()) throwInvalidArgumentValue(fn, args[i]);
  return args[i].asNumber();
}

}  // namespace cairn::query::value::functions
