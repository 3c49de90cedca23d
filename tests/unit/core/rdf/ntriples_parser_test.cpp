#include "core/rdf/ntriples_parser.h"

#include <gtest/gtest.h>

#include <random>

#include "core/io/input_source.h"
#include "core/io/line_chunker.h"
#include "core/rdf/rdf_chars.h"
#include "tests/unit/core/rdf/ntriples_generator.h"
#include "tests/unit/core/rdf/rdf_test_sinks.h"

namespace cairn::core::rdf {
namespace {

using test::RecordingSink;
using test::TermSink;

constexpr std::string_view kXsdInt = "http://www.w3.org/2001/XMLSchema#int";

std::vector<TermSink::Row> parseTerms(std::string_view text,
                                      RdfFormat format = RdfFormat::kNTriples) {
  NTriplesParser parser(format, "t.nt");
  TermSink sink;
  Status st = parser.parseChunk(text, 1, sink);
  EXPECT_TRUE(st.isOk()) << st.toString();
  return sink.rows;
}

// The first error of `text` as "line:column: message" (empty if it parses).
std::string firstError(std::string_view text, RdfFormat format = RdfFormat::kNTriples) {
  NTriplesParser parser(format, "t.nt");
  RecordingSink sink;
  Status st = parser.parseChunk(text, 1, sink);
  if (st.isOk()) return {};
  EXPECT_EQ(sink.errors.size(), 1u);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message(), "t.nt:" + sink.errors.front());
  return sink.errors.front();
}

TEST(NTriplesParser, EveryTermForm) {
  auto rows = parseTerms(
      "<http://a/s> <http://a/p> <http://a/o> .\n"
      "_:b1 <http://a/p> _:b2 .\n"
      "<http://a/s> <http://a/p> \"plain\" .\n"
      "<http://a/s> <http://a/p> \"hello\"@en-GB .\n"
      "<http://a/s> <http://a/p> \"42\"^^<http://www.w3.org/2001/XMLSchema#int> .\n"
      "<http://a/s> <http://a/p> \"\"^^<http://www.w3.org/2001/XMLSchema#string> .\n");
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows[0].subject, Term::iri("http://a/s"));
  EXPECT_EQ(rows[0].predicate, Term::iri("http://a/p"));
  EXPECT_EQ(rows[0].object, Term::iri("http://a/o"));
  EXPECT_FALSE(rows[0].hasGraph);
  EXPECT_EQ(rows[1].subject, Term::blank("b1"));
  EXPECT_EQ(rows[1].object, Term::blank("b2"));
  EXPECT_EQ(rows[2].object, Term::literal("plain"));
  EXPECT_EQ(rows[3].object, Term::literal("hello", "", "en-GB"));
  EXPECT_EQ(rows[4].object, Term::literal("42", std::string(kXsdInt)));
  // An explicit xsd:string is passed through; consumers normalize.
  EXPECT_EQ(rows[5].object, Term::literal("", "http://www.w3.org/2001/XMLSchema#string"));
}

TEST(NTriplesParser, NQuadsGraphLabels) {
  auto rows = parseTerms(
      "<http://a/s> <http://a/p> <http://a/o> <http://a/g> .\n"
      "<http://a/s> <http://a/p> \"x\"@en _:g .\n"
      "<http://a/s> <http://a/p> \"y\"^^<http://a/dt><http://a/g2>.\n"
      "<http://a/s> <http://a/p> <http://a/o> .\n",
      RdfFormat::kNQuads);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_TRUE(rows[0].hasGraph);
  EXPECT_EQ(rows[0].graph, Term::iri("http://a/g"));
  EXPECT_EQ(rows[1].graph, Term::blank("g"));
  EXPECT_EQ(rows[1].object, Term::literal("x", "", "en"));
  EXPECT_EQ(rows[2].graph, Term::iri("http://a/g2"));
  EXPECT_EQ(rows[2].object, Term::literal("y", "http://a/dt"));
  EXPECT_FALSE(rows[3].hasGraph);
}

