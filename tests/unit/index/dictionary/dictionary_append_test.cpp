// Append segments against a naive oracle (the id-ordered term list and a term -> id map): a base
// built from sorted random terms, then rounds of appended terms in arrival order (sharing
// namespaces and prefixes with earlier terms, long ones, the empty string), after each of which
// every id looks up its term, every term finds its id, near misses find nothing, a cursor reads
// every id in order and at random, and the new root reuses the old segments by blob id. Then the
// rejected inputs and damaged blobs of the new segment.

#include "index/dictionary/dictionary_append.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <random>
#include <set>

#include "index/dictionary/byte_codec.h"
#include "index/dictionary/dictionary.h"
#include "index/dictionary/dictionary_builder.h"
#include "index/dictionary/dictionary_cursor.h"
#include "index/dictionary/dictionary_format.h"
#include "index/dictionary/payload_codec.h"
#include "tests/support/hooked_blob_store.h"
#include "tests/unit/index/dictionary/dictionary_test_util.h"

namespace cairn::index {
namespace {

using cairn::testing::HookedBlobStore;
using testing::TamperingBlobStore;

// The dictionary as it should be: terms by id, and ids by term.
struct Oracle {
  std::vector<std::string> terms;  // id - 1 -> term
  std::map<std::string, uint64_t> ids;

