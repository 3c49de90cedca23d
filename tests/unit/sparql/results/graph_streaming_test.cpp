// Every graph writer streams: most of a large answer reaches the ByteOutput before end(), in
// chunks near the buffer size, and the chunking never changes the bytes.

#include <gtest/gtest.h>

#include "tests/unit/sparql/results/graph_fixture.h"

namespace cairn::sparql::results {
namespace {

class RecordingOutput : public ByteOutput {
 public:
  void write(std::string_view bytes) override { writes.emplace_back(bytes); }
  void flush() override { ++flushes; }
  std::vector<std::string> writes;
  int flushes = 0;
};

constexpr ResultFormat kGraphFormats[] = {ResultFormat::kTurtle, ResultFormat::kNTriples,
                                          ResultFormat::kJsonLd, ResultFormat::kRdfXml};

TEST(GraphFormatWriters, StreamInBoundedChunks) {
  const std::vector<testing::Quad> graph = graph_fixture::richGraph();
  for (ResultFormat format : kGraphFormats) {
    WriterOptions options;
    options.bufferBytes = 64;
    RecordingOutput out;
    auto writer = makeResultWriter(format, out, options);
    writer->beginGraph();
    for (int i = 0; i < 20; ++i) {
      for (const testing::Quad& q : graph) writer->triple(q.subject, q.predicate, q.object);
    }
    size_t before = 0;
    for (const auto& w : out.writes) before += w.size();
    writer->end();
    size_t total = 0;
    for (const auto& w : out.writes) {
      total += w.size();
      EXPECT_LT(w.size(), 64u + 512u) << formatName(format);
    }
    EXPECT_GT(before, total * 9 / 10) << formatName(format);
    EXPECT_EQ(out.flushes, 1) << formatName(format);
  }
}

TEST(GraphFormatWriters, ChunkedOutputEqualsUnbufferedOutput) {
  WriterOptions tiny;
  tiny.bufferBytes = 1;
  tiny.prefixes = {{"ex", graph_fixture::kEx}};
  WriterOptions large = tiny;
  large.bufferBytes = 1 << 20;
  for (ResultFormat format : kGraphFormats) {
    EXPECT_EQ(graph_fixture::writeQuadsWith(format, graph_fixture::richGraph(), tiny),
              graph_fixture::writeQuadsWith(format, graph_fixture::richGraph(), large))
        << formatName(format);
  }
}

}  // namespace
}  // namespace cairn::sparql::results
