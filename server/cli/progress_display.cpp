#include "server/cli/progress_display.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <string_view>

namespace cairn::server {
namespace {

constexpr int kBarWidth = 24;

// "1.23M", "456.7K", "789".
std::string count(double n) {
  char text[32];
  if (n >= 1e9) {
    std::snprintf(text, sizeof text, "%.2fG", n / 1e9);
  } else if (n >= 1e6) {
    std::snprintf(text, sizeof text, "%.2fM", n / 1e6);
  } else if (n >= 1e4) {
    std::snprintf(text, sizeof text, "%.1fK", n / 1e3);
  } else {
    std::snprintf(text, sizeof text, "%.0f", n);
  }
  return text;
}

// "42s", "3m05s", "1h02m".
std::string duration(double seconds) {
  const auto s = static_cast<uint64_t>(std::llround(std::max(seconds, 0.0)));
  char text[32];
  if (s < 60) {
    std::snprintf(text, sizeof text, "%llus", static_cast<unsigned long long>(s));
  } else if (s < 3600) {
    std::snprintf(text, sizeof text, "%llum%02llus", static_cast<unsigned long long>(s / 60),
                  static_cast<unsigned long long>(s % 60));
  } else {
    std::snprintf(text, sizeof text, "%lluh%02llum", static_cast<unsigned long long>(s / 3600),
                  static_cast<unsigned long long>(s / 60 % 60));
  }
  return text;
}

}  // namespace

std::string progressLine(const ProgressReading& r, bool terminal) {
  const bool reading = std::string_view(r.phase) == "parse";
  const double share =
      r.bytesTotal > 0
          ? std::min(1.0, static_cast<double>(r.bytesRead) / static_cast<double>(r.bytesTotal))
          : -1;
  std::string line = std::string("[") + r.phase + "]";
  if (share >= 0) {
    if (terminal) {
      const int filled = static_cast<int>(share * kBarWidth);
      line += " [" + std::string(filled, '#') + std::string(kBarWidth - filled, '.') + "]";
    }
    char percent[16];
    std::snprintf(percent, sizeof percent, " %3.0f%%", share * 100);
    line += percent;
  }
  line += " " + count(static_cast<double>(r.statements)) + " statements";
  if (r.elapsedSeconds > 0) {
    line += ", " + count(static_cast<double>(r.statements) / r.elapsedSeconds) + "/s";
  }
  if (reading && share >= 0.01 && r.elapsedSeconds >= 1) {
    line += ", ETA " + duration(r.elapsedSeconds * (1 - share) / share);
  }
  if (r.rowsIndexed > 0) line += ", " + count(static_cast<double>(r.rowsIndexed)) + " rows indexed";
  line += ", " + duration(r.elapsedSeconds) + " elapsed";
  return line;
}

ProgressDisplay::ProgressDisplay(const index::ImportProgress& progress,
                                 std::chrono::milliseconds plainInterval)
    : progress_(progress), start_(std::chrono::steady_clock::now()) {
  const bool terminal = ::isatty(STDERR_FILENO) != 0;
  thread_ = std::thread([this, terminal, plainInterval] {
    const auto tick = std::chrono::milliseconds(50);
    auto nextPlain = std::chrono::steady_clock::now() + plainInterval;
    while (!stop_.load()) {
      if (terminal) {
        std::fprintf(stderr, "\r\033[K%s", progressLine(read(), true).c_str());
        std::fflush(stderr);
      } else if (std::chrono::steady_clock::now() >= nextPlain) {
        std::fprintf(stderr, "import: %s\n", progressLine(read(), false).c_str());
        std::fflush(stderr);
        nextPlain += plainInterval;
      }
      for (int i = 0; i < 5 && !stop_.load(); ++i) std::this_thread::sleep_for(tick);
    }
    if (terminal) {
      std::fputs("\r\033[K", stderr);
      std::fflush(stderr);
    }
  });
}

ProgressDisplay::~ProgressDisplay() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

ProgressReading ProgressDisplay::read() const {
  ProgressReading r;
  r.phase = progress_.phase.load();
  r.statements = progress_.statements.load();
  r.bytesRead = progress_.bytesRead.load();
  r.bytesTotal = progress_.bytesTotal.load();
  r.rowsIndexed = progress_.rowsIndexed.load();
  r.elapsedSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return r;
}

uint64_t peakRssBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<uint64_t>(usage.ru_maxrss) * 1024;
}

}  // namespace cairn::server
