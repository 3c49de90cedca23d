#include "server/api/access_log.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "core/error.h"

namespace cairn::server::api {

AccessLog::AccessLog(const std::string& path, bool enabled) {
  if (!enabled) return;
  try {
    std::shared_ptr<spdlog::sinks::sink> sink;
    if (path.empty()) {
      sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    } else {
      sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(path);
    }
    logger_ = std::make_shared<spdlog::logger>("access", std::move(sink));
    // The time is a field of the record; the line is only the JSON object.
    logger_->set_pattern("{\"time\":\"%Y-%m-%dT%H:%M:%S.%fZ\",%v}", spdlog::pattern_time_type::utc);
    logger_->flush_on(spdlog::level::warn);
  } catch (const spdlog::spdlog_ex& e) {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "cannot open the access log '" + path + "': " + e.what());
  }
}

AccessLog::~AccessLog() {
  if (logger_) logger_->flush();
}

void AccessLog::record(const AccessRecord& r) {
  if (!logger_) return;
  auto text = [](std::string_view s, size_t limit) {
    return nlohmann::json(std::string(s.substr(0, limit)))
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  std::string line;
  line.reserve(256);
  line += "\"id\":" + std::to_string(r.requestId);
  line += ",\"remote\":" + text(r.remote, 64);
  line += ",\"method\":" + text(r.method, 16);
  line += ",\"route\":" + text(r.route, 32);
  line += ",\"target\":" + text(r.target, 512);
  line += ",\"status\":" + std::to_string(r.status);
  line += ",\"bytes\":" + std::to_string(r.bytes);
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.3f", r.milliseconds);
  line += ",\"ms\":";
  line += ms;
  if (!r.token.empty()) line += ",\"token\":" + text(r.token, 64);
  logger_->log(spdlog::source_loc{}, spdlog::level::info,
               spdlog::string_view_t(line.data(), line.size()));  // not a format string
}

void AccessLog::flush() {
  if (logger_) logger_->flush();
}

}  // namespace cairn::server::api
