// The metrics registry: the Prometheus text format checked through a small independent parser,
// escaping, cumulative histogram buckets, exact totals under contention, callback gauges.

#include "server/observability/metrics.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <random>
#include <thread>

namespace cairn::server::observability {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

// One line of the text format 0.0.4, parsed the way Prometheus reads it.
struct ParsedLine {
  enum class Kind { kHelp, kType, kSample } kind;
  std::string name;
  std::string text;  // HELP text (unescaped) or TYPE name
  std::vector<std::pair<std::string, std::string>> labels;
  double value = 0;
};

bool isNameChar(char c, bool first, bool allowColon) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') return true;
  if (allowColon && c == ':') return true;
  return !first && c >= '0' && c <= '9';
}

std::string readName(std::string_view line, size_t& pos, bool allowColon) {
  size_t start = pos;
  while (pos < line.size() && isNameChar(line[pos], pos == start, allowColon)) ++pos;
  return std::string(line.substr(start, pos - start));
}

// Go's strconv.ParseFloat accepts these spellings (and plain decimal / exponent forms).
std::optional<double> parseValue(std::string_view text) {
  if (text == "+Inf") return INFINITY;
  if (text == "-Inf") return -INFINITY;
  if (text == "NaN") return NAN;
  if (text.empty()) return std::nullopt;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e')) {
      return std::nullopt;
    }
  }
  std::string copy(text);
  char* end = nullptr;
  double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return std::nullopt;
  return value;
}

// Returns nullopt (and records why) for anything Prometheus would reject.
std::optional<ParsedLine> parseLine(std::string_view line) {
  ParsedLine parsed;
  if (line.starts_with("# HELP ") || line.starts_with("# TYPE ")) {
    bool help = line.starts_with("# HELP ");
    size_t pos = 7;
    parsed.kind = help ? ParsedLine::Kind::kHelp : ParsedLine::Kind::kType;
    parsed.name = readName(line, pos, true);
    if (parsed.name.empty() || pos >= line.size() || line[pos] != ' ') return std::nullopt;
    ++pos;
    if (!help) {
      parsed.text = std::string(line.substr(pos));
      if (parsed.text != "counter" && parsed.text != "gauge" && parsed.text != "histogram") {
        return std::nullopt;
      }
      return parsed;
    }
    for (; pos < line.size(); ++pos) {
      if (line[pos] != '\\') {
        parsed.text += line[pos];
      } else if (pos + 1 < line.size() && line[pos + 1] == '\\') {
        parsed.text += '\\';
        ++pos;
      } else if (pos + 1 < line.size() && line[pos + 1] == 'n') {
        parsed.text += '\n';
        ++pos;
      } else {
        return std::nullopt;
      }
    }
    return parsed;
  }
  if (line.starts_with("#")) return std::nullopt;
  parsed.kind = ParsedLine::Kind::kSample;
  size_t pos = 0;
  parsed.name = readName(line, pos, true);
  if (parsed.name.empty()) return std::nullopt;
  if (pos < line.size() && line[pos] == '{') {
    ++pos;
    while (true) {
      std::string label = readName(line, pos, false);
      if (label.empty() || pos + 1 >= line.size() || line[pos] != '=' || line[pos + 1] != '"') {
        return std::nullopt;
      }
      pos += 2;
      std::string value;
      while (true) {
        if (pos >= line.size()) return std::nullopt;
        char c = line[pos++];
        if (c == '"') break;
        if (c == '\n') return std::nullopt;
        if (c != '\\') {
          value += c;
          continue;
        }
        if (pos >= line.size()) return std::nullopt;
        char escaped = line[pos++];
        if (escaped == '\\') {
          value += '\\';
        } else if (escaped == '"') {
          value += '"';
        } else if (escaped == 'n') {
          value += '\n';
        } else {
          return std::nullopt;
        }
      }
      parsed.labels.emplace_back(label, value);
      if (pos < line.size() && line[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < line.size() && line[pos] == '}') {
        ++pos;
        break;
      }
      return std::nullopt;
    }
  }
  if (pos >= line.size() || line[pos] != ' ') return std::nullopt;
  std::optional<double> value = parseValue(line.substr(pos + 1));
  if (!value) return std::nullopt;
  parsed.value = *value;
  return parsed;
}

// Parses a whole exposition; every line must parse and the text must end with a newline.
std::vector<ParsedLine> parseExposition(const std::string& text) {
  std::vector<ParsedLine> lines;
  if (text.empty()) return lines;
  EXPECT_EQ(text.back(), '\n') << "the exposition must end with a newline";
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    std::optional<ParsedLine> parsed = parseLine(line);
    EXPECT_TRUE(parsed.has_value()) << "unparseable line: " << line;
    if (parsed) lines.push_back(std::move(*parsed));
    start = end + 1;
  }
  return lines;
}

