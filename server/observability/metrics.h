#pragma once
// The metrics behind `GET /metrics`: counters, gauges and histograms grouped in labelled families,
// plus gauges computed at scrape time, rendered in the Prometheus text exposition format 0.0.4.
//
// Thread-safety: every function may be called from any thread. Updating a metric
// (Counter::inc, Gauge::set/add, Histogram::observe) is lock-free, relaxed atomics only.
// Family::with takes the family's own shared lock for one map lookup (exclusive only the first
// time a label combination appears); the reference it returns stays valid for the registry's
// life, so hot paths look it up once and keep it. Registering a family takes the registry mutex.
// renderPrometheus copies the family list under that mutex and reads values without it, so a
// scrape never blocks updates, and callback gauges run on the scraping thread with no registry
// lock held (they may use the registry themselves).
//
// Misuse is a bug in the calling code, not a user error, and fails a CAIRN_CHECK: an invalid
// metric or label name, a name registered twice with a different shape, a wrong number of label
// values, histogram bounds that are not finite and strictly increasing.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn::server::observability {

// A monotonically increasing count (requests, timeouts, rejections).
class Counter {
 public:
  void inc(uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  uint64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<uint64_t> value_{0};
};

// A value that goes up and down (active queries, queued queries, bytes in a cache). A double holds
// every integer up to 2^53 exactly, which covers counts and byte sizes a gauge will see.
class Gauge {
 public:
  void set(double value) { value_.store(value, std::memory_order_relaxed); }
  void add(double delta) { value_.fetch_add(delta, std::memory_order_relaxed); }
  void sub(double delta) { add(-delta); }
  void inc() { add(1); }
  void dec() { add(-1); }
  double value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

// Latency buckets in seconds, from 1 ms to the 300 s maximum query timeout.
inline const std::vector<double> kLatencyBuckets = {
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300};

// A distribution over fixed buckets: value v falls in the first bucket whose upper bound is
// >= v (Prometheus' `le`), or in the implicit +Inf bucket. NaN goes to +Inf (and makes the sum
// NaN), as in the reference Go client.
class Histogram {
 public:
  // `upperBounds`: finite and strictly increasing; +Inf is implicit and must not be listed.
  explicit Histogram(std::vector<double> upperBounds);

  void observe(double value);
  void observe(std::chrono::nanoseconds elapsed) {
    observe(std::chrono::duration<double>(elapsed).count());
  }

  struct Snapshot {
    // One per upper bound plus +Inf, cumulative: the last entry is the count.
    std::vector<uint64_t> cumulativeCounts;
    double sum = 0;
    uint64_t count() const { return cumulativeCounts.back(); }
  };
  // The count is derived from the buckets read, so it always equals the +Inf bucket even while
  // other threads observe; the sum may include a concurrent observation the buckets miss.
  Snapshot snapshot() const;

  const std::vector<double>& upperBounds() const { return upperBounds_; }

 private:
  std::vector<double> upperBounds_;
  std::unique_ptr<std::atomic<uint64_t>[]> buckets_;  // per bucket, not cumulative; +Inf last
  std::atomic<double> sum_{0};
};

enum class MetricType { kCounter, kGauge, kHistogram };

// What every family shares: the name, help, type and label names, and how it renders.
class MetricFamily {
 public:
  MetricFamily(std::string name, std::string help, MetricType type,
               std::vector<std::string> labelNames);
  virtual ~MetricFamily() = default;
  MetricFamily(const MetricFamily&) = delete;
  MetricFamily& operator=(const MetricFamily&) = delete;

  const std::string& name() const { return name_; }
  const std::string& help() const { return help_; }
  MetricType type() const { return type_; }
  const std::vector<std::string>& labelNames() const { return labelNames_; }

  // Appends this family's sample lines (not the HELP and TYPE lines) to `out`.
  virtual void renderSamples(std::string& out) const = 0;

