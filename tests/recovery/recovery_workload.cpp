#include "tests/recovery/recovery_workload.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <stdexcept>

namespace cairn::testing::recovery {
namespace {

constexpr std::string_view kXsdInteger = "http://www.w3.org/2001/XMLSchema#integer";
constexpr size_t kQuadsShown = 3;
constexpr size_t kGroupsShown = 5;

std::string subjectIri(uint32_t writer, uint64_t seq) {
  return "<" + std::string(kSubjectPrefix) + std::to_string(writer) + "/g" + std::to_string(seq) +
         ">";
}

std::string predicate(std::string_view name) {
  return "<http://cairn.test/recovery/p/" + std::string(name) + ">";
}

std::string integer(uint64_t value) {
  return "\"" + std::to_string(value) + "\"^^<" + std::string(kXsdInteger) + ">";
}

std::string quadPattern(const Quad& quad) {
  std::string triple = quad.subject + " " + quad.predicate + " " + quad.object + " .";
  if (quad.graph.empty()) return "  " + triple + "\n";
  return "  GRAPH <" + quad.graph + "> { " + triple + " }\n";
}

std::string dataBlock(std::string_view keyword, const Group& group) {
  std::string text = std::string(keyword) + " DATA {\n";
  for (const Quad& quad : group.quads) text += quadPattern(quad);
  return text + "}";
}

// Reads the decimal number at the start of `text`.
std::optional<uint64_t> leadingNumber(std::string_view text, size_t* length = nullptr) {
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end == text.data()) return std::nullopt;
  if (length != nullptr) *length = static_cast<size_t>(end - text.data());
  return value;
}

// The subject field of a key: the text between the first and second tab.
std::string_view subjectOf(const QuadKey& key) {
  const size_t start = key.find('\t');
  if (start == std::string::npos) return {};
  const size_t end = key.find('\t', start + 1);
  if (end == std::string::npos) return {};
  return std::string_view(key).substr(start + 1, end - start - 1);
}

// The group number in a subject <...w{writer}/g{seq}>.
std::optional<uint64_t> seqOf(const QuadKey& key) {
  const std::string_view subject = subjectOf(key);
  const size_t at = subject.rfind("/g");
  if (at == std::string_view::npos) return std::nullopt;
  size_t length = 0;
  const auto seq = leadingNumber(subject.substr(at + 2), &length);
  if (!seq || subject.substr(at + 2 + length) != ">") return std::nullopt;
  return seq;
}

std::string showQuads(const std::vector<QuadKey>& quads) {
  std::string text;
  for (size_t i = 0; i < quads.size() && i < kQuadsShown; ++i) {
    text += "\n        " + quads[i];
  }
  if (quads.size() > kQuadsShown) {
    text += "\n        ... " + std::to_string(quads.size() - kQuadsShown) + " more";
  }
  return text;
}

std::set<QuadKey> quadsWithSeq(const std::set<QuadKey>& quads, uint64_t seq) {
  std::set<QuadKey> out;
  for (const QuadKey& key : quads) {
    if (seqOf(key) == seq) out.insert(key);
  }
  return out;
}

// What the writer's acknowledged and in-flight operations did to group `seq`.
std::string historyOf(uint64_t seq, const WriterLog& log) {
  std::string text;
  for (const Acknowledged& ack : log.acknowledged) {
    if (ack.operation.adds == seq) text += " inserted at t=" + std::to_string(ack.t) + ";";
    if (ack.operation.removes == seq) text += " deleted at t=" + std::to_string(ack.t) + ";";
  }
  if (log.inFlight && (log.inFlight->adds == seq || log.inFlight->removes == seq)) {
    text += " touched by the in-flight " + log.inFlight->describe() + ";";
  }
  return text.empty() ? " not touched this round" : text;
}

// Why a writer's recovered quads match no valid state, group by group.
std::string describeMismatch(const WriterModel& model, const WriterLog& log,
                             const std::set<uint64_t>& before, const std::set<uint64_t>& after,
                             const std::optional<std::set<uint64_t>>& withInFlight,
                             const std::set<QuadKey>& actual) {
  std::set<uint64_t> seqs = after;
  if (withInFlight) seqs.insert(withInFlight->begin(), withInFlight->end());
  for (const QuadKey& key : actual) {
    if (auto seq = seqOf(key)) seqs.insert(*seq);
  }
  std::string text = "writer " + std::to_string(model.writer()) + ": recovered quads match no " +
                     "valid state (" + std::to_string(log.acknowledged.size()) +
                     " acknowledged operations this round, in flight: " +
                     (log.inFlight ? log.inFlight->describe() : "none") + ")";
  bool perGroupOk = true;
  size_t badGroups = 0;
  for (const uint64_t seq : seqs) {
    const std::set<QuadKey> got = quadsWithSeq(actual, seq);
    const std::set<QuadKey> expected =
        after.contains(seq) ? model.quadsOf({seq}) : std::set<QuadKey>{};
    const std::set<QuadKey> expectedWithInFlight =
        withInFlight && withInFlight->contains(seq) ? model.quadsOf({seq}) : std::set<QuadKey>{};
    if (got == expected || (withInFlight && got == expectedWithInFlight)) continue;
    perGroupOk = false;
    if (++badGroups > kGroupsShown) continue;
    std::vector<QuadKey> missing;
    std::vector<QuadKey> extra;
    std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(),
                        std::back_inserter(missing));
    std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(),
                        std::back_inserter(extra));
    text += "\n  group g" + std::to_string(seq) + " (" +
            (before.contains(seq) ? "live" : "absent") + " before the round;" +
            historyOf(seq, log) + "): expected " + std::to_string(expected.size()) +
            " quads, found " + std::to_string(got.size());
    if (model.group(seq) == nullptr) text += " (a group this writer never made)";
    if (!missing.empty()) text += "\n      missing:" + showQuads(missing);
    if (!extra.empty()) text += "\n      unexpected:" + showQuads(extra);
  }
  if (badGroups > kGroupsShown) {
    text += "\n  ... " + std::to_string(badGroups - kGroupsShown) + " more groups differ";
  }
  if (perGroupOk) {
    text += "\n  every group matches either the acknowledged state or the in-flight " +
            std::string("operation's result, but not all the same one: the in-flight ") +
            (log.inFlight ? log.inFlight->describe() : "operation") + " was applied in part";
  }
  return text;
}

}  // namespace