std::vector<const ParsedLine*> samplesNamed(const std::vector<ParsedLine>& lines,
                                            std::string_view name) {
  std::vector<const ParsedLine*> out;
  for (const ParsedLine& line : lines) {
    if (line.kind == ParsedLine::Kind::kSample && line.name == name) out.push_back(&line);
  }
  return out;
}

TEST(Metrics, CounterFamilyRendersExactly) {
  MetricsRegistry registry;
  CounterFamily& requests =
      registry.counterFamily("cairn_http_requests_total", "HTTP requests.", {"route", "status"});
  requests.with({"sparql", "200"}).inc(3);
  requests.with({"health", "200"}).inc();
  requests.with({"sparql", "400"}).inc(0);
  EXPECT_EQ(registry.renderPrometheus(),
            "# HELP cairn_http_requests_total HTTP requests.\n"
            "# TYPE cairn_http_requests_total counter\n"
            "cairn_http_requests_total{route=\"health\",status=\"200\"} 1\n"
            "cairn_http_requests_total{route=\"sparql\",status=\"200\"} 3\n"
            "cairn_http_requests_total{route=\"sparql\",status=\"400\"} 0\n");
}

TEST(Metrics, EveryLineParsesAndFamiliesKeepRegistrationOrder) {
  MetricsRegistry registry;
  registry.gauge("cairn_active_queries", "Queries running now.").set(2);
  registry.counter("cairn_query_timeouts_total", "Queries stopped by their deadline.").inc(7);
  HistogramFamily& latency = registry.histogramFamily("cairn_request_seconds", "Request latency.",
                                                      {"route"}, {0.01, 0.1, 1});
  latency.with({"sparql"}).observe(0.05);
  latency.with({"ledgers"}).observe(2.0);
  registry.gaugeFamily("cairn_queued_queries", "Queries waiting.", {}).with({}).set(0.5);

  std::vector<ParsedLine> lines = parseExposition(registry.renderPrometheus());
  std::vector<std::string> typeOrder;
  std::string currentFamily;
  for (const ParsedLine& line : lines) {
    if (line.kind == ParsedLine::Kind::kHelp) {
      currentFamily = line.name;
    } else if (line.kind == ParsedLine::Kind::kType) {
      EXPECT_EQ(line.name, currentFamily) << "TYPE follows its family's HELP";
      typeOrder.push_back(line.name + " " + line.text);
    } else {
      EXPECT_TRUE(line.name == currentFamily || line.name == currentFamily + "_bucket" ||
                  line.name == currentFamily + "_sum" || line.name == currentFamily + "_count")
          << line.name << " outside its family " << currentFamily;
    }
  }
  EXPECT_THAT(typeOrder,
              ElementsAre("cairn_active_queries gauge", "cairn_query_timeouts_total counter",
                          "cairn_request_seconds histogram", "cairn_queued_queries gauge"));
  ASSERT_EQ(samplesNamed(lines, "cairn_active_queries").size(), 1u);
  EXPECT_EQ(samplesNamed(lines, "cairn_active_queries")[0]->value, 2);
  EXPECT_EQ(samplesNamed(lines, "cairn_query_timeouts_total")[0]->value, 7);
  EXPECT_EQ(samplesNamed(lines, "cairn_queued_queries")[0]->value, 0.5);
  // Histogram children sorted by label value: "ledgers" before "sparql".
  auto counts = samplesNamed(lines, "cairn_request_seconds_count");
  ASSERT_EQ(counts.size(), 2u);
  EXPECT_THAT(counts[0]->labels, ElementsAre(Pair("route", "ledgers")));
  EXPECT_THAT(counts[1]->labels, ElementsAre(Pair("route", "sparql")));
}

