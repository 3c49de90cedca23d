#pragma once
// SPARQL Query Results XML Format (application/sparql-results+xml), streamed: the head, then
// one <result> per solution; unbound variables have no <binding>.
//
// XML 1.0 cannot carry most C0 control characters, not even as character references; such
// characters are written as U+FFFD. CR is written as "&#13;" so that XML line-end
// normalization does not turn it into LF.

#include "sparql/results/writer_base.h"

namespace cairn::sparql::results {

class XmlResultWriter final : public SolutionWriter {
 public:
  using SolutionWriter::SolutionWriter;

 private:
  void writeHead(const std::vector<std::string>& variables) override;
  void writeRow(std::span<const core::Term* const> cells) override;
  void writeBoolean(bool value) override;
  void writeTail() override;

  std::vector<std::string> bindingOpen_;  // "<binding name=\"x\">" per variable
};

// Escapes text content or a double-quoted attribute value: & < > " and the controls above.
void appendXmlEscaped(std::string& out, std::string_view s);

}  // namespace cairn::sparql::results
