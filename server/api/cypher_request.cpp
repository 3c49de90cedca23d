#include "server/api/cypher_request.h"

#include <cctype>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/utf8.h"
#include "server/http/http_error.h"
#include "server/http/media_type.h"

namespace cairn::server::api {
namespace {

using http::HttpError;
using query::value::Value;

constexpr const char* kInvalidFormat = "Neo.ClientError.Request.InvalidFormat";
constexpr const char* kInvalid = "Neo.ClientError.Request.Invalid";
// Deeper parameters are refused: a value is converted (and later freed) recursively.
constexpr int kMaxDepth = 64;

Value valueFromJson(const nlohmann::json& j, const std::string& name, int depth) {
  if (depth > kMaxDepth) {
    throw core::Error(
        core::ErrorCode::kInvalidArgument,
        "parameter $" + name + " nests deeper than " + std::to_string(kMaxDepth) + " levels");
  }
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return Value();
    case nlohmann::json::value_t::boolean:
      return Value::boolean(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return Value::integer(j.get<int64_t>());
    case nlohmann::json::value_t::number_unsigned: {
      const uint64_t v = j.get<uint64_t>();
      if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        throw core::Error(core::ErrorCode::kInvalidArgument,
                          "parameter $" + name + ": the integer " + std::to_string(v) +
                              " does not fit in 64 bits");
      }
      return Value::integer(static_cast<int64_t>(v));
    }
    case nlohmann::json::value_t::number_float:
      return Value::floating(j.get<double>());
    case nlohmann::json::value_t::string:
      return Value::string(j.get<std::string>());
    case nlohmann::json::value_t::array: {
      Value::List items;
      items.reserve(j.size());
      for (const auto& item : j) items.push_back(valueFromJson(item, name, depth + 1));
      return Value::list(std::move(items));
    }
    case nlohmann::json::value_t::object: {
      Value::Map entries;
      entries.reserve(j.size());
      for (const auto& [key, item] : j.items()) {
        entries.emplace_back(key, valueFromJson(item, name, depth + 1));
      }
      return Value::map(std::move(entries));
    }
    default:
      break;
  }
  throw core::Error(core::ErrorCode::kInvalidArgument,
                    "parameter $" + name + " is not a JSON value Cypher can hold");
}

// `object[a]` or `object[b]` (synonyms); null when neither; 400 when both.
const nlohmann::json* member(const nlohmann::json& object, const char* a, const char* b) {
  const auto first = object.find(a);
  const auto second = object.find(b);
  if (first != object.end() && second != object.end()) {
    throw HttpError(400, kInvalidFormat,
                    std::string("give either \"") + a + "\" or \"" + b + "\", not both");
  }
  if (first != object.end()) return &*first;
  if (second != object.end()) return &*second;
  return nullptr;
}

CypherRequest fromJsonObject(const nlohmann::json& body) {
  const nlohmann::json* object = &body;
  if (const auto statements = body.find("statements"); statements != body.end()) {
    // Neo4j's transactional shape, for its clients: one statement per request here.
    if (body.contains("statement") || body.contains("cypher")) {
      throw HttpError(400, kInvalidFormat, "give either \"statements\" or \"statement\", not both");
    }
    if (!statements->is_array() || statements->size() != 1 || !(*statements)[0].is_object()) {
      throw HttpError(400, kInvalidFormat,
                      "\"statements\" must be a list of exactly one {\"statement\", "
                      "\"parameters\"} object: Cairn runs one statement per request");
    }
    object = &(*statements)[0];
  }
  CypherRequest out;
  const nlohmann::json* statement = member(*object, "statement", "cypher");
  if (statement == nullptr) {
    throw HttpError(400, kInvalid,
                    "the request has no statement (a \"statement\" or \"cypher\" member)");
  }
  if (!statement->is_string()) {
    throw HttpError(400, kInvalidFormat, "the statement must be a JSON string");
  }
  out.statement = statement->get<std::string>();
  if (const nlohmann::json* parameters = member(*object, "parameters", "params")) {
    if (!parameters->is_object() && !parameters->is_null()) {
      throw HttpError(400, kInvalidFormat, "the parameters must be a JSON object");
    }
    out.parameters = parametersFromJson(*parameters);
  }
  return out;
}

bool startsLikeObject(std::string_view body) {
  const size_t first = body.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && body[first] == '{';
}

}  // namespace

CypherBody cypherBodyKind(const http::Request& request) {
  const std::string* contentType = request.header("content-type");
  const auto type = contentType ? http::parseMediaType(*contentType) : std::nullopt;
  if (type) {
    for (const auto& [name, value] : type->parameters) {
      std::string lower;
      for (char c : value) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (name == "charset" && lower != "utf-8" && lower != "utf8" && lower != "us-ascii") {
        throw HttpError(415, "Neo.ClientError.Request.InvalidFormat",
                        "a Cypher request must be UTF-8, not charset=" + value);
      }
    }
    if (type->essence() == "application/json") return CypherBody::kJson;
    if (type->essence() == "application/cypher") return CypherBody::kCypher;
  }
  throw HttpError(415, "Neo.ClientError.Request.InvalidFormat",
                  "a Cypher request needs Content-Type application/json "
                  "({\"statement\", \"parameters\"}) or application/cypher (the statement)" +
                      (contentType ? ", not " + *contentType : std::string()));
}

CypherRequest readCypherRequest(CypherBody kind, std::string_view body) {
  if (kind == CypherBody::kCypher && !startsLikeObject(body)) {
    if (!core::isValidUtf8(body)) {
      throw HttpError(400, kInvalidFormat, "the statement is not valid UTF-8");
    }
    return CypherRequest{std::string(body), {}};
  }
  nlohmann::json parsed;
  try {
    parsed = nlohmann::json::parse(body);
  } catch (const nlohmann::json::exception& e) {
    // Syntax errors, and numbers beyond a double (1e999).
    throw HttpError(400, kInvalidFormat, "the body is not valid JSON: " + std::string(e.what()));
  }
  if (!parsed.is_object()) {
    throw HttpError(400, kInvalidFormat,
                    "the body must be a JSON object {\"statement\", \"parameters\"}");
  }
  return fromJsonObject(parsed);
}

query::value::Parameters parametersFromJson(const nlohmann::json& parameters) {
  query::value::Parameters out;
  if (parameters.is_null()) return out;
  if (!parameters.is_object()) {
    throw core::Error(core::ErrorCode::kInvalidArgument, "the parameters must be a JSON object");
  }
  for (const auto& [name, value] : parameters.items()) {
    out.insert_or_assign(name, valueFromJson(value, name, 1));
  }
  return out;
}

}  // namespace cairn::server::api
