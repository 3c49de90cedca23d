#pragma once
// Sinks shared by the core/rdf parser tests: record statements as N-Quads lines and errors as
// "line:column: message", and optionally skip past errors (--skip-invalid).

#include <string>
#include <vector>

#include "core/rdf/statement.h"
#include "core/term.h"

namespace cairn::core::rdf::test {

class RecordingSink : public StatementSink {
 public:
  explicit RecordingSink(bool skipInvalid = false) : skipInvalid_(skipInvalid) {}

  void statement(const StatementView& st) override {
    std::string line =
        toNTriples(st.subject) + " " + toNTriples(st.predicate) + " " + toNTriples(st.object);
    if (st.graph) line += " " + toNTriples(*st.graph);
    lines.push_back(line + " .");
  }
  bool syntaxError(const SyntaxIssue& issue) override {
    errors.push_back(std::to_string(issue.line) + ":" + std::to_string(issue.column) + ": " +
                     issue.message);
    issues.push_back(issue);
    return skipInvalid_;
  }

  std::vector<std::string> lines;
  std::vector<std::string> errors;
  std::vector<SyntaxIssue> issues;

 private:
  bool skipInvalid_;
};

// Keeps owned copies of every term, for tests that look at values after parsing.
class TermSink : public StatementSink {
 public:
  struct Row {
    Term subject, predicate, object;
    bool hasGraph = false;
    Term graph;
  };
  void statement(const StatementView& st) override {
    Row row{Term::fromView(st.subject), Term::fromView(st.predicate), Term::fromView(st.object),
            false, Term{}};
    if (st.graph) {
      row.hasGraph = true;
      row.graph = Term::fromView(*st.graph);
    }
    rows.push_back(std::move(row));
  }
  bool syntaxError(const SyntaxIssue& issue) override {
    issues.push_back(issue);
    return false;
  }
  std::vector<Row> rows;
  std::vector<SyntaxIssue> issues;
};

}  // namespace cairn::core::rdf::test
