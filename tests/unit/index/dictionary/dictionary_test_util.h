#pragma once
// Shared by the dictionary tests: random sorted term sets and a store whose blobs a test can
// replace, to feed the parsers malformed bytes behind a valid content id.

#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "index/dictionary/dictionary_options.h"
#include "storage/blob_store.h"

namespace cairn::index::testing {

inline std::string randomBytes(std::mt19937_64& rng, size_t length, std::string_view alphabet) {
  std::string s(length, '\0');
  for (char& c : s) c = alphabet[rng() % alphabet.size()];
  return s;
}

inline constexpr std::string_view kAlnum =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";

// IRIs over a few namespaces ('/', '#', ':' endings, and none), with local names that share
// prefixes, as real data does.
inline std::vector<std::string> randomIris(std::mt19937_64& rng, size_t count,
                                           size_t namespaceCount = 12) {
  std::vector<std::string> namespaces;
  for (size_t k = 0; k < namespaceCount; ++k) {
    switch (k % 4) {
      case 0:
        namespaces.push_back("http://example.org/data/set" + std::to_string(k) + "/");
        break;
      case 1:
        namespaces.push_back("http://www.w3.org/ns/v" + std::to_string(k) + "#");
        break;
      case 2:
        namespaces.push_back("urn:isbn" + std::to_string(k) + ":");
        break;
      default:
        namespaces.push_back("x" + std::to_string(k));
        break;  // no separator at all
    }
  }
  std::set<std::string> terms;
  const std::vector<std::string> stems = {"Person", "Person_", "item", "item-", "a", "", "Zeta"};
  while (terms.size() < count) {
    std::string iri = namespaces[rng() % namespaces.size()];
    iri += stems[rng() % stems.size()];
    iri += randomBytes(rng, rng() % 12, kAlnum);
    if (rng() % 10 == 0) iri += "/sub/" + randomBytes(rng, rng() % 4, kAlnum);  // nested paths
    terms.insert(std::move(iri));
  }
  return {terms.begin(), terms.end()};
}

// Literal strings: words, sentences, the empty string, long texts and raw binary bytes.
inline std::vector<std::string> randomStrings(std::mt19937_64& rng, size_t count,
                                              bool withLong = true) {
  static const std::vector<std::string> kWords = {"the",   "graph", "database", "stores", "terms",
                                                  "quick", "brown", "fox",      "über",   "日本語"};
  std::set<std::string> terms;
  terms.insert("");
  while (terms.size() < count) {
    std::string s;
    switch (rng() % 5) {
      case 0:
      case 1: {
        const size_t words = 1 + rng() % 8;
        for (size_t w = 0; w < words; ++w) {
          if (w > 0) s += ' ';
          s += kWords[rng() % kWords.size()];
        }
        break;
      }
      case 2:
        s = std::to_string(rng() % 100000);
        break;
      case 3:
        s = randomBytes(rng, rng() % 20,
                        std::string_view("\0\x01\x7f\x80\xfe\xff"
                                         "ab",
                                         8));
        break;
      default:
        s = withLong && rng() % 50 == 0 ? randomBytes(rng, 3000 + rng() % 5000, kAlnum)
                                        : randomBytes(rng, rng() % 30, kAlnum);
    }
    terms.insert(std::move(s));
  }
  return {terms.begin(), terms.end()};
}

// Option sets every round-trip test runs with: the environment's defaults (tiny under
// CAIRN_TINY_LEAFLETS=1) and fixed small shapes that cross block and chunk boundaries often.
inline std::vector<DictionaryOptions> optionVariants() {
  std::vector<DictionaryOptions> variants;
  variants.push_back(DictionaryOptions::defaults());
  DictionaryOptions one;
  one.entriesPerBlock = 1;
  one.chunkBytes = 1;
  one.cacheBytes = 1;
  variants.push_back(one);
  DictionaryOptions small;
  small.entriesPerBlock = 5;
  small.chunkBytes = 200;
  small.cacheBytes = 2000;
  variants.push_back(small);
  DictionaryOptions medium;
  medium.entriesPerBlock = 64;
  medium.chunkBytes = 8192;
  variants.push_back(medium);
  DictionaryOptions wide;  // blocks longer than the readers' fixed piece buffers
  wide.entriesPerBlock = 300;
  wide.chunkBytes = 16384;
  variants.push_back(wide);
  return variants;
}

// Wraps a store; a test may replace what get() returns for an id (bytes that no longer match the
// id, as if the store's own check had been bypassed) or hide a blob.
class TamperingBlobStore final : public storage::BlobStore {
 public:
  explicit TamperingBlobStore(std::unique_ptr<storage::BlobStore> inner)
      : inner_(std::move(inner)) {}

  core::Result<storage::ContentId> put(std::string_view bytes) override {
    auto id = inner_->put(bytes);
    if (id.isOk()) {
      std::lock_guard lock(mutex_);
      if (written_.emplace(*id, std::string(bytes)).second) order_.push_back(*id);
    }
    return id;
  }
  core::Result<std::string> get(const storage::ContentId& id) const override {
    {
      std::lock_guard lock(mutex_);
      if (auto it = replaced_.find(id); it != replaced_.end()) return it->second;
    }
    return inner_->get(id);
  }
  core::Result<bool> exists(const storage::ContentId& id) const override {
    return inner_->exists(id);
  }
  core::Status sync() override { return inner_->sync(); }
  core::Status forEachBlob(const BlobVisitor& visit) const override {
    return inner_->forEachBlob(visit);
  }
  core::Status removeMany(std::span<const storage::ContentId> ids) override {
    return inner_->removeMany(ids);
  }

  void replace(const storage::ContentId& id, std::string bytes) {
    std::lock_guard lock(mutex_);
    replaced_[id] = std::move(bytes);
  }
  void restore() {
    std::lock_guard lock(mutex_);
    replaced_.clear();
  }
  // Every distinct blob put, in order, with its bytes.
  std::vector<std::pair<storage::ContentId, std::string>> written() const {
    std::lock_guard lock(mutex_);
    std::vector<std::pair<storage::ContentId, std::string>> out;
    for (const auto& id : order_) out.emplace_back(id, written_.at(id));
    return out;
  }

 private:
  std::unique_ptr<storage::BlobStore> inner_;
  mutable std::mutex mutex_;
  std::vector<storage::ContentId> order_;
  std::map<storage::ContentId, std::string> written_;
  std::map<storage::ContentId, std::string> replaced_;
};

}  // namespace cairn::index::testing
