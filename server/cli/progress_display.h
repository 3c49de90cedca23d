#pragma once
// Progress of a running import. On a terminal: one line redrawn a few times a second — phase,
// a bar and percentage of the input read, statements, rate, ETA, rows indexed, elapsed. When
// stderr is not a terminal (logs, CI): a plain line every few seconds instead, so a long import
// shows it is alive without filling the log with carriage returns.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>

#include "index/import/import_options.h"

namespace cairn::server {

// One reading of ImportProgress, and the seconds since the import started.
struct ProgressReading {
  const char* phase = "";
  uint64_t statements = 0;
  uint64_t bytesRead = 0;
  uint64_t bytesTotal = 0;  // 0: unknown (a pipe)
  uint64_t rowsIndexed = 0;
  double elapsedSeconds = 0;
};

// The line for `reading`: with a bar (terminal) or plain. The ETA extrapolates the share of
// the input read so far; it shows only while the input is being read and once there is enough
// to go on (1% of it and a second).
std::string progressLine(const ProgressReading& reading, bool terminal);

class ProgressDisplay {
 public:
  // `plainInterval`: how often the plain line is written when stderr is not a terminal.
  explicit ProgressDisplay(const index::ImportProgress& progress,
                           std::chrono::milliseconds plainInterval = std::chrono::seconds(10));
  ~ProgressDisplay();  // stops; clears the terminal line

 private:
  ProgressReading read() const;

  const index::ImportProgress& progress_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// Peak resident set size of this process.
uint64_t peakRssBytes();

}  // namespace cairn::server
