#include "server/cli/progress_display.h"

#include <gtest/gtest.h>

namespace cairn::server {
namespace {

ProgressReading reading(const char* phase, uint64_t read, uint64_t total, double seconds) {
  ProgressReading r;
  r.phase = phase;
  r.statements = 2'500'000;
  r.bytesRead = read;
  r.bytesTotal = total;
  r.elapsedSeconds = seconds;
  return r;
}

TEST(ProgressLine, TerminalShowsBarPercentRateAndEta) {
  // A quarter read in 10 s: 30 s to go.
  EXPECT_EQ(progressLine(reading("parse", 250, 1000, 10), true),
            "[parse] [######..................]  25% 2.50M statements, 250.0K/s, ETA 30s, "
            "10s elapsed");
}

TEST(ProgressLine, PlainLinesHaveNoBar) {
  EXPECT_EQ(progressLine(reading("parse", 500, 1000, 125), false),
            "[parse]  50% 2.50M statements, 20.0K/s, ETA 2m05s, 2m05s elapsed");
}

TEST(ProgressLine, NoEtaWithoutEnoughToGoOnOrAfterReading) {
  // Unknown size (a pipe): no share, no ETA.
  EXPECT_EQ(progressLine(reading("parse", 500, 0, 4000), false),
            "[parse] 2.50M statements, 625/s, 1h06m elapsed");
  // Under 1% read: too early to tell.
  EXPECT_EQ(progressLine(reading("parse", 5, 1000, 3), false).find("ETA"), std::string::npos);
  // Past the reading phase the share says nothing about the time left.
  ProgressReading indexing = reading("index", 1000, 1000, 20);
  indexing.rowsIndexed = 4'000'000;
  EXPECT_EQ(progressLine(indexing, true),
            "[index] [########################] 100% 2.50M statements, 125.0K/s, "
            "4.00M rows indexed, 20s elapsed");
}

}  // namespace
}  // namespace cairn::server
