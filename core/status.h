#pragma once
// Status and Result<T>: how storage and index edges report failure (LevelDB style). A Status is
// cheap when ok; its message names the object involved (a blob id, a file, a ledger).

#include <string>
#include <utility>
#include <variant>

#include "core/check.h"

namespace cairn::core {

enum class StatusCode {
  kOk,
  kNotFound,
  kCorruption,     // stored bytes do not match their content id or their format
  kInvalidArgument,
  kIoError,
  kAlreadyExists,
  kResourceExhausted,
  kCancelled,
  kInternal,
  kFailedPrecondition,  // a valid request the store's state refuses (a broken constraint)
};

std::string_view statusCodeName(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status ok() { return {}; }
  static Status notFound(std::string m) { return {StatusCode::kNotFound, std::move(m)}; }
  static Status corruption(std::string m) { return {StatusCode::kCorruption, std::move(m)}; }
  static Status invalidArgument(std::string m) { return {StatusCode::kInvalidArgument, std::move(m)}; }
  static Status ioError(std::string m) { return {StatusCode::kIoError, std::move(m)}; }
  static Status alreadyExists(std::string m) { return {StatusCode::kAlreadyExists, std::move(m)}; }
  static Status internal(std::string m) { return {StatusCode::kInternal, std::move(m)}; }

  bool isOk() const { return code_ == StatusCode::kOk; }
  explicit operator bool() const { return isOk(); }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "Corruption: blob 3fa1… hash mismatch"
  std::string toString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// A value or the Status explaining its absence.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Result(Status status) : state_(std::move(status)) {  // NOLINT(google-explicit-constructor)
    CAIRN_CHECK(!std::get<Status>(state_).isOk(), "Result built from an ok Status");
  }

  bool isOk() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return isOk(); }
  const Status& status() const {
    static const Status kOk;
    return isOk() ? kOk : std::get<Status>(state_);
  }
  T& value() & {
    CAIRN_CHECK(isOk(), "value() of a failed Result");
    return std::get<T>(state_);
  }
  const T& value() const& {
    CAIRN_CHECK(isOk(), "value() of a failed Result");
    return std::get<T>(state_);
  }
  T&& value() && {
    CAIRN_CHECK(isOk(), "value() of a failed Result");
    return std::get<T>(std::move(state_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> state_;
};

}  // namespace cairn::core

// Propagate a failed Status / Result from the enclosing function.
#define CAIRN_RETURN_IF_ERROR(expr)          \
  do {                                       \
    ::cairn::core::Status _st = (expr);      \
    if (!_st.isOk()) [[unlikely]] return _st; \
  } while (0)

#define CAIRN_CONCAT_INNER(a, b) a##b
#define CAIRN_CONCAT(a, b) CAIRN_CONCAT_INNER(a, b)
#define CAIRN_ASSIGN_OR_RETURN(lhs, expr)                                              \
  auto CAIRN_CONCAT(_res_, __LINE__) = (expr);                                         \
  if (!CAIRN_CONCAT(_res_, __LINE__).isOk()) [[unlikely]]                              \
    return CAIRN_CONCAT(_res_, __LINE__).status();                                     \
  lhs = std::move(CAIRN_CONCAT(_res_, __LINE__)).value()
