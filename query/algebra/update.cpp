#include "query/algebra/update.h"

namespace cairn::query {

namespace {

std::string iriText(const std::string& iri) { return "<" + iri + ">"; }

std::string graphText(const std::optional<std::string>& iri) {
  return iri ? iriText(*iri) : "DEFAULT";
}

std::string silentText(bool silent) { return silent ? " SILENT" : ""; }

std::string targetText(const GraphTarget& target) {
  switch (target.kind) {
    case GraphTarget::Kind::kGraph:
      return iriText(target.iri);
    case GraphTarget::Kind::kDefault:
      return "DEFAULT";
    case GraphTarget::Kind::kNamed:
      return "NAMED";
    case GraphTarget::Kind::kAll:
      return "ALL";
  }
  return "?";
}

void appendQuads(std::string& out, const std::vector<Quad>& quads) {
  for (const Quad& quad : quads) out += "  " + toString(quad) + "\n";
}

void appendTemplate(std::string& out, std::string_view name,
                    const std::vector<QuadPattern>& quads) {
  if (quads.empty()) return;
  out += "  " + std::string(name) + "\n";
  for (const QuadPattern& quad : quads) out += "    " + toString(quad) + "\n";
}

std::string describe(const InsertData& op) {
  std::string out = "InsertData\n";
  appendQuads(out, op.quads);
  return out;
}

std::string describe(const DeleteData& op) {
  std::string out = "DeleteData\n";
  appendQuads(out, op.quads);
  return out;
}

std::string describe(const Modify& op) {
  std::string out = "Modify";
  if (op.with) out += " WITH " + iriText(*op.with);
  out += "\n";
  appendTemplate(out, "Delete", op.deleteTemplate);
  appendTemplate(out, "Insert", op.insertTemplate);
  for (const auto& iri : op.dataset.defaultGraphs) out += "  Using " + iriText(iri) + "\n";
  for (const auto& iri : op.dataset.namedGraphs) out += "  UsingNamed " + iriText(iri) + "\n";
  out += "  Where\n";
  if (op.where) out += toString(*op.where, 2);
  return out;
}

std::string describe(const Load& op) {
  std::string out = "Load" + silentText(op.silent) + " " + iriText(op.source);
  if (op.into) out += " INTO " + iriText(*op.into);
  return out + "\n";
}

std::string describe(const Clear& op) {
  return "Clear" + silentText(op.silent) + " " + targetText(op.target) + "\n";
}

std::string describe(const Drop& op) {
  return "Drop" + silentText(op.silent) + " " + targetText(op.target) + "\n";
}

std::string describe(const Create& op) {
  return "Create" + silentText(op.silent) + " " + iriText(op.graph) + "\n";
}

std::string transferText(std::string_view name, const GraphOrDefault& from,
                         const GraphOrDefault& to, bool silent) {
  return std::string(name) + silentText(silent) + " " + graphText(from.iri) + " TO " +
         graphText(to.iri) + "\n";
}

std::string describe(const Add& op) { return transferText("Add", op.from, op.to, op.silent); }
std::string describe(const Move& op) { return transferText("Move", op.from, op.to, op.silent); }
std::string describe(const Copy& op) { return transferText("Copy", op.from, op.to, op.silent); }

}  // namespace

std::string toString(const Quad& quad) {
  std::string out = core::toNTriples(quad.subject) + " " + core::toNTriples(quad.predicate) + " " +
                    core::toNTriples(quad.object);
  if (quad.graph) out += " " + iriText(*quad.graph);
  return out;
}

std::string toString(const QuadPattern& quad) {
  std::string out =
      toString(quad.subject) + " " + toString(quad.predicate) + " " + toString(quad.object);
  if (quad.graph) out += " " + toString(*quad.graph);
  return out;
}

std::string toString(const UpdateOperation& operation) {
  return std::visit([](const auto& op) { return describe(op); }, operation);
}

std::string toString(const UpdateRequest& request) {
  std::string out;
  for (const auto& operation : request.operations) out += toString(operation);
  return out;
}

}  // namespace cairn::query
