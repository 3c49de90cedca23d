#pragma once
// Running a schema command (cypher/ast/statement.h) against a ledger. A uniqueness constraint on
// (label, key) is the index layer's constraint on (the label's class, the key's predicate)
// (index/constraints/unique_constraints.h): CREATE and DROP are one commit each, so a
// constraint is durable when the statement returns and every later commit, Cypher or SPARQL,
// is checked against it; creating one over data that already breaks it fails and changes
// nothing. SHOW lists the constraints of the latest snapshot.
//
// A MERGE or MATCH on the key needs nothing from the constraint to be a point lookup: every
// property is in POST, and the planner seeks it (query/exec/property_seek.h).

#include "cypher/ast/statement.h"
#include "cypher/statement/statement_runner.h"

namespace cairn::cypher {

// Runs `command`. Throws core::Error: kAlreadyExists for a CREATE whose name or rule exists
// (without IF NOT EXISTS), kNotFound for a DROP of an unknown name (without IF EXISTS),
// kConstraintViolation when the data breaks the new constraint. `sink` gets SHOW's rows
// (columns name, type, entityType, labelsOrTypes, properties), none for the others.
StatementReport runSchemaCommand(index::LiveLedger& ledger, const ast::SchemaCommand& command,
                                 query::ValueSink& sink);

}  // namespace cairn::cypher
