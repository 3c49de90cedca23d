#include "server/service/query_pool.h"

#include <algorithm>

namespace cairn::server {

QueryPool::QueryPool(unsigned workers, size_t maxQueued) : maxQueued_(maxQueued) {
  workers = std::max(1u, workers);
  threads_.reserve(workers);
  for (unsigned i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
}

QueryPool::~QueryPool() { shutdown(); }

bool QueryPool::trySubmit(std::function<void()> task) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    // Idle workers take queued tasks at once, so the queue only holds what cannot run yet.
    const size_t idle = threads_.size() - std::min(threads_.size(), running_);
    if (queue_.size() >= idle + maxQueued_) return false;
    queue_.push_back(std::move(task));
  }
  ready_.notify_one();
  return true;
}

size_t QueryPool::running() const {
  std::lock_guard lock(mutex_);
  return running_;
}

size_t QueryPool::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void QueryPool::shutdown() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  ready_.notify_all();
  for (auto& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
  threads_.clear();
}

void QueryPool::work() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, nothing left
      task = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
    }
    task();
    std::lock_guard lock(mutex_);
    --running_;
  }
}

}  // namespace cairn::server
