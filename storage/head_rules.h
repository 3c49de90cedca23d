#pragma once
// The rules of HeadStore::compareAndSetHead, shared by every backend so that all of them accept
// the same names and fail with the same codes and messages. A backend reads the current value,
// calls checkExpectedHead() while it still holds its lock, and writes only if that is ok.

#include <optional>
#include <string_view>

#include "core/status.h"
#include "storage/content_id.h"

namespace cairn::storage {

// InvalidArgument for an empty name; head names are otherwise arbitrary bytes.
core::Status validateHeadName(std::string_view name);

// InvalidArgument for an empty name or a null `desired` (a null id means "absent").
core::Status validateHeadUpdate(std::string_view name, const ContentId& desired);

// Ok if `current` (nullopt: the head is absent) is what `expected` asks for; otherwise
// AlreadyExists (the head exists and differs) or NotFound (expected a value, head absent).
core::Status checkExpectedHead(std::string_view name, const std::optional<ContentId>& current,
                               const ContentId& expected);

// NotFound naming the head; the message every backend uses for an absent head.
core::Status headNotFound(std::string_view name);

}  // namespace cairn::storage
