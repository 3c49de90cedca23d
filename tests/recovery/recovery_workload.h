#pragma once
// The workload and the oracle of the crash-recovery test (crash_recovery_test.cpp).
//
// Each writer owns the subjects <http://cairn.test/recovery/w{writer}/g{seq}>. A *group* is what
// one insert adds about one such subject: 3 to 8 quads (an integer, a shared string, a new IRI,
// new strings, sometimes a language-tagged literal and a quad in a named graph), so every update
// is a multi-quad commit that a crash must keep or lose as a whole. A writer's operations:
// insert a new group; DELETE DATA of one of its live groups; a replace (DELETE DATA of one group
// and INSERT DATA of a new one in one request: two operations, one commit); DELETE WHERE of a
// group's subject in the default graph and in every named graph. Every operation changes the
// ledger, so each acknowledged one is exactly one commit and takes one t. Sequence numbers are
// never reused, so a group that may or may not have been written never collides with a new one.
//
// The oracle (verifyRecovery): writers touch disjoint subjects and send one request at a time,
// so after a crash each writer's quads must equal its state before the round with its
// acknowledged operations applied in order, optionally followed by the one request it had in
// flight when the server died (applied whole or not at all). The ledger's t must account for
// exactly those commits: t_after - t_before = acknowledged + in-flight ones applied.
//
// Thread-safety: a WriterModel is used by one thread at a time (its writer thread during a
// round, the test thread between rounds).

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace cairn::testing::recovery {

// A quad as the test compares it: the graph ("" for the default graph) and the three terms in
// N-Triples/SPARQL syntax (<iri>, "lexical", "lexical"@lang, "lexical"^^<datatype>), joined by
// tabs. The test's terms need no escaping, so the same text is valid SPARQL.
using QuadKey = std::string;

struct Quad {
  std::string graph;  // an IRI without brackets; empty: the default graph
  std::string subject;
  std::string predicate;
  std::string object;

  QuadKey key() const;
};

struct Group {
  uint32_t writer = 0;
  uint64_t seq = 0;
  std::vector<Quad> quads;
};

enum class OperationKind { kInsert, kDeleteData, kReplace, kDeleteWhere };

struct Operation {
  OperationKind kind = OperationKind::kInsert;
  std::optional<uint64_t> removes;  // the group it deletes
  std::optional<uint64_t> adds;     // the group it inserts
  std::string update;               // the SPARQL Update text sent
  uint64_t inserted = 0;            // the quads the answer must report inserted
  uint64_t deleted = 0;             // and deleted

  std::string describe() const;  // "replace g3 by g9"
};

struct Acknowledged {
  Operation operation;
  uint64_t t = 0;
};

// What one writer saw in one round.
struct WriterLog {
  std::vector<Acknowledged> acknowledged;  // 200 answers, in order
  std::optional<Operation> inFlight;       // sent, no answer: the server died
  std::string unexpected;                  // any other answer (fails the test)
};

// The IRI prefix of every subject the test writes.
inline constexpr std::string_view kSubjectPrefix = "http://cairn.test/recovery/w";

class WriterModel {
 public:
  explicit WriterModel(uint32_t writer) : writer_(writer) {}

  uint32_t writer() const { return writer_; }
  // The groups present after the last verified recovery.
  const std::set<uint64_t>& live() const { return live_; }
  void setLive(std::set<uint64_t> live) { live_ = std::move(live); }

  // The next operation given the groups `working` holds (the live set with this round's
  // acknowledged operations applied). New groups are recorded in the model.
  Operation nextOperation(std::mt19937_64& rng, const std::set<uint64_t>& working);
  // An insert of a new group.
  Operation newInsert(std::mt19937_64& rng);
  // An operation of `kind` (not kInsert) that removes group `victim` (a replace also makes the
  // group it inserts).
  Operation removal(OperationKind kind, uint64_t victim, std::mt19937_64& rng);
  // `live` after `operation`.
  static void apply(const Operation& operation, std::set<uint64_t>& live);
  // Every quad of the groups in `live`.
  std::set<QuadKey> quadsOf(const std::set<uint64_t>& live) const;
  const Group* group(uint64_t seq) const;
  // Forgets the definitions of groups that are not live (after a verified recovery).
  void forgetDeadGroups();

 private:
  Group makeGroup(std::mt19937_64& rng);

  uint32_t writer_;
  uint64_t nextSeq_ = 1;
  std::map<uint64_t, Group> groups_;
  std::set<uint64_t> live_;
};

struct RecoveryExpectation {
  uint64_t tBefore = 0;  // the ledger's t before the round's first write
  uint64_t tAfter = 0;   // the recovered ledger's t
  // The tail of the write-ahead log was cut after the kill (a simulated torn write): commits
  // past tAfter may be lost, acknowledged or not, but what remains must be exactly the commits
  // 1..tAfter.
  bool tornTail = false;
};

struct RecoveryOutcome {
  std::vector<std::string> failures;  // empty: the recovered state is a valid one
  uint64_t acknowledged = 0;          // acknowledged commits (t <= tAfter when torn)
  uint64_t inFlightApplied = 0;
  uint64_t inFlightLost = 0;
  uint64_t acknowledgedLost = 0;  // only when torn: acknowledged commits cut off
};

// Checks `actual` (every quad of the recovered ledger) against the models and logs (one per
// writer, same order). On success sets each model's live set to the recovered state and forgets
// dead groups; on failure leaves the models alone.
RecoveryOutcome verifyRecovery(std::vector<WriterModel>& models, const std::vector<WriterLog>& logs,
                               const std::set<QuadKey>& actual,
                               const RecoveryExpectation& expectation);

// The writer a quad belongs to (from its subject); nullopt for a quad the test did not write.
std::optional<uint32_t> writerOf(const QuadKey& key);

}  // namespace cairn::testing::recovery
