#include "cypher/semantic/type_rules.h"

#include <string>

#include "cypher/semantic/semantic_error.h"

namespace cairn::cypher::semantic {

namespace {

using ast::ExprKind;

constexpr uint32_t kEntityBits = kNodeBit | kRelationshipBit;
// What has properties: `x.k` and properties() / keys() accept these.
constexpr uint32_t kPropertyHolderBits = kEntityBits | kMapBit | kTemporalBit | kDurationBit;

// A function with a checked first argument and a known result.
struct FunctionRule {
  std::string_view name;
  uint32_t accepted;  // kinds the first argument may have; kAnyBits: not checked
  StaticType result;
};

const FunctionRule* findRule(std::string_view name) {
  static const FunctionRule kRules[] = {
      {"labels", kNodeBit, StaticType::listOf(kStringBit)},
      {"type", kRelationshipBit, StaticType::of(kStringBit)},
      {"properties", kPropertyHolderBits, StaticType::of(kMapBit)},
      {"keys", kPropertyHolderBits, StaticType::listOf(kStringBit)},
      {"size", kStringBit | kListBit, StaticType::of(kIntegerBit)},
      {"length", kPathBit | kStringBit | kListBit, StaticType::of(kIntegerBit)},
      {"nodes", kPathBit, StaticType::listOf(kNodeBit)},
      {"relationships", kPathBit, StaticType::listOf(kRelationshipBit)},
      {"startnode", kRelationshipBit, StaticType::of(kNodeBit)},
      {"endnode", kRelationshipBit, StaticType::of(kNodeBit)},
      {"id", kEntityBits, StaticType::of(kIntegerBit)},
      {"tostring", kAnyBits, StaticType::of(kStringBit)},
      {"tointeger", kAnyBits, StaticType::of(kIntegerBit)},
      {"tofloat", kAnyBits, StaticType::of(kFloatBit)},
      {"toboolean", kAnyBits, StaticType::of(kBooleanBit)},
      {"tolower", kAnyBits, StaticType::of(kStringBit)},
      {"toupper", kAnyBits, StaticType::of(kStringBit)},
      {"trim", kAnyBits, StaticType::of(kStringBit)},
      {"ltrim", kAnyBits, StaticType::of(kStringBit)},
      {"rtrim", kAnyBits, StaticType::of(kStringBit)},
      {"substring", kAnyBits, StaticType::of(kStringBit)},
      {"replace", kAnyBits, StaticType::of(kStringBit)},
      {"left", kAnyBits, StaticType::of(kStringBit)},
      {"right", kAnyBits, StaticType::of(kStringBit)},
      {"split", kAnyBits, StaticType::listOf(kStringBit)},
      {"range", kAnyBits, StaticType::listOf(kIntegerBit)},
      {"exists", kAnyBits, StaticType::of(kBooleanBit)},
  };
  for (const FunctionRule& rule : kRules) {
    if (rule.name == name) return &rule;
  }
  return nullptr;
}

std::string operatorName(ExprKind kind) {
  switch (kind) {
    case ExprKind::kAnd:
      return "AND";
    case ExprKind::kOr:
      return "OR";
    case ExprKind::kXor:
      return "XOR";
    case ExprKind::kNot:
      return "NOT";
    case ExprKind::kModulo:
      return "%";
    default:
      return std::string(ast::exprKindName(kind));
  }
}

// The type of `a + b`: numbers stay numbers, a string or a list wins; otherwise unknown (temporal
// arithmetic, a mix the runtime decides). Null only when an operand may be null.
StaticType additionType(const StaticType& a, const StaticType& b) {
  const uint32_t known = ~kNullBit & kAnyBits;
  const uint32_t bitsA = a.bits & known;
  const uint32_t bitsB = b.bits & known;
  if (bitsA == kListBit || bitsB == kListBit) return StaticType::of(kListBit);
  if ((bitsA == kStringBit && (bitsB & kListBit) == 0) ||
      (bitsB == kStringBit && (bitsA & kListBit) == 0)) {
    return StaticType::of(kStringBit | ((a.bits | b.bits) & kNullBit));
  }
  if (bitsA != 0 && bitsB != 0 && (bitsA & ~kNumberBits) == 0 && (bitsB & ~kNumberBits) == 0) {
    return StaticType::of(a.bits | b.bits);
  }
  return StaticType::any();
}

// Null only when an operand may be null.
StaticType numericType(const StaticType& a, const StaticType& b) {
  const uint32_t bits = (a.bits | b.bits) & ~kNullBit;
  if (bits != 0 && (bits & ~kNumberBits) == 0) return StaticType::of(a.bits | b.bits);
  return StaticType::any();
}

}  // namespace

void requireArgument(const StaticType& type, uint32_t accepted, std::string_view what,
                     ast::SourcePosition position) {
  if (accepted == kAnyBits || type.mayBe(accepted)) return;
  raise("InvalidArgumentType",
        "type mismatch: " + std::string(what) + " expected " +
            describeType(StaticType::of(accepted)) + " but was " + describeType(type),
        position);
}

StaticType operatorType(const ast::Expression& expression, std::span<const StaticType> operands) {
  const StaticType kBooleanResult = StaticType::of(kBooleanBit | kNullBit);
  switch (expression.kind) {
    case ExprKind::kAnd:
    case ExprKind::kOr:
    case ExprKind::kXor:
    case ExprKind::kNot:
      for (size_t i = 0; i < operands.size(); ++i) {
        requireArgument(operands[i], kBooleanBit, "the operand of " + operatorName(expression.kind),
                        expression.children[i]->position);
      }
      return kBooleanResult;
    case ExprKind::kIn:
      requireArgument(operands[1], kListBit, "the right-hand side of IN",
                      expression.children[1]->position);
      return kBooleanResult;
    case ExprKind::kEqual:
    case ExprKind::kNotEqual:
    case ExprKind::kLess:
    case ExprKind::kGreater:
    case ExprKind::kLessEqual:
    case ExprKind::kGreaterEqual:
    case ExprKind::kStartsWith:
    case ExprKind::kEndsWith:
    case ExprKind::kContains:
    case ExprKind::kRegexMatch:
      return kBooleanResult;
    case ExprKind::kIsNull:
    case ExprKind::kIsNotNull:
    case ExprKind::kHasLabels:
      return StaticType::of(kBooleanBit);
    case ExprKind::kModulo:
      for (size_t i = 0; i < operands.size(); ++i) {
        requireArgument(operands[i], kNumberBits, "the operand of %",
                        expression.children[i]->position);
      }
      return numericType(operands[0], operands[1]);
    case ExprKind::kAdd:
      return additionType(operands[0], operands[1]);
    case ExprKind::kSubtract:
    case ExprKind::kMultiply:
    case ExprKind::kDivide:
    case ExprKind::kPower:
      return numericType(operands[0], operands[1]);
    case ExprKind::kNegate:
    case ExprKind::kUnaryPlus:
      return numericType(operands[0], operands[0]);
    case ExprKind::kProperty:
      requireArgument(operands[0], kPropertyHolderBits,
                      "the subject of property access ." + expression.name,
                      expression.children[0]->position);
      return StaticType::any();
    case ExprKind::kIndex:
      return operands[0].element();
    case ExprKind::kSlice:
      return operands[0].bits == kListBit ? operands[0] : StaticType::any();
    default:
      return StaticType::any();
  }
}

StaticType functionType(std::string_view lowerName, const ast::Expression& call,
                        std::span<const StaticType> arguments) {
  if ((lowerName == "head" || lowerName == "last") && !arguments.empty()) {
    return arguments[0].element();
  }
  if (lowerName == "coalesce") {
    StaticType result = StaticType::of(0);
    for (const StaticType& argument : arguments) result = result.unite(argument);
    return arguments.empty() ? StaticType::any() : result;
  }
  const FunctionRule* rule = findRule(lowerName);
  if (rule == nullptr) return StaticType::any();
  if (!arguments.empty() && rule->accepted != kAnyBits) {
    requireArgument(arguments[0], rule->accepted, "the argument of " + call.name + "()",
                    call.children[0]->position);
  }
  return rule->result;
}

}  // namespace cairn::cypher::semantic
