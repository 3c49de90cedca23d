#include "index/constraints/unique_constraints.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "core/percent_encoding.h"
#include "core/vocab.h"
#include "index/ledger/ledger.h"

namespace cairn::index {

namespace {

ScanRange prefixRange(std::initializer_list<uint64_t> values) {
  const std::vector<uint64_t> leading(values);
  return ScanRange::prefix(leading);
}

// One constraint resolved against a state: the ids of its terms. Absent ids mean no fact can
// use the term, so nothing can break the constraint.
struct ResolvedConstraint {
  const UniqueConstraint* constraint = nullptr;
  core::NodeId type = 0;
  core::NodeId key = 0;
  core::NodeId rdfType = 0;
};

class Checker {
 public:
  Checker(const Ledger& after, const ResolvedConstraint& c) : after_(after), c_(c) {
    if (auto spot = after.reader(core::kNoNode, Permutation::kSPOT)) spot_.emplace(*spot);
    if (auto post = after.reader(core::kNoNode, Permutation::kPOST)) post_.emplace(*post);
  }

  // Whether `s` has the constraint's type.
  core::Result<bool> hasType(core::NodeId s) {
    if (!spot_) return false;
    return spot_->contains({s, c_.rdfType, core::otype::kIri, c_.type, 0});
  }

  // The violation `s` takes part in, if any: another typed subject with one of s's key values.
  core::Status checkSubject(core::NodeId s) {
    if (!spot_ || !post_) return core::Status::ok();
    CAIRN_ASSIGN_OR_RETURN(bool typed, hasType(s));
    if (!typed) return core::Status::ok();
    std::vector<std::pair<core::ObjectType, uint64_t>> values;
    CAIRN_RETURN_IF_ERROR(scanRows(
        *spot_, prefixRange({s, c_.key}), columnBit(Column::kOType) | columnBit(Column::kOKey),
        UINT64_MAX, [&](const ColumnBatch& b, size_t r) {
          values.emplace_back(static_cast<core::ObjectType>(b.column(Column::kOType)[r]),
                              b.column(Column::kOKey)[r]);
          return true;
        }));
    for (const auto& [ot, ok] : values) {
      core::Status status = core::Status::ok();
      std::optional<core::NodeId> other;
      CAIRN_RETURN_IF_ERROR(scanRows(*post_, prefixRange({c_.key, ot, ok}), columnBit(Column::kS),
                                     UINT64_MAX, [&](const ColumnBatch& b, size_t r) {
                                       const core::NodeId subject = b.column(Column::kS)[r];
                                       if (subject == s) return true;
                                       auto typed = hasType(subject);
                                       if (!typed.isOk()) {
                                         status = typed.status();
                                         return false;
                                       }
                                       if (*typed) other = subject;
                                       return !other;
                                     }));
      CAIRN_RETURN_IF_ERROR(status);
      if (other) return violation(s, *other, ot, ok);
    }
    return core::Status::ok();
  }

  // The whole key, for a constraint the commit adds: runs of one value in POST.
  core::Status checkAll() {
    if (!post_) return core::Status::ok();
    core::Status status = core::Status::ok();
    std::optional<std::pair<core::ObjectType, uint64_t>> value;
    std::optional<core::NodeId> first;
    CAIRN_RETURN_IF_ERROR(
        scanRows(*post_, prefixRange({c_.key}),
                 columnBit(Column::kS) | columnBit(Column::kOType) | columnBit(Column::kOKey),
                 UINT64_MAX, [&](const ColumnBatch& b, size_t r) {
                   const std::pair<core::ObjectType, uint64_t> v{
                       static_cast<core::ObjectType>(b.column(Column::kOType)[r]),
                       b.column(Column::kOKey)[r]};
                   const core::NodeId s = b.column(Column::kS)[r];
                   if (!value || *value != v) {
                     value = v;
                     first.reset();
                   }
                   if (first && *first == s) return true;  // the same subject again (another i)
                   auto typed = hasType(s);
                   if (!typed.isOk()) {
                     status = typed.status();
                     return false;
                   }
                   if (!*typed) return true;
                   if (first) {
                     status = violation(*first, s, v.first, v.second);
                     return false;
                   }
                   first = s;
                   return true;
                 }));
    return status;
  }

 private:
  std::string describeNode(core::NodeId id) const {
    auto term = after_.decodeNode(id);
    return term.isOk() ? core::toNTriples(*term) : "node " + std::to_string(id);
  }

  core::Status violation(core::NodeId a, core::NodeId b, core::ObjectType ot, uint64_t ok) const {
    auto value = after_.decodeObject({ot, ok});
    const std::string text = value.isOk() ? core::toNTriples(*value) : "a value";
    return core::Status(core::StatusCode::kFailedPrecondition,
                        "uniqueness constraint '" + c_.constraint->name +
                            "' violated: " + describeNode(a) + " and " + describeNode(b) +
                            " both have type <" + c_.constraint->typeIri + "> and <" +
                            c_.constraint->keyIri + "> = " + text);
  }