TEST(Metrics, RenderingIsStableAcrossScrapes) {
  MetricsRegistry registry;
  CounterFamily& family = registry.counterFamily("c_total", "c", {"k"});
  for (const char* key : {"z", "a", "m", "b"}) family.with({key}).inc();
  std::string first = registry.renderPrometheus();
  EXPECT_EQ(registry.renderPrometheus(), first);
  EXPECT_LT(first.find("k=\"a\""), first.find("k=\"b\""));
  EXPECT_LT(first.find("k=\"m\""), first.find("k=\"z\""));
}

TEST(Metrics, LabelValuesAndHelpAreEscaped) {
  MetricsRegistry registry;
  std::string nasty = "a\\b\"c\nd";
  registry.counterFamily("escapes_total", "help with \\ and\nnewline and \"quotes\"", {"v"})
      .with({nasty})
      .inc();
  std::string text = registry.renderPrometheus();
  EXPECT_THAT(text, HasSubstr("escapes_total{v=\"a\\\\b\\\"c\\nd\"} 1\n"));
  EXPECT_THAT(text,
              HasSubstr("# HELP escapes_total help with \\\\ and\\nnewline and \"quotes\"\n"));

  std::vector<ParsedLine> lines = parseExposition(text);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].text, "help with \\ and\nnewline and \"quotes\"");
  EXPECT_THAT(lines[2].labels, ElementsAre(Pair("v", nasty)));
  EXPECT_EQ(escapeLabelValue("plain"), "\"plain\"");
  EXPECT_EQ(escapeLabelValue(""), "\"\"");
}

TEST(Metrics, HistogramBucketsAreCumulative) {
  MetricsRegistry registry;
  Histogram& histogram = registry.histogram("latency_seconds", "Latency.", {0.005, 0.1, 1, 2.5});
  for (double v : {0.001, 0.005, 0.05, 0.1, 0.5, 3.0, 100.0}) histogram.observe(v);
  histogram.observe(std::chrono::milliseconds(2));  // 0.002 s

  std::vector<ParsedLine> lines = parseExposition(registry.renderPrometheus());
  auto buckets = samplesNamed(lines, "latency_seconds_bucket");
  ASSERT_EQ(buckets.size(), 5u);
  std::vector<std::string> le;
  std::vector<double> counts;
  for (const ParsedLine* bucket : buckets) {
    ASSERT_EQ(bucket->labels.size(), 1u);
    EXPECT_EQ(bucket->labels[0].first, "le");
    le.push_back(bucket->labels[0].second);
    counts.push_back(bucket->value);
  }
  // A value equal to a bound belongs to that bucket (le means "less or equal").
  EXPECT_THAT(le, ElementsAre("0.005", "0.1", "1", "2.5", "+Inf"));
  EXPECT_THAT(counts, ElementsAre(3, 5, 6, 6, 8));
  auto count = samplesNamed(lines, "latency_seconds_count");
  auto sum = samplesNamed(lines, "latency_seconds_sum");
  ASSERT_EQ(count.size(), 1u);
  ASSERT_EQ(sum.size(), 1u);
  EXPECT_EQ(count[0]->value, 8);
  EXPECT_NEAR(sum[0]->value, 0.001 + 0.005 + 0.05 + 0.1 + 0.5 + 3.0 + 100.0 + 0.002, 1e-9);

  Histogram::Snapshot snapshot = histogram.snapshot();
  EXPECT_THAT(snapshot.cumulativeCounts, ElementsAre(3, 5, 6, 6, 8));
  EXPECT_EQ(snapshot.count(), 8u);
}

