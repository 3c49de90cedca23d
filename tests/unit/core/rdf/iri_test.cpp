#include "core/rdf/iri.h"

#include <gtest/gtest.h>

namespace cairn::core::rdf {
namespace {

TEST(Iri, HasScheme) {
  EXPECT_TRUE(hasIriScheme("http://a"));
  EXPECT_TRUE(hasIriScheme("urn:x"));
  EXPECT_TRUE(hasIriScheme("a+b-c.d:rest"));
  EXPECT_FALSE(hasIriScheme(""));
  EXPECT_FALSE(hasIriScheme("rel/path"));
  EXPECT_FALSE(hasIriScheme("1http://a"));
  EXPECT_FALSE(hasIriScheme(":x"));
  EXPECT_FALSE(hasIriScheme("a/b:c"));
  EXPECT_FALSE(hasIriScheme("#frag:x"));
}

struct Example {
  const char* reference;
  const char* expected;
};

// RFC 3986 §5.4.1 and §5.4.2, against base "http://a/b/c/d;p?q".
constexpr Example kRfc3986Examples[] = {
    {"g:h", "g:h"},
    {"g", "http://a/b/c/g"},
    {"./g", "http://a/b/c/g"},
    {"g/", "http://a/b/c/g/"},
    {"/g", "http://a/g"},
    {"//g", "http://g"},
    {"?y", "http://a/b/c/d;p?y"},
    {"g?y", "http://a/b/c/g?y"},
    {"#s", "http://a/b/c/d;p?q#s"},
    {"g#s", "http://a/b/c/g#s"},
    {"g?y#s", "http://a/b/c/g?y#s"},
    {";x", "http://a/b/c/;x"},
    {"g;x", "http://a/b/c/g;x"},
    {"g;x?y#s", "http://a/b/c/g;x?y#s"},
    {"", "http://a/b/c/d;p?q"},
    {".", "http://a/b/c/"},
    {"./", "http://a/b/c/"},
    {"..", "http://a/b/"},
    {"../", "http://a/b/"},
    {"../g", "http://a/b/g"},
    {"../..", "http://a/"},
    {"../../", "http://a/"},
    {"../../g", "http://a/g"},
    {"../../../g", "http://a/g"},
    {"../../../../g", "http://a/g"},
    {"/./g", "http://a/g"},
    {"/../g", "http://a/g"},
    {"g.", "http://a/b/c/g."},
    {".g", "http://a/b/c/.g"},
    {"g..", "http://a/b/c/g.."},
    {"..g", "http://a/b/c/..g"},
    {"./../g", "http://a/b/g"},
    {"./g/.", "http://a/b/c/g/"},
    {"g/./h", "http://a/b/c/g/h"},
    {"g/../h", "http://a/b/c/h"},
    {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
    {"g;x=1/../y", "http://a/b/c/y"},
    {"g?y/./x", "http://a/b/c/g?y/./x"},
    {"g?y/../x", "http://a/b/c/g?y/../x"},
    {"g#s/./x", "http://a/b/c/g#s/./x"},
    {"g#s/../x", "http://a/b/c/g#s/../x"},
    {"http:g", "http:g"},
};

TEST(Iri, Rfc3986Examples) {
  for (const Example& e : kRfc3986Examples) {
    EXPECT_EQ(resolveIri("http://a/b/c/d;p?q", e.reference), e.expected) << e.reference;
  }
}

TEST(Iri, EmptyQueryAndFragmentAreKept) {
  EXPECT_EQ(resolveIri("http://a/b?q", "?"), "http://a/b?");
  EXPECT_EQ(resolveIri("http://a/b?q", "#"), "http://a/b?q#");
  EXPECT_EQ(resolveIri("http://a/b?q#f", ""), "http://a/b?q");
  EXPECT_EQ(resolveIri("http://a/b", "x?"), "http://a/x?");
}

TEST(Iri, BasesWithoutPathOrAuthority) {
  EXPECT_EQ(resolveIri("http://a", "b"), "http://a/b");
  EXPECT_EQ(resolveIri("http://a?q", "?r"), "http://a?r");
  EXPECT_EQ(resolveIri("urn:ex:foo", "#x"), "urn:ex:foo#x");
  EXPECT_EQ(resolveIri("file:///dir/manifest.ttl", "test.nt"), "file:///dir/test.nt");
  EXPECT_EQ(resolveIri("tag:a/b/c", "../d"), "tag:a/d");
}

TEST(Iri, UnicodeIsCarriedThrough) {
  EXPECT_EQ(resolveIri("http://\xC3\xA9x.org/a/b", "\xE6\x97\xA5/../c#\xF0\x9F\x98\x80"),
            "http://\xC3\xA9x.org/a/c#\xF0\x9F\x98\x80");
}

TEST(Iri, ResolveIntoAppends) {
  std::string out = "prefix|";
  resolveIriInto("http://a/b/", "c", out);
  EXPECT_EQ(out, "prefix|http://a/b/c");
  resolveIriInto("http://a/b/", "../d/./e", out);
  EXPECT_EQ(out, "prefix|http://a/b/chttp://a/d/e");
}

}  // namespace
}  // namespace cairn::core::rdf
