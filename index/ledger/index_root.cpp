#include "index/ledger/index_root.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace cairn::index {
namespace {

using Json = nlohmann::json;

std::string idHex(const storage::ContentId& id) { return id.isNull() ? "" : id.toHex(); }

storage::ContentId idFrom(const Json& j) {
  std::string hex = j.get<std::string>();
  if (hex.empty()) return {};
  auto id = storage::ContentId::fromHex(hex);
  if (!id) throw std::invalid_argument("bad content id '" + hex + "'");
  return *id;
}

}  // namespace

std::string IndexRoot::toJson() const {
  Json j;
  j["format"] = "cairn-index-root";
  j["version"] = kFormatVersion;
  j["t"] = t;
  j["baseT"] = baseT;
  j["createdAt"] = createdAt;
  j["previous"] = idHex(previous);
  j["origin"] = {{"t", originT}, {"createdAt", originAt}};
  j["quads"] = quads;
  j["dictionaries"] = {
      {"iris", {{"root", idHex(iris.root)}, {"size", iris.size}}},
      {"strings", {{"root", idHex(strings.root)}, {"size", strings.size}}},
  };
  j["languages"] = languages;
  j["datatypes"] = datatypes;
  j["blankNodes"] = blankNodes;
  j["history"] = idHex(history);
  j["delta"] = idHex(delta);
  if (timeline) {
    Json segments = Json::array();
    for (const TimelineSegmentRef& ref : *timeline) {
      segments.push_back({{"id", idHex(ref.id)},
                          {"firstT", ref.firstT},
                          {"lastT", ref.lastT},
                          {"count", ref.count}});
    }
    j["timeline"] = std::move(segments);
  }
  Json graphsJson = Json::array();
  for (const GraphIndex& g : graphs) {
    Json gj;
    gj["graph"] = g.graph;
    gj["triples"] = g.triples;
    gj["stats"] = idHex(g.stats);
    for (Permutation p : kAllPermutations) {
      const PermutationRoot& r = g.permutation(p);
      gj["permutations"][std::string(permutationName(p))] = {
          {"root", idHex(r.root)}, {"height", r.height}, {"rows", r.rows}};
    }
    graphsJson.push_back(std::move(gj));
  }
  j["graphs"] = std::move(graphsJson);
  return j.dump(1);
}

core::Result<IndexRoot> IndexRoot::fromJson(std::string_view json) {
  try {
    Json j = Json::parse(json);
    if (j.at("format") != "cairn-index-root") {
      return core::Status::corruption("not an index root");
    }
    if (j.at("version").get<int>() != kFormatVersion) {
      return core::Status::corruption("unsupported index root version " + j.at("version").dump());
    }
    IndexRoot r;
    r.t = j.at("t").get<uint64_t>();
    // Written before the delta layer: the trees covered every commit.
    r.baseT = j.contains("baseT") ? j.at("baseT").get<uint64_t>() : r.t;
    if (r.baseT > r.t) return core::Status::corruption("index root baseT is after its t");
    r.createdAt = j.at("createdAt").get<std::string>();
    r.previous = idFrom(j.at("previous"));
    if (j.contains("origin")) {
      r.originT = j.at("origin").at("t").get<uint64_t>();
      r.originAt = j.at("origin").at("createdAt").get<std::string>();
    } else {  // written before roots carried it: a first root is its own origin
      r.originT = r.t;
      r.originAt = r.createdAt;
    }
    r.quads = j.at("quads").get<uint64_t>();
    const Json& d = j.at("dictionaries");
    r.iris = {idFrom(d.at("iris").at("root")), d.at("iris").at("size").get<uint64_t>()};
    r.strings = {idFrom(d.at("strings").at("root")), d.at("strings").at("size").get<uint64_t>()};
    r.languages = j.at("languages").get<std::vector<std::string>>();
    r.datatypes = j.at("datatypes").get<std::vector<std::string>>();
    r.blankNodes = j.at("blankNodes").get<uint64_t>();
    r.history = idFrom(j.at("history"));
    if (j.contains("delta")) r.delta = idFrom(j.at("delta"));
    if (r.delta.isNull() != (r.baseT == r.t)) {
      return core::Status::corruption("index root names a delta layer iff baseT < t");
    }
    if (j.contains("timeline")) {
      std::vector<TimelineSegmentRef> segments;
      for (const Json& sj : j.at("timeline")) {
        TimelineSegmentRef ref{idFrom(sj.at("id")), sj.at("firstT").get<uint64_t>(),
                               sj.at("lastT").get<uint64_t>(), sj.at("count").get<uint64_t>()};
        const uint64_t after = segments.empty() ? 0 : segments.back().lastT;
        if (ref.id.isNull() || ref.count == 0 || ref.firstT > ref.lastT || ref.lastT > r.t ||
            (!segments.empty() && ref.firstT <= after) || ref.lastT - ref.firstT < ref.count - 1) {
          return core::Status::corruption("index root: a malformed timeline segment");
        }
        segments.push_back(ref);
      }
      r.timeline = std::move(segments);
    }
    for (const Json& gj : j.at("graphs")) {
      GraphIndex g;
      g.graph = gj.at("graph").get<uint64_t>();
      g.triples = gj.at("triples").get<uint64_t>();
      g.stats = idFrom(gj.at("stats"));
      for (Permutation p : kAllPermutations) {
        const Json& pj = gj.at("permutations").at(std::string(permutationName(p)));
        PermutationRoot& pr = g.permutations[static_cast<int>(p)];
        pr.root = idFrom(pj.at("root"));
        pr.height = pj.at("height").get<uint32_t>();
        pr.rows = pj.at("rows").get<uint64_t>();
      }
      r.graphs.push_back(std::move(g));
    }
    return r;
  } catch (const std::exception& e) {
    return core::Status::corruption(std::string("malformed index root: ") + e.what());
  }
}

const GraphIndex* IndexRoot::findGraph(core::NodeId graph) const {
  auto it = std::lower_bound(graphs.begin(), graphs.end(), graph,
                             [](const GraphIndex& g, core::NodeId id) { return g.graph < id; });
  return it != graphs.end() && it->graph == graph ? &*it : nullptr;
}

}  // namespace cairn::index
