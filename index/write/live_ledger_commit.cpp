// LiveLedger's write path: applying a transaction, and the pipelined group commit that makes
// batches of them durable (the roles are described in live_ledger.h).
//
// Waking: each caller waits on a condition variable of its own, so a batch made durable wakes its
// own callers and no one else, and a role with work waiting wakes one caller to take it (on a
// machine of few cores, waking every waiter for each batch cost more than the batches' work).

#include <algorithm>
#include <map>
#include <tuple>

#include "index/commit/commit_record.h"
#include "index/constraints/prefix_declarations.h"
#include "index/constraints/unique_constraints.h"
#include "index/write/commit_time.h"
#include "index/write/live_ledger.h"
#include "index/write/transaction_encoder.h"

namespace cairn::index {

namespace {

// Role rounds a commit() call may take after its own commit is done (see commit()).
constexpr int kRoundsAfterDone = 2;
// A synced batch with at most this many callers besides the syncing one is completed by the
// syncing thread itself; a larger one is handed to the completer thread (syncApplied()).
constexpr long kCompletedInline = 2;

// One transaction applied to a snapshot, not yet durable: the snapshot after it and the record
// that makes it durable (previous and time still to fill in).
struct AppliedTransaction {
  std::shared_ptr<const Ledger> next;
  CommitRecord record;
  uint64_t inserted = 0;
  uint64_t deleted = 0;
};

using TouchedFact =
    std::tuple<core::NodeId, uint64_t, uint64_t, core::ObjectType, uint64_t, uint64_t>;

// Runs every step of `tx` on `start` — each against the state the earlier ones left — and
// returns the net change as one commit at start->t() + 1, or nullopt when nothing changes. New
// terms are appended to the overlay as steps need them; on error or no change they are taken
// back, so the overlay then holds what it held before.
core::Result<std::optional<AppliedTransaction>> applyTransaction(
    const std::shared_ptr<const Ledger>& start, Transaction& tx) {
  TermOverlay& overlay = start->termOverlay();
  const uint64_t irisBefore = overlay.iris.count();
  const uint64_t stringsBefore = overlay.strings.count();
  auto rollback = [&] {
    overlay.iris.truncate(irisBefore);
    overlay.strings.truncate(stringsBefore);
  };
  const uint64_t t = start->t() + 1;
  std::shared_ptr<const Ledger> state = start;
  CommitRecord record;
  record.t = t;
  record.baseT = start->root().t;
  record.blankNodes = start->root().blankNodes;
  std::map<TouchedFact, std::pair<bool, bool>> touched;  // fact → (present before, present after)

  // The direct deletes and inserts are a step of their own unless they are empty and steps
  // follow (SPARQL Update sends only steps).
  const bool direct = !tx.deletes.empty() || !tx.inserts.empty() || tx.steps.empty();
  size_t stepsRun = 0;
  // `last`: no later step reads the state.
  auto runStep = [&](const TxChanges& changes, bool last) -> core::Status {
    const bool only = ++stepsRun == 1 && last;
    CAIRN_ASSIGN_OR_RETURN(EncodedTransaction step, encodeChanges(*state, changes, state->t() + 1));
    for (const NewTerm& term : step.iris) overlay.iris.append(term.text);
    for (const NewTerm& term : step.strings) overlay.strings.append(term.text);
    if (only) {
      // The only step: its flakes are already the net change, in key order.
      record.flakes = std::move(step.flakes);
    } else {
      for (const Flake& f : step.flakes) {
        const TouchedFact key{f.g, f.row.s, f.row.p, f.row.ot, f.row.ok, f.row.i};
        auto [it, fresh] = touched.try_emplace(key, !f.assert, f.assert);
        if (!fresh) it->second.second = f.assert;
      }
    }
    Ledger::CommitTerms terms{step.iris.size(), step.strings.size(), step.languages, step.datatypes,
                              step.blankNodes};
    record.iris.insert(record.iris.end(), step.iris.begin(), step.iris.end());
    record.strings.insert(record.strings.end(), step.strings.begin(), step.strings.end());
    record.languages.insert(record.languages.end(), step.languages.begin(), step.languages.end());
    record.datatypes.insert(record.datatypes.end(), step.datatypes.begin(), step.datatypes.end());
    record.blankNodes = step.blankNodes;
    if (last) return core::Status::ok();
    CAIRN_ASSIGN_OR_RETURN(state, state->withCommit(state->t() + 1, step.flakes, terms));
    return core::Status::ok();
  };

  core::Status status = core::Status::ok();
  if (direct) {
    status = runStep(TxChanges{std::move(tx.deletes), std::move(tx.inserts)}, tx.steps.empty());
  }
  for (size_t i = 0; status.isOk() && i < tx.steps.size(); ++i) {
    bool again = true;
    while (status.isOk() && again) {
      auto changes = tx.steps[i](*state);
      if (!changes.isOk()) {
        status = changes.status();
        break;
      }
      again = changes->again;
      status = runStep(*changes, !again && i + 1 == tx.steps.size());
    }
  }
  if (!status.isOk()) {
    rollback();
    return status;
  }
  AppliedTransaction applied;
  for (const Flake& f : record.flakes) ++(f.assert ? applied.inserted : applied.deleted);
  for (const auto& [key, presence] : touched) {
    if (presence.first == presence.second) continue;
    const auto& [g, s, p, ot, ok, i] = key;
    Flake flake;
    flake.g = g;
    flake.row = IndexRow{s, p, ok, i, t, ot};
    flake.assert = presence.second;
    record.flakes.push_back(flake);
    ++(flake.assert ? applied.inserted : applied.deleted);
  }
  if (record.flakes.empty()) {
    rollback();
    return std::optional<AppliedTransaction>();
  }
  record.message = tx.message;
  const Ledger::CommitTerms terms{record.iris.size(), record.strings.size(), record.languages,
                                  record.datatypes, record.blankNodes};
  auto next = start->withCommit(t, record.flakes, terms);
  if (!next.isOk()) {
    rollback();
    return next.status();
  }
  // Checked on the state the commit makes, so it sees the other writes of this transaction.
  if (core::Status kept = checkUniqueConstraints(**next, record.flakes); !kept.isOk()) {
    rollback();
    return kept;
  }
  if (core::Status wellFormed = checkPrefixDeclarations(**next, record.flakes);
      !wellFormed.isOk()) {
    rollback();
    return wellFormed;
  }
  applied.next = std::move(next).value();
  applied.record = std::move(record);
  return std::optional<AppliedTransaction>(std::move(applied));
}
}  // namespace

void LiveLedger::AppliedBatch::append(AppliedBatch&& later) {
  if (members.empty()) {
    *this = std::move(later);
    return;
  }
  members.insert(members.end(), std::make_move_iterator(later.members.begin()),
                 std::make_move_iterator(later.members.end()));
  records.insert(records.end(), std::make_move_iterator(later.records.begin()),
                 std::make_move_iterator(later.records.end()));
  times.insert(times.end(), std::make_move_iterator(later.times.begin()),
               std::make_move_iterator(later.times.end()));
  state = std::move(later.state);
  head = later.head;
}

core::Result<CommitResult> LiveLedger::commit(Transaction tx) {
  CAIRN_RETURN_IF_ERROR(waitForIndexer());
  auto me = std::make_shared<Pending>();
  me->tx = std::move(tx);
  PendingList takers;
  {
    std::unique_lock lock(queueMutex_);
    queue_.push_back(me);
    // Once done, a caller still takes a few rounds of a role with work waiting: a caller that
    // is awake costs nothing to wake (handing a role to a sleeping caller puts a wakeup on the
    // pipeline's path), and the rounds are bounded so no call serves the others for long.
    int roundsLeft = kRoundsAfterDone;
    auto mayTake = [&] { return !me->result || roundsLeft-- > 0; };
    while (true) {
      // Syncing first: it is what every applied caller waits for.
      if (syncDueLocked() && mayTake()) {
        syncApplied(lock, *me);
      } else if (applyDueLocked() && mayTake()) {
        applyQueued(lock, *me);
      } else if (me->result) {
        break;
      } else {
        me->wake.wait(lock);
      }
    }
    takers = roleTakersLocked(me.get());
  }
  wakeAll(takers);
  return std::move(*me->result);
}

bool LiveLedger::applyDueLocked() const {
  return applier_ == nullptr && !failing_ && !leadWanted_ && !leadHeld_ && !queue_.empty();
}

bool LiveLedger::syncDueLocked() const { return syncer_ == nullptr && !applied_.members.empty(); }

bool LiveLedger::pipelineIdleLocked() const {
  return queue_.empty() && applied_.members.empty() && applier_ == nullptr && syncer_ == nullptr;
}

void LiveLedger::wakeAll(const PendingList& callers) {
  for (const auto& p : callers) p->wake.notify_one();
}

LiveLedger::PendingList LiveLedger::roleTakersLocked(const Pending* self) {
  PendingList takers;
  // A caller of commitAsync() does not wait, so it cannot be woken.
  auto idle = [&](const std::shared_ptr<Pending>& p) {
    return p.get() != self && p.get() != applier_ && p.get() != syncer_ && !p->result && !p->done;
  };
  auto firstIdle = [&](const PendingList& list) -> std::shared_ptr<Pending> {
    for (const auto& p : list) {
      if (idle(p) && (takers.empty() || takers.front() != p)) return p;
    }
    return nullptr;
  };
  // Any waiting caller can take either role; those already applied wait longest.
  bool committerNeeded = false;
  if (syncDueLocked()) {
    auto p = firstIdle(applied_.members);
    if (!p) p = firstIdle(queue_);
    if (p) {
      takers.push_back(std::move(p));
    } else {
      committerNeeded = true;
    }
  }
  if (applyDueLocked()) {
    auto p = firstIdle(queue_);
    if (!p) p = firstIdle(applied_.members);
    if (p) {
      takers.push_back(std::move(p));
    } else {
      committerNeeded = true;
    }
  }
  if (committerNeeded && committer_ && committer_.get() != self && committer_.get() != applier_ &&
      committer_.get() != syncer_) {
    takers.push_back(committer_);
  }
  return takers;
}

void LiveLedger::complete(const PendingList& members, const Pending& self) {
  for (const auto& p : members) {
    if (p->done) {
      p->done(std::move(*p->result));
    } else if (p.get() != &self) {
      p->wake.notify_one();
    }
  }
}

void LiveLedger::commitAsync(Transaction tx, CommitCallback done) {
  if (core::Status status = waitForIndexer(); !status.isOk()) {
    done(status);
    return;
  }
  auto me = std::make_shared<Pending>();
  me->tx = std::move(tx);
  me->done = std::move(done);
  PendingList takers;
  {
    std::unique_lock lock(queueMutex_);
    if (!committer_) {
      committer_ = std::make_shared<Pending>();
      committerThread_ = std::thread([this] { committerLoop(); });
    }
    queue_.push_back(me);
    // Applying is the caller's work (an update's WHERE runs here); syncing waits on the disk, so
    // a caller that must not wait leaves it to the others or the committer.
    if (applyDueLocked()) applyQueued(lock, *me);
    takers = roleTakersLocked(nullptr);
  }
  wakeAll(takers);
}

void LiveLedger::awaitCommits() {
  std::unique_lock lock(queueMutex_);
  queueChanged_.wait(lock, [&] { return pipelineIdleLocked() && completing_ == 0; });
}

size_t LiveLedger::commitsAwaitingSync() const {
  std::lock_guard lock(queueMutex_);
  return applied_.members.size();
}

void LiveLedger::committerLoop() {
  std::unique_lock lock(queueMutex_);
  while (true) {
    if (syncDueLocked()) {
      syncApplied(lock, *committer_);
    } else if (applyDueLocked()) {
      applyQueued(lock, *committer_);
    } else if (stopCommitter_ && pipelineIdleLocked()) {
      return;
    } else {
      committer_->wake.wait(lock);
    }
  }
}

void LiveLedger::stopCommitter() {
  std::thread committer;
  {
    std::lock_guard lock(queueMutex_);
    if (!committer_) return;
    stopCommitter_ = true;
    committer_->wake.notify_one();
    committer = std::move(committerThread_);
  }
  // It finishes the commits in flight first.
  if (committer.joinable()) committer.join();
}

void LiveLedger::applyQueued(std::unique_lock<std::mutex>& lock, const Pending& me) {
  applier_ = &me;
  PendingList work = std::exchange(queue_, PendingList{});
  std::shared_ptr<const Ledger> state = latestState_;
  const storage::ContentId head = appliedHead_;
  PendingList takers = roleTakersLocked(&me);  // a batch applied before may sync meanwhile
  lock.unlock();
  wakeAll(takers);
  AppliedBatch batch = applyAll(std::move(work), std::move(state), head);
  lock.lock();
  applier_ = nullptr;
  latestState_ = batch.state;
  appliedHead_ = batch.head;
  applied_.append(std::move(batch));
  queueChanged_.notify_all();
}

LiveLedger::AppliedBatch LiveLedger::applyAll(PendingList work, std::shared_ptr<const Ledger> state,
                                              storage::ContentId head) {
  AppliedBatch batch;
  TermOverlay& overlay = state->termOverlay();
  batch.irisBefore = overlay.iris.count();
  batch.stringsBefore = overlay.strings.count();
  const std::shared_ptr<const Ledger> start = state;
  const storage::ContentId startHead = head;
  for (const auto& p : work) {
    auto applied = applyTransaction(state, p->tx);
    if (!applied.isOk()) {
      p->answer.emplace(applied.status());
      continue;
    }
    if (!applied->has_value()) {
      // Nothing changes. (If the state it was read from fails to become durable, this answer
      // fails too.)
      p->answer.emplace(CommitResult{state->t(), 0, 0, {}});
      continue;
    }
    AppliedTransaction& a = **applied;
    const int64_t millis = commitMillisNow();
    a.record.time = formatTimeMillis(millis);
    a.record.previous = head;
    if (core::Status valid = validateCommitRecord(a.record); !valid.isOk()) {
      // A bug, not bad input: the encoder builds valid records. Take the terms back.
      overlay.iris.truncate(overlay.iris.count() - a.record.iris.size());
      overlay.strings.truncate(overlay.strings.count() - a.record.strings.size());
      p->answer.emplace(valid);
      continue;
    }
    batch.records.push_back(encodeCommitRecord(a.record));
    head = storage::ContentId::of(batch.records.back());
    batch.times.push_back(CommitTime{a.record.t, millis});
    p->answer.emplace(CommitResult{a.record.t, a.inserted, a.deleted, a.record.time});
    state = std::move(a.next);
  }
  // The records go to the store now, unsynced, while a batch before may be syncing: the sync
  // that makes this batch's head update durable makes them durable with it (makeDurable). If
  // that never comes, they are garbage no head reaches.
  if (!batch.records.empty()) {
    const std::vector<std::string_view> views(batch.records.begin(), batch.records.end());
    if (core::Status stored = blobs_.putMany(views).status(); !stored.isOk()) {
      // Each member was applied on the ones before it: none of them stands.
      for (const auto& p : work) p->answer.emplace(stored);
      overlay.iris.truncate(batch.irisBefore);
      overlay.strings.truncate(batch.stringsBefore);
      batch.records.clear();
      batch.times.clear();
      state = start;
      head = startHead;
    }
  }
  batch.members = std::move(work);
  batch.state = std::move(state);
  batch.head = head;
  return batch;
}

void LiveLedger::syncApplied(std::unique_lock<std::mutex>& lock, const Pending& me) {
  syncer_ = &me;
  AppliedBatch batch = std::exchange(applied_, AppliedBatch{});
  PendingList takers = roleTakersLocked(&me);  // the queue may be applied meanwhile
  lock.unlock();
  wakeAll(takers);
  const core::Status status = makeDurable(batch);
  lock.lock();
  if (status.isOk()) {
    for (const auto& p : batch.members) p->result = std::move(p->answer);
  } else {
    failAppliedLocked(lock, batch, status);
  }
  syncer_ = nullptr;
  queueChanged_.notify_all();
  ++completing_;
  const auto others = std::count_if(batch.members.begin(), batch.members.end(),
                                    [&](const auto& p) { return p.get() != &me; });
  if (others <= kCompletedInline) {
    lock.unlock();
    complete(batch.members, me);
    lock.lock();
    --completing_;
    queueChanged_.notify_all();
    return;
  }
  // Waking a caller or calling back costs a system call each (tens of microseconds on a
  // virtual machine): the completer thread does it while this thread syncs the next batch.
  if (!completer_.joinable()) completer_ = std::thread([this] { completerLoop(); });
  toComplete_.push_back(std::move(batch.members));
  if (completerIdle_) {
    lock.unlock();
    completerWake_.notify_one();
    lock.lock();
  }
}

void LiveLedger::completerLoop() {
  std::unique_lock lock(queueMutex_);
  const Pending none;
  while (true) {
    if (!toComplete_.empty()) {
      PendingList members = std::move(toComplete_.front());
      toComplete_.pop_front();
      lock.unlock();
      complete(members, none);
      lock.lock();
      --completing_;
      queueChanged_.notify_all();
    } else if (stopCompleter_) {
      return;
    } else {
      completerIdle_ = true;
      completerWake_.wait(lock);
      completerIdle_ = false;
    }
  }
}

void LiveLedger::stopCompleter() {
  std::thread completer;
  {
    std::lock_guard lock(queueMutex_);
    stopCompleter_ = true;
    completerWake_.notify_one();
    completer = std::move(completer_);
  }
  // It finishes the batches handed to it first.
  if (completer.joinable()) completer.join();
}

core::Status LiveLedger::makeDurable(const AppliedBatch& batch) {
  if (batch.records.empty()) return core::Status::ok();  // nothing in it changes anything
  // The records were put when applied; the head update after them and one sync of the store's
  // log make them all durable (storage::HeadStore::syncHeads). Applying goes on meanwhile.
  CAIRN_RETURN_IF_ERROR(heads_.compareAndSetHeadDeferred(commitHead_, lastCommit_, batch.head));
  if (core::Status synced = heads_.syncHeads(); !synced.isOk()) {
    // The head moved but may not last: move it back, so the ledger goes on from the commit
    // that is durable (a store whose sync failed usually refuses writes from then on anyway).
    (void)heads_.compareAndSetHeadDeferred(commitHead_, batch.head, lastCommit_);
    return synced;
  }
  lastCommit_ = batch.head;
  recordTimes(batch.times);
  publish(batch.state, batch.head);
  std::lock_guard indexerLock(indexerMutex_);
  if (policy_ && batch.state->novelty().flakeCount() >= policy_->startFlakes()) {
    indexerWake_.notify_one();
  }
  return core::Status::ok();
}

void LiveLedger::failAppliedLocked(std::unique_lock<std::mutex>& lock, AppliedBatch& batch,
                                   const core::Status& status) {
  // Whatever was applied meanwhile was built on this batch; the apply role in progress too.
  failing_ = true;
  queueChanged_.wait(lock, [&] { return applier_ == nullptr; });
  AppliedBatch later = std::exchange(applied_, AppliedBatch{});
  batch.members.insert(batch.members.end(), later.members.begin(), later.members.end());
  for (const auto& p : batch.members) p->result.emplace(status);
  TermOverlay& overlay = batch.state->termOverlay();
  overlay.iris.truncate(batch.irisBefore);
  overlay.strings.truncate(batch.stringsBefore);
  latestState_ = snapshot();
  appliedHead_ = lastCommit_;
  failing_ = false;
}

void LiveLedger::acquireLead() {
  std::unique_lock lock(queueMutex_);
  queueChanged_.wait(lock, [&] { return !leadWanted_ && !leadHeld_; });
  leadWanted_ = true;
  PendingList takers = roleTakersLocked(nullptr);  // what was applied must sync first
  lock.unlock();
  wakeAll(takers);
  lock.lock();
  queueChanged_.wait(
      lock, [&] { return applier_ == nullptr && syncer_ == nullptr && applied_.members.empty(); });
  leadWanted_ = false;
  leadHeld_ = true;
}

void LiveLedger::releaseLead() {
  PendingList takers;
  {
    std::lock_guard lock(queueMutex_);
    leadHeld_ = false;
    // The holder may have published a new root (rebaseOnto): commits go on from it.
    latestState_ = snapshot();
    appliedHead_ = lastCommit_;
    queueChanged_.notify_all();
    takers = roleTakersLocked(nullptr);
  }
  wakeAll(takers);
}

}  // namespace cairn::index
