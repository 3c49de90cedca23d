// Functions on RDF terms (§17.4.1, §17.4.2): tests of term kind, accessors, and constructors of
// IRIs, blank nodes and literals.

#include <cstdio>
#include <random>

#include "core/rdf/iri.h"
#include "core/vocab.h"
#include "query/expr/builtins.h"
#include "query/expr/values.h"

namespace cairn::query::expr {
namespace {

using core::Term;
using core::TermKind;

// A version 4 (random) UUID in its canonical 8-4-4-4-12 lower-case form.
std::string randomUuid(std::mt19937_64& random) {
  uint64_t high = random();
  uint64_t low = random();
  high = (high & ~uint64_t{0xF000}) | 0x4000;                    // version 4
  low = (low & ~(uint64_t{0xC} << 60)) | (uint64_t{0x8} << 60);  // variant 10
  char buffer[37];
  std::snprintf(buffer, sizeof buffer, "%08x-%04x-%04x-%04x-%012llx",
                static_cast<unsigned>(high >> 32), static_cast<unsigned>((high >> 16) & 0xFFFF),
                static_cast<unsigned>(high & 0xFFFF), static_cast<unsigned>(low >> 48),
                static_cast<unsigned long long>(low & 0xFFFF'FFFF'FFFFULL));
  return buffer;
}

std::optional<Term> makeIri(const Term& arg, const FunctionContext& context) {
  if (arg.kind == TermKind::kIri) return arg;
  if (!isSimpleOrXsdString(arg)) return std::nullopt;
  if (core::rdf::hasIriScheme(arg.value)) return Term::iri(arg.value);
  if (context.baseIri().empty() || !core::rdf::hasIriScheme(context.baseIri())) {
    return std::nullopt;
  }
  return Term::iri(core::rdf::resolveIri(context.baseIri(), arg.value));
}

}  // namespace

bool testTerm(Op op, Args args) {
  switch (op) {
    case Op::kSameTerm:
      return sameTerm(*args[0], *args[1]);
    case Op::kIsIri:
      return args[0]->kind == TermKind::kIri;
    case Op::kIsBlank:
      return args[0]->kind == TermKind::kBlank;
    case Op::kIsLiteral:
      return args[0]->kind == TermKind::kLiteral;
    default:
      return classify(*args[0]) == ValueClass::kNumeric;
  }
}

std::optional<Term> callTermFunction(Op op, Args args, FunctionContext& context) {
  switch (op) {
    case Op::kStr:
      if (args[0]->kind == TermKind::kBlank) return std::nullopt;
      return makeString(args[0]->value);
    case Op::kLang:
      if (args[0]->kind != TermKind::kLiteral) return std::nullopt;
      return makeString(args[0]->language);
    case Op::kDatatype:
      if (args[0]->kind != TermKind::kLiteral) return std::nullopt;
      return Term::iri(datatypeIriOf(*args[0]));
    case Op::kIri:
      return makeIri(*args[0], context);
    case Op::kBnode:
      if (args.empty()) return Term::blank(context.freshBlankNodeLabel());
      if (!isSimpleOrXsdString(*args[0])) return std::nullopt;
      return Term::blank(context.blankNodeFor(args[0]->value));
    case Op::kStrDt:
      if (!isSimpleOrXsdString(*args[0]) || args[1]->kind != TermKind::kIri) return std::nullopt;
      if (args[1]->value == core::vocab::kRdfLangString) return std::nullopt;
      if (isStringDatatype(args[1]->value)) return makeString(args[0]->value);
      return Term::literal(args[0]->value, args[1]->value);
    case Op::kStrLang:
      if (!isSimpleOrXsdString(*args[0]) || !isSimpleOrXsdString(*args[1]) ||
          args[1]->value.empty()) {
        return std::nullopt;
      }
      return Term::literal(args[0]->value, {}, args[1]->value);
    case Op::kUuid:
      return Term::iri("urn:uuid:" + randomUuid(context.random()));
    case Op::kStrUuid:
      return makeString(randomUuid(context.random()));
    default:
      return std::nullopt;
  }
}

}  // namespace cairn::query::expr
