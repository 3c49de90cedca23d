#pragma once
// Uniqueness constraints: no two subjects of a type T (facts `s rdf:type T`) in the default graph
// share a value of a predicate K. Cypher's `CREATE CONSTRAINT FOR (n:User) REQUIRE n.id IS
// UNIQUE` is T = the label's class, K = the property's predicate (docs/cypher.md).
//
// A constraint is data: facts in the ledger's schema graph, added and removed by ordinary
// commits, so it is as durable as any fact, readable at every past t and visible to SPARQL:
//   <urn:cairn:sys:constraint:NAME> rdf:type sys:UniqueConstraint ;
//       sys:constraintName "NAME" ; sys:onType <T> ; sys:onKey <K> .
//
// LiveLedger checks every commit against the constraints of the state it makes
// (live_ledger_commit.cpp), whichever language wrote it: each subject whose type T or key K the
// commit asserted is looked up in POST by every K value it holds (a few seeks per subject, not
// a scan); a commit that adds a constraint checks its whole key once. A violation fails the
// commit with kFailedPrecondition, naming the constraint, the value and both subjects, and
// nothing is applied. Values are compared as stored terms: 17 and "17" differ, and so do 17 and
// 17.0 (equal under Cypher's =, which a MERGE on the key still honours).

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/constraints/schema_graph.h"
#include "index/novelty/flake.h"
#include "index/write/transaction.h"

namespace cairn::index {

class Ledger;

inline constexpr std::string_view kUniqueConstraintClassIri = "urn:cairn:sys:UniqueConstraint";
inline constexpr std::string_view kConstraintNameIri = "urn:cairn:sys:constraintName";
inline constexpr std::string_view kConstraintOnTypeIri = "urn:cairn:sys:onType";
inline constexpr std::string_view kConstraintOnKeyIri = "urn:cairn:sys:onKey";

struct UniqueConstraint {
  std::string name;     // unique per ledger
  std::string typeIri;  // T
  std::string keyIri;   // K

  bool sameRule(const UniqueConstraint& other) const {
    return typeIri == other.typeIri && keyIri == other.keyIri;
  }
};

// The IRI that names constraint `name` in the schema graph (the name percent-encoded).
std::string constraintIri(std::string_view name);

// The facts declaring `constraint`, in the schema graph: what a commit inserts to add it and
// deletes to drop it.
std::vector<TxQuad> constraintFacts(const UniqueConstraint& constraint);

// The constraints `state` holds at `asOf`, by name. A malformed declaration (a missing or
// repeated sys:onType or sys:onKey, written by hand through SPARQL) is InvalidArgument.
core::Result<std::vector<UniqueConstraint>> uniqueConstraints(const Ledger& state,
                                                              uint64_t asOf = UINT64_MAX);

// Ok when `after`, the state a commit with `flakes` (its net change) makes, breaks none of its
// constraints; kFailedPrecondition naming the first violation otherwise.
core::Status checkUniqueConstraints(const Ledger& after, std::span<const Flake> flakes);

}  // namespace cairn::index