  const Ledger& after_;
  const ResolvedConstraint& c_;
  std::optional<SnapshotReader> spot_;
  std::optional<SnapshotReader> post_;
};

}  // namespace

std::string constraintIri(std::string_view name) {
  return "urn:cairn:sys:constraint:" + core::percentEncode(name);
}

std::vector<TxQuad> constraintFacts(const UniqueConstraint& constraint) {
  const core::Term subject = core::Term::iri(constraintIri(constraint.name));
  return {schemaFact(subject, core::vocab::kRdfType,
                     core::Term::iri(std::string(kUniqueConstraintClassIri))),
          schemaFact(subject, kConstraintNameIri, core::Term::literal(constraint.name)),
          schemaFact(subject, kConstraintOnTypeIri, core::Term::iri(constraint.typeIri)),
          schemaFact(subject, kConstraintOnKeyIri, core::Term::iri(constraint.keyIri))};
}

core::Result<std::vector<UniqueConstraint>> uniqueConstraints(const Ledger& state, uint64_t asOf) {
  std::vector<UniqueConstraint> out;
  CAIRN_ASSIGN_OR_RETURN(auto onType, state.encodeIri(kConstraintOnTypeIri));
  CAIRN_ASSIGN_OR_RETURN(auto onKey, state.encodeIri(kConstraintOnKeyIri));
  CAIRN_ASSIGN_OR_RETURN(auto name, state.encodeIri(kConstraintNameIri));
  if (!onType || !onKey) return out;
  // Every declaration is a subject with sys:onType.
  struct Declaration {
    std::vector<core::NodeId> types, keys;
    std::optional<core::EncodedObject> name;
  };
  std::map<core::NodeId, Declaration> declarations;
  CAIRN_RETURN_IF_ERROR(forEachSchemaFact(state, asOf, [&](const IndexRow& row) {
    if (row.p == *onType && row.ot == core::otype::kIri) {
      declarations[row.s].types.push_back(row.ok);
    } else if (row.p == *onKey && row.ot == core::otype::kIri) {
      declarations[row.s].keys.push_back(row.ok);
    } else if (name && row.p == *name) {
      declarations[row.s].name = core::EncodedObject{row.ot, row.ok};
    }
  }));
  for (const auto& [subject, d] : declarations) {
    if (d.types.empty() && d.keys.empty()) continue;  // not a constraint's declaration
    CAIRN_ASSIGN_OR_RETURN(core::Term subjectTerm, state.decodeNode(subject));
    if (d.types.size() != 1 || d.keys.size() != 1) {
      return core::Status::invalidArgument("constraint " + core::toNTriples(subjectTerm) +
                                           " needs exactly one sys:onType and one sys:onKey");
    }
    UniqueConstraint c;
    if (d.name) {
      CAIRN_ASSIGN_OR_RETURN(core::Term nameTerm, state.decodeObject(*d.name));
      c.name = nameTerm.value;
    } else {
      c.name = subjectTerm.value;
    }
    CAIRN_ASSIGN_OR_RETURN(core::Term type, state.decodeNode(d.types[0]));
    CAIRN_ASSIGN_OR_RETURN(core::Term key, state.decodeNode(d.keys[0]));
    c.typeIri = type.value;
    c.keyIri = key.value;
    out.push_back(std::move(c));
  }
  std::sort(out.begin(), out.end(),
            [](const UniqueConstraint& a, const UniqueConstraint& b) { return a.name < b.name; });
  return out;
}

core::Status checkUniqueConstraints(const Ledger& after, std::span<const Flake> flakes) {
  CAIRN_ASSIGN_OR_RETURN(std::vector<UniqueConstraint> constraints, uniqueConstraints(after));
  if (constraints.empty()) return core::Status::ok();
  CAIRN_ASSIGN_OR_RETURN(auto schemaGraph, after.encodeIri(kSchemaGraphIri));
  CAIRN_ASSIGN_OR_RETURN(auto rdfType, after.encodeIri(core::vocab::kRdfType));
  for (const UniqueConstraint& constraint : constraints) {
    CAIRN_ASSIGN_OR_RETURN(auto type, after.encodeIri(constraint.typeIri));
    CAIRN_ASSIGN_OR_RETURN(auto key, after.encodeIri(constraint.keyIri));
    if (!type || !key || !rdfType) continue;  // no fact can use them yet
    const ResolvedConstraint resolved{&constraint, *type, *key, *rdfType};
    Checker checker(after, resolved);
    CAIRN_ASSIGN_OR_RETURN(auto declaration, after.encodeIri(constraintIri(constraint.name)));
    const bool added =
        declaration && std::any_of(flakes.begin(), flakes.end(), [&](const Flake& f) {
          return f.g == *schemaGraph && f.row.s == *declaration && f.assert;
        });
    if (added) {
      CAIRN_RETURN_IF_ERROR(checker.checkAll());
      continue;
    }
    // The subjects whose type or key value the commit asserted, once each.
    std::set<core::NodeId> subjects;
    for (const Flake& f : flakes) {
      if (!f.assert || f.g != core::kNoNode) continue;
      if (f.row.p == *key ||
          (f.row.p == *rdfType && f.row.ot == core::otype::kIri && f.row.ok == *type)) {
        subjects.insert(f.row.s);
      }
    }
    for (const core::NodeId s : subjects) CAIRN_RETURN_IF_ERROR(checker.checkSubject(s));
  }
  return core::Status::ok();
}

}  // namespace cairn::index
