#pragma once
// A one-line live progress display on a terminal (phase, statements, rate, elapsed), redrawn a
// few times a second by its own thread; silent when stderr is not a terminal.

#include <atomic>
#include <chrono>
#include <thread>

#include "index/import/import_options.h"

namespace cairn::server {

class ProgressDisplay {
 public:
  explicit ProgressDisplay(const index::ImportProgress& progress);
  ~ProgressDisplay();  // stops and clears the line

 private:
  void draw();

  const index::ImportProgress& progress_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// Peak resident set size of this process.
uint64_t peakRssBytes();

}  // namespace cairn::server
