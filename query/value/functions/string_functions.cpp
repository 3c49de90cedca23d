// The string functions: toUpper, toLower, trim, lTrim, rTrim, replace, substring, left, right,
// split and reverse (which takes lists too). Positions and lengths count code points. A null
// string gives null; a null where a number or a search string belongs is null too, except
// where Neo4j documents an error (left/right/substring's length).

#include <algorithm>

#include "core/utf8.h"
#include "query/expr/utf8.h"
#include "query/value/functions/function_registry.h"
#include "query/value/functions/function_support.h"

namespace cairn::query::value {

namespace {

using functions::lengthArg;
using functions::stringArg;

// The byte offset of each code point of `s`, plus s.size() at the end.
std::vector<size_t> codePointOffsets(std::string_view s) {
  std::vector<size_t> out;
  out.reserve(s.size() + 1);
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) out.push_back(i);
  }
  out.push_back(s.size());
  return out;
}

// Code points [from, from + count) of `s`, clamped to its end.
std::string codePointSlice(std::string_view s, size_t from, size_t count) {
  const auto offsets = codePointOffsets(s);
  const size_t n = offsets.size() - 1;
  const size_t begin = std::min(from, n);
  const size_t end = count > n - begin ? n : begin + count;
  return std::string(s.substr(offsets[begin], offsets[end] - offsets[begin]));
}

bool isTrimmed(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

Value trim(std::span<const Value> a, bool left, bool right, std::string_view fn) {
  if (a[0].isNull()) return Value();
  std::string_view s = stringArg(a, 0, fn);
  while (left && !s.empty() && isTrimmed(s.front())) s.remove_prefix(1);
  while (right && !s.empty() && isTrimmed(s.back())) s.remove_suffix(1);
  return Value::string(std::string(s));
}

Value replace(std::span<const Value> a) {
  if (functions::anyNull(a)) return Value();
  const std::string& s = stringArg(a, 0, "replace");
  const std::string& search = stringArg(a, 1, "replace");
  const std::string& with = stringArg(a, 2, "replace");
  std::string out;
  if (search.empty()) {
    // As Java's String.replace: the replacement goes around every code point.
    const auto offsets = codePointOffsets(s);
    for (size_t i = 0; i + 1 < offsets.size(); ++i) {
      out += with;
      out.append(s, offsets[i], offsets[i + 1] - offsets[i]);
    }
    return Value::string(out + with);
  }
  size_t pos = 0;
  for (size_t hit; (hit = s.find(search, pos)) != std::string::npos; pos = hit + search.size()) {
    out.append(s, pos, hit - pos);
    out += with;
  }
  out.append(s, pos);
  return Value::string(std::move(out));
}

Value substring(std::span<const Value> a) {
  if (a[0].isNull()) return Value();
  const std::string& s = stringArg(a, 0, "substring");
  const int64_t start = lengthArg(a, 1, "substring");
  const int64_t length = a.size() > 2 ? lengthArg(a, 2, "substring") : INT64_MAX;
  return Value::string(codePointSlice(s, static_cast<size_t>(start), static_cast<size_t>(length)));
}

Value leftOrRight(std::span<const Value> a, bool left) {
  const std::string_view fn = left ? "left" : "right";
  if (a[0].isNull()) return Value();
  const std::string& s = stringArg(a, 0, fn);
  const auto n = static_cast<size_t>(lengthArg(a, 1, fn));
  if (left) return Value::string(codePointSlice(s, 0, n));
  const size_t count = core::utf8CodePointCount(s);
  return Value::string(codePointSlice(s, count > n ? count - n : 0, n));
}

Value split(std::span<const Value> a) {
  if (functions::anyNull(a)) return Value();
  const std::string& s = stringArg(a, 0, "split");
  std::vector<std::string> delimiters;
  if (a[1].kind() == ValueKind::kList) {
    for (const Value& d : a[1].asList()) {
      if (d.kind() != ValueKind::kString) throwInvalidArgumentValue("split", d);
      delimiters.push_back(d.asString());
    }
  } else {
    delimiters.push_back(stringArg(a, 1, "split"));
  }
  Value::List out;
  if (std::all_of(delimiters.begin(), delimiters.end(), [](const auto& d) { return d.empty(); })) {
    // An empty delimiter splits into code points.
    const auto offsets = codePointOffsets(s);
    for (size_t i = 0; i + 1 < offsets.size(); ++i) {
      out.push_back(Value::string(s.substr(offsets[i], offsets[i + 1] - offsets[i])));
    }
    return Value::list(std::move(out));
  }
  size_t start = 0;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t matched = 0;
    for (const auto& d : delimiters) {
      if (!d.empty() && s.compare(pos, d.size(), d) == 0) {
        matched = d.size();
        break;
      }
    }
    if (matched == 0) {
      ++pos;
      continue;
    }
    out.push_back(Value::string(s.substr(start, pos - start)));
    pos += matched;
    start = pos;
  }
  out.push_back(Value::string(s.substr(start)));
  return Value::list(std::move(out));
}

Value reverse(std::span<const Value> a) {
  switch (a[0].kind()) {
    case ValueKind::kNull:
      return Value();
    case ValueKind::kList: {
      Value::List items = a[0].asList();
      std::reverse(items.begin(), items.end());
      return Value::list(std::move(items));
    }
    case ValueKind::kString: {
      const std::string& s = a[0].asString();
      const auto offsets = codePointOffsets(s);
      std::string out;
      out.reserve(s.size());
      for (size_t i = offsets.size() - 1; i > 0; --i) {
        out.append(s, offsets[i - 1], offsets[i] - offsets[i - 1]);
      }
      return Value::string(std::move(out));
    }
    default:
      throwInvalidArgumentValue("reverse", a[0]);
  }
}

}  // namespace

void registerStringFunctions(FunctionRegistry& registry) {
  registry.add("toupper", 1, 1, [](std::span<const Value> a, EvalContext&) {
    if (a[0].isNull()) return Value();
    return Value::string(expr::utf8::toUpper(stringArg(a, 0, "toUpper")));
  });
  registry.add("tolower", 1, 1, [](std::span<const Value> a, EvalContext&) {
    if (a[0].isNull()) return Value();
    return Value::string(expr::utf8::toLower(stringArg(a, 0, "toLower")));
  });
  registry.add("trim", 1, 1,
               [](std::span<const Value> a, EvalContext&) { return trim(a, true, true, "trim"); });
  registry.add("ltrim", 1, 1, [](std::span<const Value> a, EvalContext&) {
    return trim(a, true, false, "lTrim");
  });
  registry.add("rtrim", 1, 1, [](std::span<const Value> a, EvalContext&) {
    return trim(a, false, true, "rTrim");
  });
  registry.add("replace", 3, 3, [](std::span<const Value> a, EvalContext&) { return replace(a); });
  registry.add("substring", 2, 3,
               [](std::span<const Value> a, EvalContext&) { return substring(a); });
  registry.add("left", 2, 2,
               [](std::span<const Value> a, EvalContext&) { return leftOrRight(a, true); });
  registry.add("right", 2, 2,
               [](std::span<const Value> a, EvalContext&) { return leftOrRight(a, false); });
  registry.add("split", 2, 2, [](std::span<const Value> a, EvalContext&) { return split(a); });
  registry.add("reverse", 1, 1, [](std::span<const Value> a, EvalContext&) { return reverse(a); });
}

}  // namespace cairn::query::value
