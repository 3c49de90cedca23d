#include "core/rdf/rdf_format.h"

#include <cctype>

namespace cairn::core::rdf {
namespace {

bool endsWithIgnoreCase(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  s.remove_prefix(s.size() - suffix.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != suffix[i]) return false;
  }
  return true;
}

bool equalsIgnoreCase(std::string_view a, std::string_view lowerB) {
  return a.size() == lowerB.size() && endsWithIgnoreCase(a, lowerB);
}

}  // namespace

std::optional<RdfFormat> formatFromPath(std::string_view path) {
  for (std::string_view compression : {".gz", ".zst"}) {
    if (endsWithIgnoreCase(path, compression)) {
      path.remove_suffix(compression.size());
      break;
    }
  }
  if (endsWithIgnoreCase(path, ".nt")) return RdfFormat::kNTriples;
  if (endsWithIgnoreCase(path, ".nq")) return RdfFormat::kNQuads;
  if (endsWithIgnoreCase(path, ".ttl")) return RdfFormat::kTurtle;
  if (endsWithIgnoreCase(path, ".trig")) return RdfFormat::kTriG;
  return std::nullopt;
}

std::optional<RdfFormat> formatFromName(std::string_view name) {
  for (std::string_view n : {"ntriples", "n-triples", "nt"}) {
    if (equalsIgnoreCase(name, n)) return RdfFormat::kNTriples;
  }
  for (std::string_view n : {"nquads", "n-quads", "nq"}) {
    if (equalsIgnoreCase(name, n)) return RdfFormat::kNQuads;
  }
  for (std::string_view n : {"turtle", "ttl"}) {
    if (equalsIgnoreCase(name, n)) return RdfFormat::kTurtle;
  }
  if (equalsIgnoreCase(name, "trig")) return RdfFormat::kTriG;
  return std::nullopt;
}

std::string_view formatName(RdfFormat format) {
  switch (format) {
    case RdfFormat::kNTriples:
      return "ntriples";
    case RdfFormat::kNQuads:
      return "nquads";
    case RdfFormat::kTurtle:
      return "turtle";
    case RdfFormat::kTriG:
      return "trig";
  }
  return "unknown";
}

}  // namespace cairn::core::rdf
