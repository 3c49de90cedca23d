#include "cypher/statement/schema_statement.h"

#include <algorithm>
#include <optional>

#include "core/error.h"
#include "cypher/write/cypher_commit.h"
#include "index/constraints/unique_constraints.h"
#include "index/write/live_ledger.h"
#include "query/graph/cypher_names.h"

namespace cairn::cypher {

namespace {

using index::UniqueConstraint;
using query::value::Value;

std::vector<UniqueConstraint> constraintsOf(const index::Ledger& state) {
  auto constraints = index::uniqueConstraints(state);
  if (!constraints.isOk()) {
    throw core::Error(core::ErrorCode::kStorageError, constraints.status().toString());
  }
  return std::move(constraints).value();
}

const UniqueConstraint* findNamed(const std::vector<UniqueConstraint>& all,
                                  const std::string& name) {
  auto it = std::find_if(all.begin(), all.end(),
                         [&](const UniqueConstraint& c) { return c.name == name; });
  return it == all.end() ? nullptr : &*it;
}

std::string describe(const index::Ledger& state, const UniqueConstraint& c) {
  const auto names = query::graph::cypherNames(state, UINT64_MAX);
  return "'" + c.name + "' (:" + names->nameOf(c.typeIri) + " {" + names->nameOf(c.keyIri) +
         "} IS UNIQUE)";
}

// The changes a CREATE makes to `state`: none when an equal constraint exists and IF NOT EXISTS
// allows it.
index::TxChanges createChanges(const index::Ledger& state, const ast::SchemaCommand& command,
                               const UniqueConstraint& wanted) {
  const std::vector<UniqueConstraint> existing = constraintsOf(state);
  for (const UniqueConstraint& c : existing) {
    const bool sameName = c.name == wanted.name;
    if (!sameName && !c.sameRule(wanted)) continue;
    if (command.ifNotExists) return {};
    if (sameName && !c.sameRule(wanted)) {
      throw core::Error(
          core::ErrorCode::kAlreadyExists, "ConstraintAlreadyExists",
          "a constraint named '" + c.name + "' already exists: " + describe(state, c));
    }
    throw core::Error(core::ErrorCode::kAlreadyExists, "EquivalentSchemaRuleAlreadyExists",
                      "an equivalent constraint already exists: " + describe(state, c));
  }
  index::TxChanges changes;
  changes.inserts = index::constraintFacts(wanted);
  return changes;
}

index::TxChanges dropChanges(const index::Ledger& state, const ast::SchemaCommand& command) {
  const std::vector<UniqueConstraint> existing = constraintsOf(state);
  const UniqueConstraint* found = findNamed(existing, command.name);
  if (found == nullptr) {
    if (command.ifExists) return {};
    throw core::Error(core::ErrorCode::kNotFound, "ConstraintDropFailed",
                      "there is no constraint named '" + command.name + "'");
  }
  index::TxChanges changes;
  changes.deletes = index::constraintFacts(*found);
  return changes;
}

}  // namespace

StatementReport runSchemaCommand(index::LiveLedger& ledger, const ast::SchemaCommand& command,
                                 query::ValueSink& sink) {
  using Kind = ast::SchemaCommand::Kind;
  query::value::NoEntities none;
  StatementReport report;
  if (command.kind == Kind::kShowConstraints) {
    const auto snapshot = ledger.snapshot();
    const auto names = query::graph::cypherNames(*snapshot, UINT64_MAX);
    sink.begin({"name", "type", "entityType", "labelsOrTypes", "properties"}, none);
    for (const UniqueConstraint& c : constraintsOf(*snapshot)) {
      const std::vector<Value> row{Value::string(c.name), Value::string("UNIQUENESS"),
                                   Value::string("NODE"),
                                   Value::list({Value::string(names->nameOf(c.typeIri))}),
                                   Value::list({Value::string(names->nameOf(c.keyIri))})};
      sink.row(row);
    }
    sink.end();
    report.t = snapshot->t();
    return report;
  }
  UniqueConstraint wanted;
  if (command.kind == Kind::kCreateUnique) {
    wanted.name = command.name.empty() ? "constraint_" + command.label + "_" + command.property
                                       : command.name;
    const auto names = query::graph::cypherNames(*ledger.snapshot(), UINT64_MAX);
    wanted.typeIri = names->iriOf(command.label);
    wanted.keyIri = names->iriOf(command.property);
  }
  bool changed = false;
  CypherCommit commit;
  index::Transaction tx;
  tx.message = R"({"source":"cypher-schema"})";
  tx.steps.push_back(commit.step([&](const index::Ledger& state) {
    index::TxChanges changes = command.kind == Kind::kCreateUnique
                                   ? createChanges(state, command, wanted)
                                   : dropChanges(state, command);
    changed = !changes.inserts.empty() || !changes.deletes.empty();
    return changes;
  }));
  const index::CommitResult result = commit.commit(ledger, std::move(tx));
  report.wrote = true;
  report.t = result.t;
  if (changed) {
    ++(command.kind == Kind::kCreateUnique ? report.counters.constraintsAdded
                                           : report.counters.constraintsRemoved);
  }
  sink.begin({}, none);
  sink.end();
  return report;
}

}  // namespace cairn::cypher
