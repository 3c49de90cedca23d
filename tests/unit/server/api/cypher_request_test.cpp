// Reading a Cypher request: JSON bodies in their spellings (statement / cypher, parameters /
// params, Neo4j's statements list), raw application/cypher bodies, JSON parameters as Cypher
// values, and a clear 400 (never a crash) for everything malformed.

#include "server/api/cypher_request.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "query/value/value_text.h"
#include "server/http/http_error.h"

namespace cairn::server::api {
namespace cypher_request_test {

using query::value::Value;

http::Request withType(const std::string& contentType) {
  http::Request r;
  r.method = "POST";
  r.target = "/ledgers/x/cypher";
  if (!contentType.empty()) r.headers.emplace_back("content-type", contentType);
  return r;
}

std::string text(const query::value::Parameters& p, const std::string& name) {
  const auto it = p.find(name);
  return it == p.end() ? "(missing)" : query::value::toText(it->second);
}

// The status and code of the HttpError reading `body` throws; {0, ""} when it does not.
std::pair<unsigned, std::string> failure(CypherBody kind, std::string_view body) {
  try {
    readCypherRequest(kind, body);
  } catch (const http::HttpError& e) {
    return {e.status(), e.code()};
  } catch (const core::Error& e) {
    return {1, std::string(core::errorCodeName(e.code()))};
  }
  return {0, ""};
}

TEST(CypherRequest, BodyKindFromContentType) {
  EXPECT_EQ(cypherBodyKind(withType("application/json")), CypherBody::kJson);
  EXPECT_EQ(cypherBodyKind(withType("Application/JSON; charset=UTF-8")), CypherBody::kJson);
  EXPECT_EQ(cypherBodyKind(withType("application/cypher")), CypherBody::kCypher);
  for (const std::string type : {"", "text/plain", "application/sparql-query", "not a type",
                                 "application/json; charset=latin1"}) {
    SCOPED_TRACE(type);
    try {
      cypherBodyKind(withType(type));
      ADD_FAILURE() << "accepted";
    } catch (const http::HttpError& e) {
      EXPECT_EQ(e.status(), 415u);
      EXPECT_EQ(e.code(), "Neo.ClientError.Request.InvalidFormat");
    }
  }
}

TEST(CypherRequest, JsonSpellings) {
  for (const std::string body :
       {R"({"statement": "RETURN $x", "parameters": {"x": 1}})",
        R"({"cypher": "RETURN $x", "params": {"x": 1}})",
        R"({"statements": [{"statement": "RETURN $x", "parameters": {"x": 1}}]})",
        R"(  {"statement": "RETURN $x", "parameters": {"x": 1}, "resultDataContents": ["row"]})"}) {
    SCOPED_TRACE(body);
    const CypherRequest r = readCypherRequest(CypherBody::kJson, body);
    EXPECT_EQ(r.statement, "RETURN $x");
    EXPECT_EQ(text(r.parameters, "x"), "1");
  }
  const CypherRequest none = readCypherRequest(CypherBody::kJson, R"({"statement": "RETURN 1"})");
  EXPECT_TRUE(none.parameters.empty());
  const CypherRequest nullParams =
      readCypherRequest(CypherBody::kJson, R"({"statement": "RETURN 1", "parameters": null})");
  EXPECT_TRUE(nullParams.parameters.empty());
}

TEST(CypherRequest, CypherBodyIsTheStatementOrTheJsonObject) {
  const CypherRequest raw = readCypherRequest(CypherBody::kCypher, "MATCH (n)\nRETURN n");
  EXPECT_EQ(raw.statement, "MATCH (n)\nRETURN n");
  EXPECT_TRUE(raw.parameters.empty());
  // fluree/benchmark-db's shape: JSON under the Cypher media type.
  const CypherRequest json = readCypherRequest(
      CypherBody::kCypher, "\n {\"cypher\": \"RETURN $p\", \"params\": {\"p\": \"a\"}}");
  EXPECT_EQ(json.statement, "RETURN $p");
  EXPECT_EQ(text(json.parameters, "p"), "'a'");
  EXPECT_EQ(failure(CypherBody::kCypher, "RETURN '\xff'"),
            (std::pair<unsigned, std::string>{400, "Neo.ClientError.Request.InvalidFormat"}));
  // A body that starts like an object must be one.
  EXPECT_EQ(failure(CypherBody::kCypher, "{\"cypher\": "),
            (std::pair<unsigned, std::string>{400, "Neo.ClientError.Request.InvalidFormat"}));
}

TEST(CypherRequest, ParametersBecomeCypherValues) {
  const CypherRequest r = readCypherRequest(CypherBody::kJson, R"({"statement": "RETURN 1",
      "parameters": {"n": null, "b": true, "i": -42, "big": 9223372036854775807, "f": 1.5,
                     "whole": 2.0, "e": 1e3, "s": "x\u00e9", "l": [1, "a", [null]],
                     "m": {"k": {"z": 1, "a": [2.5]}}}})");
  const auto& p = r.parameters;
  EXPECT_EQ(text(p, "n"), "null");
  EXPECT_EQ(text(p, "b"), "true");
  EXPECT_EQ(text(p, "i"), "-42");
  EXPECT_EQ(p.at("i").kind(), query::value::ValueKind::kInteger);
  EXPECT_EQ(text(p, "big"), "9223372036854775807");
  EXPECT_EQ(text(p, "f"), "1.5");
  // A JSON number with a fraction or an exponent is a float, whatever its value.
  EXPECT_EQ(p.at("whole").kind(), query::value::ValueKind::kFloat);
  EXPECT_EQ(text(p, "whole"), "2.0");
  EXPECT_EQ(p.at("e").kind(), query::value::ValueKind::kFloat);
  EXPECT_EQ(text(p, "s"), "'x\xc3\xa9'");
  EXPECT_EQ(text(p, "l"), "[1, 'a', [null]]");
  EXPECT_EQ(text(p, "m"), "{k: {a: [2.5], z: 1}}");
}

TEST(CypherRequest, MalformedBodiesAreClearClientErrors) {
  using Failure = std::pair<unsigned, std::string>;
  const Failure invalidFormat{400, "Neo.ClientError.Request.InvalidFormat"};
  EXPECT_EQ(failure(CypherBody::kJson, ""), invalidFormat);
  EXPECT_EQ(failure(CypherBody::kJson, "{\"statement\": \"RETURN 1\""), invalidFormat);
  EXPECT_EQ(failure(CypherBody::kJson, "[\"RETURN 1\"]"), invalidFormat);
  EXPECT_EQ(failure(CypherBody::kJson, "\"RETURN 1\""), invalidFormat);
  EXPECT_EQ(failure(CypherBody::kJson, R"({"statement": 5})"), invalidFormat);
  EXPECT_EQ(failure(CypherBody::kJson, R"({"statement": "RETURN 1", "parameters": [1]})"),
            invalidFormat);
  EXPECT_EQ(failure(CypherBody::kJson, R"({"statement": "RETURN 1", "cypher": "RETURN 2"})"),
            invalidFormat);
  EXPECT_EQ(
      failure(CypherBody::kJson, R"({"statement": "RETURN 1", "params": {}, "parameters": {}})"),
      invalidFormat);
  EXPECT_EQ(failure(CypherBody::kJson, R"({"statements": []})"), invalidFormat);
  EXPECT_EQ(failure(CypherBody::kJson,
                    R"({"statements": [{"statement": "RETURN 1"}, {"statement": "RETURN 2"}]})"),
            invalidFormat);
  EXPECT_EQ(failure(CypherBody::kJson, R"({"parameters": {}})"),
            (Failure{400, "Neo.ClientError.Request.Invalid"}));
  // Parameters Cypher cannot hold.
  EXPECT_EQ(failure(CypherBody::kJson,
                    R"({"statement": "RETURN 1", "parameters": {"x": 9223372036854775808}})"),
            (Failure{1, "InvalidArgument"}));
  std::string deep = R"({"statement": "RETURN 1", "parameters": {"x": )";
  deep += std::string(100'000, '[') + std::string(100'000, ']') + "}}";
  EXPECT_EQ(failure(CypherBody::kJson, deep), (Failure{1, "InvalidArgument"}));
  std::string shallowEnough = R"({"statement": "RETURN 1", "parameters": {"x": )";
  shallowEnough += std::string(60, '[') + std::string(60, ']') + "}}";
  EXPECT_EQ(failure(CypherBody::kJson, shallowEnough), (Failure{0, ""}));
}

TEST(CypherRequest, ParametersFromJsonForTheCommandLine) {
  EXPECT_TRUE(parametersFromJson(nlohmann::json()).empty());
  EXPECT_EQ(text(parametersFromJson(nlohmann::json::parse(R"({"a": [1, 2]})")), "a"), "[1, 2]");
  EXPECT_THROW(parametersFromJson(nlohmann::json::parse("[1]")), core::Error);
}

}  // namespace cypher_request_test
}  // namespace cairn::server::api
