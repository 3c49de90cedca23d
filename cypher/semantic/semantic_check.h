#pragma once
// The semantic pass of the Cypher front end: the compile-time checks the openCypher TCK expects
// beyond syntax, run over a parsed statement (cypher::parseStatement stays parse-only; callers
// run this check after it). It tracks what every variable is (node, relationship, path or value,
// with what little is known of a value's type) through the clauses, and checks scopes, variable
// kinds, aggregation rules, pattern rules of MATCH / CREATE / MERGE, projections and UNION.
//
// Errors are core::Error with the TCK's class (kSyntaxError for all of them: the TCK files its
// semantic checks under SyntaxError), detail() the TCK's name ("UndefinedVariable",
// "VariableTypeConflict", ...), a message naming the variable or construct, and the line and
// column of the offending AST node. Only what the statement alone decides is checked: procedure
// signatures and parameter values are not known here.

#include "cypher/ast/statement.h"

namespace cairn::cypher {

// Throws core::Error at the first semantic error of `statement`; returns when it has none.
// Thread-safe: no shared mutable state.
void checkStatement(const ast::Statement& statement);

}  // namespace cairn::cypher
