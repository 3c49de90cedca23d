// LedgerRegistry::live racing drop: a ledger being opened while another thread drops it must
// not stay registered afterwards (the server's cache warm-up opens every ledger at start, so a
// DELETE right after a start met this: the name then "existed" and could not be created again).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "core/error.h"
#include "server/ledgers/ledger_registry.h"
#include "tests/unit/storage/temp_dir.h"

namespace cairn::server {
namespace ledger_registry_open_test {

TEST(LedgerRegistryOpen, AnOpenRacingADropDoesNotBringTheLedgerBack) {
  storage::testing::TempDir dir;
  auto store = storage::RocksDbStore::open(dir.path() / "data");
  ASSERT_TRUE(store.isOk()) << store.status().toString();
  LedgerRegistry registry(std::move(store).value(), size_t{8} << 20, dir.path() / "tmp");
  {
    std::ofstream file(dir.path() / "base.nt");
    for (int i = 0; i < 200; ++i) {
      file << "<http://ex.org/s" << i << "> <http://ex.org/v> \"" << i << "\" .\n";
    }
  }
  const index::ImportInput input{(dir.path() / "base.nt").string(), std::nullopt};
  for (int round = 0; round < 200; ++round) {
    registry.create("x", {input}, std::nullopt);
    std::thread opener([&] {
      try {
        registry.live("x");
      } catch (const core::Error& e) {
        EXPECT_EQ(e.code(), core::ErrorCode::kNotFound) << e.message();
      }
    });
    registry.drop("x");
    opener.join();
    ASSERT_FALSE(registry.exists("x")) << "round " << round;
    EXPECT_THROW(registry.live("x"), core::Error);
  }
}

}  // namespace ledger_registry_open_test
}  // namespace cairn::server
