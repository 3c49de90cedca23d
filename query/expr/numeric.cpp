#include "query/expr/numeric.h"

#include <cmath>

namespace cairn::query::expr {
namespace {

constexpr int kMaxScale = 38;

Int128 pow10(int n) {
  Int128 p = 1;
  for (int i = 0; i < n; ++i) p *= 10;
  return p;
}

NumericKind widerKind(NumericKind a, NumericKind b) { return a > b ? a : b; }

// Brings an exact value to `scale` (>= its own), nullopt on overflow.
std::optional<Int128> rescale(const Numeric& n, int scale) {
  Int128 v = n.unscaled;
  for (int s = n.scale; s < scale; ++s) {
    if (__builtin_mul_overflow(v, Int128{10}, &v)) return std::nullopt;
  }
  return v;
}

Numeric withKind(NumericKind kind, Int128 unscaled, int scale) {
  // Drop trailing zeros of the fraction so scales stay small across long sums.
  while (scale > 0 && unscaled % 10 == 0) {
    unscaled /= 10;
    --scale;
  }
  if (kind == NumericKind::kInteger) return Numeric::ofInteger(unscaled);
  return Numeric::ofDecimal(unscaled, scale);
}

Numeric realResult(NumericKind kind, double v) {
  return kind == NumericKind::kFloat ? Numeric::ofFloat(static_cast<float>(v))
                                     : Numeric::ofDouble(v);
}

// a / b for exact values, b != 0: the quotient digits up to kDivisionScale fraction digits
// (truncated), or fewer if they would overflow.
std::optional<Numeric> divideExact(const Numeric& a, const Numeric& b) {
  const bool negative = (a.unscaled < 0) != (b.unscaled < 0);
  using U = unsigned __int128;
  const U n = a.unscaled < 0 ? -static_cast<U>(a.unscaled) : static_cast<U>(a.unscaled);
  const U d = b.unscaled < 0 ? -static_cast<U>(b.unscaled) : static_cast<U>(b.unscaled);
  U q = n / d;
  U r = n % d;
  int fraction = 0;
  constexpr U kLimit = static_cast<U>(~Int128{0} >> 1) / 10;  // headroom to append a digit
  constexpr U kRemainderLimit = ~U{0} / 10;
  while (r != 0 && fraction < kDivisionScale && q <= kLimit && r <= kRemainderLimit) {
    r *= 10;
    q = q * 10 + r / d;
    r %= d;
    ++fraction;
  }
  if (q > static_cast<U>(~Int128{0} >> 1)) return std::nullopt;
  auto unscaled = static_cast<Int128>(q);
  int scale = fraction + a.scale - b.scale;
  for (; scale < 0; ++scale) {
    if (__builtin_mul_overflow(unscaled, Int128{10}, &unscaled)) return std::nullopt;
  }
  if (scale > kMaxScale) return std::nullopt;
  return withKind(NumericKind::kDecimal, negative ? -unscaled : unscaled, scale);
}

}  // namespace

std::optional<Numeric> arithmetic(ArithmeticOp op, const Numeric& a, const Numeric& b) {
  const NumericKind kind = widerKind(a.kind, b.kind);
  if (kind == NumericKind::kFloat || kind == NumericKind::kDouble) {
    double x = toDouble(a);
    double y = toDouble(b);
    if (kind == NumericKind::kFloat) {
      x = static_cast<float>(x);
      y = static_cast<float>(y);
    }
    switch (op) {
      case ArithmeticOp::kAdd:
        return realResult(kind, x + y);
      case ArithmeticOp::kSubtract:
        return realResult(kind, x - y);
      case ArithmeticOp::kMultiply:
        return realResult(kind, x * y);
      case ArithmeticOp::kDivide:
        return realResult(kind, x / y);
    }
  }
  switch (op) {
    case ArithmeticOp::kAdd:
    case ArithmeticOp::kSubtract: {
      const int scale = std::max(a.scale, b.scale);
      const auto x = rescale(a, scale);
      const auto y = rescale(b, scale);
      if (!x || !y) return std::nullopt;
      Int128 r;
      const bool overflow = op == ArithmeticOp::kAdd ? __builtin_add_overflow(*x, *y, &r)
                                                     : __builtin_sub_overflow(*x, *y, &r);
      if (overflow) return std::nullopt;
      return withKind(kind, r, scale);
    }
    case ArithmeticOp::kMultiply: {
      Int128 r;
      if (__builtin_mul_overflow(a.unscaled, b.unscaled, &r)) return std::nullopt;
      if (a.scale + b.scale > kMaxScale) return std::nullopt;
      return withKind(kind, r, a.scale + b.scale);
    }
    case ArithmeticOp::kDivide:
      // XPath: exact division by zero raises err:FOAR0001; integer ÷ integer is a decimal.
      if (b.unscaled == 0) return std::nullopt;
      return divideExact(a, b);
  }
  return std::nullopt;
}

Numeric negate(const Numeric& a) {
  Numeric r = a;
  if (a.isExact()) {
    r.unscaled = -a.unscaled;
  } else {
    r.real = -a.real;
  }
  return r;
}

Numeric absolute(const Numeric& a) {
  if (a.isExact() ? a.unscaled < 0 : std::signbit(a.real)) return negate(a);
  return a;
}

Numeric roundHalfUp(const Numeric& a) {
  if (!a.isExact()) {
    if (!std::isfinite(a.real)) return a;
    // floor(x + 0.5) is exact for |x| < 2^52; beyond that every double is an integer already.
    const double r = std::fabs(a.real) >= 4503599627370496.0 ? a.real : std::floor(a.real + 0.5);
    // XPath keeps the sign of a negative value that rounds to zero (round(-0.4) is -0).
    return realResult(a.kind, r == 0 && std::signbit(a.real) ? -0.0 : r);
  }
  if (a.scale == 0) return a;
  const Int128 p = pow10(a.scale);
  // floor(x + 1/2) computed on the unscaled value.
  Int128 shifted = a.unscaled + p / 2;
  Int128 q = shifted / p;
  if (shifted % p != 0 && shifted < 0) --q;
  return withKind(a.kind, q * p, a.scale);
}

Numeric ceiling(const Numeric& a) {
  if (!a.isExact()) return realResult(a.kind, std::ceil(a.real));
  if (a.scale == 0) return a;
  const Int128 p = pow10(a.scale);
  Int128 q = a.unscaled / p;
  if (a.unscaled % p != 0 && a.unscaled > 0) ++q;
  return withKind(a.kind, q * p, a.scale);
}

Numeric floorOf(const Numeric& a) {
  if (!a.isExact()) return realResult(a.kind, std::floor(a.real));
  if (a.scale == 0) return a;
  const Int128 p = pow10(a.scale);
  Int128 q = a.unscaled / p;
  if (a.unscaled % p != 0 && a.unscaled < 0) --q;
  return withKind(a.kind, q * p, a.scale);
}

std::partial_ordering compareNumeric(const Numeric& a, const Numeric& b) {
  const NumericKind kind = widerKind(a.kind, b.kind);
  if (kind == NumericKind::kDouble) return toDouble(a) <=> toDouble(b);
  if (kind == NumericKind::kFloat) {
    return static_cast<float>(toDouble(a)) <=> static_cast<float>(toDouble(b));
  }
  const int scale = std::max(a.scale, b.scale);
  const auto x = rescale(a, scale);
  const auto y = rescale(b, scale);
  if (x && y) return *x <=> *y;
  // Too many digits to align exactly: the signs or the magnitudes decide.
  return toDouble(a) <=> toDouble(b);
}

}  // namespace cairn::query::expr
