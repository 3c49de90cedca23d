// The crash-recovery oracle on made-up outcomes: it must accept every valid recovered state and
// name what is wrong with each invalid one, or the end-to-end test could pass a broken server.

#include "tests/recovery/recovery_workload.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace cairn::testing::recovery {
namespace {

using ::testing::HasSubstr;

// Two writers; writer 0 starts with group g1 live (committed before the round, at t <= 10).
class RecoveryOracleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    models_ = {WriterModel(0), WriterModel(1)};
    const Operation first = models_[0].newInsert(rng_);
    models_[0].setLive({*first.adds});
    logs_.resize(2);
  }

  Operation insert(uint32_t writer) { return models_[writer].newInsert(rng_); }
  void acknowledge(uint32_t writer, Operation op, uint64_t t) {
    logs_[writer].acknowledged.push_back({std::move(op), t});
  }
  // Every quad of the given groups of one writer.
  void addQuads(uint32_t writer, const std::set<uint64_t>& groups) {
    const auto quads = models_[writer].quadsOf(groups);
    actual_.insert(quads.begin(), quads.end());
  }
  RecoveryOutcome verify(uint64_t tAfter, bool torn = false) {
    return verifyRecovery(models_, logs_, actual_, {kTBefore, tAfter, torn});
  }
  static std::string joined(const RecoveryOutcome& outcome) {
    std::string text;
    for (const std::string& failure : outcome.failures) text += failure + "\n";
    return text;
  }

  static constexpr uint64_t kTBefore = 10;
  std::mt19937_64 rng_{7};
  std::vector<WriterModel> models_;
  std::vector<WriterLog> logs_;
  std::set<QuadKey> actual_;
};

TEST_F(RecoveryOracleTest, AcceptsAcknowledgedStateWithOrWithoutTheInFlightCommit) {
  const Operation a = insert(0);
  const Operation b = insert(1);
  const Operation pending = insert(1);
  acknowledge(0, a, 11);
  acknowledge(1, b, 12);
  logs_[1].inFlight = pending;
  addQuads(0, {1, *a.adds});
  addQuads(1, {*b.adds});

  std::vector<WriterModel> saved = models_;
  RecoveryOutcome without = verify(12);
  EXPECT_TRUE(without.failures.empty()) << joined(without);
  EXPECT_EQ(without.acknowledged, 2u);
  EXPECT_EQ(without.inFlightLost, 1u);
  EXPECT_EQ(models_[1].live(), (std::set<uint64_t>{*b.adds}));

  models_ = saved;
  addQuads(1, {*pending.adds});
  RecoveryOutcome with = verify(13);
  EXPECT_TRUE(with.failures.empty()) << joined(with);
  EXPECT_EQ(with.inFlightApplied, 1u);
  EXPECT_EQ(models_[1].live(), (std::set<uint64_t>{*b.adds, *pending.adds}));
}

TEST_F(RecoveryOracleTest, ReportsALostAcknowledgedCommit) {
  const Operation a = insert(0);
  acknowledge(0, a, 11);
  addQuads(0, {1});
  const RecoveryOutcome outcome = verify(11);
  EXPECT_THAT(joined(outcome), HasSubstr("group g" + std::to_string(*a.adds)));
  EXPECT_THAT(joined(outcome), HasSubstr("inserted at t=11"));
  EXPECT_EQ(models_[0].live(), (std::set<uint64_t>{1})) << "a failed check changes nothing";
}

TEST_F(RecoveryOracleTest, ReportsAPartialCommit) {
  const Operation a = insert(0);
  acknowledge(0, a, 11);
  addQuads(0, {1, *a.adds});
  actual_.erase(*models_[0].quadsOf({*a.adds}).begin());
  EXPECT_THAT(joined(verify(11)), HasSubstr("missing"));
}

TEST_F(RecoveryOracleTest, ReportsAnInFlightReplaceAppliedInPart) {
  const Operation replace = models_[0].removal(OperationKind::kReplace, 1, rng_);
  logs_[0].inFlight = replace;
  // The delete half happened, the insert half did not.
  EXPECT_THAT(joined(verify(11)), HasSubstr("applied in part"));
}

TEST_F(RecoveryOracleTest, ReportsADeleteThatCameBack) {
  const Operation remove = models_[0].removal(OperationKind::kDeleteWhere, 1, rng_);
  acknowledge(0, remove, 11);
  addQuads(0, {1});
  EXPECT_THAT(joined(verify(11)), HasSubstr("deleted at t=11"));
}

TEST_F(RecoveryOracleTest, ReportsATThatDoesNotCountTheCommits) {
  const Operation a = insert(0);
  acknowledge(0, a, 11);
  addQuads(0, {1, *a.adds});
  EXPECT_THAT(joined(verify(12)), HasSubstr("lost or made empty"));
}

TEST_F(RecoveryOracleTest, ReportsATBelowTheLargestAcknowledged) {
  const Operation a = insert(0);
  const Operation b = insert(1);
  acknowledge(0, a, 11);
  acknowledge(1, b, 12);
  addQuads(0, {1, *a.adds});
  addQuads(1, {*b.adds});
  EXPECT_THAT(joined(verify(11)), HasSubstr("below the largest acknowledged t=12"));
}

TEST_F(RecoveryOracleTest, ReportsDuplicateAndStaleAcknowledgedTs) {
  const Operation a = insert(0);
  const Operation b = insert(1);
  acknowledge(0, a, 11);
  acknowledge(1, b, 11);
  addQuads(0, {1, *a.adds});
  addQuads(1, {*b.adds});
  EXPECT_THAT(joined(verify(11)), HasSubstr("two acknowledged commits have t=11"));
  logs_[1].acknowledged.front().t = 9;
  EXPECT_THAT(joined(verify(11)), HasSubstr("is not past t=10"));
}

TEST_F(RecoveryOracleTest, ReportsQuadsNobodyWrote) {
  addQuads(0, {1});
  actual_.insert("\t<http://elsewhere/x>\t<http://elsewhere/p>\t\"1\"");
  EXPECT_THAT(joined(verify(10)), HasSubstr("a quad nobody wrote"));
}

TEST_F(RecoveryOracleTest, TornTailAcceptsAPrefixOfTheCommits) {
  const Operation a = insert(0);
  const Operation b = insert(0);
  const Operation c = insert(1);
  acknowledge(0, a, 11);
  acknowledge(0, b, 13);
  acknowledge(1, c, 12);
  logs_[0].inFlight = insert(0);
  addQuads(0, {1, *a.adds});
  addQuads(1, {*c.adds});
  const RecoveryOutcome outcome = verify(12, /*torn=*/true);
  EXPECT_TRUE(outcome.failures.empty()) << joined(outcome);
  EXPECT_EQ(outcome.acknowledgedLost, 1u);

  // A gap is not a prefix: t=11 lost while t=12 survived.
  models_[0].setLive({1});
  actual_.clear();
  addQuads(0, {1});
  addQuads(1, {*c.adds});
  EXPECT_FALSE(verify(12, /*torn=*/true).failures.empty());
}

}  // namespace
}  // namespace cairn::testing::recovery
