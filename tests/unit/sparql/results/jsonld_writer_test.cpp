// The JSON-LD writer: its output parsed with nlohmann::json must be expanded JSON-LD (an array
// of node objects, only the keys that form allows, no key twice in an object) whose terms are
// exactly the graph that was written.

#include "sparql/results/jsonld_writer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "core/error.h"
#include "tests/unit/sparql/results/graph_fixture.h"
#include "tests/unit/sparql/results/result_fixture.h"

namespace cairn::sparql::results {
namespace {

using core::Term;
using graph_fixture::kEx;
using graph_fixture::kXsd;
using graph_fixture::normalized;
using graph_fixture::richGraph;
using graph_fixture::writeQuadsWith;
using nlohmann::json;
using testing::Quad;

// Parses `text`, failing the test on a key that occurs twice in one object (nlohmann would
// silently keep the last one).
json parseStrict(const std::string& text) {
  std::vector<std::set<std::string>> keys;
  json::parser_callback_t callback = [&](int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
        keys.emplace_back();
        break;
      case json::parse_event_t::object_end:
        keys.pop_back();
        break;
      case json::parse_event_t::key:
        EXPECT_TRUE(keys.back().insert(parsed.get<std::string>()).second)
            << "duplicate key " << parsed;
        break;
      default:
        break;
    }
    return true;
  };
  return json::parse(text, callback);
}

Term nodeTerm(const json& id) {
  EXPECT_TRUE(id.is_string()) << id;
  std::string value = id.get<std::string>();
  if (value.starts_with("_:")) return Term::blank(value.substr(2));
  return Term::iri(value);
}

// Expanded JSON-LD (as this writer produces it) back to triples, checking the shape on the way.
std::vector<Quad> toQuads(const json& document) {
  std::vector<Quad> quads;
  EXPECT_TRUE(document.is_array());
  for (const json& node : document) {
    EXPECT_TRUE(node.is_object()) << node;
    EXPECT_TRUE(node.contains("@id")) << node;
    Term subject = nodeTerm(node["@id"]);
    EXPECT_GE(node.size(), 2u) << "a node object without properties: " << node;
    for (const auto& [key, values] : node.items()) {
      if (key == "@id") continue;
      EXPECT_FALSE(key.starts_with("@")) << key;
      EXPECT_TRUE(values.is_array() && !values.empty()) << values;
      for (const json& value : values) {
        EXPECT_TRUE(value.is_object()) << value;
        Term object;
        if (value.contains("@id")) {
          EXPECT_EQ(value.size(), 1u) << value;
          object = nodeTerm(value["@id"]);
        } else {
          EXPECT_TRUE(value.contains("@value") && value["@value"].is_string()) << value;
          EXPECT_FALSE(value.contains("@language") && value.contains("@type")) << value;
          object =
              Term::literal(value["@value"].get<std::string>(), value.value("@type", std::string()),
                            value.value("@language", std::string()));
          EXPECT_EQ(value.size(), 1u + value.contains("@type") + value.contains("@language"));
        }
        quads.push_back({subject, Term::iri(key), object, std::nullopt});
      }
    }
  }
  return quads;
}

TEST(JsonLdWriter, WritesTheFixtureAsExpandedNodeObjects) {
  std::string text = fixture::writeGraph(ResultFormat::kJsonLd);
  EXPECT_EQ(
      text,
      "[\n"
      R"({"@id":"http://ex.org/a",)"
      "\n "
      R"("http://www.w3.org/1999/02/22-rdf-syntax-ns#type":[{"@id":"http://ex.org/Person"}],)"
      "\n "
      R"("http://ex.org/name":[{"@value":"Ann","@language":"en"},{"@value":"Anna\ttab"}]},)"
      "\n"
      R"({"@id":"_:b1",)"
      "\n "
      R"("http://ex.org/age":[{"@value":"42","@type":"http://www.w3.org/2001/XMLSchema#integer"}],)"
      "\n "
      R"("http://other.org/path/x y":[{"@id":"http://ex.org/a"}]},)"
      "\n"
      R"({"@id":"http://ex.org/a",)"
      "\n "
      R"("http://ex.org/name":[{"@value":"again"}]})"
      "\n]\n");
  json expected = json::parse(R"([
    {"@id": "http://ex.org/a",
     "http://www.w3.org/1999/02/22-rdf-syntax-ns#type": [{"@id": "http://ex.org/Person"}],
     "http://ex.org/name": [{"@value": "Ann", "@language": "en"}, {"@value": "Anna\ttab"}]},
    {"@id": "_:b1",
     "http://ex.org/age": [{"@value": "42", "@type": "http://www.w3.org/2001/XMLSchema#integer"}],
     "http://other.org/path/x y": [{"@id": "http://ex.org/a"}]},
    {"@id": "http://ex.org/a", "http://ex.org/name": [{"@value": "again"}]}
  ])");
  EXPECT_EQ(parseStrict(text), expected);
}

