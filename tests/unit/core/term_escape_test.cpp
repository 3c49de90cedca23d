#include "core/term_escape.h"

#include <gtest/gtest.h>

#include <string>

#include "core/term.h"
#include "core/vocab.h"

namespace cairn::core {
namespace {

std::string escaped(std::string_view s, StringEscaping escaping) {
  std::string out;
  appendEscapedString(out, s, escaping);
  return out;
}

TEST(TermEscape, MinimalEscapesOnlyQuotesBackslashesAndLineBreaks) {
  EXPECT_EQ(escaped("a\"b\\c\nd\re", StringEscaping::kMinimal), "a\\\"b\\\\c\\nd\\re");
  EXPECT_EQ(escaped("t\tb\bf\f\x01\x7F\xC3\xA9", StringEscaping::kMinimal),
            "t\tb\bf\f\x01\x7F\xC3\xA9");
}

TEST(TermEscape, AllControlsLeavesNoRawControlCharacter) {
  EXPECT_EQ(escaped("a\"b\\c\nd\re", StringEscaping::kAllControls), "a\\\"b\\\\c\\nd\\re");
  EXPECT_EQ(escaped("t\tb\bf\f\x01\x1F\x7F", StringEscaping::kAllControls),
            "t\\tb\\bf\\f\\u0001\\u001F\\u007F");
  // Non-ASCII UTF-8 passes through.
  EXPECT_EQ(escaped("\xC3\xA9 \xF0\x9F\x98\x80", StringEscaping::kAllControls),
            "\xC3\xA9 \xF0\x9F\x98\x80");
}

TEST(TermEscape, IriRefEscapesWhatIriRefForbids) {
  std::string out;
  appendIriRef(out, "http://x/a b<c>\"{|}^`\\\x01\xC3\xA9");
  EXPECT_EQ(out,
            "<http://x/a\\u0020b\\u003Cc\\u003E\\u0022\\u007B\\u007C\\u007D\\u005E\\u0060"
            "\\u005C\\u0001\xC3\xA9>");
}

TEST(TermEscape, ToNTriplesUsesTheMinimalEscapes) {
  EXPECT_EQ(toNTriples(Term::iri("http://x/a b")), "<http://x/a\\u0020b>");
  EXPECT_EQ(toNTriples(Term::blank("b0")), "_:b0");
  EXPECT_EQ(toNTriples(Term::literal("a\t\"b\"\n")), "\"a\t\\\"b\\\"\\n\"");
  EXPECT_EQ(toNTriples(Term::literal("chat", {}, "fr")), "\"chat\"@fr");
  EXPECT_EQ(toNTriples(Term::literal("x", std::string(vocab::kXsdString))), "\"x\"");
  EXPECT_EQ(toNTriples(Term::literal("1", "http://x/t>")), "\"1\"^^<http://x/t\\u003E>");
}

}  // namespace
}  // namespace cairn::core
