// Schema commands: uniqueness constraints (cypher/ast/statement.h has the grammar).

#include "cypher/parser/statement_parser.h"

namespace cairn::cypher {

bool StatementParser::atSchemaCommand() const {
  if ((atKeyword("CREATE") || atKeyword("DROP")) && atKeyword("CONSTRAINT", 1)) return true;
  if (!atKeyword("SHOW")) return false;
  size_t ahead = 1;
  if (atKeyword("ALL", 1) || atKeyword("UNIQUE", 1) || atKeyword("UNIQUENESS", 1)) ahead = 2;
  return atKeyword("CONSTRAINTS", ahead) || atKeyword("CONSTRAINT", ahead);
}

ast::SchemaCommand StatementParser::parseSchemaCommand() {
  ast::SchemaCommand command;
  command.position = positionOf(peek());
  if (acceptKeyword("SHOW")) {
    command.kind = ast::SchemaCommand::Kind::kShowConstraints;
    if (!acceptKeyword("ALL") && !acceptKeyword("UNIQUE")) acceptKeyword("UNIQUENESS");
    if (!acceptKeyword("CONSTRAINTS")) expectKeyword("CONSTRAINT");
    return command;
  }
  if (acceptKeyword("DROP")) {
    expectKeyword("CONSTRAINT");
    command.kind = ast::SchemaCommand::Kind::kDropConstraint;
    command.name = parseName("a constraint name");
    if (acceptKeyword("IF")) {
      expectKeyword("EXISTS");
      command.ifExists = true;
    }
    return command;
  }
  expectKeyword("CREATE");
  expectKeyword("CONSTRAINT");
  command.kind = ast::SchemaCommand::Kind::kCreateUnique;
  if (atName() && !atKeyword("FOR") && !atKeyword("ON") && !atKeyword("IF")) {
    command.name = parseName("a constraint name");
  }
  if (acceptKeyword("IF")) {
    expectKeyword("NOT");
    expectKeyword("EXISTS");
    command.ifNotExists = true;
  }
  if (!acceptKeyword("FOR")) expectKeyword("ON");
  expect(TokenKind::kLeftParen, "'('");
  const std::string variable = parseVariable();
  expect(TokenKind::kColon, "':' and a label");
  command.label = parseName("a label");
  expect(TokenKind::kRightParen, "')'");
  if (!acceptKeyword("REQUIRE")) expectKeyword("ASSERT");
  const bool parenthesized = accept(TokenKind::kLeftParen);
  const Token& ownerToken = peek();
  if (parseVariable() != variable) {
    fail(ownerToken, "UnexpectedSyntax",
         "the constraint's property must belong to '" + variable + "', the node it is declared on");
  }
  expect(TokenKind::kDot, "'.' and a property key");
  command.property = parseName("a property key");
  if (parenthesized) {
    if (at(TokenKind::kComma)) {
      fail(peek(), "UnexpectedSyntax",
           "a uniqueness constraint on several properties is not supported");
    }
    expect(TokenKind::kRightParen, "')'");
  }
  expectKeyword("IS");
  if (atKeyword("NOT")) {
    fail(peek(), "UnexpectedSyntax", "only uniqueness constraints (IS UNIQUE) are supported");
  }
  expectKeyword("UNIQUE");
  return command;
}

}  // namespace cairn::cypher
