#include "server/observability/metrics.h"

#include <charconv>
#include <cmath>
#include <type_traits>
#include <typeinfo>

#include "core/check.h"

namespace cairn::server::observability {
namespace {

bool isMetricName(std::string_view name) {
  if (name.empty()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
    bool digit = c >= '0' && c <= '9';
    if (!letter && !(digit && i > 0)) return false;
  }
  return true;
}

// Label names starting with "__" are reserved for Prometheus itself.
bool isLabelName(std::string_view name) {
  if (name.empty() || name.starts_with("__")) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    bool digit = c >= '0' && c <= '9';
    if (!letter && !(digit && i > 0)) return false;
  }
  return true;
}

void checkLabelNames(const std::vector<std::string>& labelNames, MetricType type) {
  for (size_t i = 0; i < labelNames.size(); ++i) {
    CAIRN_CHECK(isLabelName(labelNames[i]), "invalid Prometheus label name");
    // "le" is the bucket label of histograms.
    CAIRN_CHECK(type != MetricType::kHistogram || labelNames[i] != "le",
                "a histogram cannot have a label named le");
    for (size_t j = 0; j < i; ++j) {
      CAIRN_CHECK(labelNames[i] != labelNames[j], "label name repeated in one family");
    }
  }
}

std::string_view typeName(MetricType type) {
  switch (type) {
    case MetricType::kCounter:
      return "counter";
    case MetricType::kGauge:
      return "gauge";
    case MetricType::kHistogram:
      return "histogram";
  }
  return "untyped";
}

// HELP text escapes only backslash and newline (a double quote is literal there).
void appendHelp(std::string& out, std::string_view help) {
  for (char c : help) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
}

// `{a="x",b="y"}`, with an optional extra label (a histogram's `le`) last; nothing when there are
// no labels at all.
template <typename Values>
void appendLabels(std::string& out, const std::vector<std::string>& names, const Values& values,
                  std::string_view extraName = {}, std::string_view extraValue = {}) {
  if (names.empty() && extraName.empty()) return;
  out += '{';
  bool first = true;
  auto appendOne = [&](std::string_view name, std::string_view value) {
    if (!first) out += ',';
    first = false;
    out += name;
    out += '=';
    out += escapeLabelValue(value);
  };
  size_t i = 0;
  for (const auto& value : values) appendOne(names[i++], value);
  if (!extraName.empty()) appendOne(extraName, extraValue);
  out += '}';
}

template <typename Values>
void appendSample(std::string& out, std::string_view name, const std::vector<std::string>& names,
                  const Values& values, std::string_view value) {
  out += name;
  appendLabels(out, names, values);
  out += ' ';
  out += value;
  out += '\n';
}

// The names a family puts on sample lines, which must not clash with another family's.
std::vector<std::string> sampleNames(const MetricFamily& family) {
  if (family.type() != MetricType::kHistogram) return {family.name()};
  return {family.name(), family.name() + "_bucket", family.name() + "_sum",
          family.name() + "_count"};
}

class CallbackGaugeFamily final : public MetricFamily {
 public:
  CallbackGaugeFamily(std::string name, std::string help, std::vector<std::string> labelNames,
                      GaugeCallback callback)
      : MetricFamily(std::move(name), std::move(help), MetricType::kGauge, std::move(labelNames)),
        callback_(std::move(callback)) {
    CAIRN_CHECK(callback_ != nullptr, "gauge callback is empty");
  }

  void renderSamples(std::string& out) const override {
    GaugeSamples samples = callback_();
    for (const auto& [values, value] : samples) {
      CAIRN_CHECK(values.size() == labelNames().size(),
                  "gauge callback returned the wrong number of label values");
    }
    std::stable_sort(samples.begin(), samples.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [values, value] : samples) {
      appendSample(out, name(), labelNames(), values, formatSampleValue(value));
    }
  }

 private:
  GaugeCallback callback_;
};

}  // namespace

std::string formatSampleValue(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  if (value == 0) return "0";  // also -0
  char buffer[64];
  std::to_chars_result result;
  // Below 1e21 an integral value prints as plain digits; beyond, the exponent form is shorter
  // and still exact.
  if (value == std::trunc(value) && std::fabs(value) < 1e21) {
    result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  } else {
    result = std::to_chars(buffer, buffer + sizeof buffer, value);
  }
  CAIRN_CHECK(result.ec == std::errc(), "to_chars buffer too small");
  return std::string(buffer, result.ptr);
}

std::string escapeLabelValue(std::string_view value) {
  std::string out;
  out.reserve(value.size() + 2);
  out += '"';
  for (char c : value) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  out += '"';
  return out;
}

