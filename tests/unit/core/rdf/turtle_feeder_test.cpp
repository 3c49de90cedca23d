#include "core/rdf/turtle_feeder.h"

#include <gtest/gtest.h>

namespace cairn::core::rdf {
namespace {

// What serd would read: the input with a mark after each "_:" that starts a blank node label.
std::string fed(const std::string& text, size_t readSize = 1) {
  auto input = io::InputSource::fromString(text);
  TurtleFeeder feeder(*input);
  std::string out;
  char buffer[64];
  for (;;) {
    const size_t n = feeder.read(buffer, std::min(readSize, sizeof buffer));
    if (n == 0) break;
    out.append(buffer, n);
  }
  EXPECT_TRUE(feeder.atEnd());
  return out;
}

TEST(TurtleFeeder, MarksBlankNodeLabels) {
  EXPECT_EQ(fed("_:a :p _:b1 ."), "_:xa :p _:xb1 .");
  EXPECT_EQ(fed("[ :p _:c ] ( _:d _:e ) {_:f}"), "[ :p _:xc ] ( _:xd _:xe ) {_:xf}");
  EXPECT_EQ(fed("<s> <p> _:o.\n_:s<p><o>."), "<s> <p> _:xo.\n_:xs<p><o>.");
  EXPECT_EQ(fed(":a :b 1._:x :p :o ."), ":a :b 1._:xx :p :o .");
  EXPECT_EQ(fed("\"lit\"._:x <p> <o> ."), "\"lit\"._:xx <p> <o> .");
  EXPECT_EQ(fed("\"x\"^^<dt>,_:y"), "\"x\"^^<dt>,_:xy");
  EXPECT_EQ(fed("_:__"), "_:x__");
}

TEST(TurtleFeeder, LeavesLookalikesAlone) {
  // Inside IRIs, strings, long strings and comments.
  EXPECT_EQ(fed("<http://a/_:b> \"_:c\" '_:d' # _:e\n"), "<http://a/_:b> \"_:c\" '_:d' # _:e\n");
  EXPECT_EQ(fed("\"\"\"a \" _:x \"\" _:y\n\"\"\" _:z"), "\"\"\"a \" _:x \"\" _:y\n\"\"\" _:xz");
  EXPECT_EQ(fed("'''it''s _:x''' _:y"), "'''it''s _:x''' _:xy");
  EXPECT_EQ(fed("\"esc \\\" _:x\" _:y"), "\"esc \\\" _:x\" _:xy");
  EXPECT_EQ(fed("\"\" _:e"), "\"\" _:xe");
  // Inside prefixed names: "a_:" is a prefix, "ex:a_:b" and "ex:c._:d" are local names.
  EXPECT_EQ(fed("a_:b ex:a_:b ex:c._:d ex:\\_:e"), "a_:b ex:a_:b ex:c._:d ex:\\_:e");
  EXPECT_EQ(fed("ex:p%41_:q"), "ex:p%41_:q");
  EXPECT_EQ(fed("@prefix x_: <a> ."), "@prefix x_: <a> .");
}

TEST(TurtleFeeder, ReadSizesDoNotMatter) {
  const std::string text = "@prefix : <http://a/> .\n_:a :p [ :q _:b ], ( _:c ) .\n";
  EXPECT_EQ(fed(text, 1), fed(text, 5));
  EXPECT_EQ(fed(text, 1), fed(text, 64));
}

TEST(TurtleFeeder, PositionOfTheLastByteRead) {
  auto input = io::InputSource::fromString("ab\n_:c\nd");
  TurtleFeeder feeder(*input);
  char c;
  EXPECT_EQ(feeder.column(), 0u);
  std::vector<std::pair<uint64_t, uint64_t>> positions;
  while (feeder.read(&c, 1) == 1) positions.emplace_back(feeder.line(), feeder.column());
  // The mark after "_:" keeps the position of the ':'.
  EXPECT_EQ(positions,
            (std::vector<std::pair<uint64_t, uint64_t>>{
                {1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {2, 2}, {2, 3}, {2, 4}, {3, 1}}));
}

// Reads `upTo` bytes, then skips the statement and returns the rest.
std::string restAfterSkip(const std::string& text, size_t upTo) {
  auto input = io::InputSource::fromString(text);
  TurtleFeeder feeder(*input);
  char c;
  for (size_t i = 0; i < upTo; ++i) EXPECT_EQ(feeder.read(&c, 1), 1u);
  feeder.skipToStatementEnd();
  std::string rest;
  while (feeder.read(&c, 1) == 1) rest += c;
  return rest;
}

TEST(TurtleFeeder, SkipsToTheEndOfTheStatement) {
  const std::string text = ":a :b \"x. y\" , <i.j> ; :c :d.e .\n:next :p :o .\n";
  EXPECT_EQ(restAfterSkip(text, 3), "\n:next :p :o .\n");
  // Already at the terminator: nothing is dropped.
  const std::string dot = ":a :b :c . :d :e :f .";
  EXPECT_EQ(restAfterSkip(dot, 10), " :d :e :f .");
  // A '.' inside a number or a name is not a terminator.
  EXPECT_EQ(restAfterSkip(":a :b 1.5, :c.d . :x", 2), " :x");
  EXPECT_EQ(restAfterSkip(":a :b :c .", 4), "");
  // An unterminated short string ends its statement at the line end.
  EXPECT_EQ(restAfterSkip(":a :b \"x .\n:c :d :e .", 11), ":c :d :e .");
}

TEST(TurtleFeeder, SkipsTheRestOfATrigBlock) {
  const std::string text = "<g> { :a :b :c . :d :e :f . }\n<h> { :x :y :z }";
  EXPECT_EQ(restAfterSkip(text, 9), "\n<h> { :x :y :z }");
  // An error before a block: the whole block goes with the statement.
  EXPECT_EQ(restAfterSkip("<bad iri> { :a :b :c . } :n :p :o .", 3), " :n :p :o .");
}

}  // namespace
}  // namespace cairn::core::rdf