TEST(Metrics, HistogramLabelsPrecedeLeAndNanGoesToInf) {
  MetricsRegistry registry;
  HistogramFamily& family = registry.histogramFamily("h", "", {"route"}, {1});
  family.with({"q"}).observe(NAN);
  family.with({"q"}).observe(-5);
  std::string text = registry.renderPrometheus();
  EXPECT_EQ(text,
            "# TYPE h histogram\n"
            "h_bucket{route=\"q\",le=\"1\"} 1\n"
            "h_bucket{route=\"q\",le=\"+Inf\"} 2\n"
            "h_sum{route=\"q\"} NaN\n"
            "h_count{route=\"q\"} 2\n");
  parseExposition(text);
}

TEST(Metrics, HistogramWithoutBoundsHasOnlyInf) {
  Histogram histogram({});
  histogram.observe(1);
  histogram.observe(2);
  EXPECT_THAT(histogram.snapshot().cumulativeCounts, ElementsAre(2));
  EXPECT_EQ(histogram.snapshot().sum, 3);
}

TEST(Metrics, ConcurrentIncrementsGiveExactTotals) {
  constexpr int kThreads = 8;
  constexpr int kIncrements = 100'000;
  MetricsRegistry registry;
  CounterFamily& family = registry.counterFamily("hits_total", "Hits.", {"route"});
  Counter& cached = registry.counter("cached_total", "Cached.");
  Gauge& gauge = registry.gauge("level", "Level.");
  Histogram& histogram = registry.histogram("obs", "Observations.", {0.5});
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kIncrements; ++i) {
        cached.inc();
        // Lookups through the family, half of them creating-or-finding a shared child.
        family.with({i % 2 == 0 ? "even" : "odd"}).inc();
        gauge.add(t % 2 == 0 ? 1 : -1);
        gauge.inc();
        histogram.observe(i % 2 == 0 ? 0.25 : 0.75);
      }
    });
  }
  // Scrape concurrently: every rendering must parse and stay self-consistent.
  for (int i = 0; i < 20; ++i) {
    std::vector<ParsedLine> lines = parseExposition(registry.renderPrometheus());
    auto inf = samplesNamed(lines, "obs_bucket");
    auto count = samplesNamed(lines, "obs_count");
    ASSERT_EQ(inf.size(), 2u);
    ASSERT_EQ(count.size(), 1u);
    EXPECT_EQ(inf[1]->value, count[0]->value);
    EXPECT_LE(inf[0]->value, inf[1]->value);
  }
  for (std::thread& thread : threads) thread.join();

  EXPECT_EQ(cached.value(), uint64_t{kThreads} * kIncrements);
  EXPECT_EQ(family.with({"even"}).value() + family.with({"odd"}).value(),
            uint64_t{kThreads} * kIncrements);
  EXPECT_EQ(family.with({"even"}).value(), uint64_t{kThreads} * kIncrements / 2);
  EXPECT_EQ(gauge.value(), double{kThreads} * kIncrements);  // +1 -1 cancel, inc() remains
  Histogram::Snapshot snapshot = histogram.snapshot();
  EXPECT_THAT(snapshot.cumulativeCounts,
              ElementsAre(uint64_t{kThreads} * kIncrements / 2, uint64_t{kThreads} * kIncrements));
  EXPECT_EQ(snapshot.sum, kThreads * (kIncrements / 2) * (0.25 + 0.75));
}

