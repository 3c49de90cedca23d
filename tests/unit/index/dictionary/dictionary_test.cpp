// Round trips of the persistent dictionary against the sorted term list it was built from: every
// id looks up its term, every term finds its id, and probes that are not terms find nothing.

#include "index/dictionary/dictionary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <random>
#include <set>
#include <thread>

#include "index/dictionary/dictionary_builder.h"
#include "tests/unit/index/dictionary/dictionary_test_util.h"

namespace cairn::index {
namespace dictionary_test {

using testing::optionVariants;

struct Built {
  std::unique_ptr<storage::BlobStore> store;
  DictionaryRoot root;
  std::shared_ptr<Dictionary> dictionary;
  uint64_t namespaces = 0;
};

Built build(DictionaryKind kind, const std::vector<std::string>& terms,
            const DictionaryOptions& options) {
  Built b;
  b.store = storage::makeMemoryBlobStore();
  DictionaryBuilder builder(*b.store, kind, options);
  for (const std::string& term : terms) {
    const core::Status st = builder.add(term);
    EXPECT_TRUE(st.isOk()) << st.toString();
  }
  EXPECT_EQ(builder.size(), terms.size());
  auto root = builder.finish();
  EXPECT_TRUE(root.isOk()) << root.status().toString();
  b.root = *root;
  b.namespaces = builder.namespaceCount();
  EXPECT_EQ(b.root.size, terms.size());
  auto dictionary = Dictionary::open(*b.store, kind, b.root, options.cacheBytes);
  EXPECT_TRUE(dictionary.isOk()) << dictionary.status().toString();
  if (dictionary.isOk()) b.dictionary = *dictionary;
  return b;
}

// Probes that sort before, between and after the terms, plus near misses of each term.
std::vector<std::string> probesFor(const std::vector<std::string>& terms, std::mt19937_64& rng) {
  std::vector<std::string> probes = {"", std::string(1, '\0'), "\xff\xff\xff", "http://", "zzzz"};
  for (size_t i = 0; i < terms.size(); i += 1 + rng() % 3) {
    const std::string& t = terms[i];
    probes.push_back(t + std::string(1, '\0'));
    probes.push_back(t + "a");
    if (!t.empty()) {
      probes.push_back(t.substr(0, t.size() - 1));
      std::string bumped = t;
      bumped.back() = static_cast<char>(bumped.back() + 1);
      probes.push_back(bumped);
    }
  }
  return probes;
}

void checkRoundTrip(const Dictionary& dictionary, const std::vector<std::string>& terms,
                    std::mt19937_64& rng) {
  ASSERT_EQ(dictionary.size(), terms.size());
  std::string reused;
  for (uint64_t id = 1; id <= terms.size(); ++id) {
    auto term = dictionary.lookup(id);
    ASSERT_TRUE(term.isOk()) << "id " << id << ": " << term.status().toString();
    ASSERT_EQ(*term, terms[id - 1]) << "id " << id;
    ASSERT_TRUE(dictionary.lookupInto(id, reused).isOk());
    ASSERT_EQ(reused, terms[id - 1]);
  }
  // Twice: the second pass is answered (in part) from find()'s cache of answers, found or not.
  const std::vector<std::string> probes = probesFor(terms, rng);
  for (int pass = 0; pass < 2; ++pass) {
    for (uint64_t id = 0; id < terms.size(); ++id) {
      auto found = dictionary.find(terms[id]);
      ASSERT_TRUE(found.isOk()) << found.status().toString();
      ASSERT_EQ(*found, std::optional<uint64_t>(id + 1)) << "term #" << id << " pass " << pass;
    }
    for (const std::string& probe : probes) {
      auto found = dictionary.find(probe);
      ASSERT_TRUE(found.isOk()) << found.status().toString();
      const auto it = std::lower_bound(terms.begin(), terms.end(), probe);
      const bool present = it != terms.end() && *it == probe;
      ASSERT_EQ(found->has_value(), present) << "probe '" << probe << "' pass " << pass;
      if (present) {
        ASSERT_EQ(**found, static_cast<uint64_t>(it - terms.begin()) + 1);
      }
    }
  }
  for (uint64_t bad : {uint64_t{0}, uint64_t{terms.size() + 1}, UINT64_MAX}) {
    auto term = dictionary.lookup(bad);
    ASSERT_FALSE(term.isOk());
    EXPECT_EQ(term.status().code(), core::StatusCode::kNotFound);
  }
}

TEST(DictionaryTest, EmptyDictionaryWritesNothingAndFindsNothing) {
  auto store = storage::makeMemoryBlobStore();
  DictionaryBuilder builder(*store, DictionaryKind::kIri);
  auto root = builder.finish();
  ASSERT_TRUE(root.isOk());
  EXPECT_TRUE(root->root.isNull());
  EXPECT_EQ(root->size, 0u);
  EXPECT_EQ(builder.bytesWritten(), 0u);

  auto dictionary = Dictionary::open(*store, DictionaryKind::kIri, *root);
  ASSERT_TRUE(dictionary.isOk());
  EXPECT_EQ((*dictionary)->size(), 0u);
  auto found = (*dictionary)->find("http://example.org/a");
  ASSERT_TRUE(found.isOk());
  EXPECT_FALSE(found->has_value());
  EXPECT_EQ((*dictionary)->lookup(1).status().code(), core::StatusCode::kNotFound);

  auto inconsistent = Dictionary::open(*store, DictionaryKind::kIri, DictionaryRoot{{}, 3});
  EXPECT_FALSE(inconsistent.isOk());
}

TEST(DictionaryTest, SingleTerm) {
  std::mt19937_64 rng(1);
  for (const DictionaryOptions& options : optionVariants()) {
    for (const std::string& term : {std::string("http://example.org/x"), std::string()}) {
      Built b = build(DictionaryKind::kIri, {term}, options);
      ASSERT_TRUE(b.dictionary);
      checkRoundTrip(*b.dictionary, {term}, rng);
    }
  }
}

TEST(DictionaryTest, IriRoundTripAcrossBlockAndChunkShapes) {
  std::mt19937_64 rng(42);
  const std::vector<std::string> iris = testing::randomIris(rng, 3000);
  for (const DictionaryOptions& options : optionVariants()) {
    Built b = build(DictionaryKind::kIri, iris, options);
    ASSERT_TRUE(b.dictionary);
    EXPECT_GT(b.namespaces, 0u);
    checkRoundTrip(*b.dictionary, iris, rng);
  }
}

TEST(DictionaryTest, StringRoundTripWithBinaryAndLongTerms) {
  std::mt19937_64 rng(7);
  std::vector<std::string> strings = testing::randomStrings(rng, 2000);
  ASSERT_EQ(strings.front(), "");
  const bool hasLong = std::any_of(strings.begin(), strings.end(),
                                   [](const std::string& s) { return s.size() > 3000; });
  ASSERT_TRUE(hasLong);  // longer than any block or tiny chunk
  for (const DictionaryOptions& options : optionVariants()) {
    Built b = build(DictionaryKind::kString, strings, options);
    ASSERT_TRUE(b.dictionary);
    EXPECT_EQ(b.namespaces, 0u);
    checkRoundTrip(*b.dictionary, strings, rng);
  }
}

TEST(DictionaryTest, VeryLongTermsSpanningWholeChunks) {
  std::mt19937_64 rng(9);
  std::vector<std::string> terms;
  for (int i = 0; i < 12; ++i) {
    terms.push_back("http://example.org/long/" + std::string(1, static_cast<char>('a' + i)) +
                    testing::randomBytes(rng, 100000 + rng() % 50000, testing::kAlnum));
  }
  for (const DictionaryOptions& options : optionVariants()) {
    Built b = build(DictionaryKind::kIri, terms, options);
    ASSERT_TRUE(b.dictionary);
    checkRoundTrip(*b.dictionary, terms, rng);
  }
}

TEST(DictionaryTest, NamespaceCapFallsBackToWholeIris) {
  std::mt19937_64 rng(11);
  const std::vector<std::string> iris = testing::randomIris(rng, 2000, /*namespaceCount=*/40);
  DictionaryOptions options = DictionaryOptions::defaults();
  options.maxNamespaces = 4;
  Built capped = build(DictionaryKind::kIri, iris, options);
  ASSERT_TRUE(capped.dictionary);
  EXPECT_EQ(capped.namespaces, 4u);
  checkRoundTrip(*capped.dictionary, iris, rng);

  options.maxNamespaces = 0;  // no namespace codes at all
  Built none = build(DictionaryKind::kIri, iris, options);
  ASSERT_TRUE(none.dictionary);
  EXPECT_EQ(none.namespaces, 0u);
  checkRoundTrip(*none.dictionary, iris, rng);
}

TEST(DictionaryTest, NamespaceSplitKeepsFullIriOrder) {
  // Namespace codes follow first appearance, not byte order; find() must still compare full IRIs.
  const std::vector<std::string> iris = {"http://a.org/x",    "http://a.org/x/",
                                         "http://a.org/x/y",  "http://a.org/x0",
                                         "http://a.org/x0/z", "http://a.org/x1",
                                         "http://a.org/x1#",  "http://a.org/x1#q",
                                         "http://a.org/x1:",  "http://a.org/x1:r",
                                         "http://a.org/y",    "mailto:me",
                                         "mailto:me/",        "plain",
                                         "urn:a:b:c",         "urn:a:b:d"};
  ASSERT_TRUE(std::is_sorted(iris.begin(), iris.end()));
  std::mt19937_64 rng(3);
  for (const DictionaryOptions& options : optionVariants()) {
    Built b = build(DictionaryKind::kIri, iris, options);
    ASSERT_TRUE(b.dictionary);
    checkRoundTrip(*b.dictionary, iris, rng);
  }
}

TEST(DictionaryTest, BuilderRejectsOutOfOrderAndDuplicateTerms) {
  auto store = storage::makeMemoryBlobStore();
  DictionaryBuilder builder(*store, DictionaryKind::kString);
  ASSERT_TRUE(builder.add("b").isOk());
  EXPECT_EQ(builder.add("b").code(), core::StatusCode::kInvalidArgument);
  EXPECT_EQ(builder.add("a").code(), core::StatusCode::kInvalidArgument);
  // Byte order is unsigned: "\xff" sorts after "b".
  EXPECT_TRUE(builder.add("\xff").isOk());
  auto root = builder.finish();
  ASSERT_TRUE(root.isOk());
  EXPECT_EQ(root->size, 2u);
  EXPECT_GT(builder.bytesWritten(), 0u);
  EXPECT_EQ(builder.add("zz").code(), core::StatusCode::kInvalidArgument);
  EXPECT_FALSE(builder.finish().isOk());
}

TEST(DictionaryTest, WrongKindOrSizeIsRejected) {
  std::mt19937_64 rng(5);
  const auto iris = testing::randomIris(rng, 50);
  Built b = build(DictionaryKind::kIri, iris, DictionaryOptions::defaults());
  auto asString = Dictionary::open(*b.store, DictionaryKind::kString, b.root);
  ASSERT_FALSE(asString.isOk());
  EXPECT_EQ(asString.status().code(), core::StatusCode::kCorruption);
  auto wrongSize = Dictionary::open(*b.store, DictionaryKind::kIri, {b.root.root, 49});
  ASSERT_FALSE(wrongSize.isOk());
  EXPECT_EQ(wrongSize.status().code(), core::StatusCode::kCorruption);
  auto missing = Dictionary::open(*b.store, DictionaryKind::kIri,
                                  {storage::ContentId::of("no such blob"), 50});
  ASSERT_FALSE(missing.isOk());
  EXPECT_EQ(missing.status().code(), core::StatusCode::kNotFound);
}

TEST(DictionaryTest, CompressesRepetitiveChunksAndKeepsRandomOnesRaw) {
  DictionaryOptions options;  // production shapes, whatever the environment says
  std::mt19937_64 rng(13);
  {
    auto store = storage::makeMemoryBlobStore();
    DictionaryBuilder builder(*store, DictionaryKind::kIri, options);
    for (int i = 0; i < 20000; ++i) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "http://example.org/person/p%08d", i);
      ASSERT_TRUE(builder.add(buf).isOk());
    }
    ASSERT_TRUE(builder.finish().isOk());
    EXPECT_EQ(builder.chunksCompressed(), builder.chunksWritten());
  }
  {
    auto store = storage::makeMemoryBlobStore();
    DictionaryBuilder builder(*store, DictionaryKind::kString, options);
    std::set<std::string> random;
    while (random.size() < 2000) {
      std::string s(40, '\0');
      for (char& c : s) c = static_cast<char>(rng());
      random.insert(s);
    }
    for (const std::string& s : random) ASSERT_TRUE(builder.add(s).isOk());
    ASSERT_TRUE(builder.finish().isOk());
    EXPECT_EQ(builder.chunksCompressed(), 0u);
  }
}

