// QueryParseCache: a text is parsed once and then served from the cache; the base IRI is part of
// the key; the least recently used entry leaves first; syntax errors are not cached; concurrent
// callers all get the same answer. The Cypher cache keeps checked statements the same way.

#include "server/api/query_parse_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "core/error.h"
#include "cypher/ast/statement.h"
#include "cypher/statement/statement_plan.h"
#include "sparql/parser/sparql_parser.h"

namespace cairn::server::api {
namespace query_parse_cache_test {

struct CountingParser {
  int calls = 0;
  std::function<query::Query()> of(std::string text, std::string base = "") {
    return [this, text, base] {
      ++calls;
      sparql::QueryParseOptions options;
      options.baseIri = base;
      return sparql::parseQuery(text, options);
    };
  }
};

const std::string kQuery = "SELECT ?o WHERE { <http://ex.org/s> <http://ex.org/p> ?o }";

TEST(QueryParseCache, ParsesATextOnceThenServesItFromTheCache) {
  QueryParseCache cache(8);
  CountingParser parser;
  auto first = cache.get("", kQuery, parser.of(kQuery));
  auto second = cache.get("", kQuery, parser.of(kQuery));
  EXPECT_EQ(parser.calls, 1);
  EXPECT_EQ(first, second);
  EXPECT_EQ(second->projection, std::vector<std::string>{"o"});
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.misses(), 1u);
}

TEST(QueryParseCache, TheBaseIriIsPartOfTheKey) {
  QueryParseCache cache(8);
  CountingParser parser;
  const std::string relative = "SELECT ?o WHERE { <s> <p> ?o }";
  auto a = cache.get("http://a.org/", relative, parser.of(relative, "http://a.org/"));
  auto b = cache.get("http://b.org/", relative, parser.of(relative, "http://b.org/"));
  EXPECT_EQ(parser.calls, 2);
  EXPECT_NE(a, b);
  EXPECT_EQ(cache.size(), 2u);
}

TEST(QueryParseCache, TheLeastRecentlyUsedEntryLeavesFirst) {
  QueryParseCache cache(2);
  CountingParser parser;
  auto text = [](int i) { return "SELECT * WHERE { ?s ?p " + std::to_string(i) + " }"; };
  cache.get("", text(1), parser.of(text(1)));
  cache.get("", text(2), parser.of(text(2)));
  cache.get("", text(1), parser.of(text(1)));  // 1 is now the most recent
  cache.get("", text(3), parser.of(text(3)));  // evicts 2
  EXPECT_EQ(parser.calls, 3);
  cache.get("", text(1), parser.of(text(1)));
  EXPECT_EQ(parser.calls, 3);
  cache.get("", text(2), parser.of(text(2)));
  EXPECT_EQ(parser.calls, 4);
  EXPECT_EQ(cache.size(), 2u);
}

TEST(QueryParseCache, SyntaxErrorsPassThroughAndAreNotCached) {
  QueryParseCache cache(8);
  CountingParser parser;
  const std::string bad = "SELECT ?o WHERE { ?s ?p }";
  EXPECT_THROW(cache.get("", bad, parser.of(bad)), core::Error);
  EXPECT_THROW(cache.get("", bad, parser.of(bad)), core::Error);
  EXPECT_EQ(parser.calls, 2);
  EXPECT_EQ(cache.size(), 0u);
}

TEST(QueryParseCache, CapacityZeroAndLongTextsAreNeverCached) {
  QueryParseCache off(0);
  CountingParser parser;
  off.get("", kQuery, parser.of(kQuery));
  off.get("", kQuery, parser.of(kQuery));
  EXPECT_EQ(parser.calls, 2);

  QueryParseCache cache(8);
  const std::string longText =
      kQuery + std::string(QueryParseCache::kMaxTextBytes, ' ');  // whitespace: still valid
  cache.get("", longText, parser.of(longText));
  cache.get("", longText, parser.of(longText));
  EXPECT_EQ(parser.calls, 4);
  EXPECT_EQ(cache.size(), 0u);
}

TEST(QueryParseCache, ConcurrentCallersGetTheSameQuery) {
  QueryParseCache cache(4);
  std::atomic<int> calls{0};
  auto parse = [&] {
    ++calls;
    return sparql::parseQuery(kQuery);
  };
  std::vector<std::thread> threads;
  std::vector<std::shared_ptr<const query::Query>> got(8);
  for (size_t i = 0; i < got.size(); ++i) {
    threads.emplace_back([&, i] {
      for (int r = 0; r < 200; ++r) got[i] = cache.get("", kQuery, parse);
    });
  }
  for (auto& t : threads) t.join();
  for (const auto& q : got) EXPECT_EQ(q->projection, std::vector<std::string>{"o"});
  EXPECT_LE(calls.load(), 8);  // at most one parse per caller that raced the first insert
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.hits() + cache.misses(), 8u * 200u);
}

TEST(CypherParseCache, KeepsCheckedStatementsAndNotTheirErrors) {
  CypherParseCache cache(8);
  int calls = 0;
  auto parse = [&calls](std::string text) {
    return [&calls, text] {
      ++calls;
      return cypher::parseCheckedStatement(text);
    };
  };
  const std::string read = "MATCH (n:User {id: $k}) RETURN n.name";
  auto first = cache.get("", read, parse(read));
  auto second = cache.get("", read, parse(read));
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(first, second);
  EXPECT_EQ(first->query.parts.size(), 1u);
  // A semantic error (an undefined variable) is thrown each time, never cached.
  const std::string wrong = "MATCH (n) RETURN m";
  for (int i = 0; i < 2; ++i) EXPECT_THROW(cache.get("", wrong, parse(wrong)), core::Error);
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.hits(), 1u);
}

}  // namespace query_parse_cache_test
}  // namespace cairn::server::api
