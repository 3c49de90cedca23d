#include "query/value/functions/function_registry.h"

#include <cctype>

#include "core/error.h"
#include "query/value/temporal/temporal_values.h"

namespace cairn::query::value {

namespace {

std::string lowerCase(std::string_view name) {
  std::string out(name);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

FunctionRegistry makeStandard() {
  FunctionRegistry registry;
  registerStringFunctions(registry);
  registerListFunctions(registry);
  registerMathFunctions(registry);
  registerConversionFunctions(registry);
  registerGraphFunctions(registry);
  registerTemporalFunctions(registry);
  registerProcedureFunction(registry);
  return registry;
}

}  // namespace

const FunctionRegistry& FunctionRegistry::standard() {
  static const FunctionRegistry registry = makeStandard();
  return registry;
}

void FunctionRegistry::add(std::string_view name, size_t minArgs, size_t maxArgs,
                           Implementation impl) {
  std::string key = lowerCase(name);
  functions_[key] = Function{key, minArgs, maxArgs, std::move(impl)};
}

const FunctionRegistry::Function* FunctionRegistry::find(std::string_view name) const {
  const auto it = functions_.find(lowerCase(name));
  return it == functions_.end() ? nullptr : &it->second;
}

const FunctionRegistry::Function& FunctionRegistry::resolve(std::string_view name,
                                                            size_t argCount) const {
  const Function* f = find(name);
  if (f == nullptr) {
    throw core::Error(core::ErrorCode::kSyntaxError, "UnknownFunction",
                      "unknown function '" + std::string(name) + "'");
  }
  if (argCount < f->minArgs || argCount > f->maxArgs) {
    throw core::Error(
        core::ErrorCode::kSyntaxError, "InvalidNumberOfArguments",
        "wrong number of arguments for " + f->name + "(): " + std::to_string(argCount));
  }
  return *f;
}

}  // namespace cairn::query::value
