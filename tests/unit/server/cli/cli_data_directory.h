#pragma once
// What the CLI command tests that work on a real data directory share (kept beside them, not in
// tests/support: it needs GoogleTest, which the support library does not link): a scratch directory
// with one ledger "things" imported into <scratch>/data by `cairn import`'s run function, and the
// ledger's ex:v values at a t as CSV through `cairn query`.

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace cairn::testing {

inline constexpr const char* kCliExPrefix = "PREFIX ex: <http://ex.org/>\n";

class CliDataDirectoryTest : public ::testing::Test {
 protected:
  // Creates the scratch directory and imports `ntriples` (N-Triples text) as ledger "things".
  void importThings(const std::string& ntriples);
  void TearDown() override;

  // SELECT ?s ?v { ?s ex:v ?v } ORDER BY ?s ?v on "things" in `data`, at `t` (nullopt: latest).
  std::string valuesAt(const std::string& data, std::optional<uint64_t> t);

  std::filesystem::path dir_;
  std::string data_;  // dir_ / "data"
};

}  // namespace cairn::testing