Histogram::Histogram(std::vector<double> upperBounds)
    : upperBounds_(std::move(upperBounds)),
      buckets_(std::make_unique<std::atomic<uint64_t>[]>(upperBounds_.size() + 1)) {
  for (size_t i = 0; i < upperBounds_.size(); ++i) {
    CAIRN_CHECK(std::isfinite(upperBounds_[i]), "histogram bounds must be finite");
    CAIRN_CHECK(i == 0 || upperBounds_[i - 1] < upperBounds_[i],
                "histogram bounds must be strictly increasing");
  }
}

void Histogram::observe(double value) {
  // First bound >= value; NaN compares false with everything and lands in +Inf.
  size_t bucket = upperBounds_.size();
  if (!std::isnan(value)) {
    bucket =
        std::lower_bound(upperBounds_.begin(), upperBounds_.end(), value) - upperBounds_.begin();
  }
  buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(value, std::memory_order_relaxed);
}

Histogram::Snapshot Histogram::snapshot() const {
  Snapshot snapshot;
  snapshot.cumulativeCounts.resize(upperBounds_.size() + 1);
  uint64_t total = 0;
  for (size_t i = 0; i <= upperBounds_.size(); ++i) {
    total += buckets_[i].load(std::memory_order_relaxed);
    snapshot.cumulativeCounts[i] = total;
  }
  snapshot.sum = sum_.load(std::memory_order_relaxed);
  return snapshot;
}

MetricFamily::MetricFamily(std::string name, std::string help, MetricType type,
                           std::vector<std::string> labelNames)
    : name_(std::move(name)),
      help_(std::move(help)),
      type_(type),
      labelNames_(std::move(labelNames)) {
  CAIRN_CHECK(isMetricName(name_), "invalid Prometheus metric name");
  checkLabelNames(labelNames_, type_);
}

namespace {
template <typename Metric>
constexpr MetricType metricTypeOf() {
  if constexpr (std::is_same_v<Metric, Counter>) {
    return MetricType::kCounter;
  } else if constexpr (std::is_same_v<Metric, Gauge>) {
    return MetricType::kGauge;
  } else {
    static_assert(std::is_same_v<Metric, Histogram>);
    return MetricType::kHistogram;
  }
}
}  // namespace

template <typename Metric>
Family<Metric>::Family(std::string name, std::string help, std::vector<std::string> labelNames,
                       std::vector<double> upperBounds)
    : MetricFamily(std::move(name), std::move(help), metricTypeOf<Metric>(), std::move(labelNames)),
      upperBounds_(std::move(upperBounds)) {
  CAIRN_CHECK(metricTypeOf<Metric>() == MetricType::kHistogram || upperBounds_.empty(),
              "only histograms have bucket bounds");
  if constexpr (std::is_same_v<Metric, Histogram>) {
    Histogram check(upperBounds_);  // validates the bounds now rather than on first use
  }
}

template <typename Metric>
Metric& Family<Metric>::with(const std::vector<std::string>& labelValues) {
  std::vector<std::string_view> views(labelValues.begin(), labelValues.end());
  return withValues(views);
}

template <typename Metric>
Metric& Family<Metric>::withValues(std::span<const std::string_view> labelValues) {
  CAIRN_CHECK(labelValues.size() == labelNames().size(), "wrong number of label values");
  {
    std::shared_lock lock(mutex_);
    auto it = children_.find(labelValues);
    if (it != children_.end()) return it->second;
  }
  std::vector<std::string> key(labelValues.begin(), labelValues.end());
  std::unique_lock lock(mutex_);
  // try_emplace returns the child another thread may have created since the shared lookup.
  if constexpr (std::is_same_v<Metric, Histogram>) {
    return children_.try_emplace(std::move(key), upperBounds_).first->second;
  } else {
    return children_.try_emplace(std::move(key)).first->second;
  }
}

template <typename Metric>
void Family<Metric>::renderSamples(std::string& out) const {
  std::shared_lock lock(mutex_);
  for (const auto& [values, metric] : children_) {
    if constexpr (std::is_same_v<Metric, Counter>) {
      appendSample(out, name(), labelNames(), values, std::to_string(metric.value()));
    } else if constexpr (std::is_same_v<Metric, Gauge>) {
      appendSample(out, name(), labelNames(), values, formatSampleValue(metric.value()));
    } else {
      Histogram::Snapshot snapshot = metric.snapshot();
      std::string bucketName = name() + "_bucket";
      for (size_t i = 0; i <= upperBounds_.size(); ++i) {
        out += bucketName;
        appendLabels(out, labelNames(), values, "le",
                     i < upperBounds_.size() ? formatSampleValue(upperBounds_[i]) : "+Inf");
        out += ' ';
        out += std::to_string(snapshot.cumulativeCounts[i]);
        out += '\n';
      }
      appendSample(out, name() + "_sum", labelNames(), values, formatSampleValue(snapshot.sum));
      appendSample(out, name() + "_count", labelNames(), values, std::to_string(snapshot.count()));
    }
  }
}