  void add(const std::string& term) {
    terms.push_back(term);
    ids.emplace(term, terms.size());
  }
  bool contains(const std::string& term) const { return ids.count(term) != 0; }
};

DictionaryRoot buildBase(storage::BlobStore& store, DictionaryKind kind,
                         const std::vector<std::string>& sorted, const DictionaryOptions& options) {
  DictionaryBuilder builder(store, kind, options);
  for (const std::string& term : sorted) EXPECT_TRUE(builder.add(term).isOk());
  auto root = builder.finish();
  EXPECT_TRUE(root.isOk()) << root.status().toString();
  return root.isOk() ? *root : DictionaryRoot{};
}

// New terms in arrival order, none in the oracle: fresh random terms of the same shapes as the
// base (so they share its namespaces), extensions and truncations of known terms, sequential
// IRIs, long terms, and the empty string when asked.
std::vector<std::string> newTermsFor(DictionaryKind kind, const Oracle& oracle, size_t count,
                                     std::mt19937_64& rng, bool withEmpty) {
  std::vector<std::string> candidates = kind == DictionaryKind::kIri
                                            ? testing::randomIris(rng, count)
                                            : testing::randomStrings(rng, count, /*withLong=*/true);
  std::shuffle(candidates.begin(), candidates.end(), rng);
  for (size_t i = 0; i < count / 4 && !oracle.terms.empty(); ++i) {
    const std::string& known = oracle.terms[rng() % oracle.terms.size()];
    candidates.push_back(known + testing::randomBytes(rng, 1 + rng() % 6, testing::kAlnum));
    if (known.size() > 1) candidates.push_back(known.substr(0, known.size() - 1 - rng() % 2));
  }
  const uint64_t start = rng() % 100000;
  for (uint64_t n = 0; n < count / 8; ++n) {
    candidates.push_back("http://example.org/item/" + std::to_string(start + n * (1 + rng() % 3)));
  }
  candidates.push_back("http://example.org/long/" +
                       testing::randomBytes(rng, 2000 + rng() % 3000, testing::kAlnum));
  if (withEmpty) candidates.push_back("");
  std::shuffle(candidates.begin(), candidates.end(), rng);

  std::vector<std::string> fresh;
  std::set<std::string> seen;
  for (std::string& term : candidates) {
    if (oracle.contains(term) || !seen.insert(term).second) continue;
    if (kind == DictionaryKind::kIri && term.empty()) continue;
    fresh.push_back(std::move(term));
  }
  return fresh;
}

std::shared_ptr<Dictionary> open(const storage::BlobStore& store, DictionaryKind kind,
                                 const DictionaryRoot& root, const DictionaryOptions& options) {
  auto dictionary = Dictionary::open(store, kind, root, options.cacheBytes);
  EXPECT_TRUE(dictionary.isOk()) << dictionary.status().toString();
  return dictionary.isOk() ? *dictionary : nullptr;
}

void checkAgainstOracle(const Dictionary& dictionary, const Oracle& oracle, std::mt19937_64& rng) {
  ASSERT_EQ(dictionary.size(), oracle.terms.size());
  const uint64_t n = oracle.terms.size();
  std::string out;
  for (uint64_t id = 1; id <= n; ++id) {
    ASSERT_TRUE(dictionary.lookupInto(id, out).isOk()) << "id " << id;
    ASSERT_EQ(out, oracle.terms[id - 1]) << "id " << id;
  }
  for (uint64_t id = 1; id <= n; ++id) {
    auto found = dictionary.find(oracle.terms[id - 1]);
    ASSERT_TRUE(found.isOk()) << found.status().toString();
    ASSERT_EQ(*found, std::optional<uint64_t>(id)) << "term of id " << id;
  }
  std::vector<std::string> probes = {"", std::string(1, '\0'), "\xff\xff", "http://", "zzzz"};
  for (size_t i = 0; i < n; i += 1 + rng() % 3) {
    const std::string& t = oracle.terms[i];
    probes.push_back(t + std::string(1, '\0'));
    probes.push_back(t + "a");
    if (!t.empty()) {
      probes.push_back(t.substr(0, t.size() - 1));
      std::string bumped = t;
      bumped.back() = static_cast<char>(bumped.back() + 1);
      probes.push_back(bumped);
    }
  }
  for (const std::string& probe : probes) {
    auto found = dictionary.find(probe);
    ASSERT_TRUE(found.isOk()) << found.status().toString();
    const auto it = oracle.ids.find(probe);
    ASSERT_EQ(*found, it == oracle.ids.end() ? std::nullopt : std::optional<uint64_t>(it->second))
        << "probe '" << probe << "'";
  }
  for (uint64_t bad : {uint64_t{0}, n + 1, UINT64_MAX}) {
    EXPECT_EQ(dictionary.lookup(bad).status().code(), core::StatusCode::kNotFound);
  }

  // A cursor walking every id in order (across segment boundaries), then at random, then
  // clustered runs around the segment boundaries.
  std::vector<uint64_t> ids(n);
  for (uint64_t id = 1; id <= n; ++id) ids[id - 1] = id;
  DictionaryCursor ascending(dictionary);
  for (uint64_t id : ids) {
    ASSERT_TRUE(ascending.lookupInto(id, out).isOk()) << "id " << id;
    ASSERT_EQ(out, oracle.terms[id - 1]) << "ascending id " << id;
  }
  std::shuffle(ids.begin(), ids.end(), rng);
  DictionaryCursor random(dictionary);
  for (uint64_t id : ids) {
    ASSERT_TRUE(random.lookupInto(id, out).isOk()) << "id " << id;
    ASSERT_EQ(out, oracle.terms[id - 1]) << "random id " << id;
  }
  for (const Dictionary::SegmentRef& ref : dictionary.segmentRefs()) {
    DictionaryCursor around(dictionary);
    const uint64_t from = ref.firstId > 3 ? ref.firstId - 3 : 1;
    for (uint64_t id = from; id <= std::min(n, ref.firstId + 3); ++id) {
      ASSERT_TRUE(around.lookupInto(id, out).isOk());
      ASSERT_EQ(out, oracle.terms[id - 1]) << "id " << id << " near segment " << ref.firstId;
    }
    EXPECT_EQ(around.lookupInto(n + 1, out).code(), core::StatusCode::kNotFound);
  }
}

void runRounds(DictionaryKind kind, const DictionaryOptions& options, uint64_t seed,
               bool baseWithoutEmpty) {
  SCOPED_TRACE("kind " + std::string(dictionaryKindName(kind)) + ", " +
               std::to_string(options.entriesPerBlock) + " entries per block, chunks of " +
               std::to_string(options.chunkBytes) + " bytes, seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  auto store = storage::makeMemoryBlobStore();
  std::vector<std::string> base = kind == DictionaryKind::kIri
                                      ? testing::randomIris(rng, 300)
                                      : testing::randomStrings(rng, 300, /*withLong=*/true);
  if (baseWithoutEmpty && !base.empty() && base.front().empty()) base.erase(base.begin());
  Oracle oracle;
  for (const std::string& term : base) oracle.add(term);
  DictionaryRoot root = buildBase(*store, kind, base, options);
  ASSERT_EQ(root.size, base.size());

  std::vector<Dictionary::SegmentRef> previousRefs =
      open(*store, kind, root, options)->segmentRefs();
  ASSERT_EQ(previousRefs.size(), 1u);
  int merges = 0;
  for (int round = 0; round < 12; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    // A round of a single term, and one of more than 256 (two bytes per id in the index).
    const size_t count = round == 2 ? 1 : round == 0 ? 400 : 40 + rng() % 200;
    const bool withEmpty = kind == DictionaryKind::kString && !oracle.contains("") && round == 1;
    std::vector<std::string> fresh = newTermsFor(kind, oracle, count, rng, withEmpty);
    if (round == 2) fresh.resize(1);
    ASSERT_FALSE(fresh.empty());
    if (withEmpty) {
      ASSERT_NE(std::find(fresh.begin(), fresh.end(), ""), fresh.end());
    }

    auto appended = appendToDictionary(*store, kind, root, fresh, options);
    ASSERT_TRUE(appended.isOk()) << appended.status().toString();
    for (const std::string& term : fresh) oracle.add(term);
    EXPECT_EQ(appended->size, oracle.terms.size());
    EXPECT_NE(appended->root, root.root);
    root = *appended;

    std::shared_ptr<Dictionary> dictionary = open(*store, kind, root, options);
    ASSERT_NE(dictionary, nullptr);
    // The old segments are listed unchanged, by blob id, and the new one follows them — having
    // absorbed the newest append segments when the size-tiered rule merges them (never the base).
    const std::vector<Dictionary::SegmentRef> refs = dictionary->segmentRefs();
    ASSERT_GE(refs.size(), 2u);
    ASSERT_LE(refs.size(), previousRefs.size() + 1);
    const size_t kept = refs.size() - 1;
    EXPECT_TRUE(std::equal(previousRefs.begin(), previousRefs.begin() + kept, refs.begin()));
    EXPECT_EQ(refs.back().kind, dictformat::SegmentKind::kAppend);
    const uint64_t firstId = kept < previousRefs.size() ? previousRefs[kept].firstId
                                                        : oracle.terms.size() - fresh.size() + 1;
    EXPECT_EQ(refs.back().firstId, firstId);
    EXPECT_EQ(refs.back().entries, oracle.terms.size() - firstId + 1);
    if (kept < previousRefs.size()) ++merges;
    EXPECT_LE(refs.size(), 1u + 3u * 5u + 1u);  // the base, at most three per tier, the newest
    previousRefs = refs;

    checkAgainstOracle(*dictionary, oracle, rng);
  }
  EXPECT_GT(merges, 0);

  // Nothing to append: the same root, nothing written.
  auto same = appendToDictionary(*store, kind, root, std::span<const std::string>(), options);
  ASSERT_TRUE(same.isOk());
  EXPECT_EQ(*same, root);
}

TEST(DictionaryAppendTest, RandomRoundsMatchTheOracle) {
  uint64_t seed = 1;
  for (DictionaryKind kind : {DictionaryKind::kIri, DictionaryKind::kString}) {
    for (const DictionaryOptions& options : testing::optionVariants()) {
      runRounds(kind, options, seed++, /*baseWithoutEmpty=*/kind == DictionaryKind::kString);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  runRounds(DictionaryKind::kString, DictionaryOptions::defaults(), 77, false);
}

TEST(DictionaryAppendTest, AppendsToAnEmptyDictionary) {
  for (DictionaryKind kind : {DictionaryKind::kIri, DictionaryKind::kString}) {
    auto store = storage::makeMemoryBlobStore();
    const std::vector<std::string> terms =
        kind == DictionaryKind::kIri
            ? std::vector<std::string>{"http://example.org/item/9", "http://example.org/item/10",
                                       "urn:x:1", "http://example.org/item/1"}
            : std::vector<std::string>{"b", "", "a", "ab"};
    auto root = appendToDictionary(*store, kind, DictionaryRoot{}, terms);
    ASSERT_TRUE(root.isOk()) << root.status().toString();
    EXPECT_EQ(root->size, terms.size());
    auto dictionary = Dictionary::open(*store, kind, *root);
    ASSERT_TRUE(dictionary.isOk()) << dictionary.status().toString();
    ASSERT_EQ((*dictionary)->segmentRefs().size(), 1u);
    Oracle oracle;
    for (const std::string& t : terms) oracle.add(t);
    std::mt19937_64 rng(5);
    checkAgainstOracle(**dictionary, oracle, rng);
  }
}

TEST(DictionaryAppendTest, PresentOrRepeatedTermsAreRejectedBeforeWriting) {
  auto store = std::make_unique<TamperingBlobStore>(storage::makeMemoryBlobStore());
  const DictionaryKind kind = DictionaryKind::kIri;
  const std::vector<std::string> base = {"http://a.org/x", "http://a.org/y", "http://b.org/z"};
  DictionaryRoot root = buildBase(*store, kind, base, DictionaryOptions::defaults());
  const std::vector<std::string> first = {"http://c.org/1", "http://a.org/w"};
  auto appended = appendToDictionary(*store, kind, root, first);
  ASSERT_TRUE(appended.isOk()) << appended.status().toString();
  const size_t blobs = store->written().size();

  const std::vector<std::vector<std::string>> bad = {
      {"http://new.org/1", "http://a.org/y"},                        // in the base segment
      {"http://c.org/1"},                                            // in the append segment
      {"http://new.org/1", "http://new.org/2", "http://new.org/1"},  // twice in the input
  };
  for (const auto& terms : bad) {
    auto result = appendToDictionary(*store, kind, *appended, terms);
    ASSERT_FALSE(result.isOk());
    EXPECT_EQ(result.status().code(), core::StatusCode::kInvalidArgument)
        << result.status().toString();
  }
  auto repeated = appendToDictionary(*store, kind, *appended, bad[2]);
  EXPECT_NE(repeated.status().message().find("#2 repeats #0"), std::string::npos)
      << repeated.status().toString();
  auto present = appendToDictionary(*store, kind, *appended, bad[1]);
  EXPECT_NE(present.status().message().find("with id 4"), std::string::npos)
      << present.status().toString();
  EXPECT_EQ(store->written().size(), blobs);  // nothing was written

  // The wrong kind of base is the base's corruption, not the input's fault.
  auto wrongKind = appendToDictionary(*store, DictionaryKind::kString, *appended, bad[0]);
  EXPECT_EQ(wrongKind.status().code(), core::StatusCode::kCorruption);
}

// An append whose cancel flag is up writes nothing; one raised during its first write stops it
// at its next look (every 4,096 terms), well before it is done; one that stays down changes
// nothing.
TEST(DictionaryAppendTest, ACancelledAppendStopsAndReturnsCancelled) {
  auto memory = storage::makeMemoryBlobStore();
  HookedBlobStore store(*memory);
  const DictionaryKind kind = DictionaryKind::kIri;
  std::vector<std::string> terms;
  for (int i = 0; i < 20000; ++i) terms.push_back("http://example.org/item/" + std::to_string(i));
  DictionaryOptions options = DictionaryOptions::defaults();
  options.chunkBytes = 4096;  // many chunks, so writes come early

  size_t writes = 0;
  std::atomic<bool> cancel{false};
  store.beforeWrite = [&](std::span<const std::string_view>) {
    ++writes;
    return core::Status::ok();
  };
  auto whole = appendToDictionary(store, kind, DictionaryRoot{}, terms, options, &cancel);
  ASSERT_TRUE(whole.isOk()) << whole.status().toString();
  const size_t wholeWrites = writes;

  cancel.store(true);
  writes = 0;
  auto never = appendToDictionary(store, kind, DictionaryRoot{}, terms, options, &cancel);
  ASSERT_FALSE(never.isOk());
  EXPECT_EQ(never.status().code(), core::StatusCode::kCancelled);
  EXPECT_EQ(writes, 0u);

  cancel.store(false);
  writes = 0;
  store.beforeWrite = [&](std::span<const std::string_view>) {
    ++writes;
    cancel.store(true);
    return core::Status::ok();
  };
  auto stopped = appendToDictionary(store, kind, DictionaryRoot{}, terms, options, &cancel);
  ASSERT_FALSE(stopped.isOk());
  EXPECT_EQ(stopped.status().code(), core::StatusCode::kCancelled);
  EXPECT_GT(writes, 0u);
  EXPECT_LT(writes * 4, wholeWrites);  // a fourth: the term chunks alone are more
}

// A base and one append round in a store that can damage blobs; `written` are the blobs the
// append wrote (its chunks, index chunks, segment and root).
struct AppendFixture {
  std::unique_ptr<TamperingBlobStore> store;
  DictionaryKind kind;
  DictionaryRoot root;
  uint64_t baseSize = 0;
  Oracle oracle;
  std::vector<std::pair<storage::ContentId, std::string>> written;
};

AppendFixture makeFixture(DictionaryKind kind, uint64_t seed, size_t newTerms = 150) {
  AppendFixture f;
  f.kind = kind;
  f.store = std::make_unique<TamperingBlobStore>(storage::makeMemoryBlobStore());
  std::mt19937_64 rng(seed);
  DictionaryOptions options;
  options.entriesPerBlock = 4;
  options.chunkBytes = 300;  // several chunks of each list, a mix of zstd and raw ones
  const std::vector<std::string> base = kind == DictionaryKind::kIri
                                            ? testing::randomIris(rng, 100)
                                            : testing::randomStrings(rng, 100, false);
  for (const std::string& t : base) f.oracle.add(t);
  f.baseSize = base.size();
  const DictionaryRoot baseRoot = buildBase(*f.store, kind, base, options);
  const size_t before = f.store->written().size();
  std::vector<std::string> fresh = newTermsFor(kind, f.oracle, newTerms, rng, false);
  fresh.pop_back();  // keep the blobs small: drop one term (possibly the long one)
  fresh.erase(std::remove_if(fresh.begin(), fresh.end(),
                             [](const std::string& t) { return t.size() > 200; }),
              fresh.end());
  auto appended = appendToDictionary(*f.store, kind, baseRoot, fresh, options);
  EXPECT_TRUE(appended.isOk()) << appended.status().toString();
  f.root = *appended;
  for (const std::string& t : fresh) f.oracle.add(t);
  const auto all = f.store->written();
  f.written.assign(all.begin() + static_cast<std::ptrdiff_t>(before), all.end());
  return f;
}

// Opens the dictionary and reads every term both ways; the first failure, or ok. Sets *wrong if
// an answer differed from the oracle.
core::Status readEverything(const AppendFixture& f, bool* wrong) {
  *wrong = false;
  auto dictionary = Dictionary::open(*f.store, f.kind, f.root, /*cacheBytes=*/0);
  if (!dictionary.isOk()) return dictionary.status();
  core::Status first;
  for (uint64_t id = 1; id <= f.oracle.terms.size(); ++id) {
    auto term = (*dictionary)->lookup(id);
    if (!term.isOk()) {
      if (first.isOk()) first = term.status();
    } else if (*term != f.oracle.terms[id - 1]) {
      *wrong = true;
    }
    auto found = (*dictionary)->find(f.oracle.terms[id - 1]);
    if (!found.isOk()) {
      if (first.isOk()) first = found.status();
    } else if (*found != std::optional<uint64_t>(id)) {
      *wrong = true;
    }
  }
  return first;
}

TEST(DictionaryAppendTest, DamagedAppendBlobsAreCorruptionNamingTheBlob) {
  for (DictionaryKind kind : {DictionaryKind::kIri, DictionaryKind::kString}) {
    AppendFixture f = makeFixture(kind, 31 + static_cast<uint64_t>(kind));
    bool wrong = false;
    ASSERT_TRUE(readEverything(f, &wrong).isOk());
    ASSERT_FALSE(wrong);
    size_t chunks = 0;
    size_t indexChunks = 0;
    for (const auto& [id, bytes] : f.written) {
      chunks += bytes.starts_with(dictformat::kChunkMagic);
      indexChunks += bytes.starts_with(dictformat::kIndexChunkMagic);
    }
    ASSERT_GT(chunks, 2u);
    ASSERT_GT(indexChunks, 2u);
    for (const auto& [id, bytes] : f.written) {
      std::vector<std::string> damaged;
      for (size_t cut :
           {size_t{0}, size_t{3}, size_t{5}, size_t{6}, bytes.size() / 2, bytes.size() - 1}) {
        damaged.push_back(bytes.substr(0, cut));
      }
      damaged.push_back(bytes + "x");
      std::string badMagic = bytes;
      badMagic[0] = 'X';
      damaged.push_back(badMagic);
      std::string badVersion = bytes;
      badVersion[4] = static_cast<char>(dictformat::kVersion + 1);
      damaged.push_back(badVersion);
      for (const std::string& bad : damaged) {
        f.store->replace(id, bad);
        const core::Status st = readEverything(f, &wrong);
        EXPECT_EQ(st.code(), core::StatusCode::kCorruption)
            << "blob " << bytes.substr(0, 4) << " of " << bytes.size() << " bytes damaged to "
            << bad.size() << " bytes: " << st.toString();
        EXPECT_NE(st.message().find(id.shortHex()), std::string::npos) << st.toString();
        EXPECT_FALSE(wrong);
        f.store->restore();
      }
    }
  }
}

// Rewrites the decoded body of a chunk blob (header: magic, version; then the payload).
std::string rewriteBody(const std::string& blob, const std::function<void(std::string&)>& edit) {
  auto body = readPayload(std::string_view(blob).substr(6), "test");
  EXPECT_TRUE(body.isOk());
  edit(*body);
  std::string out = blob.substr(0, 6);
  appendPayload(out, *body, 1);
  return out;
}

TEST(DictionaryAppendTest, InconsistentIndexChunksAreCorruption) {
  AppendFixture f = makeFixture(DictionaryKind::kIri, 41, /*newTerms=*/400);
  const auto isIndex = [](const auto& blob) {
    return blob.second.starts_with(dictformat::kIndexChunkMagic);
  };
  const auto it = std::find_if(f.written.begin(), f.written.end(), isIndex);
  ASSERT_NE(it, f.written.end());
  const auto& [id, bytes] = *it;
  const uint32_t width = dictformat::bytesFor(f.root.size - f.baseSize - 1);
  ASSERT_EQ(width, 2u);  // two byte planes
  // The id offsets follow the varint counts and the block offsets; byte i of entry k's offset is
  // at ids + i * count + k.
  struct Planes {
    size_t at = 0;
    size_t count = 0;
  };
  const auto planesOf = [](const std::string& body) {
    bytes::ByteReader in(body);
    uint64_t count = 0;
    uint64_t blocks = 0;
    EXPECT_TRUE(in.readVarint(count) && in.readVarint(blocks));
    return Planes{body.size() - in.remaining() + 4 * blocks, count};
  };

  // An id offset beyond the segment (only its high byte is too large).
  f.store->replace(id, rewriteBody(bytes, [&](std::string& body) {
                     const Planes p = planesOf(body);
                     body[p.at + p.count + 1] = '\x7f';
                   }));
  bool wrong = false;
  core::Status st = readEverything(f, &wrong);
  EXPECT_EQ(st.code(), core::StatusCode::kCorruption) << st.toString();
  EXPECT_NE(st.message().find("index chunk blob " + id.shortHex()), std::string::npos)
      << st.toString();
  EXPECT_NE(st.message().find("id out of range"), std::string::npos) << st.toString();
  f.store->restore();

  // Swapped id offsets: every answer is in range but two terms find each other's id. The format
  // cannot tell (as with a flipped byte in a raw block); no crash, and lookups stay right.
  f.store->replace(id, rewriteBody(bytes, [&](std::string& body) {
                     const Planes p = planesOf(body);
                     for (uint32_t i = 0; i < width; ++i) {
                       std::swap(body[p.at + i * p.count], body[p.at + i * p.count + 1]);
                     }
                   }));
  st = readEverything(f, &wrong);
  EXPECT_TRUE(st.isOk()) << st.toString();
  EXPECT_TRUE(wrong);
  f.store->restore();

  // An index chunk holding the term chunk's bytes (wrong magic).
  const auto chunk = std::find_if(f.written.begin(), f.written.end(), [](const auto& blob) {
    return blob.second.starts_with(dictformat::kChunkMagic);
  });
  ASSERT_NE(chunk, f.written.end());
  f.store->replace(id, chunk->second);
  st = readEverything(f, &wrong);
  EXPECT_EQ(st.code(), core::StatusCode::kCorruption) << st.toString();
  EXPECT_NE(st.message().find(id.shortHex()), std::string::npos) << st.toString();
}

TEST(DictionaryAppendTest, RandomByteFlipsNeverCrash) {
  AppendFixture f = makeFixture(DictionaryKind::kIri, 43);
  std::mt19937_64 rng(7);
  int errors = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const auto& [id, bytes] = f.written[rng() % f.written.size()];
    std::string bad = bytes;
    const int flips = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < flips; ++k) bad[rng() % bad.size()] ^= static_cast<char>(1 + rng() % 255);
    f.store->replace(id, bad);
    bool wrong = false;
    if (!readEverything(f, &wrong).isOk()) ++errors;
    f.store->restore();
  }
  EXPECT_GT(errors, 100);
}

TEST(DictionaryAppendTest, UnknownSegmentKindInTheRootIsCorruption) {
  AppendFixture f = makeFixture(DictionaryKind::kString, 47);
  // The root is the last blob written; its last segment entry is kind, first id, count, id.
  const auto& [rootId, rootBytes] = f.written.back();
  ASSERT_TRUE(rootBytes.starts_with(dictformat::kRootMagic));
  ASSERT_EQ(rootId, f.root.root);
  std::string bytes = rootBytes;
  const size_t entryAt = bytes.size() - 32 - bytes::varintSize(f.root.size - f.baseSize) -
                         bytes::varintSize(f.baseSize + 1) - 1;
  ASSERT_EQ(bytes[entryAt], static_cast<char>(dictformat::SegmentKind::kAppend));
  bytes[entryAt] = 2;
  f.store->replace(rootId, bytes);
  bool wrong = false;
  const core::Status st = readEverything(f, &wrong);
  EXPECT_EQ(st.code(), core::StatusCode::kCorruption);
  EXPECT_NE(st.message().find("unsupported segment kind 2"), std::string::npos) << st.toString();
  // A dense-kind byte over an append segment: the segment blob disagrees with the root.
  bytes[entryAt] = static_cast<char>(dictformat::SegmentKind::kDense);
  f.store->replace(rootId, bytes);
  const core::Status mismatch = readEverything(f, &wrong);
  EXPECT_EQ(mismatch.code(), core::StatusCode::kCorruption);
  EXPECT_NE(mismatch.message().find("does not match its entry in the root"), std::string::npos)
      << mismatch.toString();
}

}  // namespace
}  // namespace cairn::index