QuadKey Quad::key() const { return graph + "\t" + subject + "\t" + predicate + "\t" + object; }

std::string Operation::describe() const {
  auto g = [](const std::optional<uint64_t>& seq) { return "g" + std::to_string(*seq); };
  switch (kind) {
    case OperationKind::kInsert:
      return "insert " + g(adds);
    case OperationKind::kDeleteData:
      return "delete data " + g(removes);
    case OperationKind::kReplace:
      return "replace " + g(removes) + " by " + g(adds);
    case OperationKind::kDeleteWhere:
      return "delete where " + g(removes);
  }
  return "?";
}

Group WriterModel::makeGroup(std::mt19937_64& rng) {
  Group group;
  group.writer = writer_;
  group.seq = nextSeq_++;
  const std::string subject = subjectIri(writer_, group.seq);
  const std::string seq = std::to_string(group.seq);
  auto add = [&](std::string graph, std::string_view name, std::string object) {
    group.quads.push_back({std::move(graph), subject, predicate(name), std::move(object)});
  };
  add("", "seq", integer(group.seq));
  add("", "writer", "\"w" + std::to_string(writer_) + "\"");
  add("", "next",
      "<" + std::string(kSubjectPrefix) + std::to_string(writer_) + "/g" + seq + "/object>");
  const int extras = static_cast<int>(rng() % 4);
  for (int i = 0; i < extras; ++i) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(rng()));
    add("", "extra" + std::to_string(i), "\"x" + std::string(hex) + "\"");
  }
  if (rng() % 4 == 0) add("", "label", "\"hello-" + seq + "\"@en");
  if (rng() % 4 == 0) {
    add("http://cairn.test/recovery/graph" + std::to_string(writer_ % 3), "inGraph",
        integer(group.seq));
  }
  return group;
}

