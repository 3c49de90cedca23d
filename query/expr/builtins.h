#pragma once
// The built-in functions of SPARQL §17.4 that are plain functions of their argument values, one
// entry point per family (one .cpp each; the boolean tests share the string and term files). The
// functional forms (BOUND, IF, COALESCE, ||, &&, IN, EXISTS) and REGEX/REPLACE, which keep compiled
// patterns, live in expression_program.cpp.
//
// Contract for every function here: `args` holds the evaluated arguments (never null; the caller
// already turned an unbound or erroring argument into an error), their number is the one the
// grammar allows for `op`, and the result is the function's value or nullopt for an expression
// error (wrong argument type, out of range, ...).

#include <optional>
#include <span>
#include <string_view>

#include "core/term.h"
#include "query/algebra/expr.h"
#include "query/expr/function_context.h"

namespace cairn::query::expr {

using Args = std::span<const core::Term* const>;

// STRLEN SUBSTR UCASE LCASE STRBEFORE STRAFTER ENCODE_FOR_URI CONCAT.
std::optional<core::Term> callStringFunction(Op op, Args args);

// The boolean-valued functions, as bools (the evaluator turns them into xsd:boolean terms only
// where a term is needed): STRSTARTS STRENDS CONTAINS LANGMATCHES (nullopt on a type error), and
// sameTerm isIRI isBlank isLiteral isNumeric (never an error).
std::optional<bool> testStringFunction(Op op, Args args);
bool testTerm(Op op, Args args);

// STR LANG DATATYPE IRI BNODE STRDT STRLANG UUID STRUUID.
std::optional<core::Term> callTermFunction(Op op, Args args, FunctionContext& context);

// ABS ROUND CEIL FLOOR RAND.
std::optional<core::Term> callNumericFunction(Op op, Args args, FunctionContext& context);

// NOW YEAR MONTH DAY HOURS MINUTES SECONDS TIMEZONE TZ.
std::optional<core::Term> callDateTimeFunction(Op op, Args args, FunctionContext& context);

// MD5 SHA1 SHA256 SHA384 SHA512.
std::optional<core::Term> callHashFunction(Op op, Args args);

// An XSD constructor function (§17.5): `datatypeIri`(arg). nullopt for a cast the table forbids,
// a lexical form invalid for the target, or an unsupported target type.
std::optional<core::Term> castTo(std::string_view datatypeIri, const core::Term& arg);
// Whether castTo supports `datatypeIri` at all (checked once at compile time).
bool isSupportedCast(std::string_view datatypeIri);

// Argument compatibility of the two-string functions (§17.4.3.1.2): both simple/xsd:string,
// both language-tagged with the same tag, or a language-tagged first and a simple second.
bool argumentsCompatible(const core::Term& a, const core::Term& b);

}  // namespace cairn::query::expr
