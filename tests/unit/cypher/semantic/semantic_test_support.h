#pragma once
// Table-driven helpers for the semantic pass's tests: a query either passes parse +
// checkStatement, or fails the check (not the parser) with kSyntaxError and the TCK detail.

#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "cypher/parser/parser.h"
#include "cypher/semantic/semantic_check.h"

namespace cairn::cypher::semantic_test {

struct RejectedCase {
  const char* query;
  const char* detail;  // the TCK's name
};

// The detail of the semantic error `query` raises, or "" when it passes. Parse errors fail the
// test: every query here must be syntactically valid.
inline std::string semanticDetail(const std::string& query, std::string* message = nullptr) {
  ast::Statement statement;
  try {
    statement = parseStatement(query);
  } catch (const core::Error& e) {
    ADD_FAILURE() << "does not parse: " << query << "\n" << e.what();
    return "<parse error>";
  }
  try {
    checkStatement(statement);
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError) << query;
    EXPECT_GE(e.line(), 1u) << query;
    if (message) *message = e.message();
    return e.detail();
  }
  return "";
}

inline void expectRejected(const RejectedCase& c) {
  std::string message;
  EXPECT_EQ(semanticDetail(c.query, &message), c.detail) << c.query << "\n" << message;
}

inline void expectAccepted(const char* query) {
  std::string message;
  EXPECT_EQ(semanticDetail(query, &message), "") << query << "\n" << message;
}

}  // namespace cairn::cypher::semantic_test
