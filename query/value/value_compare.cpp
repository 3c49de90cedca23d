#include "query/value/value_compare.h"

#include <bit>
#include <cmath>
#include <functional>
#include <string_view>

namespace cairn::query::value {

namespace {

// 2^63 as a double: the first double above every int64.
constexpr double kTwoTo63 = 9223372036854775808.0;

// An integer against a double, exactly (no rounding of the integer to a double).
std::partial_ordering compareIntegerFloat(int64_t i, double d) {
  if (std::isnan(d)) return std::partial_ordering::unordered;
  if (d >= kTwoTo63) return std::partial_ordering::less;
  if (d < -kTwoTo63) return std::partial_ordering::greater;
  const double floor = std::floor(d);
  const auto whole = static_cast<int64_t>(floor);
  if (i < whole) return std::partial_ordering::less;
  if (i > whole) return std::partial_ordering::greater;
  return floor < d ? std::partial_ordering::less : std::partial_ordering::equivalent;
}

std::partial_ordering compareNumbers(const Value& a, const Value& b) {
  const bool ai = a.kind() == ValueKind::kInteger;
  const bool bi = b.kind() == ValueKind::kInteger;
  if (ai && bi) return a.asInteger() <=> b.asInteger();
  if (ai) return compareIntegerFloat(a.asInteger(), b.asFloat());
  if (bi) return 0 <=> compareIntegerFloat(b.asInteger(), a.asFloat());
  return a.asFloat() <=> b.asFloat();
}

// Nanoseconds since the epoch (UTC) of a date-time; __int128 because epochDay spans more than
// int64 nanoseconds can.
__int128 instantOf(const DateTime& t) {
  return static_cast<__int128>(t.local.epochDay) * kNanosPerDay + t.local.nanoOfDay -
         static_cast<__int128>(t.offsetSeconds) * kNanosPerSecond;
}

// A time's instant on the UTC day: may leave [0, kNanosPerDay), as it should for comparing.
int64_t instantOf(const Time& t) {
  return t.nanoOfDay - static_cast<int64_t>(t.offsetSeconds) * kNanosPerSecond;
}

// A duration's approximate length (a month as 1/12 of 365.2425 days, as java.time estimates),
// for ORDER BY only.
__int128 estimatedNanos(const Duration& d) {
  constexpr int64_t kSecondsPerMonth = 2'629'746;
  return (static_cast<__int128>(d.months) * kSecondsPerMonth +
          static_cast<__int128>(d.days) * 86'400 + d.seconds) *
             kNanosPerSecond +
         d.nanos;
}

std::optional<std::partial_ordering> compareSameKind(const Value& a, const Value& b) {
  switch (a.kind()) {
    case ValueKind::kBoolean:
      return a.asBoolean() <=> b.asBoolean();
    case ValueKind::kString:
      // Byte order of UTF-8 is code point order.
      return std::string_view(a.asString()) <=> std::string_view(b.asString());
    case ValueKind::kDate:
      return a.asDate() <=> b.asDate();
    case ValueKind::kLocalTime:
      return a.asLocalTime() <=> b.asLocalTime();
    case ValueKind::kLocalDateTime:
      return a.asLocalDateTime() <=> b.asLocalDateTime();
    case ValueKind::kTime:
      return instantOf(a.asTime()) <=> instantOf(b.asTime());
    case ValueKind::kDateTime:
      return instantOf(a.asDateTime()) <=> instantOf(b.asDateTime());
    case ValueKind::kList: {
      const auto& x = a.asList();
      const auto& y = b.asList();
      for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
        const auto c = compare(x[i], y[i]);
        if (!c) return std::nullopt;
        if (*c != std::partial_ordering::equivalent) return c;
      }
      return x.size() <=> y.size();
    }
    default:
      return std::nullopt;
  }
}

// Equality of two non-null values; nullopt when a nested null decides.
std::optional<bool> equalsNonNull(const Value& a, const Value& b) {
  if (a.isNumber() && b.isNumber()) return compareNumbers(a, b) == 0;
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case ValueKind::kList: {
      const auto& x = a.asList();
      const auto& y = b.asList();
      if (x.size() != y.size()) return false;
      bool unknown = false;
      for (size_t i = 0; i < x.size(); ++i) {
        const auto e = equals(x[i], y[i]);
        if (!e) {
          unknown = true;
        } else if (!*e) {
          return false;
        }
      }
      if (unknown) return std::nullopt;
      return true;
    }
    case ValueKind::kMap: {
      const auto& x = a.asMap();
      const auto& y = b.asMap();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (x[i].first != y[i].first) return false;
      }
      bool unknown = false;
      for (size_t i = 0; i < x.size(); ++i) {
        const auto e = equals(x[i].second, y[i].second);
        if (!e) {
          unknown = true;
        } else if (!*e) {
          return false;
        }
      }
      if (unknown) return std::nullopt;
      return true;
    }
    case ValueKind::kNode:
      return a.asNode() == b.asNode();
    case ValueKind::kRelationship:
      return a.asRelationship().id == b.asRelationship().id;
    case ValueKind::kPath:
      return a.asPath() == b.asPath();
    case ValueKind::kDuration:
      return a.asDuration() == b.asDuration();
    case ValueKind::kTime:
      return instantOf(a.asTime()) == instantOf(b.asTime());
    case ValueKind::kDateTime:
      return instantOf(a.asDateTime()) == instantOf(b.asDateTime());
    default: {
      const auto c = compareSameKind(a, b);
      return c && *c == std::partial_ordering::equivalent;
    }
  }
}

