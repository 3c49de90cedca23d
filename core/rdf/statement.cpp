#include "core/rdf/statement.h"

namespace cairn::core::rdf {

std::string formatSyntaxIssue(const SyntaxIssue& issue) {
  std::string out = issue.file;
  if (issue.line > 0) {
    out += ':';
    out += std::to_string(issue.line);
    if (issue.column > 0) {
      out += ':';
      out += std::to_string(issue.column);
    }
  }
  if (!out.empty()) out += ": ";
  out += issue.message;
  return out;
}

}  // namespace cairn::core::rdf
