#pragma once
// The openCypher parser: text in, AST out (cypher/ast/statement.h). Hand-written recursive
// descent over the tokens of cypher/parser/lexer.h, covering openCypher 9 reads and writes as the
// TCK exercises them. It only checks syntax; scopes, variable kinds and aggregation rules are the
// semantic pass's work.

#include <string_view>

#include "cypher/ast/statement.h"

namespace cairn::cypher {

// Parses one openCypher statement (a trailing `;` is allowed). Throws core::Error (core/error.h)
// with code kSyntaxError, a detail() name from the TCK where one applies ("UnexpectedSyntax",
// "InvalidNumberLiteral", "IntegerOverflow", "FloatingPointOverflow", "InvalidUnicodeLiteral",
// "InvalidUnicodeCharacter", "InvalidRelationshipPattern"), a human message, and the 1-based
// line and column of the offending token. Thread-safe: no shared state.
ast::Statement parseStatement(std::string_view text);

}  // namespace cairn::cypher
