#pragma once
// How the semantic pass reports an error: core::Error(kSyntaxError) with the TCK's detail name.

#include <string>
#include <string_view>

#include "cypher/ast/expression.h"

namespace cairn::cypher::semantic {

// Throws core::Error(kSyntaxError, detail, message) at `position` (0:0 when unknown).
[[noreturn]] void raise(std::string_view detail, std::string message, ast::SourcePosition position);

// "`name`" for messages.
std::string quoted(std::string_view name);

}  // namespace cairn::cypher::semantic
