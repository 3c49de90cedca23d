#include "index/delta/delta_manifest.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "index/leaflet/blob_format.h"

namespace cairn::index {
namespace {

using Json = nlohmann::json;
constexpr std::string_view kManifestKind = "delta manifest";
constexpr int kManifestVersion = 1;

storage::ContentId runIdFrom(const Json& j) {
  const std::string hex = j.get<std::string>();
  auto id = storage::ContentId::fromHex(hex);
  if (!id || id->isNull()) throw std::invalid_argument("bad run id '" + hex + "'");
  return *id;
}

}  // namespace

uint64_t DeltaSegment::bytes() const {
  uint64_t total = 0;
  for (const DeltaRunRef& run : runs) total += run.bytes;
  return total;
}

uint64_t DeltaManifest::flakes() const {
  uint64_t total = 0;
  for (const GraphDeltaSegments& g : graphs) {
    for (const DeltaSegment& s : g.segments) total += s.flakes;
  }
  return total;
}

const GraphDeltaSegments* DeltaManifest::findGraph(core::NodeId graph) const {
  auto it =
      std::lower_bound(graphs.begin(), graphs.end(), graph,
                       [](const GraphDeltaSegments& g, core::NodeId id) { return g.graph < id; });
  return it != graphs.end() && it->graph == graph ? &*it : nullptr;
}

std::string DeltaManifest::encode() const {
  Json j;
  j["format"] = "cairn-delta";
  j["version"] = kManifestVersion;
  Json graphsJson = Json::array();
  for (const GraphDeltaSegments& g : graphs) {
    Json segments = Json::array();
    for (const DeltaSegment& s : g.segments) {
      Json predicates = Json::array();
      for (const auto& [p, rows] : s.predicateRows) predicates.push_back(Json::array({p, rows}));
      Json runs = Json::array();
      for (const DeltaRunRef& run : s.runs) {
        runs.push_back({{"id", run.id.toHex()}, {"entries", run.entries}, {"bytes", run.bytes}});
      }
      segments.push_back({{"afterT", s.afterT},
                          {"throughT", s.throughT},
                          {"flakes", s.flakes},
                          {"rowDelta", s.rowDelta},
                          {"predicates", std::move(predicates)},
                          {"runs", std::move(runs)}});
    }
    graphsJson.push_back({{"graph", g.graph}, {"segments", std::move(segments)}});
  }
  j["graphs"] = std::move(graphsJson);
  return j.dump();
}

core::Result<DeltaManifest> DeltaManifest::parse(std::string_view blob,
                                                 const storage::ContentId& id) {
  DeltaManifest manifest;
  try {
    const Json j = Json::parse(blob);
    if (j.at("format") != "cairn-delta")
      return corruptBlob(kManifestKind, id, "not a delta manifest");
    if (j.at("version").get<int>() != kManifestVersion) {
      return corruptBlob(kManifestKind, id, "unsupported version " + j.at("version").dump());
    }
    for (const Json& gj : j.at("graphs")) {
      GraphDeltaSegments g;
      g.graph = gj.at("graph").get<uint64_t>();
      if (!manifest.graphs.empty() && g.graph <= manifest.graphs.back().graph) {
        return corruptBlob(kManifestKind, id, "graphs out of order");
      }
      for (const Json& sj : gj.at("segments")) {
        DeltaSegment s;
        s.afterT = sj.at("afterT").get<uint64_t>();
        s.throughT = sj.at("throughT").get<uint64_t>();
        s.flakes = sj.at("flakes").get<uint64_t>();
        s.rowDelta = sj.at("rowDelta").get<int64_t>();
        for (const Json& pj : sj.at("predicates")) {
          s.predicateRows[pj.at(0).get<uint64_t>()] = pj.at(1).get<int64_t>();
        }
        const Json& runs = sj.at("runs");
        if (runs.size() != s.runs.size())
          return corruptBlob(kManifestKind, id, "a segment needs 4 runs");
        for (size_t r = 0; r < s.runs.size(); ++r) {
          s.runs[r].id = runIdFrom(runs.at(r).at("id"));
          s.runs[r].entries = runs.at(r).at("entries").get<uint64_t>();
          s.runs[r].bytes = runs.at(r).at("bytes").get<uint64_t>();
          if (s.runs[r].entries != s.flakes) {
            return corruptBlob(kManifestKind, id, "a run's entry count differs from its segment's");
          }
        }
        const uint64_t previousT = g.segments.empty() ? 0 : g.segments.back().throughT;
        if (s.throughT <= s.afterT || s.afterT < previousT || s.flakes == 0) {
          return corruptBlob(kManifestKind, id,
                             "segment (" + std::to_string(s.afterT) + ", " +
                                 std::to_string(s.throughT) + "] is empty or out of order");
        }
        g.segments.push_back(std::move(s));
      }
      if (g.segments.empty()) return corruptBlob(kManifestKind, id, "a graph without segments");
      manifest.graphs.push_back(std::move(g));
    }
  } catch (const std::exception& e) {
    return corruptBlob(kManifestKind, id, std::string("malformed: ") + e.what());
  }
  return manifest;
}

core::Result<DeltaManifest> DeltaManifest::load(const storage::BlobStore& store,
                                                const storage::ContentId& id) {
  if (id.isNull()) return DeltaManifest{};
  CAIRN_ASSIGN_OR_RETURN(std::string blob, store.get(id));
  return parse(blob, id);
}

core::Result<storage::ContentId> DeltaManifest::save(storage::BlobStore& store) const {
  if (empty()) return storage::ContentId{};
  return store.put(encode());
}

}  // namespace cairn::index
