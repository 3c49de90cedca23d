// DictionaryCursor against the sorted term list the dictionary was built from, for the orders a
// result column brings ids in: ascending (every id, or with gaps), repeated, descending and
// random; and bad ids, after which the cursor keeps working. The option variants put blocks of
// 1, 3 or 5 entries and of more than the seek's piece buffer (300) under the cursor.

#include "index/dictionary/dictionary_cursor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "index/dictionary/dictionary_builder.h"
#include "tests/unit/index/dictionary/dictionary_test_util.h"

namespace cairn::index {
namespace {

struct Built {
  std::unique_ptr<storage::BlobStore> store;
  std::shared_ptr<Dictionary> dictionary;
};

Built build(DictionaryKind kind, const std::vector<std::string>& terms,
            const DictionaryOptions& options) {
  Built b;
  b.store = storage::makeMemoryBlobStore();
  DictionaryBuilder builder(*b.store, kind, options);
  for (const std::string& term : terms) EXPECT_TRUE(builder.add(term).isOk());
  auto root = builder.finish();
  EXPECT_TRUE(root.isOk()) << root.status().toString();
  auto dictionary = Dictionary::open(*b.store, kind, *root, options.cacheBytes);
  EXPECT_TRUE(dictionary.isOk()) << dictionary.status().toString();
  if (dictionary.isOk()) b.dictionary = *dictionary;
  return b;
}

void expectSequence(const Dictionary& dictionary, const std::vector<std::string>& terms,
                    const std::vector<uint64_t>& ids, const char* order) {
  DictionaryCursor cursor(dictionary);
  std::string out = "stale content that must be replaced";
  for (size_t i = 0; i < ids.size(); ++i) {
    const core::Status st = cursor.lookupInto(ids[i], out);
    ASSERT_TRUE(st.isOk()) << order << " #" << i << " id " << ids[i] << ": " << st.toString();
    ASSERT_EQ(out, terms[ids[i] - 1]) << order << " #" << i << " id " << ids[i];
  }
}

void checkOrders(const Dictionary& dictionary, const std::vector<std::string>& terms,
                 std::mt19937_64& rng) {
  const uint64_t n = terms.size();
  std::vector<uint64_t> ascending(n);
  for (uint64_t id = 1; id <= n; ++id) ascending[id - 1] = id;
  expectSequence(dictionary, terms, ascending, "ascending");

  std::vector<uint64_t> gaps;  // sorted with random gaps, some ids repeated
  for (uint64_t id = 1; id <= n; id += rng() % 9) gaps.push_back(id);
  expectSequence(dictionary, terms, gaps, "ascending with gaps");

  std::vector<uint64_t> descending(ascending.rbegin(), ascending.rend());
  expectSequence(dictionary, terms, descending, "descending");

  std::vector<uint64_t> shuffled = ascending;
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  expectSequence(dictionary, terms, shuffled, "random");

  // Clustered: short ascending runs starting anywhere, as a join's output brings them.
  std::vector<uint64_t> runs;
  for (int r = 0; r < 200; ++r) {
    uint64_t id = 1 + rng() % n;
    for (uint64_t k = 0, len = 1 + rng() % 20; k < len && id <= n; ++k, id += 1 + rng() % 3) {
      runs.push_back(id);
    }
  }
  expectSequence(dictionary, terms, runs, "runs");
}

TEST(DictionaryCursorTest, EveryOrderOfIdsDecodesTheRightTerms) {
  std::mt19937_64 rng(41);
  const std::vector<std::string> iris = testing::randomIris(rng, 1500);
  const std::vector<std::string> strings = testing::randomStrings(rng, 1200);
  for (const DictionaryOptions& options : testing::optionVariants()) {
    SCOPED_TRACE("entriesPerBlock " + std::to_string(options.entriesPerBlock));
    Built b = build(DictionaryKind::kIri, iris, options);
    ASSERT_NE(b.dictionary, nullptr);
    checkOrders(*b.dictionary, iris, rng);
    Built s = build(DictionaryKind::kString, strings, options);
    ASSERT_NE(s.dictionary, nullptr);
    checkOrders(*s.dictionary, strings, rng);
  }
}

TEST(DictionaryCursorTest, IdsOutsideTheDictionaryAreNotFoundAndTheCursorRecovers) {
  std::mt19937_64 rng(5);
  const std::vector<std::string> iris = testing::randomIris(rng, 300);
  DictionaryOptions options;
  options.entriesPerBlock = 7;
  options.chunkBytes = 500;
  Built b = build(DictionaryKind::kIri, iris, options);
  ASSERT_NE(b.dictionary, nullptr);
  DictionaryCursor cursor(*b.dictionary);
  std::string out;
  ASSERT_TRUE(cursor.lookupInto(10, out).isOk());
  for (uint64_t bad : {uint64_t{0}, uint64_t{iris.size() + 1}, UINT64_MAX}) {
    const core::Status st = cursor.lookupInto(bad, out);
    EXPECT_EQ(st.code(), core::StatusCode::kNotFound) << bad;
    ASSERT_TRUE(cursor.lookupInto(11, out).isOk());
    EXPECT_EQ(out, iris[10]);
  }
  ASSERT_TRUE(cursor.lookupInto(iris.size(), out).isOk());
  EXPECT_EQ(out, iris.back());
}

}  // namespace
}  // namespace cairn::index