TEST(DictionaryTest, ConcurrentReadersShareOneSmallCache) {
  std::mt19937_64 rng(17);
  const auto iris = testing::randomIris(rng, 4000);
  DictionaryOptions options = DictionaryOptions::defaults();
  options.entriesPerBlock = 4;
  options.chunkBytes = 256;
  options.cacheBytes = 4096;  // far less than the dictionary: constant eviction
  Built b = build(DictionaryKind::kIri, iris, options);
  ASSERT_TRUE(b.dictionary);
  ASSERT_GT(b.dictionary->chunkCount(), 50u);

  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 local(100 + t);
      std::string term;
      for (int i = 0; i < 3000; ++i) {
        const uint64_t id = 1 + local() % iris.size();
        if (!b.dictionary->lookupInto(id, term).isOk() || term != iris[id - 1]) ++failures;
        auto found = b.dictionary->find(iris[id - 1]);
        if (!found.isOk() || *found != std::optional<uint64_t>(id)) ++failures;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_LT(b.dictionary->cachedChunkCount(), b.dictionary->chunkCount());
}

TEST(DictionaryTest, AWriterDoesNotMakeTheAnswerCacheRememberItsNewTerms) {
  const std::vector<std::string> terms = {"http://ex/a", "http://ex/b", "http://ex/c"};
  Built b = build(DictionaryKind::kIri, terms, DictionaryOptions::defaults());
  const Dictionary& d = *b.dictionary;
  ASSERT_EQ(d.cachedAnswerCount(), 0u);

  // A writer's miss is answered but not kept; its hit is kept like any other.
  auto miss = d.find("http://ex/new", Dictionary::Misses::kForget);
  ASSERT_TRUE(miss.isOk());
  EXPECT_FALSE(miss->has_value());
  EXPECT_EQ(d.cachedAnswerCount(), 0u);
  auto hit = d.find("http://ex/b", Dictionary::Misses::kForget);
  ASSERT_TRUE(hit.isOk());
  EXPECT_EQ(*hit, std::optional<uint64_t>(2));
  EXPECT_EQ(d.cachedAnswerCount(), 1u);

  // A query's miss is kept, and the answer stays a miss.
  EXPECT_FALSE(d.find("http://ex/new")->has_value());
  EXPECT_EQ(d.cachedAnswerCount(), 2u);
  EXPECT_FALSE(d.find("http://ex/new", Dictionary::Misses::kForget)->has_value());
}

}  // namespace dictionary_test
}  // namespace cairn::index