TEST(NTriplesParser, LiteralEscapes) {
  auto rows = parseTerms(
      "<http://a/s> <http://a/p> \"t\\tb\\bn\\nr\\rf\\fq\\\"a\\'s\\\\\" .\n"
      "<http://a/s> <http://a/p> \"\\u00E9\\U0001F600\\u0041\" .\n"
      "<http://a/s> <http://a/p> \"\\uD83D\\uDE00\" .\n"
      "<http://a/s> <http://a/p> \"raw \xC3\xA9 \xF0\x9F\x98\x80 \x7F\" .\n");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].object.value, "t\tb\bn\nr\rf\fq\"a's\\");
  EXPECT_EQ(rows[1].object.value,
            "\xC3\xA9\xF0\x9F\x98\x80"
            "A");
  // An escaped surrogate pair is one character.
  EXPECT_EQ(rows[2].object.value, "\xF0\x9F\x98\x80");
  EXPECT_EQ(rows[3].object.value, "raw \xC3\xA9 \xF0\x9F\x98\x80 \x7F");
}

TEST(NTriplesParser, IriEscapesAndUnicode) {
  auto rows =
      parseTerms("<http://a/\\u00E9t\\U00000065> <http://a/p\xC3\xA9> <http://a/o#\\u0041> .\n");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].subject.value, "http://a/\xC3\xA9te");
  EXPECT_EQ(rows[0].predicate.value, "http://a/p\xC3\xA9");
  EXPECT_EQ(rows[0].object.value, "http://a/o#A");
}

TEST(NTriplesParser, BlankNodeLabels) {
  auto rows = parseTerms(
      "_:a.b-c_d <http://a/p> _:0x .\n"
      "_:_u <http://a/p> _:x. \n"
      "_:\xC3\xA9t\xC2\xB7 <http://a/p> _:end.\n");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].subject.value, "a.b-c_d");
  EXPECT_EQ(rows[0].object.value, "0x");
  EXPECT_EQ(rows[1].subject.value, "_u");
  // A trailing '.' is the terminator, not part of the label.
  EXPECT_EQ(rows[1].object.value, "x");
  EXPECT_EQ(rows[2].subject.value, "\xC3\xA9t\xC2\xB7");
  EXPECT_EQ(rows[2].object.value, "end");
}

TEST(NTriplesParser, CommentsWhitespaceAndLineEnds) {
  const std::string text =
      "# a comment line\n"
      "\n"
      "   \t  \n"
      "\t<http://a/s>\t<http://a/p>   <http://a/o>\t.\t# trailing comment\n"
      "<http://a/s><http://a/p><http://a/o>.\r\n"
      "<http://a/s> <http://a/p> \"x#not a comment\" . #c\r\n"
      "<http://a/s> <http://a/p> <http://a/o1> .\r<http://a/s> <http://a/p> <http://a/o2> .\n"
      "#last line without newline";
  NTriplesParser parser(RdfFormat::kNTriples, "t.nt");
  RecordingSink sink;
  ASSERT_TRUE(parser.parseChunk(text, 1, sink).isOk());
  ASSERT_EQ(sink.lines.size(), 5u);
  EXPECT_EQ(sink.lines[2], "<http://a/s> <http://a/p> \"x#not a comment\" .");
  EXPECT_EQ(sink.lines[3], "<http://a/s> <http://a/p> <http://a/o1> .");
  EXPECT_EQ(sink.lines[4], "<http://a/s> <http://a/p> <http://a/o2> .");
  EXPECT_EQ(parser.statementCount(), 5u);
}

TEST(NTriplesParser, ByteOrderMarkOnlyAtTheStart) {
  const std::string bom = "\xEF\xBB\xBF";
  EXPECT_EQ(parseTerms(bom + "<http://a/s> <http://a/p> <http://a/o> .\n").size(), 1u);
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> <http://a/o> .\n" + bom +
                       "<http://a/s> <http://a/p> <http://a/o> ."),
            "2:1: expected a subject: an IRI or a blank node");
}