 private:
  std::string name_;
  std::string help_;
  MetricType type_;
  std::vector<std::string> labelNames_;
};

// Orders label-value tuples lexicographically and lets a tuple of string_views find a stored
// tuple of strings without allocating.
struct LabelValuesLess {
  using is_transparent = void;
  template <typename A, typename B>
  bool operator()(const A& a, const B& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
  }
};

// One metric per combination of label values, created on first use and never removed.
template <typename Metric>
class Family final : public MetricFamily {
 public:
  // `upperBounds` is used only by histogram families.
  Family(std::string name, std::string help, std::vector<std::string> labelNames,
         std::vector<double> upperBounds = {});

  // The metric for these label values, one per label name in order. The reference stays valid
  // for the registry's life.
  Metric& with(std::initializer_list<std::string_view> labelValues) {
    return withValues({labelValues.begin(), labelValues.size()});
  }
  Metric& with(const std::vector<std::string>& labelValues);

  const std::vector<double>& upperBounds() const { return upperBounds_; }

  void renderSamples(std::string& out) const override;

 private:
  Metric& withValues(std::span<const std::string_view> labelValues);

  std::vector<double> upperBounds_;
  mutable std::shared_mutex mutex_;
  // std::map nodes never move, so references to the metrics stay valid as the map grows, and its
  // order is the stable sample order of the rendering.
  std::map<std::vector<std::string>, Metric, LabelValuesLess> children_;
};

using CounterFamily = Family<Counter>;
using GaugeFamily = Family<Gauge>;
using HistogramFamily = Family<Histogram>;

// Samples of a callback gauge: (label values, value) pairs.
using GaugeSamples = std::vector<std::pair<std::vector<std::string>, double>>;
using GaugeCallback = std::function<GaugeSamples()>;

class MetricsRegistry {
 public:
  MetricsRegistry() = default;
  MetricsRegistry(const MetricsRegistry&) = delete;
  MetricsRegistry& operator=(const MetricsRegistry&) = delete;

  // Registering a name again with the same type, help, label names (and bounds) returns the
  // family already there, so independent components may declare the metrics they share.
  CounterFamily& counterFamily(std::string name, std::string help,
                               std::vector<std::string> labelNames);
  GaugeFamily& gaugeFamily(std::string name, std::string help, std::vector<std::string> labelNames);
  HistogramFamily& histogramFamily(std::string name, std::string help,
                                   std::vector<std::string> labelNames,
                                   std::vector<double> upperBounds);

  // Metrics without labels.
  Counter& counter(std::string name, std::string help);
  Gauge& gauge(std::string name, std::string help);
  Histogram& histogram(std::string name, std::string help, std::vector<double> upperBounds);

  // A gauge family whose samples `callback` computes at every scrape, on the scraping thread. It
  // must return one label value per label name for each sample, and stay callable for the
  // registry's life. Samples are rendered sorted by label values. An exception it throws
  // propagates out of renderPrometheus. A name registers one callback only.
  void gaugeCallback(std::string name, std::string help, std::vector<std::string> labelNames,
                     GaugeCallback callback);

  // The Prometheus text format 0.0.4 (content type `text/plain; version=0.0.4`): families in
  // registration order, each with its HELP and TYPE lines, samples sorted by label values.
  std::string renderPrometheus() const;

 private:
  // Returns the existing family of that name if it has the same shape, nullptr if the name is
  // free; fails a check on a conflicting name. Called with mutex_ held.
  MetricFamily* findCompatible(const MetricFamily& wanted) const;
  template <typename FamilyType>
  FamilyType& add(std::unique_ptr<FamilyType> family);

  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<MetricFamily>> families_;
};

// A sample value as Prometheus parses it: integers without an exponent or a decimal point, other
// finite values in the shortest form that reads back exactly, and "+Inf", "-Inf", "NaN".
std::string formatSampleValue(double value);

// A label value between double quotes: backslash, double quote and newline escaped.
std::string escapeLabelValue(std::string_view value);

}  // namespace cairn::server::observability