Operation WriterModel::newInsert(std::mt19937_64& rng) {
  Group group = makeGroup(rng);
  Operation op;
  op.kind = OperationKind::kInsert;
  op.adds = group.seq;
  op.update = dataBlock("INSERT", group);
  op.inserted = group.quads.size();
  groups_.emplace(group.seq, std::move(group));
  return op;
}

Operation WriterModel::nextOperation(std::mt19937_64& rng, const std::set<uint64_t>& working) {
  const unsigned roll = static_cast<unsigned>(rng() % 100);
  if (working.empty() || roll < 55) return newInsert(rng);
  const uint64_t victim = *std::next(working.begin(), static_cast<long>(rng() % working.size()));
  const OperationKind kind = roll < 70   ? OperationKind::kDeleteData
                             : roll < 88 ? OperationKind::kReplace
                                         : OperationKind::kDeleteWhere;
  return removal(kind, victim, rng);
}

Operation WriterModel::removal(OperationKind kind, uint64_t victim, std::mt19937_64& rng) {
  const Group& old = groups_.at(victim);
  Operation op;
  op.kind = kind;
  op.removes = victim;
  op.deleted = old.quads.size();
  switch (kind) {
    case OperationKind::kInsert:
      throw std::invalid_argument("an insert removes nothing");
    case OperationKind::kDeleteData:
      op.update = dataBlock("DELETE", old);
      break;
    case OperationKind::kReplace: {
      Group fresh = makeGroup(rng);
      op.adds = fresh.seq;
      op.inserted = fresh.quads.size();
      op.update = dataBlock("DELETE", old) + " ;\n" + dataBlock("INSERT", fresh);
      groups_.emplace(fresh.seq, std::move(fresh));
      break;
    }
    case OperationKind::kDeleteWhere: {
      const std::string subject = old.quads.front().subject;
      op.update = "DELETE WHERE { " + subject + " ?p ?o } ;\nDELETE WHERE { GRAPH ?g { " + subject +
                  " ?p ?o } }";
      break;
    }
  }
  return op;
}

void WriterModel::apply(const Operation& operation, std::set<uint64_t>& live) {
  if (operation.removes) live.erase(*operation.removes);
  if (operation.adds) live.insert(*operation.adds);
}

std::set<QuadKey> WriterModel::quadsOf(const std::set<uint64_t>& live) const {
  std::set<QuadKey> quads;
  for (const uint64_t seq : live) {
    for (const Quad& quad : groups_.at(seq).quads) quads.insert(quad.key());
  }
  return quads;
}

const Group* WriterModel::group(uint64_t seq) const {
  auto it = groups_.find(seq);
  return it == groups_.end() ? nullptr : &it->second;
}

void WriterModel::forgetDeadGroups() {
  std::erase_if(groups_, [&](const auto& entry) { return !live_.contains(entry.first); });
}

std::optional<uint32_t> writerOf(const QuadKey& key) {
  const std::string_view subject = subjectOf(key);
  const std::string prefix = "<" + std::string(kSubjectPrefix);
  if (!subject.starts_with(prefix)) return std::nullopt;
  size_t length = 0;
  const auto writer = leadingNumber(subject.substr(prefix.size()), &length);
  if (!writer || subject.substr(prefix.size() + length, 2) != "/g" || !seqOf(key)) {
    return std::nullopt;
  }
  return static_cast<uint32_t>(*writer);
}

