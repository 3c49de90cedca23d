#pragma once
// PeriodicTask: a thread of its own that calls a task every interval until stopped (the services
// that work in the background: GcService, MemoryReleaseService).
//
// Thread-safety: construct, stop and destroy from one thread; the task runs on the task's thread
// only, one call at a time.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace cairn::server {

class PeriodicTask {
 public:
  // Starts the thread; the first call comes one `interval` after this.
  PeriodicTask(std::chrono::milliseconds interval, std::function<void()> task);
  ~PeriodicTask();  // stop()
  PeriodicTask(const PeriodicTask&) = delete;
  PeriodicTask& operator=(const PeriodicTask&) = delete;

  // Ends the thread; a call under way finishes first. Idempotent.
  void stop();

 private:
  void loop();

  const std::chrono::milliseconds interval_;
  const std::function<void()> task_;
  std::mutex mutex_;  // guards stopping_
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace cairn::server