// The rank of a kind in ORDER BY's ascending order.
int orderRank(ValueKind kind) {
  switch (kind) {
    case ValueKind::kMap:
      return 0;
    case ValueKind::kNode:
      return 1;
    case ValueKind::kRelationship:
      return 2;
    case ValueKind::kList:
      return 3;
    case ValueKind::kPath:
      return 4;
    case ValueKind::kDateTime:
      return 5;
    case ValueKind::kLocalDateTime:
      return 6;
    case ValueKind::kDate:
      return 7;
    case ValueKind::kTime:
      return 8;
    case ValueKind::kLocalTime:
      return 9;
    case ValueKind::kDuration:
      return 10;
    case ValueKind::kString:
      return 11;
    case ValueKind::kBoolean:
      return 12;
    case ValueKind::kInteger:
    case ValueKind::kFloat:
      return 13;
    case ValueKind::kNull:
      return 14;
  }
  return 15;
}

template <typename T>
int sign(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

int orderNumbers(const Value& a, const Value& b) {
  const bool an = a.kind() == ValueKind::kFloat && std::isnan(a.asFloat());
  const bool bn = b.kind() == ValueKind::kFloat && std::isnan(b.asFloat());
  if (an || bn) return sign(an, bn);  // NaN after every other number
  const auto c = compareNumbers(a, b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

template <typename Seq, typename Cmp>
int orderSequences(const Seq& x, const Seq& y, Cmp cmp) {
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (const int c = cmp(x[i], y[i]); c != 0) return c;
  }
  return sign(x.size(), y.size());
}

int orderSameRank(const Value& a, const Value& b) {
  switch (a.kind()) {
    case ValueKind::kNull:
      return 0;
    case ValueKind::kInteger:
    case ValueKind::kFloat:
      return orderNumbers(a, b);
    case ValueKind::kBoolean:
      return sign(a.asBoolean(), b.asBoolean());
    case ValueKind::kString:
      return sign(std::string_view(a.asString()), std::string_view(b.asString()));
    case ValueKind::kList:
      return orderSequences(a.asList(), b.asList(), orderCompare);
    case ValueKind::kMap: {
      const auto& x = a.asMap();
      const auto& y = b.asMap();
      if (x.size() != y.size()) return sign(x.size(), y.size());
      for (size_t i = 0; i < x.size(); ++i) {
        if (x[i].first != y[i].first) return sign(x[i].first, y[i].first);
      }
      for (size_t i = 0; i < x.size(); ++i) {
        if (const int c = orderCompare(x[i].second, y[i].second); c != 0) return c;
      }
      return 0;
    }
    case ValueKind::kNode:
      return sign(a.asNode(), b.asNode());
    case ValueKind::kRelationship:
      return sign(a.asRelationship().id, b.asRelationship().id);
    case ValueKind::kPath: {
      const Path& x = a.asPath();
      const Path& y = b.asPath();
      // Node, relationship, node, ...: element by element, then the shorter first.
      for (size_t i = 0; i < x.nodes.size() && i < y.nodes.size(); ++i) {
        if (const int c = sign(x.nodes[i], y.nodes[i]); c != 0) return c;
        if (i < x.relationships.size() && i < y.relationships.size()) {
          const int c = sign(x.relationships[i].id, y.relationships[i].id);
          if (c != 0) return c;
        }
      }
      return sign(x.nodes.size(), y.nodes.size());
    }
    case ValueKind::kDate:
      return sign(a.asDate(), b.asDate());
    case ValueKind::kLocalTime:
      return sign(a.asLocalTime(), b.asLocalTime());
    case ValueKind::kLocalDateTime:
      return sign(a.asLocalDateTime(), b.asLocalDateTime());
    case ValueKind::kTime: {
      const Time& x = a.asTime();
      const Time& y = b.asTime();
      if (const int c = sign(instantOf(x), instantOf(y)); c != 0) return c;
      return sign(x.offsetSeconds, y.offsetSeconds);
    }
    case ValueKind::kDateTime: {
      const DateTime& x = a.asDateTime();
      const DateTime& y = b.asDateTime();
      if (const int c = sign(instantOf(x), instantOf(y)); c != 0) return c;
      if (const int c = sign(x.offsetSeconds, y.offsetSeconds); c != 0) return c;
      return sign(x.zone, y.zone);
    }
    case ValueKind::kDuration: {
      const Duration& x = a.asDuration();
      const Duration& y = b.asDuration();
      if (const int c = sign(estimatedNanos(x), estimatedNanos(y)); c != 0) return c;
      if (const int c = sign(x.months, y.months); c != 0) return c;
      if (const int c = sign(x.days, y.days); c != 0) return c;
      if (const int c = sign(x.seconds, y.seconds); c != 0) return c;
      return sign(x.nanos, y.nanos);
    }
  }
  return 0;
}

size_t mix(size_t seed, size_t h) {
  return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

}  // namespace

std::optional<bool> equals(const Value& a, const Value& b) {
  if (a.isNull() || b.isNull()) return std::nullopt;
  return equalsNonNull(a, b);
}

std::optional<std::partial_ordering> compare(const Value& a, const Value& b) {
  if (a.isNull() || b.isNull()) return std::nullopt;
  if (a.isNumber() && b.isNumber()) return compareNumbers(a, b);
  if (a.kind() != b.kind()) return std::nullopt;
  return compareSameKind(a, b);
}

int orderCompare(const Value& a, const Value& b) {
  const int ra = orderRank(a.kind());
  const int rb = orderRank(b.kind());
  if (ra != rb) return sign(ra, rb);
  return orderSameRank(a, b);
}

bool equivalent(const Value& a, const Value& b) {
  if (orderRank(a.kind()) != orderRank(b.kind())) return false;
  switch (a.kind()) {
    case ValueKind::kList: {
      const auto& x = a.asList();
      const auto& y = b.asList();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!equivalent(x[i], y[i])) return false;
      }
      return true;
    }
    case ValueKind::kMap: {
      const auto& x = a.asMap();
      const auto& y = b.asMap();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (x[i].first != y[i].first || !equivalent(x[i].second, y[i].second)) return false;
      }
      return true;
    }
    case ValueKind::kDuration:
      return a.asDuration() == b.asDuration();
    default:
      // The order is total and, for the remaining kinds, 0 exactly on equivalence.
      return orderSameRank(a, b) == 0;
  }
}

