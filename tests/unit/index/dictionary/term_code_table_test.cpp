#include "index/dictionary/term_code_table.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/object_type.h"

namespace cairn::index {
namespace {

TEST(TermCodeTableTest, CodesAreDenseOneBasedAndStable) {
  TermCodeTable table = TermCodeTable::languages();
  EXPECT_EQ(table.maxCode(), core::otype::kMaxLanguageCode);
  EXPECT_EQ(*table.intern("en"), 1);
  EXPECT_EQ(*table.intern("de"), 2);
  EXPECT_EQ(*table.intern("en"), 1);
  EXPECT_EQ(table.size(), 2u);
  EXPECT_EQ(table.find("de"), std::optional<uint16_t>(2));
  EXPECT_EQ(table.find("fr"), std::nullopt);
  EXPECT_EQ(*table.lookup(2), "de");
  EXPECT_EQ(table.lookup(0).status().code(), core::StatusCode::kNotFound);
  EXPECT_EQ(table.lookup(3).status().code(), core::StatusCode::kNotFound);
  EXPECT_EQ(table.intern("").status().code(), core::StatusCode::kInvalidArgument);
  EXPECT_EQ(TermCodeTable::datatypes().maxCode(), core::otype::kMaxDatatypeCode);
}

TEST(TermCodeTableTest, FullTableIsResourceExhausted) {
  TermCodeTable table(3);
  for (const char* s : {"a", "b", "c"}) ASSERT_TRUE(table.intern(s).isOk());
  EXPECT_EQ(*table.intern("b"), 2);  // existing strings still resolve
  EXPECT_EQ(table.intern("d").status().code(), core::StatusCode::kResourceExhausted);
  EXPECT_EQ(table.size(), 3u);
}

TEST(TermCodeTableTest, JsonRoundTrip) {
  TermCodeTable table = TermCodeTable::datatypes();
  for (const char* dt :
       {"http://example.org/dt#celsius", "http://example.org/dt#kelvin", "urn:x:\xc3\xbc"}) {
    ASSERT_TRUE(table.intern(dt).isOk());
  }
  const nlohmann::json json = table.toJson();
  EXPECT_TRUE(json.is_array());
  EXPECT_EQ(json.size(), 3u);
  auto back = TermCodeTable::fromJson(nlohmann::json::parse(json.dump()), table.maxCode());
  ASSERT_TRUE(back.isOk()) << back.status().toString();
  EXPECT_EQ(*back, table);
  EXPECT_EQ(back->find("http://example.org/dt#kelvin"), std::optional<uint16_t>(2));

  auto empty = TermCodeTable::fromJson(nlohmann::json::array(), 10);
  ASSERT_TRUE(empty.isOk());
  EXPECT_EQ(empty->size(), 0u);
}

TEST(TermCodeTableTest, MalformedJsonIsCorruption) {
  const std::vector<nlohmann::json> bad = {
      nlohmann::json::object(),
      nlohmann::json("en"),
      nlohmann::json::array({"en", 3}),
      nlohmann::json::array({"en", "de", "en"}),
      nlohmann::json::array({"en", ""}),
      nlohmann::json::array({"a", "b", "c", "d"}),  // over the cap of 3
  };
  for (const auto& json : bad) {
    auto table = TermCodeTable::fromJson(json, 3);
    ASSERT_FALSE(table.isOk()) << json.dump();
    EXPECT_EQ(table.status().code(), core::StatusCode::kCorruption) << json.dump();
  }
}

}  // namespace
}  // namespace cairn::index