TEST(NTriplesParser, ErrorPositions) {
  // Columns count bytes from 1; lines count from the chunk's first line.
  EXPECT_EQ(
      firstError("<http://a/s> <http://a/p> <http://a/o> .\n<http://a/s> <p> <http://a/o> .\n"),
      "2:15: relative IRI: N-Triples and N-Quads need absolute IRIs");
  EXPECT_EQ(firstError("<http://a/ s> <http://a/p> <http://a/o> ."),
            "1:11: space not allowed in an IRI");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"abc"), "1:31: unterminated string literal");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"a\\qb\" ."),
            "1:29: invalid escape sequence in string literal");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> <http://a/o>"),
            "1:39: expected '.' at the end of the statement");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> <http://a/o> . x"),
            "1:42: unexpected text after the end of the statement");
  EXPECT_EQ(firstError("\"s\" <http://a/p> <http://a/o> ."), "1:1: a literal cannot be a subject");
  EXPECT_EQ(firstError("<http://a/s> _:p <http://a/o> ."),
            "1:14: a blank node cannot be a predicate");
  EXPECT_EQ(firstError("<http://a/s> \"p\" <http://a/o> ."),
            "1:14: a literal cannot be a predicate");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> <http://a/o> <http://a/g> ."),
            "1:40: expected '.': N-Triples statements have three terms");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> <http://a/o> \"g\" .", RdfFormat::kNQuads),
            "1:40: a literal cannot be a graph label");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"x\"@ ."),
            "1:31: language tag must start with a letter");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"x\"@en- ."), "1:34: empty language subtag");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"x\"^<http://a/dt> ."),
            "1:30: expected \"^^\" before a datatype IRI");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"x\" ^^<http://a/dt> ."),
            "1:31: expected '.' at the end of the statement");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> _:a:b ."),
            "1:30: expected '.' at the end of the statement");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> _:.a ."),
            "1:29: empty or invalid blank node label");
  EXPECT_EQ(firstError("<http://a/\\u0020> <http://a/p> <http://a/o> ."),
            "1:11: escaped character not allowed in an IRI");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"\\uD800\" ."),
            "1:28: unpaired surrogate in escape");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"\\U00110000\" ."),
            "1:28: escape beyond U+10FFFF");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"bad \xC3\x28\" ."),
            "1:32: invalid UTF-8 in string literal");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"overlong \xC0\xAF\" ."),
            "1:37: invalid UTF-8 in string literal");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p>\n<http://a/o> ."),
            "1:26: expected an object before the end of the line");
  EXPECT_EQ(firstError("<http://a/s> <http://a/p> \"two\nlines\" ."),
            "1:31: line break in string literal");
  EXPECT_EQ(firstError("@prefix ex: <http://a/> ."),
            "1:1: expected a subject: an IRI or a blank node");
}

TEST(NTriplesParser, RefusingSinkStopsAtFirstError) {
  NTriplesParser parser(RdfFormat::kNTriples, "data.nt");
  RecordingSink sink(/*skipInvalid=*/false);
  Status st = parser.parseChunk(
      "<http://a/s> <http://a/p> <http://a/o1> .\n"
      "<http://a/s> <http://a/p> bad .\n"
      "<http://a/s> <http://a/p> <http://a/o3> .\n",
      40, sink);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message(), "data.nt:41:27: expected an object: an IRI, a blank node or a literal");
  EXPECT_EQ(sink.lines.size(), 1u);
}

TEST(NTriplesParser, SkipInvalidContinuesWithTheNextLine) {
  NTriplesParser parser(RdfFormat::kNQuads, "data.nq");
  RecordingSink sink(/*skipInvalid=*/true);
  Status st = parser.parseChunk(
      "<http://a/s> <http://a/p> <http://a/o1> .\n"
      "<http://a/s> <http://a/p> \"unterminated .\n"
      "<http://a/s> <http://a/p> <http://a/o3> <http://a/g> .\n"
      "<bad iri> <http://a/p> <http://a/o4> . <http://a/s> <http://a/p> <http://a/o> .\n"
      "<http://a/s> <http://a/p> <http://a/o5> .\r\n"
      "_:x <http://a/p> \"x\"@ .\r<http://a/s> <http://a/p> <http://a/o6> .\n",
      1, sink);
  ASSERT_TRUE(st.isOk()) << st.toString();
  EXPECT_EQ(sink.lines, (std::vector<std::string>{
                            "<http://a/s> <http://a/p> <http://a/o1> .",
                            "<http://a/s> <http://a/p> <http://a/o3> <http://a/g> .",
                            "<http://a/s> <http://a/p> <http://a/o5> .",
                            "<http://a/s> <http://a/p> <http://a/o6> .",
                        }));
  EXPECT_EQ(sink.errors, (std::vector<std::string>{
                             "2:42: line break in string literal",
                             "4:5: space not allowed in an IRI",
                             "6:22: language tag must start with a letter",
                         }));
  EXPECT_EQ(parser.skippedCount(), 3u);
  EXPECT_EQ(sink.issues[0].file, "data.nq");
}

