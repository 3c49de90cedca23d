#pragma once
// The shared skeleton of the result writers (result_writer.h): the output buffer, the call
// order checks, and the split between solution formats (which also take a graph as
// subject/predicate/object rows) and graph formats (which refuse solutions).

#include <span>
#include <string>
#include <vector>

#include "query/engine/result_sink.h"
#include "sparql/results/byte_output.h"
#include "sparql/results/result_writer.h"

namespace cairn::sparql::results {

// A writer for SELECT and ASK answers. Subclasses write the pieces; this class checks that the
// engine calls in order and turns a graph into three-column rows.
class SolutionWriter : public query::ResultSink {
 public:
  SolutionWriter(ByteOutput& out, const WriterOptions& options)
      : buffer_(out, options.bufferBytes) {}

  void beginSolutions(const std::vector<std::string>& variables) final;
  void solution(std::span<const core::Term* const> cells) final;
  void booleanResult(bool value) final;
  void beginGraph() final;
  void triple(const core::Term& subject, const core::Term& predicate,
              const core::Term& object) final;
  void end() final;

 protected:
  virtual void writeHead(const std::vector<std::string>& variables) = 0;
  virtual void writeRow(std::span<const core::Term* const> cells) = 0;
  virtual void writeBoolean(bool value) = 0;
  // Called once at end() after a head and rows (not after a boolean).
  virtual void writeTail() = 0;

  OutputBuffer buffer_;
  size_t columns_ = 0;

 private:
  enum class State { kIdle, kRows, kBoolean, kDone };
  State state_ = State::kIdle;
};

// A writer for CONSTRUCT and DESCRIBE answers.
class GraphWriter : public query::ResultSink {
 public:
  GraphWriter(ByteOutput& out, const WriterOptions& options) : buffer_(out, options.bufferBytes) {}

  void beginSolutions(const std::vector<std::string>& variables) final;
  void solution(std::span<const core::Term* const> cells) final;
  void booleanResult(bool value) final;
  void beginGraph() final;
  void triple(const core::Term& subject, const core::Term& predicate,
              const core::Term& object) final;
  void end() final;

 protected:
  virtual void writeStart() = 0;
  virtual void writeTriple(const core::Term& subject, const core::Term& predicate,
                           const core::Term& object) = 0;
  virtual void writeEnd() = 0;
  virtual std::string_view formatLabel() const = 0;

  OutputBuffer buffer_;

 private:
  enum class State { kIdle, kTriples, kDone };
  State state_ = State::kIdle;
};

}  // namespace cairn::sparql::results
