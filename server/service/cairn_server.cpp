#include "server/service/cairn_server.h"

#include <algorithm>
#include <filesystem>
#include <thread>

#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "server/api/access_log.h"
#include "server/api/api.h"
#include "server/api/query_plan_cache.h"
#include "server/http/http_server.h"
#include "server/ledgers/ledger_summary.h"
#include "server/service/cache_warm_service.h"
#include "server/service/gc_service.h"
#include "server/service/memory_release_service.h"
#include "server/service/query_pool.h"

namespace cairn::server {

// Parsed queries kept for reuse (QueryParseCache): a few MiB at most.
constexpr size_t kParseCacheEntries = 1024;
// Plans of the current snapshots (an entry of an old one ages out); each holds its algebra,
// plan nodes and the terms it interned: a few KB.
constexpr size_t kPlanCacheEntries = 1024;

struct CairnServer::Running {
  std::unique_ptr<LedgerRegistry> ledgers;
  std::unique_ptr<GcService> gc;
  std::unique_ptr<CacheWarmService> cacheWarm;
  // Before the pool and the HTTP server: it outlives every request's token (requestStarted).
  std::unique_ptr<MemoryReleaseService> memoryRelease;
  std::unique_ptr<QueryPool> pool;
  std::unique_ptr<api::AccessLog> accessLog;
  std::unique_ptr<api::QueryParseCache> parseCache;
  std::unique_ptr<api::CypherParseCache> cypherParseCache;
  std::unique_ptr<api::QueryPlanCache> planCache;
  std::unique_ptr<api::CypherPlanCache> cypherPlanCache;
  std::unique_ptr<api::Api> api;
  std::unique_ptr<http::HttpServer> http;
};

CairnServer::CairnServer(ServerConfig config, bool accessLog,
                         std::function<void(const std::string&)> log)
    : config_(std::move(config)), accessLogEnabled_(accessLog), log_(std::move(log)) {
  // Gauges read at scrape time. They go through running_, so a scrape after stop() (the
  // registry outlives the parts they read) reports nothing instead of reading freed memory.
  auto one = [](double value) { return observability::GaugeSamples{{{}, value}}; };
  metrics_.gaugeCallback("cairn_queries_running", "Queries running on the query pool", {},
                         [this, one] {
                           return running_ ? one(static_cast<double>(running_->pool->running()))
                                           : observability::GaugeSamples{};
                         });
  metrics_.gaugeCallback("cairn_queries_queued", "Queries waiting for a query-pool thread", {},
                         [this, one] {
                           return running_ ? one(static_cast<double>(running_->pool->queued()))
                                           : observability::GaugeSamples{};
                         });
  metrics_.gaugeCallback("cairn_http_connections_open", "Client connections open", {}, [this, one] {
    return running_ && running_->http ? one(static_cast<double>(running_->http->openConnections()))
                                      : observability::GaugeSamples{};
  });
  metrics_.gaugeCallback(
      "cairn_allocator_retained_free_bytes",
      "Freed memory the allocator keeps for reuse (part of the resident set; see "
      "memory-release-idle-seconds)",
      {}, [one] {
        const auto retained = core::allocatorRetainedFreeBytes();
        return retained ? one(static_cast<double>(*retained)) : observability::GaugeSamples{};
      });
  // The counters of the parse and plan caches: `cache` names one in Running, `count` what of it.
  auto cacheCounter = [this, one](const char* name, const char* help, auto cache, auto count) {
    metrics_.gaugeCallback(name, help, {}, [this, one, cache, count] {
      const auto* c = running_ ? ((*running_).*cache).get() : nullptr;
      return c != nullptr ? one(static_cast<double>((c->*count)())) : observability::GaugeSamples{};
    });
  };
  cacheCounter("cairn_query_parse_cache_hits_total",
               "Queries whose parse came from the parse cache", &Running::parseCache,
               &api::QueryParseCache::hits);
  cacheCounter("cairn_query_parse_cache_misses_total",
               "Queries parsed afresh (not in the parse cache)", &Running::parseCache,
               &api::QueryParseCache::misses);
  cacheCounter("cairn_query_plan_cache_hits_total",
               "SPARQL queries run from a plan kept for their snapshot", &Running::planCache,
               &api::QueryPlanCache::hits);
  cacheCounter("cairn_query_plan_cache_misses_total",
               "SPARQL queries planned afresh (not in the plan cache)", &Running::planCache,
               &api::QueryPlanCache::misses);
  cacheCounter("cairn_cypher_plan_cache_hits_total",
               "Cypher reading statements run from a plan kept for their snapshot",
               &Running::cypherPlanCache, &api::CypherPlanCache::hits);
  cacheCounter("cairn_cypher_parse_cache_hits_total",
               "Cypher statements whose parse came from the parse cache",
               &Running::cypherParseCache, &api::CypherParseCache::hits);
  cacheCounter("cairn_cypher_parse_cache_misses_total",
               "Cypher statements parsed afresh (not in the parse cache)",
               &Running::cypherParseCache, &api::CypherParseCache::misses);
  // Indexer counters of the ledgers opened so far, read at scrape time (monotonic values
  // exposed as gauges: they live in each LiveLedger, which a drop may discard).
  auto indexerGauge = [this](const char* name, const char* help, auto value) {
    metrics_.gaugeCallback(name, help, {"ledger"}, [this, value] {
      observability::GaugeSamples samples;
      if (!running_) return samples;
      for (const auto& ledger : running_->ledgers->opened()) {
        samples.push_back({{ledger->name()}, value(*ledger)});
      }
      return samples;
    });
  };
  indexerGauge("cairn_ledger_novelty_flakes", "Changes since the ledger's index root",
               [](const index::LiveLedger& l) {
                 return static_cast<double>(l.snapshot()->novelty().flakeCount());
               });
  indexerGauge("cairn_ledger_delta_flakes",
               "Changes in the index root's delta layer (not yet folded into the trees)",
               [](const index::LiveLedger& l) {
                 return static_cast<double>(l.snapshot()->novelty().persistedFlakeCount());
               });
  indexerGauge(
      "cairn_indexer_runs_total", "Index roots the background indexer published",
      [](const index::LiveLedger& l) { return static_cast<double>(l.indexerCounters().runs); });
  indexerGauge(
      "cairn_indexer_folds_total", "Indexer runs that folded the delta layer into the trees",
      [](const index::LiveLedger& l) { return static_cast<double>(l.indexerCounters().folds); });
  indexerGauge(
      "cairn_indexer_failures_total", "Indexer runs that failed (retried later)",
      [](const index::LiveLedger& l) { return static_cast<double>(l.indexerCounters().failures); });
  indexerGauge("cairn_indexer_bytes_written_total", "Bytes of new blobs the indexer wrote",
               [](const index::LiveLedger& l) {
                 return static_cast<double>(l.indexerCounters().bytesWritten);
               });
  indexerGauge("cairn_indexer_seconds_total", "Time spent building index roots",
               [](const index::LiveLedger& l) { return l.indexerCounters().secondsIndexing; });
  indexerGauge("cairn_indexer_writer_waits_total",
               "Commits held back because the novelty passed index-hard-flakes (backpressure)",
               [](const index::LiveLedger& l) {
                 return static_cast<double>(l.indexerCounters().writerWaits);
               });
  indexerGauge("cairn_indexer_writer_wait_seconds_total",
               "Time commits spent held back by backpressure",
               [](const index::LiveLedger& l) { return l.indexerCounters().secondsWaiting; });
  metrics_.gaugeCallback(
      "cairn_ledger_quads", "Distinct quads in each ledger at its current root", {"ledger"},
      [this] {
        observability::GaugeSamples samples;
        if (!running_) return samples;
        for (const std::string& name : running_->ledgers->names()) {
          try {
            samples.push_back(
                {{name}, static_cast<double>(currentQuads(*running_->ledgers->get(name)))});
          } catch (const std::exception&) {
            // A ledger that cannot be opened has no size to report; its queries say why.
          }
        }
        return samples;
      });
}

CairnServer::~CairnServer() { stop(); }

LedgerRegistry& CairnServer::ledgers() { return *running_->ledgers; }

uint16_t CairnServer::port() const { return running_ ? running_->http->port() : 0; }

void CairnServer::start() {
  auto running = std::make_unique<Running>();
  storage::RocksDbOptions storeOptions;
  std::filesystem::create_directories(config_.dataDirectory);
  auto store = storage::RocksDbStore::open(config_.dataDirectory, storeOptions);
  if (!store.isOk()) throw core::Error(core::ErrorCode::kStorageError, store.status().toString());
  std::optional<index::IndexerPolicy> indexing;
  if (config_.indexSoftFlakes > 0) {
    indexing.emplace();
    indexing->softFlakes = config_.indexSoftFlakes;
    indexing->hardFlakes = config_.indexHardFlakes;
    indexing->foldRest = config_.indexFoldRest;
  }
  running->ledgers = std::make_unique<LedgerRegistry>(
      std::move(store).value(), config_.cacheBytes,
      std::filesystem::path(config_.dataDirectory) / "tmp", indexing);

  for (const auto& [name, file] : config_.initialLedgers) {
    if (running->ledgers->exists(name)) continue;
    if (log_) log_("loading " + file + " into ledger '" + name + "'");
    const auto report =
        running->ledgers->create(name, {index::ImportInput{file, std::nullopt}}, std::nullopt);
    if (log_) {
      log_("ledger '" + name + "': " + std::to_string(report.quadsStored) + " quads in " +
           std::to_string(report.totalSeconds) + " s");
    }
  }

  running->gc = std::make_unique<GcService>(*running->ledgers, metrics_, config_.gcInterval,
                                            config_.gcRetainRoots);

  running->cacheWarm = std::make_unique<CacheWarmService>(
      *running->ledgers, metrics_,
      std::min(config_.warmCacheBytes.value_or(config_.cacheBytes / 2), config_.cacheBytes));

  MemoryReleasePolicy release;
  release.idle = config_.memoryReleaseIdle;
  running->memoryRelease = std::make_unique<MemoryReleaseService>(release, metrics_);

  const unsigned queryThreads = config_.queryThreads > 0
                                    ? config_.queryThreads
                                    : std::max(1u, std::thread::hardware_concurrency());
  const unsigned concurrent =
      config_.maxConcurrentQueries > 0 ? config_.maxConcurrentQueries : queryThreads;
  running->pool = std::make_unique<QueryPool>(concurrent, config_.maxQueuedQueries);
  running->accessLog = std::make_unique<api::AccessLog>(config_.accessLog, accessLogEnabled_);
  running->parseCache = std::make_unique<api::QueryParseCache>(kParseCacheEntries);
  running->cypherParseCache = std::make_unique<api::CypherParseCache>(kParseCacheEntries);
  running->planCache = std::make_unique<api::QueryPlanCache>(kPlanCacheEntries);
  running->cypherPlanCache = std::make_unique<api::CypherPlanCache>(kPlanCacheEntries);
  running->api = std::make_unique<api::Api>(api::ApiContext{
      config_, *running->ledgers, *running->pool, metrics_, *running->accessLog, *running->gc,
      running->parseCache.get(), running->cypherParseCache.get(), running->planCache.get(),
      running->cypherPlanCache.get(), running->memoryRelease.get()});

  http::HttpServerOptions options;
  options.address = config_.listenAddress;
  options.port = config_.port;
  options.ioThreads = config_.ioThreads;
  options.headerTimeout = config_.headerTimeout;
  options.bodyTimeout = config_.bodyTimeout;
  options.idleTimeout = config_.idleTimeout;
  const uint64_t maxBody = config_.maxBodyBytes;
  const uint64_t maxUpload = config_.maxUploadBytes;
  options.bodyLimit = [maxBody, maxUpload](std::string_view method, std::string_view target) {
    const bool upload =
        method == "POST" && (target == "/ledgers" || target.starts_with("/ledgers?"));
    return upload ? maxUpload : maxBody;
  };
  api::Api* apiPtr = running->api.get();
  options.onProtocolError = [apiPtr](unsigned status, std::string_view, std::string_view) {
    apiPtr->recordProtocolError(status);
  };
  running->http = std::make_unique<http::HttpServer>(
      options,
      [apiPtr](std::shared_ptr<http::Exchange> exchange) { apiPtr->handle(std::move(exchange)); });
  // Published before listening: the gauges read it once requests can arrive.
  running_ = std::move(running);
  running_->http->start();
}

void CairnServer::stop() {
  if (!running_) return;
  running_->cacheWarm.reset();  // stops between two batches
  running_->http->stop(config_.shutdownGrace);
  running_->pool->shutdown();  // queued work sees its cancelled flag and ends at once
  // Updates answer when their commit is durable, from the ledger's threads: let those finish
  // while there is still a server to answer through.
  for (const auto& live : running_->ledgers->opened()) live->awaitCommits();
  running_->http.reset();
  running_->api.reset();
  running_->accessLog.reset();
  running_->gc.reset();  // a periodic collection under way finishes first
  (void)running_->ledgers->store().flush();
  running_.reset();
}

}  // namespace cairn::server