// Records where each term's bytes live, to check the zero-copy contract.
class LocationSink : public StatementSink {
 public:
  explicit LocationSink(std::string_view chunk) : chunk_(chunk) {}
  void statement(const StatementView& st) override {
    for (const TermView* t : {&st.subject, &st.predicate, &st.object}) {
      inChunk.push_back(t->value.data() >= chunk_.data() &&
                        t->value.data() + t->value.size() <= chunk_.data() + chunk_.size());
    }
  }
  bool syntaxError(const SyntaxIssue&) override { return false; }
  std::vector<bool> inChunk;

 private:
  std::string_view chunk_;
};

TEST(NTriplesParser, ViewsPointIntoTheChunkUnlessUnescaped) {
  const std::string chunk =
      "<http://a/s> <http://a/p> \"plain\" .\n"
      "<http://a/\\u0073> <http://a/p> \"esc\\n\" .\n";
  NTriplesParser parser(RdfFormat::kNTriples, "t.nt");
  LocationSink sink(chunk);
  ASSERT_TRUE(parser.parseChunk(chunk, 1, sink).isOk());
  EXPECT_EQ(sink.inChunk, (std::vector<bool>{true, true, true, false, true, false}));
}

// ---- randomized: generated documents with known terms --------------------------------------

using test::DocumentGenerator;
using test::Generated;

// Parses through LineChunker with the given chunk size, skipping invalid statements.
RecordingSink parseChunked(const std::string& text, RdfFormat format, size_t chunkBytes) {
  auto input = io::InputSource::fromString(text);
  io::LineChunker chunker(*input, chunkBytes);
  NTriplesParser parser(format, "gen");
  RecordingSink sink(/*skipInvalid=*/true);
  std::string chunk;
  uint64_t firstLine = 0;
  for (;;) {
    Result<bool> more = chunker.next(chunk, firstLine);
    EXPECT_TRUE(more.isOk());
    if (!more.isOk() || !*more) break;
    EXPECT_TRUE(parser.parseChunk(chunk, firstLine, sink).isOk());
  }
  return sink;
}

std::vector<uint64_t> errorLines(const RecordingSink& sink) {
  std::vector<uint64_t> lines;
  for (const SyntaxIssue& i : sink.issues) lines.push_back(i.line);
  return lines;
}

TEST(NTriplesParser, RandomDocumentsParseToTheirTerms) {
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    DocumentGenerator gen(seed);
    const bool quads = seed % 2 == 0;
    Generated g = gen.make(200, quads, 0.0);
    NTriplesParser parser(quads ? RdfFormat::kNQuads : RdfFormat::kNTriples, "gen");
    RecordingSink sink;
    Status st = parser.parseChunk(g.text, 1, sink);
    ASSERT_TRUE(st.isOk()) << "seed " << seed << ": " << st.toString();
    EXPECT_EQ(sink.lines, g.expected) << "seed " << seed;
  }
}

TEST(NTriplesParser, ChunkedParsingEqualsWholeFileParsing) {
  for (uint32_t seed = 100; seed < 110; ++seed) {
    DocumentGenerator gen(seed);
    const bool quads = seed % 2 == 1;
    const RdfFormat format = quads ? RdfFormat::kNQuads : RdfFormat::kNTriples;
    Generated g = gen.make(300, quads, 0.1);
    RecordingSink whole = parseChunked(g.text, format, g.text.size() + 1);
    EXPECT_EQ(whole.lines, g.expected) << "seed " << seed;
    EXPECT_EQ(errorLines(whole), g.badLines) << "seed " << seed;
    std::mt19937 rng(seed);
    for (size_t chunkBytes :
         {size_t{1}, size_t{7}, size_t{64}, size_t{1} + rng() % 500, size_t{4096}}) {
      RecordingSink chunked = parseChunked(g.text, format, chunkBytes);
      EXPECT_EQ(chunked.lines, whole.lines) << "seed " << seed << " chunk " << chunkBytes;
      EXPECT_EQ(chunked.errors, whole.errors) << "seed " << seed << " chunk " << chunkBytes;
    }
  }
}

}  // namespace
}  // namespace cairn::core::rdf
