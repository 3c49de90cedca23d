#include "cypher/semantic/semantic_error.h"

#include "core/error.h"

namespace cairn::cypher::semantic {

void raise(std::string_view detail, std::string message, ast::SourcePosition position) {
  throw core::Error(core::ErrorCode::kSyntaxError, std::string(detail), std::move(message),
                    position.line, position.column);
}

std::string quoted(std::string_view name) { return "`" + std::string(name) + "`"; }

}  // namespace cairn::cypher::semantic