size_t hashEquivalent(const Value& v) {
  size_t h = std::hash<int>()(orderRank(v.kind()));
  switch (v.kind()) {
    case ValueKind::kNull:
      return h;
    case ValueKind::kBoolean:
      return mix(h, v.asBoolean() ? 1 : 0);
    case ValueKind::kInteger:
      return mix(h, std::hash<int64_t>()(v.asInteger()));
    case ValueKind::kFloat: {
      const double d = v.asFloat();
      if (std::isnan(d)) return mix(h, 0x7ff8);
      // Integral floats hash as the integer they equal (1.0 ≡ 1; -0.0 ≡ 0).
      if (d == std::floor(d) && d >= -kTwoTo63 && d < kTwoTo63) {
        return mix(h, std::hash<int64_t>()(static_cast<int64_t>(d)));
      }
      return mix(h, std::hash<uint64_t>()(std::bit_cast<uint64_t>(d)));
    }
    case ValueKind::kString:
      return mix(h, std::hash<std::string_view>()(v.asString()));
    case ValueKind::kList:
      for (const Value& e : v.asList()) h = mix(h, hashEquivalent(e));
      return h;
    case ValueKind::kMap:
      for (const auto& [k, e] : v.asMap()) {
        h = mix(mix(h, std::hash<std::string_view>()(k)), hashEquivalent(e));
      }
      return h;
    case ValueKind::kNode:
      return mix(h, std::hash<uint64_t>()(v.asNode()));
    case ValueKind::kRelationship:
      return mix(h, std::hash<uint64_t>()(v.asRelationship().id));
    case ValueKind::kPath:
      for (const auto n : v.asPath().nodes) h = mix(h, std::hash<uint64_t>()(n));
      for (const auto& r : v.asPath().relationships) h = mix(h, std::hash<uint64_t>()(r.id));
      return h;
    case ValueKind::kDate:
      return mix(h, std::hash<int64_t>()(v.asDate().epochDay));
    case ValueKind::kLocalTime:
      return mix(h, std::hash<int64_t>()(v.asLocalTime().nanoOfDay));
    case ValueKind::kTime:
      return mix(mix(h, std::hash<int64_t>()(v.asTime().nanoOfDay)), v.asTime().offsetSeconds);
    case ValueKind::kLocalDateTime:
      return mix(mix(h, std::hash<int64_t>()(v.asLocalDateTime().epochDay)),
                 std::hash<int64_t>()(v.asLocalDateTime().nanoOfDay));
    case ValueKind::kDateTime: {
      const DateTime& t = v.asDateTime();
      h = mix(mix(h, std::hash<int64_t>()(t.local.epochDay)),
              std::hash<int64_t>()(t.local.nanoOfDay));
      return mix(mix(h, t.offsetSeconds), std::hash<std::string>()(t.zone));
    }
    case ValueKind::kDuration: {
      const Duration& d = v.asDuration();
      h = mix(mix(h, std::hash<int64_t>()(d.months)), std::hash<int64_t>()(d.days));
      return mix(mix(h, std::hash<int64_t>()(d.seconds)), d.nanos);
    }
  }
  return h;
}

}  // namespace cairn::query::value