template class Family<Counter>;
template class Family<Gauge>;
template class Family<Histogram>;

MetricFamily* MetricsRegistry::findCompatible(const MetricFamily& wanted) const {
  std::vector<std::string> wantedNames = sampleNames(wanted);
  for (const auto& family : families_) {
    if (family->name() == wanted.name()) {
      bool sameShape = family->type() == wanted.type() && family->help() == wanted.help() &&
                       family->labelNames() == wanted.labelNames() &&
                       typeid(*family) == typeid(wanted);
      if (sameShape && wanted.type() == MetricType::kHistogram) {
        sameShape = static_cast<const HistogramFamily&>(*family).upperBounds() ==
                    static_cast<const HistogramFamily&>(wanted).upperBounds();
      }
      CAIRN_CHECK(sameShape, "metric registered twice with a different type, help or labels");
      return family.get();
    }
    for (const std::string& existing : sampleNames(*family)) {
      for (const std::string& name : wantedNames) {
        CAIRN_CHECK(existing != name, "metric name clashes with another family's samples");
      }
    }
  }
  return nullptr;
}

template <typename FamilyType>
FamilyType& MetricsRegistry::add(std::unique_ptr<FamilyType> family) {
  std::lock_guard lock(mutex_);
  if (MetricFamily* existing = findCompatible(*family)) {
    return static_cast<FamilyType&>(*existing);
  }
  FamilyType& added = *family;
  families_.push_back(std::move(family));
  return added;
}

CounterFamily& MetricsRegistry::counterFamily(std::string name, std::string help,
                                              std::vector<std::string> labelNames) {
  return add(
      std::make_unique<CounterFamily>(std::move(name), std::move(help), std::move(labelNames)));
}

GaugeFamily& MetricsRegistry::gaugeFamily(std::string name, std::string help,
                                          std::vector<std::string> labelNames) {
  return add(
      std::make_unique<GaugeFamily>(std::move(name), std::move(help), std::move(labelNames)));
}

HistogramFamily& MetricsRegistry::histogramFamily(std::string name, std::string help,
                                                  std::vector<std::string> labelNames,
                                                  std::vector<double> upperBounds) {
  return add(std::make_unique<HistogramFamily>(std::move(name), std::move(help),
                                               std::move(labelNames), std::move(upperBounds)));
}

Counter& MetricsRegistry::counter(std::string name, std::string help) {
  return counterFamily(std::move(name), std::move(help), {}).with({});
}

Gauge& MetricsRegistry::gauge(std::string name, std::string help) {
  return gaugeFamily(std::move(name), std::move(help), {}).with({});
}

Histogram& MetricsRegistry::histogram(std::string name, std::string help,
                                      std::vector<double> upperBounds) {
  return histogramFamily(std::move(name), std::move(help), {}, std::move(upperBounds)).with({});
}

void MetricsRegistry::gaugeCallback(std::string name, std::string help,
                                    std::vector<std::string> labelNames, GaugeCallback callback) {
  auto family = std::make_unique<CallbackGaugeFamily>(std::move(name), std::move(help),
                                                      std::move(labelNames), std::move(callback));
  std::lock_guard lock(mutex_);
  for (const auto& existing : families_) {
    CAIRN_CHECK(existing->name() != family->name(), "a gauge callback name is registered twice");
  }
  // The name is new, so this only checks for clashes with other families' sample names.
  findCompatible(*family);
  families_.push_back(std::move(family));
}

std::string MetricsRegistry::renderPrometheus() const {
  std::vector<const MetricFamily*> families;
  {
    std::lock_guard lock(mutex_);
    families.reserve(families_.size());
    for (const auto& family : families_) families.push_back(family.get());
  }
  std::string out;
  for (const MetricFamily* family : families) {
    if (!family->help().empty()) {
      out += "# HELP ";
      out += family->name();
      out += ' ';
      appendHelp(out, family->help());
      out += '\n';
    }
    out += "# TYPE ";
    out += family->name();
    out += ' ';
    out += typeName(family->type());
    out += '\n';
    family->renderSamples(out);
  }
  return out;
}

}  // namespace cairn::server::observability
