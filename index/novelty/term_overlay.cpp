#include "index/novelty/term_overlay.h"

#include <mutex>

namespace cairn::index {

std::optional<uint64_t> TermList::find(std::string_view text, uint64_t visible) const {
  std::shared_lock lock(mutex_);
  auto it = ids_.find(text);
  if (it == ids_.end() || it->second - firstId_ >= visible) return std::nullopt;
  return it->second;
}

bool TermList::lookupInto(uint64_t id, uint64_t visible, std::string& out) const {
  if (id < firstId_ || id - firstId_ >= visible) return false;
  std::shared_lock lock(mutex_);
  const uint64_t index = id - firstId_;
  if (index >= terms_.size()) return false;
  out.assign(terms_[index]);
  return true;
}

uint64_t TermList::append(std::string text) {
  std::unique_lock lock(mutex_);
  const uint64_t id = firstId_ + terms_.size();
  terms_.push_back(std::move(text));
  ids_.emplace(terms_.back(), id);
  return id;
}

void TermList::truncate(uint64_t count) {
  std::unique_lock lock(mutex_);
  while (terms_.size() > count) {
    ids_.erase(std::string_view(terms_.back()));
    terms_.pop_back();
  }
}

uint64_t TermList::count() const {
  std::shared_lock lock(mutex_);
  return terms_.size();
}

}  // namespace cairn::index
