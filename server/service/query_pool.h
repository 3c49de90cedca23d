#pragma once
// QueryPool: the threads that run queries (and other long requests such as imports), off the
// network threads. A fixed number of workers bounds the queries running at once; a bounded
// queue holds those waiting; beyond that, trySubmit() refuses and the caller answers 503.
//
// Thread-safety: every method may be called from any thread.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cairn::server {

class QueryPool {
 public:
  QueryPool(unsigned workers, size_t maxQueued);
  ~QueryPool();  // shutdown()
  QueryPool(const QueryPool&) = delete;
  QueryPool& operator=(const QueryPool&) = delete;

  // Runs `task` on a worker; false (and nothing queued) when every worker is busy and the
  // queue is full, or after shutdown. A task must not throw.
  bool trySubmit(std::function<void()> task);

  size_t running() const;
  size_t queued() const;
  unsigned workers() const { return static_cast<unsigned>(threads_.size()); }

  // Refuses new tasks, runs the queued ones, joins the workers. Idempotent.
  void shutdown();

 private:
  void work();

  const size_t maxQueued_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> queue_;
  size_t running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace cairn::server
