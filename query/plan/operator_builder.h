#pragma once
// makeOperator<Op>(ctx, drafting, args...): std::make_unique<Op>(ctx, args...) and, when
// `drafting`, the operator's PlanDraft (query/exec/plan_node.h): a copy of every argument, each
// operator argument replaced by that operator's draft, so the plan can make the same operator
// again on another run's ExecContext. The arguments are copied before the operator takes them.
//
// Arguments must be copyable values that stay meaningful on another run: algebra (kept alive by
// the plan), patterns, expressions, stored ids, scopes — never a pointer into this run's
// context, and a factory must take the ExecContext it runs on rather than capture one.

#include <cstddef>
#include <limits>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "query/exec/operator.h"

namespace cairn::query::plan {

namespace operator_builder {

template <class T>
struct IsOperatorPtr : std::false_type {};
template <class T>
struct IsOperatorPtr<std::unique_ptr<T>> : std::is_base_of<Operator, T> {};

// Where an operator argument goes: the index among the draft's children, or none (null).
struct ChildSlot {
  static constexpr size_t kNone = std::numeric_limits<size_t>::max();
  size_t index = kNone;
};

template <class A>
auto capture(const A& arg, PlanDraft& draft) {
  using T = std::decay_t<A>;
  if constexpr (IsOperatorPtr<T>::value) {
    if (arg == nullptr) return ChildSlot{};
    draft.children.push_back(arg->draft());
    return ChildSlot{draft.children.size() - 1};
  } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
    return ChildSlot{};
  } else {
    return T(arg);
  }
}

template <class C>
decltype(auto) release(const C& captured, std::vector<OperatorPtr>& children) {
  if constexpr (std::is_same_v<C, ChildSlot>) {
    return captured.index == ChildSlot::kNone ? OperatorPtr() : std::move(children[captured.index]);
  } else {
    return (captured);
  }
}

}  // namespace operator_builder

template <class Op, class... Args>
std::unique_ptr<Op> makeOperator(ExecContext& ctx, bool drafting, Args&&... args) {
  if (!drafting) return std::make_unique<Op>(ctx, std::forward<Args>(args)...);
  auto draft = std::make_shared<PlanDraft>();
  // Braces: the captures run left to right, so children come in argument order.
  std::tuple captured{operator_builder::capture(args, *draft)...};
  draft->make = [captured = std::move(captured)](
                    ExecContext& runCtx, std::vector<OperatorPtr>& children) -> OperatorPtr {
    return std::apply(
        [&](const auto&... a) -> OperatorPtr {
          return std::make_unique<Op>(runCtx, operator_builder::release(a, children)...);
        },
        captured);
  };
  auto op = std::make_unique<Op>(ctx, std::forward<Args>(args)...);
  op->setDraft(std::move(draft));
  return op;
}

}  // namespace cairn::query::plan
