#pragma once
// Prints an AST as a normalized S-expression: one canonical text per tree, independent of the
// whitespace, keyword case and redundant parentheses of the source. Tests compare parses with it;
// it also shows a tree in debugging output. The forms are the kind names of exprKindName() and
// clauseKindName(), e.g. `MATCH (a:A)-[*2..]->(b) RETURN a.x + 1 AS y` prints as
// (query (match (pattern (path (node a :A) (rel out *2.. ) (node b)))) (return (item (+ (prop a x)
// 1) y))) (see ast_printer.cpp for each form).

#include <string>

#include "cypher/ast/statement.h"

namespace cairn::cypher::ast {

std::string toSExpression(const Expression& expression);
std::string toSExpression(const PatternPart& part);
std::string toSExpression(const Pattern& pattern);
std::string toSExpression(const Clause& clause);
std::string toSExpression(const Query& query);
std::string toSExpression(const Statement& statement);

}  // namespace cairn::cypher::ast
