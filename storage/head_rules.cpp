#include "storage/head_rules.h"

#include <string>

namespace cairn::storage {
namespace {

std::string quoted(std::string_view name) {
  std::string out = "head '";
  out += name;
  out += "'";
  return out;
}

}  // namespace

core::Status validateHeadName(std::string_view name) {
  if (name.empty()) return core::Status::invalidArgument("head name is empty");
  return core::Status::ok();
}

core::Status validateHeadUpdate(std::string_view name, const ContentId& desired) {
  CAIRN_RETURN_IF_ERROR(validateHeadName(name));
  if (desired.isNull()) {
    return core::Status::invalidArgument(quoted(name) +
                                         ": the desired id is null (use deleteHead to remove it)");
  }
  return core::Status::ok();
}

core::Status checkExpectedHead(std::string_view name, const std::optional<ContentId>& current,
                               const ContentId& expected) {
  if (!current) {
    if (expected.isNull()) return core::Status::ok();
    return core::Status::notFound(quoted(name) + " does not exist (expected it at " +
                                  expected.shortHex() + ")");
  }
  if (expected.isNull()) {
    return core::Status::alreadyExists(quoted(name) + " already exists (at " + current->shortHex() +
                                       ")");
  }
  if (*current != expected) {
    return core::Status::alreadyExists(quoted(name) + " moved: it is at " + current->shortHex() +
                                       ", expected " + expected.shortHex());
  }
  return core::Status::ok();
}

core::Status headNotFound(std::string_view name) {
  return core::Status::notFound(quoted(name) + " does not exist");
}

}  // namespace cairn::storage
