#pragma once
// Names and texts of generated entities, built from bench/datagen/word_lists.h. Every function
// draws only from the Rng it is given, so a name that must be the same wherever it is used (a
// city's name in its own description and in an organization's) comes from a stream seeded by the
// entity alone (see nameStream).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "bench/datagen/random.h"
#include "bench/datagen/vocabulary.h"
#include "bench/datagen/word_lists.h"

namespace cairn::bench::datagen {

// The stream that fixes the name of entity `n` of class `e`, independent of everything else.
inline Rng nameStream(uint64_t seed, Entity e, uint64_t n) {
  return Rng(streamSeed(seed, 100 + static_cast<uint64_t>(e), n));
}

template <typename T, size_t N>
const T& pickFrom(Rng& rng, const std::array<T, N>& items) {
  return items[rng.below(N)];
}

// An invented word of 2-4 syllables, in Latin letters (capitalized) and in katakana.
inline void inventWord(Rng& rng, std::string& latin, std::string& kana) {
  latin.clear();
  kana.clear();
  const uint64_t syllables = 2 + rng.below(3);
  for (uint64_t i = 0; i < syllables; ++i) {
    // "n" alone may not start a word.
    const words::Syllable& s = i == 0 ? words::kSyllables[rng.below(words::kSyllables.size() - 1)]
                                      : pickFrom(rng, words::kSyllables);
    latin += s.latin;
    kana += s.kana;
  }
  latin[0] = static_cast<char>(latin[0] - 'a' + 'A');
}

// Appends `count` sentences from `sentences`, separated by a space, or now and then by a
// paragraph break ("\n\n", rarely "\r\n") so that line breaks have to be escaped.
inline void appendSentences(Rng& rng, std::span<const std::string_view> sentences, int count,
                            std::string& out) {
  for (int i = 0; i < count; ++i) {
    if (!out.empty()) {
      const uint64_t r = rng.below(100);
      // Japanese runs sentences together: no space after an ideographic full stop.
      const std::string_view space = out.ends_with("。") ? "" : " ";
      out += r < 8 ? "\n\n" : (r < 10 ? "\r\n" : space);
    }
    out += sentences[rng.below(sentences.size())];
  }
}

// Appends sentences until the text is at least `minChars` bytes long.
inline void appendSentencesUntil(Rng& rng, std::span<const std::string_view> sentences,
                                 size_t minChars, std::string& out) {
  while (out.size() < minChars) appendSentences(rng, sentences, 1, out);
}

enum class Lang : uint8_t { kEn, kDe, kFr, kJa };
inline constexpr std::array<std::string_view, 4> kLangTags = {"en", "de", "fr", "ja"};

inline std::string_view langTag(Lang l) { return kLangTags[static_cast<size_t>(l)]; }

inline std::span<const std::string_view> sentencesFor(Lang l) {
  switch (l) {
    case Lang::kEn:
      return words::kEnglishSentences;
    case Lang::kDe:
      return words::kGermanSentences;
    case Lang::kFr:
      return words::kFrenchSentences;
    case Lang::kJa:
      return words::kJapaneseSentences;
  }
  return words::kEnglishSentences;
}

// "<name> is a company based in <city>." in one of four languages.
inline void organizationBlurb(Lang l, std::string_view name, std::string_view kind,
                              std::string_view city, std::string& out) {
  out.clear();
  switch (l) {
    case Lang::kEn:
      out.append(name).append(" is a ").append(kind).append(" based in ").append(city).append(".");
      break;
    case Lang::kDe:
      out.append(name).append(" hat seinen Sitz in ").append(city).append(".");
      break;
    case Lang::kFr:
      out.append(name).append(" est basé à ").append(city).append(".");
      break;
    case Lang::kJa:
      out.append(name).append("は").append(city).append("に本拠を置いています。");
      break;
  }
}

// A short interest line for a person: "Interested in Jazz and Chess."
inline void interestsBlurb(Lang l, std::string_view a, std::string_view b, std::string& out) {
  out.clear();
  switch (l) {
    case Lang::kEn:
      out.append("Interested in ").append(a).append(" and ").append(b).append(".");
      break;
    case Lang::kDe:
      out.append("Interessiert an ").append(a).append(" und ").append(b).append(".");
      break;
    case Lang::kFr:
      out.append("S'intéresse à ").append(a).append(" et ").append(b).append(".");
      break;
    case Lang::kJa:
      out.append(a).append("と").append(b).append("に興味があります。");
      break;
  }
}

// A title "<X> and <Y>" or "<X>", with an optional sequel number, in one language.
struct TitleShape {
  uint64_t first;
  uint64_t second;  // kNoSecond for a one-noun title
  uint64_t sequel;  // 0 for none
  static constexpr uint64_t kNoSecond = ~uint64_t{0};
};

inline TitleShape drawTitle(Rng& rng) {
  TitleShape t{};
  t.first = rng.below(words::kTitleNouns.size());
  t.second = rng.below(10) < 7 ? rng.below(words::kTitleNouns.size()) : TitleShape::kNoSecond;
  t.sequel = rng.below(10) < 2 ? 2 + rng.below(4) : 0;
  return t;
}

inline void renderTitle(const TitleShape& t, Lang l, std::string& out) {
  auto noun = [l](uint64_t i) -> std::string_view {
    const words::TitleNoun& n = words::kTitleNouns[i];
    switch (l) {
      case Lang::kEn:
        return n.en;
      case Lang::kDe:
        return n.de;
      case Lang::kFr:
        return n.fr;
      case Lang::kJa:
        return n.ja;
    }
    return n.en;
  };
  static constexpr std::array<std::string_view, 4> kAnd = {" and ", " und ", " et ", "と"};
  out.clear();
  out += noun(t.first);
  if (t.second != TitleShape::kNoSecond) {
    out += kAnd[static_cast<size_t>(l)];
    out += noun(t.second);
  }
  if (t.sequel != 0) {
    out += ' ';
    out += static_cast<char>('0' + t.sequel);
  }
}

}  // namespace cairn::bench::datagen
