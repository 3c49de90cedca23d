// The list functions: size, head, last, tail, range, coalesce, isEmpty. (reverse lives with the
// string functions, keys with the graph functions: both take several kinds of value.)

#include "core/error.h"
#include "core/utf8.h"
#include "query/value/functions/function_registry.h"
#include "query/value/functions/function_support.h"

namespace cairn::query::value {

namespace {

// range() refuses to build lists longer than this: a typo such as range(0, 1e18) should fail
// as a statement error, not exhaust the server's memory.
constexpr uint64_t kMaxRangeLength = 100'000'000;

Value size(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNull:
      return v;
    case ValueKind::kList:
      return Value::integer(static_cast<int64_t>(v.asList().size()));
    case ValueKind::kString:
      return Value::integer(static_cast<int64_t>(core::utf8CodePointCount(v.asString())));
    case ValueKind::kMap:
      return Value::integer(static_cast<int64_t>(v.asMap().size()));
    default:
      throwInvalidArgumentValue("size", v);
  }
}

const Value::List* listOrNull(const Value& v, std::string_view fn) {
  if (v.isNull()) return nullptr;
  if (v.kind() != ValueKind::kList) throwInvalidArgumentValue(fn, v);
  return &v.asList();
}

int64_t rangeArg(const Value& v) {
  if (v.kind() != ValueKind::kInteger) {
    throwArgumentError("InvalidArgumentType", "range() takes integers, not " + describeValue(v));
  }
  return v.asInteger();
}

Value range(std::span<const Value> a) {
  const int64_t start = rangeArg(a[0]);
  const int64_t end = rangeArg(a[1]);
  const int64_t step = a.size() > 2 ? rangeArg(a[2]) : 1;
  if (step == 0) throwArgumentError("NumberOutOfRange", "range() step must not be 0");
  Value::List out;
  if ((step > 0 && start > end) || (step < 0 && start < end)) return Value::list(std::move(out));
  const auto span = static_cast<unsigned __int128>(step > 0 ? static_cast<__int128>(end) - start
                                                            : static_cast<__int128>(start) - end);
  const auto stride = static_cast<unsigned __int128>(step > 0 ? static_cast<__int128>(step)
                                                              : -static_cast<__int128>(step));
  const auto count = span / stride + 1;
  if (count > kMaxRangeLength) {
    throw core::Error(
        core::ErrorCode::kResourceExhausted,
        "range() would have " + std::to_string(static_cast<uint64_t>(count)) + " elements");
  }
  out.reserve(static_cast<size_t>(count));
  __int128 v = start;
  for (size_t i = 0; i < static_cast<size_t>(count); ++i, v += step) {
    out.push_back(Value::integer(static_cast<int64_t>(v)));
  }
  return Value::list(std::move(out));
}

}  // namespace

void registerListFunctions(FunctionRegistry& registry) {
  registry.add("size", 1, 1, [](std::span<const Value> a, EvalContext&) { return size(a[0]); });
  registry.add("head", 1, 1, [](std::span<const Value> a, EvalContext&) {
    const auto* list = listOrNull(a[0], "head");
    return list == nullptr || list->empty() ? Value() : list->front();
  });
  registry.add("last", 1, 1, [](std::span<const Value> a, EvalContext&) {
    const auto* list = listOrNull(a[0], "last");
    return list == nullptr || list->empty() ? Value() : list->back();
  });
  registry.add("tail", 1, 1, [](std::span<const Value> a, EvalContext&) {
    const auto* list = listOrNull(a[0], "tail");
    if (list == nullptr) return Value();
    if (list->empty()) return Value::list({});
    return Value::list(Value::List(list->begin() + 1, list->end()));
  });
  registry.add("range", 2, 3, [](std::span<const Value> a, EvalContext&) { return range(a); });
  registry.add("coalesce", 1, FunctionRegistry::kVariadic,
               [](std::span<const Value> a, EvalContext&) {
                 for (const Value& v : a) {
                   if (!v.isNull()) return v;
                 }
                 return Value();
               });
  registry.add("isempty", 1, 1, [](std::span<const Value> a, EvalContext&) {
    const Value n = size(a[0]);
    return n.isNull() ? n : Value::boolean(n.asInteger() == 0);
  });
}

}  // namespace cairn::query::value
