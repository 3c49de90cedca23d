#include "core/rdf/rdf_format.h"

#include <gtest/gtest.h>

namespace cairn::core::rdf {
namespace {

TEST(RdfFormat, FromPathLooksThroughCompression) {
  EXPECT_EQ(formatFromPath("a.nt"), RdfFormat::kNTriples);
  EXPECT_EQ(formatFromPath("/x/y/dump.NT.gz"), RdfFormat::kNTriples);
  EXPECT_EQ(formatFromPath("q.nq.zst"), RdfFormat::kNQuads);
  EXPECT_EQ(formatFromPath("t.ttl"), RdfFormat::kTurtle);
  EXPECT_EQ(formatFromPath("t.ttl.GZ"), RdfFormat::kTurtle);
  EXPECT_EQ(formatFromPath("g.trig"), RdfFormat::kTriG);
  EXPECT_EQ(formatFromPath("g.trig.zst"), RdfFormat::kTriG);
  EXPECT_EQ(formatFromPath("x.n3"), std::nullopt);
  EXPECT_EQ(formatFromPath("x.gz"), std::nullopt);
  EXPECT_EQ(formatFromPath("x.nt.bz2"), std::nullopt);
  EXPECT_EQ(formatFromPath("nt"), std::nullopt);
  EXPECT_EQ(formatFromPath(""), std::nullopt);
}

TEST(RdfFormat, FromNameAndBack) {
  for (RdfFormat f :
       {RdfFormat::kNTriples, RdfFormat::kNQuads, RdfFormat::kTurtle, RdfFormat::kTriG}) {
    EXPECT_EQ(formatFromName(formatName(f)), f);
  }
  EXPECT_EQ(formatFromName("NTriples"), RdfFormat::kNTriples);
  EXPECT_EQ(formatFromName("n-quads"), RdfFormat::kNQuads);
  EXPECT_EQ(formatFromName("TTL"), RdfFormat::kTurtle);
  EXPECT_EQ(formatFromName("rdfxml"), std::nullopt);
  EXPECT_EQ(formatFromName(""), std::nullopt);
  EXPECT_TRUE(isLineBased(RdfFormat::kNQuads));
  EXPECT_FALSE(isLineBased(RdfFormat::kTriG));
  EXPECT_TRUE(hasNamedGraphs(RdfFormat::kTriG));
  EXPECT_FALSE(hasNamedGraphs(RdfFormat::kTurtle));
}

}  // namespace
}  // namespace cairn::core::rdf