TEST(Metrics, ConcurrentFirstUseCreatesOneChild) {
  MetricsRegistry registry;
  GaugeFamily& family = registry.gaugeFamily("g", "G.", {"ledger"});
  std::vector<Gauge*> seen(8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] { seen[t] = &family.with({"same"}); });
  }
  for (std::thread& thread : threads) thread.join();
  for (Gauge* gauge : seen) EXPECT_EQ(gauge, seen[0]);
}

TEST(Metrics, ReferencesStayValidAsFamiliesGrow) {
  MetricsRegistry registry;
  CounterFamily& family = registry.counterFamily("grow_total", "Grow.", {"i"});
  Counter& first = family.with({"0"});
  first.inc(41);
  for (int i = 1; i < 1000; ++i) family.with({std::to_string(i)}).inc();
  first.inc();
  EXPECT_EQ(&family.with(std::vector<std::string>{"0"}), &first);
  EXPECT_EQ(first.value(), 42u);
}

TEST(Metrics, RegisteringTheSameShapeAgainReturnsTheFamily) {
  MetricsRegistry registry;
  CounterFamily& a = registry.counterFamily("shared_total", "Shared.", {"x"});
  CounterFamily& b = registry.counterFamily("shared_total", "Shared.", {"x"});
  EXPECT_EQ(&a, &b);
  HistogramFamily& h1 = registry.histogramFamily("hist", "H.", {}, {1, 2});
  HistogramFamily& h2 = registry.histogramFamily("hist", "H.", {}, {1, 2});
  EXPECT_EQ(&h1, &h2);
  EXPECT_EQ(&registry.counter("plain_total", "P."), &registry.counter("plain_total", "P."));
  // Registered once, rendered once.
  std::string text = registry.renderPrometheus();
  EXPECT_EQ(text.find("# TYPE shared_total"), text.rfind("# TYPE shared_total"));
}

TEST(Metrics, CallbackGaugesAreReadAtScrapeTime) {
  MetricsRegistry registry;
  std::vector<std::pair<std::string, double>> ledgers = {{"wiki", 1e9}, {"dblp", 12345}};
  registry.gaugeCallback("cairn_ledger_triples", "Triples per ledger.", {"ledger"}, [&] {
    GaugeSamples samples;
    for (const auto& [name, triples] : ledgers) samples.push_back({{name}, triples});
    return samples;
  });
  std::vector<ParsedLine> lines = parseExposition(registry.renderPrometheus());
  auto samples = samplesNamed(lines, "cairn_ledger_triples");
  ASSERT_EQ(samples.size(), 2u);
  EXPECT_THAT(samples[0]->labels, ElementsAre(Pair("ledger", "dblp")));
  EXPECT_EQ(samples[0]->value, 12345);
  EXPECT_THAT(samples[1]->labels, ElementsAre(Pair("ledger", "wiki")));
  EXPECT_EQ(samples[1]->value, 1e9);
  EXPECT_THAT(registry.renderPrometheus(),
              HasSubstr("cairn_ledger_triples{ledger=\"wiki\"} 1000000000\n"));

  ledgers = {{"new", 3}};
  EXPECT_THAT(registry.renderPrometheus(), HasSubstr("# TYPE cairn_ledger_triples gauge\n"
                                                     "cairn_ledger_triples{ledger=\"new\"} 3\n"));
  ledgers.clear();
  EXPECT_EQ(registry.renderPrometheus(),
            "# HELP cairn_ledger_triples Triples per ledger.\n"
            "# TYPE cairn_ledger_triples gauge\n");
}