TEST(JsonLdWriter, RoundTripsTheRichGraph) {
  std::vector<Quad> graph = richGraph();
  std::string text = writeQuadsWith(ResultFormat::kJsonLd, graph);
  std::vector<Quad> back = toQuads(parseStrict(text));
  EXPECT_EQ(back.size(), graph.size());
  testing::MatchResult match = testing::datasetsIsomorphic(normalized(graph), back);
  EXPECT_TRUE(match.matched) << match.explanation << "\n" << text;
}

TEST(JsonLdWriter, KeepsEveryTermExactly) {
  const Term s = Term::iri("http://ex.org/q?x=1&y=\"2\"");
  const std::string control = "a\x01\x1f\x7f\b\f\"\\/b";
  std::vector<Quad> graph = {
      {s, Term::iri(kEx + "p"), Term::literal(control), {}},
      {s, Term::iri(kEx + "p"), Term::literal("Grüße 😀", {}, "de-CH"), {}},
      {s, Term::iri(kEx + "p"), Term::literal("x", kXsd + "string"), {}},
      {s, Term::iri(kEx + "p"), Term::literal("1.0e6", kXsd + "double"), {}},
      {s, Term::iri(kEx + "p"), Term::literal("true", kXsd + "boolean"), {}},
      {s, Term::iri(kEx + "ü/\"k\""), Term::blank("weird label.é"), {}},
  };
  std::string text = writeQuadsWith(ResultFormat::kJsonLd, graph);
  json doc = parseStrict(text);
  ASSERT_EQ(doc.size(), 1u);
  const json& node = doc[0];
  EXPECT_EQ(node["@id"], "http://ex.org/q?x=1&y=\"2\"");
  const json& values = node[kEx + "p"];
  ASSERT_EQ(values.size(), 5u);
  EXPECT_EQ(values[0], json({{"@value", control}}));
  EXPECT_EQ(values[1], json({{"@value", "Grüße 😀"}, {"@language", "de-CH"}}));
  EXPECT_EQ(values[2], json({{"@value", "x"}}));  // xsd:string is left implicit
  // Lexical forms stay strings: no number or boolean is reformatted.
  EXPECT_EQ(values[3], json({{"@value", "1.0e6"}, {"@type", kXsd + "double"}}));
  EXPECT_EQ(values[4], json({{"@value", "true"}, {"@type", kXsd + "boolean"}}));
  EXPECT_EQ(node[kEx + "ü/\"k\""], json::array({{{"@id", "_:weird label.é"}}}));
  // Controls are escaped, so the text holds no raw control character.
  for (char c : text) EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 && c != '\n');
}

TEST(JsonLdWriter, ARepeatedPredicateInOneSubjectRunOpensAnotherNodeObject) {
  const Term s = Term::iri(kEx + "s");
  const Term p1 = Term::iri(kEx + "p1");
  const Term p2 = Term::iri(kEx + "p2");
  std::vector<Quad> graph = {
      {s, p1, Term::literal("1"), {}}, {s, p1, Term::literal("2"), {}},
      {s, p2, Term::literal("3"), {}}, {s, p1, Term::literal("4"), {}},
      {s, p2, Term::literal("5"), {}}, {s, Term::iri(kEx + "p3"), Term::literal("6"), {}},
  };
  std::string text = writeQuadsWith(ResultFormat::kJsonLd, graph);
  json doc = parseStrict(text);
  ASSERT_EQ(doc.size(), 2u) << text;
  EXPECT_EQ(doc[0], json::parse(R"({"@id":"http://ex.org/s",
      "http://ex.org/p1":[{"@value":"1"},{"@value":"2"}],"http://ex.org/p2":[{"@value":"3"}]})"));
  EXPECT_EQ(doc[1], json::parse(R"({"@id":"http://ex.org/s",
      "http://ex.org/p1":[{"@value":"4"}],"http://ex.org/p2":[{"@value":"5"}],
      "http://ex.org/p3":[{"@value":"6"}]})"));
  testing::MatchResult match = testing::datasetsIsomorphic(graph, toQuads(doc));
  EXPECT_TRUE(match.matched) << match.explanation;
}

TEST(JsonLdWriter, EmptyGraphAndRefusals) {
  EXPECT_EQ(writeQuadsWith(ResultFormat::kJsonLd, {}), "[]\n");
  EXPECT_TRUE(parseStrict("[]\n").empty());

  StringOutput out;
  auto writer = makeResultWriter(ResultFormat::kJsonLd, out);
  try {
    writer->beginSolutions({"x"});
    FAIL() << "JSON-LD accepted solutions";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported);
    EXPECT_NE(e.message().find("JSON-LD"), std::string::npos);
  }
  EXPECT_THROW(writer->booleanResult(false), core::Error);

  StringOutput literalSubject;
  auto other = makeResultWriter(ResultFormat::kJsonLd, literalSubject);
  other->beginGraph();
  try {
    other->triple(Term::literal("s"), Term::iri(kEx + "p"), Term::literal("o"));
    FAIL() << "JSON-LD accepted a literal subject";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported);
  }
}

}  // namespace
}  // namespace cairn::sparql::results