RecoveryOutcome verifyRecovery(std::vector<WriterModel>& models, const std::vector<WriterLog>& logs,
                               const std::set<QuadKey>& actual,
                               const RecoveryExpectation& expectation) {
  RecoveryOutcome outcome;
  auto fail = [&](std::string message) { outcome.failures.push_back(std::move(message)); };
  const uint64_t tBefore = expectation.tBefore;
  const uint64_t tAfter = expectation.tAfter;

  std::vector<std::set<QuadKey>> actualByWriter(models.size());
  size_t foreign = 0;
  for (const QuadKey& key : actual) {
    const auto writer = writerOf(key);
    if (writer && *writer < models.size()) {
      actualByWriter[*writer].insert(key);
    } else if (++foreign <= kQuadsShown) {
      fail("a quad nobody wrote: " + key);
    }
  }

  // Acknowledged t values: past tBefore, increasing per writer, distinct across writers.
  std::set<uint64_t> seen;
  uint64_t maxAcknowledged = 0;
  for (const WriterLog& log : logs) {
    uint64_t previous = tBefore;
    for (const Acknowledged& ack : log.acknowledged) {
      if (ack.t <= previous) {
        fail("acknowledged t=" + std::to_string(ack.t) + " (" + ack.operation.describe() +
             ") is not past t=" + std::to_string(previous) +
             " (the round's start or the writer's previous commit)");
      }
      if (!seen.insert(ack.t).second) {
        fail("two acknowledged commits have t=" + std::to_string(ack.t));
      }
      previous = ack.t;
      maxAcknowledged = std::max(maxAcknowledged, ack.t);
    }
  }
  if (tAfter < tBefore) {
    fail("the recovered t=" + std::to_string(tAfter) + " is below t=" + std::to_string(tBefore) +
         " that the ledger had before this round");
  }
  if (!expectation.tornTail && tAfter < maxAcknowledged) {
    fail("the recovered t=" + std::to_string(tAfter) +
         " is below the largest acknowledged t=" + std::to_string(maxAcknowledged));
  }

  std::vector<std::set<uint64_t>> chosen(models.size());
  for (size_t w = 0; w < models.size(); ++w) {
    const WriterModel& model = models[w];
    const WriterLog& log = logs[w];
    std::set<uint64_t> after = model.live();
    bool everyAckKept = true;
    for (const Acknowledged& ack : log.acknowledged) {
      if (expectation.tornTail && ack.t > tAfter) {
        everyAckKept = false;
        ++outcome.acknowledgedLost;
        continue;
      }
      WriterModel::apply(ack.operation, after);
      ++outcome.acknowledged;
    }
    std::optional<std::set<uint64_t>> withInFlight;
    if (log.inFlight && everyAckKept) {
      withInFlight = after;
      WriterModel::apply(*log.inFlight, *withInFlight);
    }
    const std::set<QuadKey>& got = actualByWriter[w];
    if (model.quadsOf(after) == got) {
      chosen[w] = std::move(after);
      if (log.inFlight) ++outcome.inFlightLost;
    } else if (withInFlight && model.quadsOf(*withInFlight) == got) {
      chosen[w] = std::move(*withInFlight);
      ++outcome.inFlightApplied;
    } else {
      fail(describeMismatch(model, log, model.live(), after, withInFlight, got));
    }
  }

  const uint64_t commits = outcome.acknowledged + outcome.inFlightApplied;
  if (outcome.failures.empty() && tAfter >= tBefore && tAfter - tBefore != commits) {
    fail("the ledger went from t=" + std::to_string(tBefore) + " to t=" + std::to_string(tAfter) +
         " but its data shows " + std::to_string(commits) + " commits (" +
         std::to_string(outcome.acknowledged) + " acknowledged, " +
         std::to_string(outcome.inFlightApplied) + " in flight): commits were " +
         (tAfter - tBefore > commits ? "lost or made empty" : "counted twice"));
  }
  if (!outcome.failures.empty()) return outcome;
  for (size_t w = 0; w < models.size(); ++w) {
    models[w].setLive(std::move(chosen[w]));
    models[w].forgetDeadGroups();
  }
  return outcome;
}

}  // namespace cairn::testing::recovery