TEST(Metrics, CallbackMayUseTheRegistry) {
  MetricsRegistry registry;
  registry.gaugeCallback("outer", "Outer.", {}, [&registry] {
    // Runs with no registry lock held, so this neither deadlocks nor is rendered this time.
    registry.counter("made_in_callback_total", "Late.").inc();
    return GaugeSamples{{{}, 1}};
  });
  std::string first = registry.renderPrometheus();
  EXPECT_THAT(first, HasSubstr("outer 1\n"));
  EXPECT_THAT(first, ::testing::Not(HasSubstr("made_in_callback_total")));
  // The second scrape runs the callback again before it reaches the counter it made.
  EXPECT_THAT(registry.renderPrometheus(), HasSubstr("made_in_callback_total 2\n"));
}

TEST(Metrics, CallbackExceptionsPropagate) {
  MetricsRegistry registry;
  registry.gaugeCallback("fails", "F.", {}, []() -> GaugeSamples {
    throw std::runtime_error("ledger list unavailable");
  });
  EXPECT_THROW(registry.renderPrometheus(), std::runtime_error);
}

TEST(Metrics, SampleValuesParseAsPrometheusExpects) {
  EXPECT_EQ(formatSampleValue(0), "0");
  EXPECT_EQ(formatSampleValue(-0.0), "0");
  EXPECT_EQ(formatSampleValue(42), "42");
  EXPECT_EQ(formatSampleValue(-7), "-7");
  EXPECT_EQ(formatSampleValue(1073741824), "1073741824");
  EXPECT_EQ(formatSampleValue(1e20), "100000000000000000000");
  EXPECT_EQ(formatSampleValue(0.1), "0.1");
  EXPECT_EQ(formatSampleValue(2.5), "2.5");
  EXPECT_EQ(formatSampleValue(INFINITY), "+Inf");
  EXPECT_EQ(formatSampleValue(-INFINITY), "-Inf");
  EXPECT_EQ(formatSampleValue(NAN), "NaN");
  EXPECT_EQ(formatSampleValue(1e300), "1e+300");
  // Round trip: whatever is printed reads back to the same double.
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> exponent(-30, 30);
  for (int i = 0; i < 10'000; ++i) {
    double value = std::pow(10.0, exponent(random)) * (i % 2 == 0 ? 1 : -1);
    std::string text = formatSampleValue(value);
    std::optional<double> parsed = parseValue(text);
    ASSERT_TRUE(parsed.has_value()) << text;
    EXPECT_EQ(*parsed, value) << text;
  }
}

TEST(MetricsDeathTest, MisuseFailsChecks) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  MetricsRegistry registry;
  registry.counterFamily("requests_total", "R.", {"route"});
  registry.histogram("lat", "L.", {1});
  EXPECT_DEATH(registry.counterFamily("requests_total", "R.", {"status"}), "different");
  EXPECT_DEATH(registry.gaugeFamily("requests_total", "R.", {"route"}), "different");
  EXPECT_DEATH(registry.counter("lat_count", "clash"), "clashes");
  EXPECT_DEATH(registry.counterFamily("bad name", "B.", {}), "metric name");
  EXPECT_DEATH(registry.counterFamily("ok_total", "B.", {"__reserved"}), "label name");
  EXPECT_DEATH(registry.counterFamily("ok_total", "B.", {"a", "a"}), "repeated");
  EXPECT_DEATH(registry.histogramFamily("h2", "H.", {"le"}, {1}), "le");
  EXPECT_DEATH(registry.histogram("h3", "H.", {2, 1}), "strictly increasing");
  EXPECT_DEATH(registry.histogram("h4", "H.", {1, INFINITY}), "finite");
  EXPECT_DEATH(registry.counterFamily("requests_total", "R.", {"route"}).with({"a", "b"}),
               "number of label values");
  registry.gaugeCallback("cb", "C.", {"x"}, [] { return GaugeSamples{{{"a", "b"}, 1}}; });
  EXPECT_DEATH(registry.gaugeCallback("cb", "C.", {"x"}, [] { return GaugeSamples{}; }),
               "registered twice");
  EXPECT_DEATH(registry.renderPrometheus(), "wrong number of label values");
}

}  // namespace
}  // namespace cairn::server::observability
