#include "server/cli/progress_display.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>

namespace cairn::server {

ProgressDisplay::ProgressDisplay(const index::ImportProgress& progress)
    : progress_(progress), start_(std::chrono::steady_clock::now()) {
  if (!::isatty(STDERR_FILENO)) return;
  thread_ = std::thread([this] {
    while (!stop_.load()) {
      draw();
      for (int i = 0; i < 5 && !stop_.load(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    }
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  });
}

ProgressDisplay::~ProgressDisplay() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

void ProgressDisplay::draw() {
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  uint64_t statements = progress_.statements.load();
  uint64_t total = progress_.bytesTotal.load();
  char percent[16] = "";
  if (total > 0) {
    std::snprintf(percent, sizeof percent, " %3.0f%%",
                  100.0 * static_cast<double>(progress_.bytesRead.load()) / static_cast<double>(total));
  }
  std::fprintf(stderr, "\r\033[K[%s]%s %.2fM statements  %.2fM/s  %.2fM rows indexed  %.1fs",
               progress_.phase.load(), percent, statements / 1e6,
               elapsed > 0 ? statements / elapsed / 1e6 : 0.0, progress_.rowsIndexed.load() / 1e6,
               elapsed);
  std::fflush(stderr);
}

uint64_t peakRssBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<uint64_t>(usage.ru_maxrss) * 1024;
}

}  // namespace cairn::server
