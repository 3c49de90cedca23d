#include "core/rdf/serd_parser.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/rdf/ntriples_parser.h"
#include "tests/unit/core/io/io_test_files.h"
#include "tests/unit/core/rdf/ntriples_generator.h"
#include "tests/unit/core/rdf/rdf_test_sinks.h"

namespace cairn::core::rdf {
namespace {

using test::RecordingSink;

constexpr std::string_view kBase = "http://example.org/dir/doc.ttl";

struct Parsed {
  Status status;
  std::vector<std::string> lines;
  std::vector<std::string> errors;
};

Parsed parse(const std::string& text, RdfFormat format = RdfFormat::kTurtle,
             bool skipInvalid = false, std::string_view base = kBase) {
  auto input = io::InputSource::fromString(text);
  RecordingSink sink(skipInvalid);
  Status st = parseWithSerd(*input, format, base, "doc.ttl", sink);
  return {st, sink.lines, sink.errors};
}

std::vector<std::string> lines(const std::string& text, RdfFormat format = RdfFormat::kTurtle) {
  Parsed p = parse(text, format);
  EXPECT_TRUE(p.status.isOk()) << p.status.toString();
  return p.lines;
}

TEST(SerdParser, PrefixesBaseAndRelativeIris) {
  EXPECT_EQ(lines("@prefix ex: <http://ex.org/ns#> .\n"
                  "PREFIX rel: <sub/>\n"
                  "ex:s ex:p <o>, <#frag>, <../up>, <?q>, <>, rel:x .\n"
                  "@base <http://other.org/a/b> .\n"
                  "ex:s ex:p <c>, <//host/p>, </abs> .\n"
                  "BASE <../z/>\n"
                  "ex:s ex:p <w>, rel:y .\n"),
            (std::vector<std::string>{
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://example.org/dir/o> .",
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://example.org/dir/doc.ttl#frag> .",
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://example.org/up> .",
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://example.org/dir/doc.ttl?q> .",
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://example.org/dir/doc.ttl> .",
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://example.org/dir/sub/x> .",
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://other.org/a/c> .",
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://host/p> .",
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://other.org/abs> .",
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://other.org/z/w> .",
                // A prefix keeps the IRI it was resolved to when declared.
                "<http://ex.org/ns#s> <http://ex.org/ns#p> <http://example.org/dir/sub/y> .",
            }));
}

TEST(SerdParser, DotSegmentsAreRemovedAsRfc3986Says) {
  // serd 0.30's own resolver gets these wrong; Cairn resolves itself.
  EXPECT_EQ(lines("<a/./b/../c> <p> <g;x=1/../y> .", RdfFormat::kTurtle),
            (std::vector<std::string>{"<http://example.org/dir/a/c> "
                                      "<http://example.org/dir/p> <http://example.org/dir/y> ."}));
}

TEST(SerdParser, LiteralForms) {
  auto rows = lines(
      "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
      "<s> <p> 1, -2.5, 1e3, true, \"a\"@en-US, 'b'^^xsd:date, \"\"\"multi\n\"line\" \"\"\" ,"
      " \"\\u00E9\\n\\\"\", \"\\uD83D\\uDE00\", \"c\"^^<http://www.w3.org/2001/XMLSchema#string> "
      ".\n");
  const std::string sp = "<http://example.org/dir/s> <http://example.org/dir/p> ";
  EXPECT_EQ(rows, (std::vector<std::string>{
                      sp + "\"1\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
                      sp + "\"-2.5\"^^<http://www.w3.org/2001/XMLSchema#decimal> .",
                      sp + "\"1e3\"^^<http://www.w3.org/2001/XMLSchema#double> .",
                      sp + "\"true\"^^<http://www.w3.org/2001/XMLSchema#boolean> .",
                      sp + "\"a\"@en-US .",
                      sp + "\"b\"^^<http://www.w3.org/2001/XMLSchema#date> .",
                      sp + "\"multi\\n\\\"line\\\" \" .",
                      sp + "\"\xC3\xA9\\n\\\"\" .",
                      sp + "\"\xF0\x9F\x98\x80\" .",
                      // toNTriples leaves xsd:string out; the parser passed it through.
                      sp + "\"c\" .",
                  }));
}

TEST(SerdParser, ExplicitXsdStringIsPassedThrough) {
  auto input = io::InputSource::fromString(
      "<http://a/s> <http://a/p> \"c\"^^<http://www.w3.org/2001/XMLSchema#string> .");
  test::TermSink sink;
  ASSERT_TRUE(parseWithSerd(*input, RdfFormat::kTurtle, "", "t", sink).isOk());
  ASSERT_EQ(sink.rows.size(), 1u);
  EXPECT_EQ(sink.rows[0].object.datatype, "http://www.w3.org/2001/XMLSchema#string");
}

TEST(SerdParser, WrittenBlankNodeLabelsStayApart) {
  // serd alone would turn _:b1 into "B1" and merge it with _:B1.
  EXPECT_EQ(lines("_:B1 <p> _:b1 .\n_:b1 <p> _:B1 .\n_:b2 <p> _:b10 ."),
            (std::vector<std::string>{
                "_:B1 <http://example.org/dir/p> _:b1 .",
                "_:b1 <http://example.org/dir/p> _:B1 .",
                "_:b2 <http://example.org/dir/p> _:b10 .",
            }));
  // ... and would refuse this document ("found both `b' and `B' blank IDs").
  EXPECT_EQ(lines("_:b1 <p> _:B1 .").size(), 1u);
}

TEST(SerdParser, ByteOrderMarkBeforeALabel) {
  EXPECT_EQ(lines("\xEF\xBB\xBF_:b1 <p> _:B1 ."),
            (std::vector<std::string>{"_:b1 <http://example.org/dir/p> _:B1 ."}));
}

TEST(SerdParser, GeneratedBlankNodesNeverCollideWithWrittenOnes) {
  EXPECT_EQ(lines("@prefix : <http://a/> .\n"
                  ":s :p [ :q _:_g0_1 ], ( 1 ) .\n"
                  "_:_x :p _:b1 .\n"),
            (std::vector<std::string>{
                "<http://a/s> <http://a/p> _:_g0_1 .",
                "_:_g0_1 <http://a/q> _:__g0_1 .",
                "<http://a/s> <http://a/p> _:_g0_2 .",
                "_:_g0_2 <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> "
                "\"1\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
                "_:_g0_2 <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> "
                "<http://www.w3.org/1999/02/22-rdf-syntax-ns#nil> .",
                "_:__x <http://a/p> _:b1 .",
            }));
}

TEST(SerdParser, LabelLookalikesInsideNamesStringsAndIris) {
  EXPECT_EQ(lines("@prefix ex: <http://a/> . @prefix a_: <http://b/> .\n"
                  "ex:a_:b a_:c \"_:d\", <http://a/_:e>, ex:c._:d # _:f\n"
                  "; ex:p _:g .\n"),
            (std::vector<std::string>{
                "<http://a/a_:b> <http://b/c> \"_:d\" .",
                "<http://a/a_:b> <http://b/c> <http://a/_:e> .",
                "<http://a/a_:b> <http://b/c> <http://a/c._:d> .",
                "<http://a/a_:b> <http://a/p> _:g .",
            }));
}

TEST(SerdParser, TrigGraphs) {
  EXPECT_EQ(lines("@prefix : <http://a/> .\n"
                  ":s :p :o .\n"
                  ":g { :s :p :o1 }\n"
                  "GRAPH <http://g/2> { :s :p :o2 . :s :p :o3 }\n"
                  "_:bg { :s :p :o4 }\n"
                  "{ :s :p :o5 }\n",
                  RdfFormat::kTriG),
            (std::vector<std::string>{
                "<http://a/s> <http://a/p> <http://a/o> .",
                "<http://a/s> <http://a/p> <http://a/o1> <http://a/g> .",
                "<http://a/s> <http://a/p> <http://a/o2> <http://g/2> .",
                "<http://a/s> <http://a/p> <http://a/o3> <http://g/2> .",
                "<http://a/s> <http://a/p> <http://a/o4> _:bg .",
                "<http://a/s> <http://a/p> <http://a/o5> .",
            }));
}

TEST(SerdParser, LargeTrigBlocksArriveInParts) {
  std::string text = "<http://g> {\n";
  for (int i = 0; i < 3000; ++i) text += "<http://s> <http://p> \"" + std::to_string(i) + "\" .\n";
  text += "}\n";
  auto rows = lines(text, RdfFormat::kTriG);
  ASSERT_EQ(rows.size(), 3000u);
  EXPECT_EQ(rows[2999], "<http://s> <http://p> \"2999\" <http://g> .");
}

TEST(SerdParser, GraphBlocksAreNotTurtle) {
  Parsed p = parse("<http://g> { <http://s> <http://p> <http://o> }");
  EXPECT_EQ(p.status.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(p.errors, (std::vector<std::string>{"1:46: graph blocks are TriG, not Turtle"}));
}

TEST(SerdParser, ErrorsCarryLineAndColumn) {
  struct Case {
    std::string text;
    std::string error;
  };
  const Case cases[] = {
      {"@prefix : <http://a/> .\n:s :p :o .\n:s nope:p :o .", "3:4: undefined prefix \"nope:\""},
      {"@prefix : <http://a/> .\n:s :p 1e5 , \"x\"@en , nope:x .",
       "2:22: undefined prefix \"nope:\""},
      {"nope:s <http://a/p>\n  <http://a/o> .", "1:1: undefined prefix \"nope:\""},
      {"<s> <p> <a b> .", "1:12: invalid IRI character (escape %20)"},
      {"<s> <p> \"abc\n\" .", "1:13: line end in short string"},
      {"<s> <p> \"\\uD800\" .", "1:17: escape encodes an unpaired UTF-16 surrogate"},
      {"<s> <p> <o> <x> .", "1:13: missing ';' or '.'"},
      {"<s> <p> \"x\"@1 .", "1:13: unexpected `1'"},
  };
  for (const Case& c : cases) {
    Parsed p = parse(c.text);
    EXPECT_EQ(p.status.code(), StatusCode::kInvalidArgument) << c.text;
    ASSERT_EQ(p.errors.size(), 1u) << c.text;
    EXPECT_EQ(p.errors[0], c.error) << c.text;
    EXPECT_EQ(p.status.message(), "doc.ttl:" + c.error);
  }
}

TEST(SerdParser, RelativeIriNeedsABase) {
  Parsed p = parse("<s> <http://a/p> <http://a/o> .", RdfFormat::kTurtle, false, "");
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_NE(p.errors[0].find("relative IRI <s> and no base IRI"), std::string::npos) << p.errors[0];
  Parsed bad =
      parse("<http://a/s> <http://a/p> <http://a/o> .", RdfFormat::kTurtle, false, "not/absolute");
  EXPECT_EQ(bad.status.code(), StatusCode::kInvalidArgument);
}

TEST(SerdParser, NulByteIsAnError) {
  Parsed p = parse(std::string("<http://a/s> <http://a/p> <http://a/o> .\n\0<x> <y> <z> .", 56));
  EXPECT_EQ(p.lines.size(), 1u);
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_EQ(p.errors[0], "2:1: NUL character in the input");
}

TEST(SerdParser, SkipInvalidDropsTheWholeBadStatement) {
  Parsed p = parse(
      "@prefix : <http://a/> .\n"
      ":s :p :o1 .\n"
      ":s :p :o2 , :o3 ; :q <bad iri> .\n"  // two triples parsed before the error: both dropped
      ":s :p :o4 .\n"
      ":s :p \"unterminated .\n"
      ":s :p :o5 .\n"
      ":s undefined:x :o6 .\n"
      ":s :p :o7 ;\n"
      "   :q bad:name .\n"
      ":s :p :o8 .",
      RdfFormat::kTurtle, /*skipInvalid=*/true);
  ASSERT_TRUE(p.status.isOk()) << p.status.toString();
  EXPECT_EQ(p.lines, (std::vector<std::string>{
                         "<http://a/s> <http://a/p> <http://a/o1> .",
                         "<http://a/s> <http://a/p> <http://a/o4> .",
                         "<http://a/s> <http://a/p> <http://a/o5> .",
                         "<http://a/s> <http://a/p> <http://a/o8> .",
                     }));
  ASSERT_EQ(p.errors.size(), 4u);
  EXPECT_EQ(p.errors[0], "3:27: invalid IRI character (escape %20)");
  EXPECT_EQ(p.errors[1].substr(0, 2), "5:");
  EXPECT_EQ(p.errors[2], "7:4: undefined prefix \"undefined:\"");
  EXPECT_EQ(p.errors[3], "9:7: undefined prefix \"bad:\"");
}

TEST(SerdParser, SkipInvalidInsideATrigBlockDropsTheRestOfTheBlock) {
  Parsed p = parse(
      "<http://g1> { <http://s> <http://p> <http://o1> . <http://s> <bad iri> <http://o2> .\n"
      "  <http://s> <http://p> <http://o3> . }\n"
      "<http://g2> { <http://s> <http://p> <http://o4> }\n",
      RdfFormat::kTriG, /*skipInvalid=*/true);
  ASSERT_TRUE(p.status.isOk()) << p.status.toString();
  EXPECT_EQ(p.lines, (std::vector<std::string>{
                         "<http://s> <http://p> <http://o4> <http://g2> .",
                     }));
  EXPECT_EQ(p.errors.size(), 1u);
}

TEST(SerdParser, ReadErrorsAreReturned) {
  std::string gz = io::test::gzipCompress(std::string(100000, 'x'));
  gz.resize(gz.size() / 2);
  io::test::TempFile file("cut.ttl.gz", gz);
  auto input = io::InputSource::open(file.path());
  ASSERT_TRUE(input.isOk());
  RecordingSink sink;
  Status st = parseWithSerd(**input, RdfFormat::kTurtle, kBase, file.path(), sink);
  EXPECT_EQ(st.code(), StatusCode::kCorruption) << st.toString();
}

TEST(SerdParser, NQuadsThroughSerdCannotResume) {
  Parsed p = parse(
      "<http://s> <http://p> <http://o> <http://g> .\n<bad> .\n<http://s> <http://p> <http://o> "
      ".\n",
      RdfFormat::kNQuads, /*skipInvalid=*/true);
  EXPECT_EQ(p.status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(p.status.message().find("cannot resume"), std::string::npos);
  EXPECT_EQ(p.errors.size(), 1u);
}

// serd's N-Triples / N-Quads readers and NTriplesParser agree on generated documents (blank
// node labels starting with '_' carry the extra '_' of parseWithSerd's naming).
TEST(SerdParser, AgreesWithNTriplesParserOnRandomDocuments) {
  for (uint32_t seed = 500; seed < 508; ++seed) {
    test::DocumentGenerator gen(seed);
    gen.setSpaceBeforeDot(true);
    const bool quads = seed % 2 == 0;
    const RdfFormat format = quads ? RdfFormat::kNQuads : RdfFormat::kNTriples;
    test::Generated g = gen.make(150, quads, 0.0);
    Parsed viaSerd = parse(g.text, format);
    ASSERT_TRUE(viaSerd.status.isOk()) << "seed " << seed << ": " << viaSerd.status.toString();
    std::vector<std::string> expected;
    for (std::string line : g.expected) {
      for (size_t at = line.find("_:_"); at != std::string::npos; at = line.find("_:_", at + 4)) {
        line.insert(at + 2, "_");
      }
      expected.push_back(line);
    }
    EXPECT_EQ(viaSerd.lines, expected) << "seed " << seed;
  }
}

TEST(SerdParser, AgreesWithNTriplesParserOnTheW3cNTriplesFiles) {
  const std::filesystem::path dir =
      std::filesystem::path(CAIRN_CONFORMANCE_DIR) / "rdf11" / "rdf-n-triples";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no conformance data at " << dir;
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".nt" || name.find("bad") != std::string::npos) continue;
    auto a = io::InputSource::open(entry.path().string());
    auto b = io::InputSource::open(entry.path().string());
    ASSERT_TRUE(a.isOk() && b.isOk());
    RecordingSink fast, viaSerd;
    std::string text;
    char buffer[4096];
    for (size_t n; (n = (*a)->read(buffer, sizeof buffer).value()) > 0;) text.append(buffer, n);
    NTriplesParser parser(RdfFormat::kNTriples, name);
    ASSERT_TRUE(parser.parseChunk(text, 1, fast).isOk()) << name;
    ASSERT_TRUE(parseWithSerd(**b, RdfFormat::kNTriples, "", name, viaSerd).isOk()) << name;
    EXPECT_EQ(fast.lines, viaSerd.lines) << name;
    ++compared;
  }
  EXPECT_GT(compared, 30);
}

}  // namespace
}  // namespace cairn::core::rdf
