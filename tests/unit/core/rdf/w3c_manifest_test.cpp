// Tests for tests/support/w3c_manifest (manifest reading for the conformance runners).

#include "tests/support/w3c_manifest.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace cairn::testing {
namespace {

TEST(W3cManifest, FileIrisRoundTrip) {
  const std::string iri = fileIri("/tmp/a dir/x#1.ttl");
  EXPECT_EQ(iri, "file:///tmp/a%20dir/x%231.ttl");
  EXPECT_EQ(pathFromFileIri(iri), "/tmp/a dir/x#1.ttl");
  EXPECT_EQ(pathFromFileIri("file:///x/y.nt#frag"), "/x/y.nt");
  EXPECT_EQ(pathFromFileIri("http://x/y"), std::nullopt);
  EXPECT_EQ(localName("http://www.w3.org/ns/rdftest#TestTurtleEval"), "TestTurtleEval");
  EXPECT_EQ(localName("http://x/a/b"), "b");
}

TEST(W3cManifest, ReadsTheTurtleSuiteManifest) {
  const std::string path = std::string(CAIRN_CONFORMANCE_DIR) + "/rdf11/rdf-turtle/manifest.ttl";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no conformance data at " << path;
  auto manifest = loadManifest(path);
  ASSERT_TRUE(manifest.isOk()) << manifest.status().toString();
  EXPECT_EQ(manifest->label, "Turtle tests");
  EXPECT_EQ(manifest->assumedTestBase, "https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-turtle/");
  ASSERT_EQ(manifest->entries.size(), 313u);
  const ManifestEntry& first = manifest->entries.front();
  EXPECT_EQ(first.name, "IRI_subject");
  EXPECT_EQ(first.type, "http://www.w3.org/ns/rdftest#TestTurtleEval");
  EXPECT_EQ(first.approval, "http://www.w3.org/ns/rdftest#Approved");
  ASSERT_TRUE(first.action && first.result);
  auto action = pathFromFileIri(first.action->value);
  ASSERT_TRUE(action);
  EXPECT_TRUE(std::filesystem::exists(*action)) << *action;
  EXPECT_EQ(std::filesystem::path(*action).filename(), "IRI_subject.ttl");
  EXPECT_EQ(std::filesystem::path(*pathFromFileIri(first.result->value)).filename(), "IRI_spo.nt");
  EXPECT_TRUE(manifest->includes.empty());
}

TEST(W3cManifest, FollowsIncludes) {
  const std::string path = std::string(CAIRN_CONFORMANCE_DIR) + "/sparql11/manifest-all.ttl";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no conformance data at " << path;
  auto tree = loadManifestTree(path);
  ASSERT_TRUE(tree.isOk()) << tree.status().toString();
  size_t entries = 0;
  for (const Manifest& m : *tree) entries += m.entries.size();
  EXPECT_GT(tree->size(), 10u);
  // README: manifest-all.ttl holds 625 tests.
  EXPECT_EQ(entries, 625u);
}

}  // namespace
}  // namespace cairn::testing
